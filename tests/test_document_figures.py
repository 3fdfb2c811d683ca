"""Figures embedded in library documents: a Word file's, a PDF's and an EPUB's pictures are kept
re-encoded with their caption, heading, size and page or locator, small and broken ones are
skipped or refused with their reason (never failing the document), and a library source offers
its page's figures to the report, which shows them like a web page's."""

from __future__ import annotations

import hashlib
from io import BytesIO
from pathlib import Path

import pytest

from research.models import Collection, Document, DocumentStatus, Figure, Project
from research.providers.documents import extract_document
from research.services import library
from research.text import figures as text_figures
from tests import library_files as files
from tests.figure_files import CAPTION, PARAGRAPHS, QUESTION, chart_png, plain_png
from tests.test_pipeline_run import research

HEADING = "Installations by year"


def broken_png() -> bytes:
    """The chart with its chunks whole but its compressed pixels overwritten."""
    data = bytearray(chart_png())
    at = data.index(b"IDAT") + 8
    data[at : at + 40] = b"\xff" * 40
    return bytes(data)


@pytest.fixture(autouse=True)
def data_dir(settings, tmp_path):
    settings.DATA_DIR = tmp_path


@pytest.fixture
def shelf(db, member) -> Collection:
    return Collection.objects.create(name="Energy", created_by=member)


def read(shelf: Collection, name: str, body: bytes) -> Document:
    """The file added to the library and read here, as the worker reads it."""
    added = library.add_document(shelf, stream=BytesIO(body), filename=name, user=shelf.created_by)
    library.extract(added.document.pk)
    return Document.objects.get(pk=added.document.pk)


def own_figures(document: Document) -> list[Figure]:
    return list(Figure.objects.filter(document=document, source=None).order_by("position"))


def word_file() -> bytes:
    return files.docx_with_pictures(
        HEADING,
        list(PARAGRAPHS),
        [
            (chart_png(), CAPTION),
            (plain_png(64, 64), ""),
            (broken_png(), "Figure 3: A broken chart"),
        ],
    )


def test_a_word_files_pictures_are_kept_skipped_or_refused_and_the_document_is_ready(shelf):
    document = read(shelf, "survey.docx", word_file())
    assert document.status == DocumentStatus.READY, document.error
    chart, icon, broken = own_figures(document)
    assert (chart.status, chart.caption, chart.heading, chart.locator) == (
        "kept", CAPTION, HEADING, HEADING,
    )  # fmt: skip
    assert (chart.width, chart.height, chart.page, chart.media_type) == (
        480,
        300,
        None,
        "image/png",
    )
    stored = Path(chart.file.path).read_bytes()
    assert chart.original_hash == hashlib.sha256(chart_png()).hexdigest() != chart.content_hash
    assert hashlib.sha256(stored).hexdigest() == chart.content_hash
    assert b"Jane Secret" in chart_png() and b"Jane Secret" not in stored  # no metadata left
    assert (icon.status, icon.reason) == ("skipped", "64×64, under 200×200")
    assert broken.status == "refused" and broken.reason.startswith("a broken PNG image")


def test_the_same_picture_in_two_documents_is_stored_once(shelf):
    first = own_figures(read(shelf, "a.docx", word_file()))[0]
    other = files.docx_with_pictures("Elsewhere", ["Another text."], [(chart_png(), CAPTION)])
    second = own_figures(read(shelf, "b.docx", other))[0]
    assert first.file.name == second.file.name and first.document_id != second.document_id


def test_a_pdfs_pictures_keep_their_page_and_caption_and_a_repeat_is_taken_once(tmp_path):
    body = files.pdf_with_pictures(
        [["Cover page of the survey."], [HEADING, *PARAGRAPHS], ["Appendix."]],
        {1: [(chart_png(), f"Figure 1: {CAPTION}"), (plain_png(64, 64), "")],
         2: [(chart_png(), "")]},
    )  # fmt: skip
    path = tmp_path / "survey.pdf"
    path.write_bytes(body)
    found = extract_document(path, filename="survey.pdf", max_uncompressed=2**30).figures
    said = [(f.locator, f.page, f.caption, f.heading, f.skipped) for f in found]
    assert said == [
        ("p. 2", 2, f"Figure 1: {CAPTION}", HEADING, ""),
        ("p. 2", 2, said[1][2], HEADING, "64×64, under 200×200"),
        ("p. 3", 3, "", "Appendix.", "the same image as before (p. 2), taken once"),
    ]
    assert found[0].data and (found[0].width, found[0].height) == (480, 300)


def test_an_epubs_picture_is_read_from_the_book_with_its_figcaption(shelf):
    body = files.epub_with_picture(HEADING, list(PARAGRAPHS), chart_png(), CAPTION)
    document = read(shelf, "survey.epub", body)
    (chart,) = own_figures(document)
    assert (chart.status, chart.caption, chart.alt, chart.heading, chart.locator) == (
        "kept", CAPTION, "chart", HEADING, HEADING,
    )  # fmt: skip


def test_a_document_without_pictures_has_no_figures(shelf):
    document = read(shelf, "plain.docx", files.docx([("Heading 1", HEADING), ("", PARAGRAPHS[0])]))
    assert document.status == DocumentStatus.READY and own_figures(document) == []


@pytest.mark.django_db(transaction=True)
def test_a_library_only_report_shows_a_documents_figure_with_its_caption_and_citation(
    world, shelf, settings
):
    settings.LLM_MODEL = ""
    document = read(shelf, "survey.docx", word_file())
    result, code = research(QUESTION, "--sources", "library", "--queries", "2")
    assert code == 0, result
    project = Project.objects.get(pk=result["project_id"])
    report = project.reports.get(is_current=True)
    chart = report.figures.get()
    assert chart.source.document_id == document.pk and chart.source.url.startswith("/library/")
    k = text_figures.numbers(report.markdown)[("figure", chart.pk)]
    assert f"![Figure {k}: {CAPTION}](figures/{chart.pk}.png)" in report.markdown
    assert f"*Figure {k}: {CAPTION} [{chart.source.n}]. Image: " in report.markdown
    assert chart.file.name == own_figures(document)[0].file.name  # the document's stored image
    assert (world.searx.calls, world.web.calls) == (0, 0)
