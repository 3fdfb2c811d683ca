"""Report export: Markdown, PDF (WeasyPrint, CJK fonts, no fetches), file names."""

from __future__ import annotations

import io
import os
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from datetime import date
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from django.conf import settings
from pypdf import PdfReader
from pypdf.generic import DictionaryObject

from research.models import ProjectStatus, Report
from research.output import export
from research.text import citations
from tests.factories import add_report, add_source, make_project
from tests.system import needs_cjk_font, needs_pango

ENGLISH_BODY = """## Summary

Write-ahead logging lets readers continue while a writer commits [1]. Checkpoints move pages
back into the database file [2].

| Mode | Readers block writers |
|------|-----------------------|
| WAL | no |
| rollback journal | yes |
"""

CHINESE_BODY = """## 摘要

城市热岛效应是指城市区域的气温明显高于周边郊区的现象[1]。不透水地面、建筑密度以及人为热排放是主要成因[2]。

## 缓解措施

- **屋顶绿化**：植被蒸腾作用可以降低屋顶温度。
- **冷屋顶**：高反射涂料减少太阳辐射的吸收。

繁體字：臺灣、體驗、鬱。日本語：ひらがな、カタカナ。한국어 테스트。
"""


def make_report(
    member, body: str, *, question: str, title: str = "", language: str = "English"
) -> Report:
    project = make_project(member, status=ProjectStatus.DRAFT, question=question, title=title)
    sources = [
        add_source(
            project,
            "https://www.sqlite.org/wal.html",
            title="Write-Ahead Logging",
            published=date(2024, 5, 1),
        ),
        add_source(project, "https://example.org/checkpoints", title="检查点 Checkpoints"),
    ]
    markdown = body.strip() + "\n\n" + citations.references(sources)
    return add_report(project, sources, markdown=markdown, version=3, language=language)


def pdf_text(pdf: bytes) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages)


def pdf_fonts(pdf: bytes) -> set[str]:
    fonts = set()
    for page in PdfReader(io.BytesIO(pdf)).pages:
        resources = page["/Resources"].get_object()
        assert isinstance(resources, DictionaryObject)
        for font in (resources.get("/Font") or {}).values():
            fonts.add(str(font.get_object()["/BaseFont"]))
    return fonts


@pytest.fixture
def english(member):
    return make_report(
        member,
        ENGLISH_BODY,
        question="How does SQLite's WAL mode\nhandle concurrent readers?",
        title="SQLite WAL mode",
    )


@pytest.fixture
def chinese(member):
    return make_report(
        member,
        CHINESE_BODY,
        question="城市热岛效应的主要成因是什么？有哪些有效的缓解措施？",
        title="城市热岛效应的成因与对策",
        language="Chinese",
    )


# --- Markdown ---------------------------------------------------------------------------


def test_markdown_export_has_title_date_question_and_references(english):
    text = export.report_markdown(english)
    assert text.startswith("# SQLite WAL mode\n")
    assert english.created_at.date().isoformat() in text
    assert "> How does SQLite's WAL mode\n> handle concurrent readers?" in text
    assert "Write-ahead logging lets readers continue while a writer commits [1]." in text
    assert "## References" in text
    assert (
        "[1] Write-Ahead Logging. sqlite.org (2024-05-01). <https://www.sqlite.org/wal.html>"
        in (text)
    )
    assert text.index("## Summary") < text.index("## References")


def test_markdown_export_falls_back_to_the_question_as_title(member):
    report = make_report(member, "Body [1].", question="Why is the sky blue?")
    assert export.report_markdown(report).startswith("# Why is the sky blue?\n")


# --- File names -------------------------------------------------------------------------


def test_export_filename(english, chinese):
    pid = english.project_id
    assert export.export_filename(english, "pdf") == f"dossier-{pid}-sqlite-wal-mode-v3.pdf"
    assert export.export_filename(english, "md") == f"dossier-{pid}-sqlite-wal-mode-v3.md"
    name = export.export_filename(chinese, "pdf")
    assert name == f"dossier-{chinese.project_id}-report-v3.pdf"
    assert name.isascii()


def test_export_filename_is_safe_for_a_header(member):
    report = make_report(member, "x", question='a "quoted"\r\nname/../with é ' + "long " * 40)
    name = export.export_filename(report, 'p"df')
    assert name.isascii() and '"' not in name and "/" not in name and "\n" not in name
    assert name.endswith("-v3.pdf") and len(name) < 100


# --- PDF --------------------------------------------------------------------------------


@needs_pango()
@needs_cjk_font(
    "this report cites a source with a Chinese title; with no font for that glyph the PDF's "
    "text cannot be extracted to check it"
)
def test_english_pdf(english):
    pdf = export.report_pdf(english)
    assert pdf.startswith(b"%PDF")
    text = " ".join(pdf_text(pdf).split())
    assert "SQLite WAL mode" in text
    assert "How does SQLite's WAL mode handle concurrent readers?" in text
    assert "Write-ahead logging lets readers continue while a writer commits [1]." in text
    assert "References" in text
    assert "https://www.sqlite.org/wal.html" in text
    assert "rollback journal" in text


@needs_pango()
@needs_cjk_font("the PDF's Chinese, Japanese and Korean glyphs cannot be checked")
def test_chinese_pdf_has_every_glyph_and_a_cjk_font(chinese):
    pdf = export.report_pdf(chinese)
    assert pdf.startswith(b"%PDF")
    text = "".join(pdf_text(pdf).split())
    wanted = CHINESE_BODY + chinese.project.question + chinese.project.title + "检查点"
    missing = {
        ch
        for ch in wanted
        if ("\u3040" <= ch <= "\u30ff" or "\u4e00" <= ch <= "\u9fff" or "\uac00" <= ch <= "\ud7af")
        and ch not in text
    }
    assert not missing
    names = {name.split("+")[-1].replace("-", "").lower() for name in pdf_fonts(pdf)}
    assert any(n.startswith(("notosanscjk", "notoserifcjk")) for n in names), names


def test_pdf_html_is_sanitised(member):
    report = make_report(
        member,
        '<script>alert(1)</script> <img src="x" onerror="alert(1)"> [x](javascript:alert(1))',
        question="<b>Question</b>?",
    )
    html = export.report_html(report)
    assert "<script" not in html and "<img" not in html and "javascript:" not in html
    assert "&lt;b&gt;Question&lt;/b&gt;?" in html
    assert '<html lang="en">' in html


def test_language_codes():
    assert export.language_code("Chinese") == "zh"
    assert export.language_code("zh-CN") == "zh-CN"
    assert export.language_code("", "只有中文") == "zh"
    assert export.language_code("Klingon", "plain") == ""


# --- The renderer fetches nothing outside static/ ---------------------------------------


@pytest.fixture
def no_network(monkeypatch):
    """A safety net: if the fetcher ever tried to connect, the test fails instead."""

    def refuse(*args, **kwargs):
        raise AssertionError("network access attempted")

    monkeypatch.setattr(socket.socket, "connect", refuse)
    monkeypatch.setattr(socket, "create_connection", refuse)


@pytest.mark.parametrize(
    "url",
    [
        "file:///etc/passwd",
        "http://example.com/x.css",
        "https://example.com/x.png",
        "ftp://example.com/x",
        "data:text/css,body{}",
        "file://otherhost/etc/passwd",
        "file:///nonexistent/file.css",
    ],
)
def test_fetcher_refuses(url, no_network):
    fetcher = export.static_fetcher()
    with pytest.raises(export.FetchRefused):
        fetcher(url)
    with pytest.raises(export.FetchRefused):
        fetcher.fetch(url)


def test_fetcher_refuses_escapes_from_the_static_directory(tmp_path, no_network):
    root = tmp_path / "static"
    root.mkdir()
    (tmp_path / "secret.txt").write_text("secret")
    (root / "link.txt").symlink_to(tmp_path / "secret.txt")
    (root / "ok.css").write_text("body { color: red }")
    fetcher = export.static_fetcher(root)
    assert fetcher(root.joinpath("ok.css").as_uri()).read() == b"body { color: red }"
    for url in [
        (tmp_path / "secret.txt").as_uri(),
        (root / "link.txt").as_uri(),
        root.as_uri() + "/../secret.txt",
        root.as_uri() + "/%2e%2e/secret.txt",
        root.as_uri(),
    ]:
        with pytest.raises(export.FetchRefused):
            fetcher(url)


def test_fetcher_serves_our_static_files(no_network):
    path = Path(settings.BASE_DIR) / "static" / "research" / "print.css"
    response = export.static_fetcher()(path.as_uri())
    assert response.read() == path.read_bytes()
    assert response.content_type == "text/css"


class _Counter(BaseHTTPRequestHandler):
    hits: list[str] = []

    def do_GET(self):  # noqa: N802 - http.server's name
        type(self).hits.append(self.path)
        self.send_response(200)
        self.send_header("Content-Type", "text/css")
        self.end_headers()
        self.wfile.write(b"body { color: red }")

    def log_message(self, *args):
        pass


@pytest.fixture
def loopback():
    class Handler(_Counter):
        hits: list[str] = []  # this server's own list

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    base = f"http://127.0.0.1:{server.server_address[1]}"
    # The server does answer, so zero hits later means nobody asked.
    with urllib.request.urlopen(f"{base}/ping", timeout=5) as response:
        assert response.status == 200
    assert Handler.hits == ["/ping"]
    Handler.hits.clear()
    yield base, Handler.hits
    server.shutdown()
    server.server_close()
    thread.join()


@needs_pango()
def test_a_report_cannot_make_the_renderer_fetch(member, loopback):
    base, hits = loopback
    body = f"""A claim [1].

![pixel]({base}/md-image.png)

<img src="{base}/raw-image.png">

<link rel="stylesheet" href="{base}/link.css">

<style>@import url({base}/import.css); body {{ background: url({base}/bg.png) }}</style>

<iframe src="{base}/frame"></iframe> <object data="{base}/object"></object>

<a rel="attachment" href="{base}/attachment.txt">attach</a> [a link]({base}/link)

<svg><image href="{base}/svg.png"/></svg> <video poster="{base}/poster.png"></video>

![ref][p]

[p]: {base}/ref-image.png
"""
    report = make_report(member, body, question=f'Question <img src="{base}/q.png">?')
    pdf = export.report_pdf(report)
    assert pdf.startswith(b"%PDF")
    assert hits == []


@needs_pango()
def test_the_fetcher_blocks_raw_html_too(loopback):
    """Even HTML that skipped the sanitiser gets no network access through our fetcher."""
    import weasyprint

    base, hits = loopback
    html = f"""<html><head><link rel="stylesheet" href="{base}/x.css">
    <style>@import url({base}/import.css); p {{ background: url({base}/bg.png) }}</style></head>
    <body><p>text</p><img src="{base}/img.png"><img src="file:///etc/passwd">
    <a rel="attachment" href="{base}/attachment.txt">a</a></body></html>"""
    static = Path(settings.BASE_DIR) / "static"
    pdf = weasyprint.HTML(
        string=html, base_url=static.as_uri() + "/", url_fetcher=export.static_fetcher()
    ).write_pdf()
    assert pdf.startswith(b"%PDF")
    assert hits == []


# --- The same version, the same PDF -------------------------------------------------------

RENDER_IN_A_CHILD = """
import sys, django
django.setup()
from pathlib import Path
from research.output import export
root = Path(sys.argv[1]) if len(sys.argv) > 1 else None
sys.stdout.buffer.write(export.render_pdf(sys.stdin.read(), root))
"""


def render_in_another_process(html: str, root: Path | None = None) -> bytes:
    """The PDF of `html` from a fresh Python (another hash seed, fontconfig, font cache), with
    no SOURCE_DATE_EPOCH of ours in its environment."""
    env = {k: v for k, v in os.environ.items() if k != "SOURCE_DATE_EPOCH"}
    env["DJANGO_SETTINGS_MODULE"] = "research_site.settings"
    done = subprocess.run(
        [sys.executable, "-c", RENDER_IN_A_CHILD, *([str(root)] if root else [])],
        input=html.encode(),
        capture_output=True,
        env=env,
        cwd=settings.BASE_DIR,
        check=True,
        timeout=120,
    )
    return done.stdout


def next_second() -> None:
    """Wait for the clock's next whole second: a time stamped in a file would change."""
    time.sleep(1.05 - time.time() % 1)


@needs_pango()
def test_a_report_version_exports_the_same_pdf_twice_and_in_another_process(english, monkeypatch):
    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)
    first = export.report_pdf(english)
    next_second()
    assert export.report_pdf(Report.objects.get(pk=english.pk)) == first
    assert render_in_another_process(export.report_html(english)) == first


def colour_font(path: Path) -> None:
    """A two-glyph font with an SVG table: WeasyPrint rewrites such a font with fontTools,
    which stamps the time into its 'head' table unless SOURCE_DATE_EPOCH is set."""
    from fontTools.fontBuilder import FontBuilder
    from fontTools.pens.ttGlyphPen import TTGlyphPen
    from fontTools.ttLib import newTable

    names = [".notdef", "space", "A", "B"]
    builder = FontBuilder(1000, isTTF=True)
    builder.setupGlyphOrder(names)
    builder.setupCharacterMap({32: "space", ord("A"): "A", ord("B"): "B"})
    pen = TTGlyphPen(None)
    pen.moveTo((50, 0))
    pen.lineTo((50, 700))
    pen.lineTo((550, 700))
    pen.lineTo((550, 0))
    pen.closePath()
    box = pen.glyph()
    builder.setupGlyf({name: box for name in names})
    builder.setupHorizontalMetrics({name: (600, 50) for name in names})
    builder.setupHorizontalHeader(ascent=800, descent=-200)
    builder.setupNameTable({"familyName": "Dossier Colour Test", "styleName": "Regular"})
    builder.setupOS2(sTypoAscender=800, usWinAscent=800, usWinDescent=200)
    builder.setupPost()
    svg = newTable("SVG ")
    svg.docList = [('<svg xmlns="http://www.w3.org/2000/svg"><rect id="glyph1"/></svg>', 1, 1)]
    builder.font["SVG "] = svg
    builder.save(str(path))


@needs_pango()
def test_a_font_rewritten_by_fonttools_embeds_the_same_bytes_a_second_later(tmp_path, monkeypatch):
    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)
    (tmp_path / "research").mkdir()
    (tmp_path / export.PRINT_CSS).write_text("body { font-family: Colour }")
    colour_font(tmp_path / "colour.ttf")
    html = "<style>@font-face { font-family: Colour; src: url(colour.ttf) }</style><p>AB BA</p>"
    first = export.render_pdf(html, tmp_path)
    assert "Colour" in " ".join(pdf_fonts(first))  # the font was embedded
    next_second()
    assert export.render_pdf(html, tmp_path) == first
    next_second()
    assert render_in_another_process(html, tmp_path) == first


@needs_pango()
def test_a_report_that_opens_with_its_own_title_says_it_once_in_each_export(member):
    report = make_report(
        member, "# Kestrel brief\n\n" + ENGLISH_BODY, question="Brief me on Kestrel.", title="K"
    )
    text = export.report_markdown(report)
    assert text.startswith("# Kestrel brief\n") and text.count("Kestrel brief") == 1
    pdf = " ".join(pdf_text(export.report_pdf(report)).split())
    assert pdf.count("Kestrel brief") == 1


def test_a_pdfs_citations_link_to_its_own_references(english):
    html = export.report_html(english)
    assert 'class="cite" href="#ref-1"' in html and '<p id="ref-1">' in html
    assert "[1]" in export.report_markdown(english)  # the Markdown export keeps [n] plain


def test_exports_link_to_library_passages_absolutely_from_the_request_or_site_url(
    member, member_client, settings
):
    from research.output import package
    from research.output.package import ExportFormat

    report = make_report(member, ENGLISH_BODY, question="How does WAL work?")
    source = report.cited_sources.get(n=1)
    source.url, source.title = "/library/documents/4/#passage-0", "Manual, p. 3"
    source.save()
    report.markdown = report.markdown.split("## References")[0] + citations.references([source])
    report.save()
    body, _ = package.export_file(report, ExportFormat.MD, "https://dossier.example")
    assert "[Manual, p. 3](https://dossier.example/library/documents/4/#passage-0)" in (
        body.decode()
    )
    settings.SITE_URL_SET = False
    served = member_client.get(f"/projects/{report.project_id}/report/export.md")
    assert "](http://testserver/library/documents/4/#passage-0)" in served.content.decode()
    settings.SITE_URL_SET, settings.SITE_URL = True, "https://team.example"
    served = member_client.get(f"/projects/{report.project_id}/report/export.md")
    assert "](https://team.example/library/documents/4/#passage-0)" in served.content.decode()
