"""References in the styles academics use (citeproc-py with the CSL styles), and the cited
sources as BibTeX, RIS and CSL-JSON files: a web page, a paper and a library document."""

from __future__ import annotations

import datetime
import io
import json
import re
import zipfile

import bibtexparser
import pytest
import rispy
from citeproc import Citation, CitationItem, CitationStylesBibliography, formatter
from citeproc.source.json import CiteProcJSON
from django.utils import timezone

from research.models import PageSnapshot, Project, ProjectStatus, Source
from research.output import bibliography
from research.pipeline.shared import references
from research.services import runs
from research.text import csl
from tests.api_helpers import ApiClient
from tests.factories import add_report, make_library_document, make_project
from tests.test_pipeline_run import run_inline

pytest_plugins = ["tests.api_fixtures"]

PAPER = {
    "doi": "10.1234/jdb.2021.7",
    "title": "Write-ahead logging in practice",
    "authors": [{"family": "Smith", "given": "Jane"}, {"family": "Lee", "given": "Kim"}],
    "year": 2021,
    "venue": "Journal of Databases",
    "volume": "12",
    "issue": "3",
    "pages": "45-67",
    "type": "article-journal",
    "retracted": False,
}
# What APA 7 prescribes for the same metadata: a page whose site is its author (the site name
# then not said again), a journal article with its DOI, and a document of an organisation
# with no date.
APA = [
    "[1] sqlite.org. (2024, May 1). *Write-Ahead Logging*. <https://www.sqlite.org/wal.html>",
    "[2] Smith, J., & Lee, K. (2021). Write-ahead logging in practice. *Journal of Databases*, "
    "*12*(3), 45–67. <https://doi.org/10.1234/jdb.2021.7>",
    "[3] Manuals. (n.d.). *SQLite manual* \\[PDF\\].",
]


@pytest.fixture
def three(member) -> tuple[Project, list[Source]]:
    """A project citing a web page [1], a paper [2] and a library passage [3]."""
    project = make_project(member, status=ProjectStatus.DONE)
    url = "https://www.sqlite.org/wal.html"
    read = timezone.make_aware(datetime.datetime(2026, 11, 20, 9, 30))
    page = PageSnapshot.objects.create(url=url, title="Write-Ahead Logging", fetched_at=read)
    web = Source.objects.create(
        project=project, n=1, url=url, title="Write-Ahead Logging", snapshot=page,
        published=datetime.date(2024, 5, 1), domain="www.sqlite.org",
    )  # fmt: skip
    paper = Source.objects.create(
        project=project, n=2, url="https://doi.org/10.1234/jdb.2021.7", paper=PAPER,
        title="Write-ahead logging in practice",
    )  # fmt: skip
    from research.models import Collection

    manuals = Collection.objects.create(name="Manuals")
    document = make_library_document(["WAL needs shared memory."], collection=manuals,
                                     title="SQLite manual")  # fmt: skip
    passage = document.passages.get()
    library = Source.objects.create(
        project=project, n=3, url=f"/library/documents/{document.pk}/#passage-0",
        title="SQLite manual, p. 1", document=document, passage=passage, domain="library",
    )  # fmt: skip
    return project, [web, paper, library]


def test_an_apa_reference_list_is_what_apa_prescribes_for_a_page_a_paper_and_a_document(three):
    _, sources = three
    section = references.section(sources, "apa")
    assert section.startswith("## References\n\n")
    assert [line for line in section.splitlines()[2:] if line] == APA


@pytest.mark.parametrize(
    ("style", "paper_says"),
    [
        ("chicago-author-date", "Smith, J., and K. Lee. 2021."),
        ("ieee", "J. Smith and K. Lee, “Write-ahead logging in practice”"),
        ("gb-t-7714", "SMITH J, LEE K. Write-ahead logging in practice\\[J/OL\\]"),
    ],
)
def test_every_style_keeps_the_citation_numbers_in_order(three, style, paper_says):
    _, sources = three
    lines = [line for line in references.section(sources, style).splitlines()[2:] if line]
    assert [line.split(" ", 1)[0] for line in lines] == ["[1]", "[2]", "[3]"]
    assert paper_says in lines[1]
    assert not re.search(r"^\[\d+\] \\?\[\d", lines[0])  # a numeric style's own label dropped
    assert "sqlite manual" in lines[2].lower()


def test_the_numeric_style_is_dossiers_own_list(three):
    _, sources = three
    numeric = references.section(sources, "numeric")
    assert (
        "[1] Write-Ahead Logging. www.sqlite.org (2024-05-01). <https://www.sqlite.org/wal.html>"
        in numeric
    )


def test_a_retracted_paper_says_so_beside_its_reference_in_every_style(three):
    _, sources = three
    sources[1].paper = PAPER | {"retracted": True, "retraction": "Retracted by 10.1234/r.1"}
    for style in csl.STYLE_FILES:
        entry = references.section(sources, style).splitlines()[4]
        assert entry.startswith("[2] ") and entry.endswith(
            "**Retracted**: Retracted by 10.1234/r.1"
        )


def test_the_bibtex_export_parses_with_one_entry_per_cited_source(three):
    _, sources = three
    parsed = bibtexparser.parse_string(bibliography.bibtex(sources))
    assert not parsed.failed_blocks
    entries = {entry.key: entry for entry in parsed.entries}
    assert list(entries) == ["ref1", "ref2", "ref3"]
    web, paper, document = entries.values()
    assert web.entry_type == "online"
    assert web.fields_dict["urldate"].value == "{2026-11-20}"
    assert web.fields_dict["url"].value == "{https://www.sqlite.org/wal.html}"
    assert paper.entry_type == "article"
    assert paper.fields_dict["author"].value == "{Smith, Jane and Lee, Kim}"
    assert paper.fields_dict["doi"].value == "{10.1234/jdb.2021.7}"
    assert paper.fields_dict["journal"].value == "{Journal of Databases}"
    assert document.entry_type == "misc" and document.fields_dict["author"].value == "{{Manuals}}"


def test_the_ris_export_reads_back_with_its_types_and_access_date(three):
    _, sources = three
    entries = rispy.loads(bibliography.ris(sources))
    assert [e["type_of_reference"] for e in entries] == ["ELEC", "JOUR", "GEN"]
    assert entries[0]["access_date"] == "2026/11/20"
    assert entries[0]["urls"] == ["https://www.sqlite.org/wal.html"]
    assert entries[1]["authors"] == ["Smith, Jane", "Lee, Kim"]
    assert entries[1]["doi"] == "10.1234/jdb.2021.7"
    assert (entries[1]["start_page"], entries[1]["end_page"]) == ("45", "67")
    assert entries[2]["title"] == "SQLite manual"


def test_the_csl_json_export_is_items_a_csl_processor_reads(three):
    _, sources = three
    items = json.loads(bibliography.csl_json(sources))
    assert [item["id"] for item in items] == ["ref-1", "ref-2", "ref-3"]
    assert [item["type"] for item in items] == ["webpage", "article-journal", "document"]
    source = CiteProcJSON(items)
    style = csl._style("apa")
    rendered = CitationStylesBibliography(style, source, formatter.plain)
    for item in items:
        rendered.register(Citation([CitationItem(item["id"])]))
    assert len(rendered.bibliography()) == 3


def test_the_reference_files_download_and_go_into_the_evidence_package(three, token):
    project, sources = three
    report = add_report(project, sources)
    api = ApiClient(token)
    for fmt, kind, ext in [
        ("bibtex", "application/x-bibtex", "bib"),
        ("ris", "application/x-research-info-systems", "ris"),
        ("csl-json", "application/vnd.citationstyles.csl+json", "json"),
    ]:
        answer = api.get(f"/api/projects/{project.pk}/report/export", {"format": fmt})
        assert answer.status_code == 200 and answer["Content-Type"].startswith(kind)
        assert answer["Content-Disposition"].endswith(f'-v{report.version}.{ext}"')
    bib = api.get(f"/api/projects/{project.pk}/report/export", {"format": "bibtex"}).content
    package = api.get(f"/api/projects/{project.pk}/report/export", {"format": "zip"}).content
    with zipfile.ZipFile(io.BytesIO(package)) as archive:
        assert archive.read("references.bib") == bib
        manifest = json.loads(archive.read("manifest.json"))
        assert {"references.bib", "references.ris", "references.json"} <= set(manifest["files"])


@pytest.mark.django_db(transaction=True)
def test_a_run_in_apa_writes_its_references_in_apa_and_a_new_version_in_ieee(world, member):
    project = make_project(
        member,
        status=ProjectStatus.DRAFT,
        options={"engine": "extractive", "queries": 2, "reflection_rounds": 0,
                 "citation_style": "apa"},
    )  # fmt: skip
    project = run_inline(lambda: runs.start(project, user=member), project)
    assert project.status == ProjectStatus.DONE, project.error
    first = project.reports.get(is_current=True).markdown.split("## References", 1)[1]
    pages = [line for line in first.splitlines() if line.startswith("[")]
    assert pages and all(
        re.match(r"\[\d+\] [\w.-]+\. \((n\.d\.|\d{4}[^)]*)\)\. \*.+\*\. <http", line)
        for line in pages
    ), pages
    project = run_inline(
        lambda: runs.new_report(project, citation_style="ieee", user=member), project
    )
    second = project.reports.get(is_current=True).markdown.split("## References", 1)[1]
    assert "Accessed:" in second and "Available: <http" in second


def test_a_library_documents_reference_is_what_its_files_metadata_says(three):
    _, sources = three
    document = sources[2].document
    assert document is not None
    document.authors, document.issued = ["Jane Smith"], datetime.date(2023, 4, 5)
    document.kind = "docx"
    entry = references.section(sources, "apa").splitlines()[6]
    assert entry == "[3] Smith, J. (2023, April 5). *SQLite manual* \\[DOCX\\]."
    document.authors = ["Acme Research Group"]
    entry = references.section(sources, "apa").splitlines()[6]
    assert entry == "[3] Acme Research Group. (2023, April 5). *SQLite manual* \\[DOCX\\]."
