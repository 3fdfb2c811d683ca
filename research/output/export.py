"""A report as a file to download: Markdown, or PDF rendered by WeasyPrint.

The PDF renderer fetches nothing from the network and reads no file outside `static/`: every URL
it would load goes through `StaticOnlyFetcher`, which serves files under `BASE_DIR / "static"`
and the report's own charts and sources' figures (made for the document, by path), and refuses
the rest. The report body is sanitised by `render_report` first (no images but those, no style
attributes, no `rel` of our own choosing), so nothing else in it asks for a fetch anyway.
"""

from __future__ import annotations

import logging
import mimetypes
import os
import re
from pathlib import Path
from urllib.parse import unquote, urlsplit
from urllib.request import url2pathname

from django.conf import settings
from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.safestring import mark_safe
from django.utils.text import slugify

from research.models import Claim
from research.output import charts, source_figures
from research.output.rendering import render_report
from research.text.citations import REFERENCES_HEADING

logger = logging.getLogger(__name__)

PRINT_CSS = Path("research") / "print.css"


def static_root() -> Path:
    return (Path(settings.BASE_DIR) / "static").resolve()


# --- Shared pieces -----------------------------------------------------------------------


def _title(report) -> str:
    project = report.project
    return " ".join((project.title or project.question or "Report").split())


_OWN_TITLE = re.compile(r"\A\s*#[ \t]+(.+?)[ \t#]*\n")


def _titled(report) -> tuple[str, str]:
    """The report's title and its text without it: the title its text opens with (`# ...`),
    said once on the cover and not again above the text, else the project's."""
    markdown = report.markdown or ""
    match = _OWN_TITLE.match(markdown)
    if not match:
        return _title(report), markdown
    return " ".join(match.group(1).split()), markdown[match.end() :]


_SITE_LINK = re.compile(r"\]\((/[^)\s]*)\)")


def site_url(request) -> str:
    """Where this site's links start in a file: SITE_URL, or else the request's own address."""
    if settings.SITE_URL_SET or request is None:
        return settings.SITE_URL
    return request.build_absolute_uri("/").rstrip("/")


def _absolute(markdown: str, site: str) -> str:
    """The report's links to this site ("/library/documents/4/#passage-0", a library
    passage's) made absolute, so that they open from the file."""
    return _SITE_LINK.sub(lambda m: f"]({site or settings.SITE_URL}{m.group(1)})", markdown)


def _date(report) -> str:
    created = report.created_at or timezone.now()
    return timezone.localtime(created).date().isoformat()


def report_date(report) -> str:
    """The version's date, as the files show it (ISO, the site's time zone)."""
    return _date(report)


def _split_references(markdown: str) -> tuple[str, str]:
    """The report body and its References section (the last such heading: the app's own)."""
    matches = list(REFERENCES_HEADING.finditer(markdown or ""))
    if not matches:
        return markdown or "", ""
    start = matches[-1].start()
    return markdown[:start].rstrip() + "\n", markdown[start:]


# --- Markdown ----------------------------------------------------------------------------


INCOMPLETE = (
    "> **Incomplete.** The model stopped at its output limit before the end of this version; "
    "the text below is cut off."
)


def report_text(report, site: str = "") -> tuple[str, str]:
    """The report's title and its Markdown without it: its charts `charts/k.svg` and its
    sources' figures `figures/k.<ext>` (k the figure's number), links to this site absolute."""
    title, text = _titled(report)
    # The sources' figures first: once numbered they still count where they stand, while a
    # chart numbered first would no longer match its caption's link to its dataset.
    text = source_figures.numbered(text)
    return title, _absolute(charts.numbered(text, charts.figures_of(text, report.project_id)), site)


_IMAGE_FILE = re.compile(r"\]\(((?:charts|figures)/\d+\.(?:svg|png|jpg))\)")


def split_references(markdown: str) -> tuple[str, str]:
    """The report body and its References section (see _split_references)."""
    return _split_references(markdown)


def report_markdown(report, site: str = "") -> str:
    """Title, date, the question, then the report with its References list (links to this
    site absolute, starting with `site`, or SITE_URL)."""
    question = "\n".join(f"> {line}".rstrip() for line in report.project.question.splitlines())
    title, text = report_text(report, site)
    return (
        f"# {title}\n\n"
        f"{_date(report)} · version {report.version}\n\n"
        f"> **Question**\n>\n{question}\n\n"
        f"{'' if report.complete else INCOMPLETE + chr(10) + chr(10)}"
        f"{text.strip()}\n"
    )


# --- PDF ---------------------------------------------------------------------------------


class FetchRefused(ValueError):
    """The PDF renderer asked for something outside our static files."""


def _fetcher_class():
    from weasyprint.urls import URLFetcher, URLFetcherResponse

    class StaticOnlyFetcher(URLFetcher):
        """Serves `file:` URLs under the static directory; refuses everything else.

        WeasyPrint catches the refusal, logs a warning and renders without the resource.
        """

        def __init__(self, root: Path | None = None, files: dict[str, bytes] | None = None):
            super().__init__(allowed_protocols={"file"}, allow_redirects=False)
            self.root = (root or static_root()).resolve()
            self.files = files or {}  # made for this document: "/charts/1.svg" -> its bytes

        def path_for(self, url: str) -> Path:
            return _static_path(self.root, url)

        def fetch(self, url, headers=None):
            found, body = _made_for(url, self.files) or self.static_file(url)
            content_type = mimetypes.guess_type(found)[0] or "application/octet-stream"
            return URLFetcherResponse(found, body=body, headers={"Content-Type": content_type})

        def static_file(self, url: str) -> tuple[str, bytes]:
            try:
                path = self.path_for(url)
            except FetchRefused:
                logger.warning("PDF export: refused to fetch %s", url[:200])
                raise
            return path.as_uri(), path.read_bytes()

        def open(self, url, data=None, timeout=None):
            return self.fetch(getattr(url, "full_url", url))

        def __call__(self, url):
            return self.fetch(url)

    return StaticOnlyFetcher


def _static_path(root: Path, url: str) -> Path:
    """The static file a `file:` URL names under `root`; FetchRefused for anything else."""
    parts = urlsplit(url)
    if parts.scheme.lower() != "file" or parts.netloc not in ("", "localhost"):
        raise FetchRefused(f"not a local static file: {url[:200]}")
    try:
        path = Path(url2pathname(unquote(parts.path))).resolve(strict=True)
    except (OSError, RuntimeError, ValueError):
        raise FetchRefused(f"no such static file: {url[:200]}") from None
    if not path.is_relative_to(root) or not path.is_file():
        raise FetchRefused(f"outside the static files: {url[:200]}")
    return path


def _made_for(url: str, files: dict[str, bytes]) -> tuple[str, bytes] | None:
    """A file made for this document (a chart), by its `file:` URL's path: the URL and bytes."""
    parts = urlsplit(url)
    if parts.scheme.lower() != "file" or parts.path not in files:
        return None
    return url, files[parts.path]


def static_fetcher(root: Path | None = None, files: dict[str, bytes] | None = None):
    """A WeasyPrint URL fetcher limited to the static files and `files` (see module
    docstring)."""
    return _fetcher_class()(root, files)


CJK = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af]")
LANG_NAMES = {
    "english": "en", "chinese": "zh", "simplified chinese": "zh-Hans",
    "traditional chinese": "zh-Hant", "中文": "zh", "简体中文": "zh-Hans", "繁體中文": "zh-Hant",
    "japanese": "ja", "日本語": "ja", "korean": "ko", "한국어": "ko", "french": "fr",
    "german": "de", "spanish": "es", "italian": "it", "portuguese": "pt", "russian": "ru",
}  # fmt: skip


def language_code(language: str, text: str = "") -> str:
    """A BCP 47 tag for the `lang` attribute (it picks the CJK font variant), or ""."""
    name = (language or "").strip()
    if name.lower() in LANG_NAMES:
        return LANG_NAMES[name.lower()]
    if re.fullmatch(r"[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*", name):
        return name
    if re.search(r"[\u3040-\u30ff]", text):
        return "ja"
    if re.search(r"[\uac00-\ud7af]", text):
        return "ko"
    if CJK.search(text):
        return "zh"
    return ""


def _to_reference(n: int, sentence: str) -> str:
    """In a PDF, [n] goes to the n-th reference of the same document."""
    return f"#ref-{n}"


def _unlinked(n: int, sentence: str) -> None:
    return None


def report_html(report, site: str = "") -> str:
    """The HTML WeasyPrint renders (also handy to look at in a browser); its charts are
    `/charts/k.svg` and its sources' figures `/figures/k.<ext>`, which `report_pdf` serves to
    the renderer."""
    return render_to_string("research/report_pdf.html", report_parts(report, site))


def report_parts(report, site: str = "") -> dict:
    """What a report file shows: its title, date, question, version, whether complete, style,
    language, the body and the References as safe HTML (each `[n]` a link to `#ref-n`, the
    entries `id="ref-n"`; charts `/charts/k.svg`, sources' figures `/figures/k.<ext>`)."""
    title, text = report_text(report, site)
    body, references = _split_references(_IMAGE_FILE.sub(r"](/\1)", text))
    project = report.project
    return {
        "title": title,
        "date": _date(report),
        "question": project.question,
        "version": report.version,
        "complete": report.complete,
        "style": report.get_style_display() if report.style else "",
        "lang": language_code(report.language, report.markdown),
        "body": mark_safe(  # noqa: S308 - nh3
            render_report(body, source_link=_to_reference, charts=("/charts/", "/figures/"))
        ),
        "references": mark_safe(render_report(references, source_link=_unlinked)),  # noqa: S308
    }


# fontTools stamps the current time into the 'head' table of every font it rewrites (WeasyPrint
# subsets with it when HarfBuzz-subset is missing or older than 4.1, and rewrites variable and
# colour fonts with it), so the embedded font streams of two renders a second apart differ.
# fontTools reads SOURCE_DATE_EPOCH instead when it is set (reproducible-builds.org): a fixed
# value, the same for every render, so one process's renders never disagree. An operator's own
# SOURCE_DATE_EPOCH is kept.
FONT_EPOCH = "315532800"  # 1980-01-01T00:00:00Z


def render_pdf(html: str, root: Path | None = None, files: dict[str, bytes] | None = None) -> bytes:
    """`html` as a PDF with print.css from the static files under `root` (and `files`, by
    path, such as a report's charts); byte for byte the same for the same HTML, fonts and
    WeasyPrint (no /ID, no render time anywhere)."""
    import weasyprint

    os.environ.setdefault("SOURCE_DATE_EPOCH", FONT_EPOCH)
    root = (root or static_root()).resolve()
    fetcher = static_fetcher(root, files)
    base_url = root.as_uri() + "/"
    stylesheet = weasyprint.CSS(
        string=(root / PRINT_CSS).read_text(encoding="utf-8"),
        base_url=base_url,
        url_fetcher=fetcher,
    )
    document = weasyprint.HTML(string=html, base_url=base_url, url_fetcher=fetcher)
    return document.write_pdf(stylesheets=[stylesheet], pdf_identifier=False)


def report_pdf(report, site: str = "") -> bytes:
    """The report as a PDF: A4, page numbers, our print.css, its charts and its sources'
    figures embedded; no fetches outside static/. The same version gives the same bytes (its
    date is the version's, see render_pdf)."""
    shown = charts.shown(report.markdown, report.project_id)
    files = {f"/charts/{k}.svg": charts.svg_of(d).encode() for k, d in shown}
    files.update(source_figures.files(report.markdown, report.project_id, "/figures/"))
    return render_pdf(report_html(report, site), files=files)


# --- File names --------------------------------------------------------------------------


def export_filename(report, ext: str) -> str:
    """`dossier-<project id>-<slug>-v<version>.<ext>`, ASCII only."""
    slug = slugify(_title(report))[:60].strip("-") or "report"
    extension = re.sub(r"[^a-z0-9]", "", (ext or "").lower()) or "txt"
    return f"dossier-{report.project_id}-{slug}-v{report.version}.{extension}"


# --- The claim ledger in the evidence package ---------------------------------------------

CLAIM_COLUMNS = (
    "sentence",
    "citations",
    "source_ids",
    "quote",
    "quote_source_id",
    "status",
    "reason",
    "review",
    "review_note",
)


def claim_rows(report) -> list[dict]:
    """The report version's claims for claims.json and claims.csv: one dict per claim, in the
    order of the report, with the keys of CLAIM_COLUMNS (`citations` and `source_ids` are lists
    of numbers; the CSV joins them with spaces).

    A version whose claims were not checked has none: `[]`, and claims.csv is its header.
    """
    rows = Claim.objects.filter(report=report).prefetch_related("sources").order_by("position")
    return [
        {
            "sentence": claim.sentence,
            "citations": list(claim.citations),
            "source_ids": sorted(source.pk for source in claim.sources.all()),
            "quote": claim.quote,
            "quote_source_id": claim.quote_source_id,
            "status": claim.status,
            "reason": claim.reason,
            "review": claim.review,
            "review_note": claim.review_note,
        }
        for claim in rows
    ]
