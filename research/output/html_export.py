"""A report version as one self-contained HTML file that opens offline.

The same HTML as the PDF's (export.report_html: the report's text through the report's own
sanitiser, citations linked to the References in the file), with print.css and a few screen
rules inline in a `<style>`, and each chart and source's figure a `data:` URI in place of its
`/charts/k.svg` or `/figures/k.<ext>`. A Content-Security-Policy in the file itself forbids any
fetch but those data URIs and any script, so nothing leaves the reader's machine. The same
version gives the same bytes.
"""

from __future__ import annotations

import base64
import mimetypes

from research.output import charts, export, source_figures

POLICY = "default-src 'none'; img-src data:; style-src 'unsafe-inline'; base-uri 'none'"
SCREEN_CSS = """
@media screen {
  html { background: #fff; }
  body { max-width: 46rem; margin: 2rem auto; padding: 0 1rem; }
}
img { max-width: 100%; height: auto; }
"""


def report_file_html(report, site: str = "") -> str:
    """The report as one HTML document: styles inline, images as data URIs, no script."""
    document = export.report_html(report, site)
    for path, data in _images(report).items():
        document = document.replace(f'src="{path}"', f'src="{data_uri(path, data)}"')
    css = (export.static_root() / export.PRINT_CSS).read_text(encoding="utf-8") + SCREEN_CSS
    css = css.replace("</", "<\\/")  # our own file; never closes the element early
    head = (
        f'<meta http-equiv="Content-Security-Policy" content="{POLICY}">\n'
        '  <meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"  <style>\n{css}\n  </style>\n"
    )
    return document.replace("</head>", head + "</head>", 1)


def report_file(report, site: str = "") -> bytes:
    return report_file_html(report, site).encode()


def _images(report) -> dict[str, bytes]:
    """The report's charts (SVG, as the PDF shows them) and sources' figures, by their path in
    the HTML."""
    found = {
        f"/charts/{k}.svg": charts.svg_of(dataset).encode()
        for k, dataset in charts.shown(report.markdown, report.project_id)
    }
    found.update(source_figures.files(report.markdown, report.project_id, "/figures/"))
    return found


def data_uri(path: str, data: bytes) -> str:
    media_type = mimetypes.guess_type(path)[0] or "application/octet-stream"
    return f"data:{media_type};base64,{base64.b64encode(data).decode('ascii')}"
