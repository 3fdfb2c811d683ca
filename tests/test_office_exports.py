"""Word, PowerPoint and self-contained HTML exports of a report version: what each holds, that
LibreOffice and Chromium open them, that they are the same bytes twice, and the API's answers."""

from __future__ import annotations

import io
import re
import subprocess
import zipfile
from datetime import UTC, date

import pytest
from django.core.files.base import ContentFile
from docx import Document
from PIL import Image, ImageDraw
from pptx import Presentation
from pypdf import PdfReader

from research.models import Dataset, Figure, FigureStatus, ProjectStatus, Report
from research.output import docx_export, html_export, package, pptx_export
from research.text import citations
from research.text.analysis import figure, rules
from tests.factories import add_report, add_source, make_project
from tests.system import (
    IMPRESS,
    chromium,
    needs_chromium,
    needs_libreoffice,
    needs_pango,
    soffice,
)

pytest_plugins = ["tests.api_fixtures"]
pytestmark = pytest.mark.django_db

BODY = """## Summary

Write-ahead logging lets readers continue while a writer commits [1]. Checkpoints move pages
back into the database file [2]. A checkpoint runs every 1000 pages by default [2]. Readers
never block writers in WAL mode [1][3].

| Mode | Readers block writers |
|------|-----------------------|
| WAL | no [1] |
| rollback journal | yes |

## Growth of the *two* towns

![Figure 1: Growth](charts/{chart}.svg)

*Figure 1: Growth [3].*

Avalon grew by 5 percent between 2023 and 2024 [3]. Brightwater grew by 2 percent in the
same years [3]. Both figures come from the national census of 2024 [3].

![Figure 2: A map of the towns](figures/{figure}.png)

*Figure 2: A map of the towns [2]. Image: Map, example.org.*

## Risks

- **Long transactions** keep the WAL file growing without bound [2].
- A reader that never ends stops every checkpoint from finishing [2].
- Network file systems are not supported by WAL mode at all [1].
"""
HEADINGS = ["Summary", "Growth of the two towns", "Risks"]


def pdf_text(pdf: bytes) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages)


def png(width: int = 320, height: int = 200) -> bytes:
    image = Image.new("RGB", (width, height), "white")
    ImageDraw.Draw(image).rectangle((40, 40, width - 40, height - 40), fill="#2553a5")
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()


@pytest.fixture
def report(member) -> Report:
    """Version 2 of a report with three sections, a table, a chart, a source's figure and
    three references."""
    project = make_project(member, status=ProjectStatus.DONE, question="How does WAL work?")
    sources = [
        add_source(project, "https://www.sqlite.org/wal.html", title="Write-Ahead Logging"),
        add_source(project, "https://example.org/checkpoints", title="Checkpoints"),
        add_source(
            project, "https://census.example/2024", title="Census", published=date(2024, 5, 1)
        ),
    ]
    columns, rows = ["entity", "percent_change"], [["Avalon", 5.0], ["Brightwater", 2.0]]
    kind, spec = figure.chart_spec("Growth", rules.CHANGE, columns, rows) or ("", {})
    chart = Dataset.objects.create(
        project=project, title="Growth", computation=rules.CHANGE, sql="SELECT 1",
        computed={"columns": columns, "rows": rows}, chart_kind=kind, chart_spec=spec,
    )  # fmt: skip
    picture = Figure(
        source=sources[1], url="https://example.org/map.png", caption="A map of the towns",
        status=FigureStatus.KEPT, media_type="image/png", width=320, height=200,
    )  # fmt: skip
    picture.file.save("ma/map.png", ContentFile(png()), save=True)
    markdown = BODY.format(chart=chart.pk, figure=picture.pk) + "\n" + citations.references(sources)
    return add_report(project, sources, markdown=markdown, version=2)


# --- Word -----------------------------------------------------------------------------------


def test_the_docx_has_every_heading_reference_table_and_picture_and_superscript_citations(
    report,
):
    document = Document(io.BytesIO(docx_export.report_docx(report)))
    headings = [p.text for p in document.paragraphs if p.style and p.style.name.startswith("Head")]
    assert headings == [*HEADINGS, "References"]
    texts = [p.text for p in document.paragraphs]
    for n, title in [(1, "Write-Ahead Logging"), (2, "Checkpoints"), (3, "Census")]:
        assert any(text.startswith(f"[{n}] {title}") for text in texts)
    assert document.tables[0].cell(1, 1).text == "no [1]"
    assert len(document.inline_shapes) == 2  # the chart and the map
    assert "Figure 2: A map of the towns [2]. Image: Map, example.org." in texts
    body = document.element.body
    cited = body.xpath(".//w:hyperlink[@w:anchor]")
    assert {_anchor(link) for link in cited} == {"ref_1", "ref_2", "ref_3"}
    runs = [run for link in cited for run in link.xpath("./w:r")]
    assert runs and all(run.xpath("./w:rPr/w:vertAlign/@w:val") == ["superscript"] for run in runs)
    marks = set(body.xpath(".//w:bookmarkStart/@w:name"))
    assert {"ref_1", "ref_2", "ref_3"} <= marks


def _anchor(link) -> str:
    return link.get("{http://schemas.openxmlformats.org/wordprocessingml/2006/main}anchor")


# --- PowerPoint -------------------------------------------------------------------------------


def slide_texts(slide) -> list[str]:
    return [
        paragraph.text
        for shape in slide.shapes
        if shape.has_text_frame
        for paragraph in shape.text_frame.paragraphs
        if paragraph.text
    ]


def test_the_pptx_is_a_briefing_deck_with_points_citing_their_sources(report):
    deck = Presentation(io.BytesIO(pptx_export.report_pptx(report)))
    slides = list(deck.slides)
    titles = [slide.shapes.title.text for slide in slides]
    assert titles == ["How does WAL work?", *HEADINGS, "Key figures", "Sources"]
    assert "How does WAL work?" in slide_texts(slides[0])
    assert f"version {report.version}" in slide_texts(slides[0])[-1]
    for slide in slides[1:4]:
        points = slide.placeholders[1].text_frame.paragraphs
        assert 3 <= len(points) <= 5
        assert all(re.search(r"\[\d+\]", point.text) for point in points)
    assert slides[1].placeholders[1].text_frame.paragraphs[0].text == (
        "Write-ahead logging lets readers continue while a writer commits [1]."
    )
    risks = [p.text for p in slides[3].placeholders[1].text_frame.paragraphs]
    assert risks[0] == "Long transactions keep the WAL file growing without bound [2]."
    growth = [p.text for p in slides[2].placeholders[1].text_frame.paragraphs]
    assert growth[0] == "Avalon grew by 5 percent between 2023 and 2024 [3]."
    assert not any("Figure" in text for text in growth)  # captions are no points
    figures = [shape for shape in slides[4].shapes if shape.shape_type == 13]  # pictures
    assert len(figures) == 2
    assert "Figure 2: A map of the towns" in slide_texts(slides[4])
    sources = slide_texts(slides[5])[1:]
    assert sources[0].startswith("[1] Write-Ahead Logging. sqlite.org.")
    assert sources[0].endswith("https://www.sqlite.org/wal.html")
    assert [s[:3] for s in sources] == ["[1]", "[2]", "[3]"]


@needs_libreoffice("the deck cannot be opened by LibreOffice Impress", IMPRESS)
def test_libreoffice_impress_converts_the_deck_to_pdf(report, tmp_path):
    (tmp_path / "deck.pptx").write_bytes(pptx_export.report_pptx(report))
    profile = f"-env:UserInstallation=file://{tmp_path}/profile"
    command = [soffice() or "soffice", profile, "--headless", "--convert-to", "pdf", "deck.pptx"]
    subprocess.run(command, cwd=tmp_path, capture_output=True, check=True, timeout=180)
    text = pdf_text((tmp_path / "deck.pdf").read_bytes())
    for heading in [*HEADINGS, "Key figures", "Sources"]:
        assert heading in text
    assert "[3] Census." in text


# --- HTML -------------------------------------------------------------------------------------


def test_the_html_is_one_file_with_its_styles_and_images_inline(report):
    page = html_export.report_file(report).decode()
    assert "<script" not in page and "<link" not in page
    assert "<style>" in page and "@page" in page
    sources = re.findall(r'<img[^>]*src="([^"]+)"', page)
    assert len(sources) == 2
    assert sources[0].startswith("data:image/svg+xml;base64,")
    assert sources[1].startswith("data:image/png;base64,")
    assert 'href="#ref-1"' in page and 'id="ref-1"' in page
    assert "default-src 'none'" in page


@needs_chromium("the HTML export cannot be opened offline in a browser")
def test_chromium_renders_the_html_without_a_single_request(report, monkeypatch):
    from playwright.sync_api import sync_playwright

    page_html = html_export.report_file(report).decode()
    monkeypatch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    requested: list[str] = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=chromium(), args=["--headless=new", "--no-sandbox", "--disable-gpu"]
        )
        context = browser.new_context(offline=True)

        def refuse(route) -> None:
            requested.append(route.request.url)
            route.abort()

        context.route("**/*", refuse)
        page = context.new_page()
        page.on("request", lambda request: requested.append(request.url))
        page.set_content(page_html, wait_until="load")
        widths = page.evaluate("() => [...document.images].map(image => image.naturalWidth)")
        headings = page.locator("h2").all_text_contents()
        browser.close()
    assert [url for url in requested if not url.startswith("data:")] == []
    assert len(widths) == 2 and all(width > 0 for width in widths)
    assert HEADINGS[0] in headings and "References" in headings


# --- Same bytes, the package, the API -----------------------------------------------------


def test_each_export_is_the_same_bytes_twice(report):
    for make in (docx_export.report_docx, pptx_export.report_pptx, html_export.report_file):
        assert make(report) == make(report)
    with zipfile.ZipFile(io.BytesIO(docx_export.report_docx(report))) as archive:
        stamps = {info.date_time for info in archive.infolist()}
        core = archive.read("docProps/core.xml").decode()
    moment = report.created_at.astimezone(UTC)
    # A ZIP entry's time counts seconds in twos.
    second = moment.second // 2 * 2
    assert stamps == {(moment.year, moment.month, moment.day, moment.hour, moment.minute, second)}
    assert moment.strftime("%Y-%m-%dT%H:%M:%SZ") in core


@needs_pango()
def test_the_evidence_package_holds_the_three_and_lists_them_in_its_manifest(report):
    import json

    with zipfile.ZipFile(io.BytesIO(package.evidence_zip(report))) as archive:
        manifest = json.loads(archive.read("manifest.json"))["files"]
        docx = archive.read("report.docx")
    assert {"report.docx", "report.pptx", "report.html"} <= set(manifest)
    assert docx == docx_export.report_docx(report)


@pytest.mark.parametrize(
    ("fmt", "content_type"),
    [
        ("docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document"),
        ("pptx", "application/vnd.openxmlformats-officedocument.presentationml.presentation"),
        ("html", "text/html; charset=utf-8"),
    ],
)
def test_the_api_answers_each_with_its_content_type_and_file_name(api, report, fmt, content_type):
    answer = api.get(f"/api/projects/{report.project_id}/report/export", {"format": fmt})
    assert answer.status_code == 200
    assert answer["Content-Type"] == content_type
    assert answer["Content-Disposition"].endswith(f'-v2.{fmt}"')


def test_the_report_page_offers_the_three(member_client, report):
    page = member_client.get(f"/projects/{report.project_id}/report/").content.decode()
    for fmt in ("docx", "pptx", "html"):
        assert f"/projects/{report.project_id}/report/export.{fmt}?version=2" in page
