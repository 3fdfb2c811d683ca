"""Fetched bytes -> readable text: trafilatura for HTML, pypdf for PDF (its pages without a
usable text layer read by OCR, ocr.py), plain text as is.

Later code checks that quotes are exact substrings of `Extracted.text`, so the text is only
normalised lightly (line endings, trailing spaces, runs of blank lines) and paragraphs stay.
"""

from __future__ import annotations

import codecs
import datetime
import io
import logging
import re
import threading
from dataclasses import dataclass

import lxml.html
import pypdf
import trafilatura
from lxml import etree
from trafilatura.settings import set_date_params
from trafilatura.utils import is_dubious_html, repair_faulty_html

from research.errors import ProviderFailed
from research.limits import SOURCE_TITLE_MAX
from research.providers import figures as page_figures
from research.providers import ocr
from research.providers.pdf_items import page_text
from research.providers.pdf_tables import table_lines, without_rows
from research.text.legible import legible
from research.text.records import record_lines

logger = logging.getLogger(__name__)

HTML_TYPES = frozenset({"text/html", "application/xhtml+xml"})
TEXT_TYPES = frozenset({"text/plain", "text/markdown", "text/csv"})
PDF_TYPES = frozenset({"application/pdf"})

SNIFF_BYTES = 1024
FALLBACK_ENCODING = "cp1252"

# Labels that browsers decode with a wider codec (WHATWG Encoding Standard).
_ENCODING_ALIASES = {
    "gb2312": "gb18030",
    "gbk": "gb18030",
    "x-gbk": "gb18030",
    "iso-8859-1": "cp1252",
    "latin1": "cp1252",
    "latin-1": "cp1252",
    "us-ascii": "cp1252",
    "ascii": "cp1252",
}
_BOMS = (
    (codecs.BOM_UTF8, "utf-8-sig"),
    (codecs.BOM_UTF16_LE, "utf-16"),
    (codecs.BOM_UTF16_BE, "utf-16"),
)
_META_CHARSET = re.compile(rb"""<meta[^>]*?charset\s*=\s*["']?\s*([A-Za-z0-9._:-]+)""", re.I)


class ExtractError(ProviderFailed):
    """No usable text in a fetched body. `reason` is written for people."""


@dataclass(frozen=True)
class Extracted:
    title: str
    text: str
    published: datetime.date | None
    extractor: str  # "trafilatura", "pypdf", "pypdf+tesseract" (some pages by OCR) or "text"
    tables: str = ""  # the page's own HTML tables, rows as record lines (`html_tables`)
    figures: tuple[page_figures.Found, ...] = ()  # the page's figures (providers/figures.py)


def extract(body: bytes, content_type: str, charset: str | None, url: str) -> Extracted:
    media_type = content_type.split(";")[0].strip().lower() or _sniff(body)
    if media_type in PDF_TYPES:
        return _extract_pdf(body)
    if media_type in HTML_TYPES:
        _refuse_binary(body, media_type)
        return _extract_html(body, charset, url)
    if media_type in TEXT_TYPES:
        _refuse_binary(body, media_type)
        return _extract_text(body, charset, media_type)
    raise ExtractError(f"unsupported content type {media_type or 'unknown'}")


def _sniff(body: bytes) -> str:
    """A media type for a body that came without a Content-Type, or "" if unsure."""
    head = body[:SNIFF_BYTES].lstrip().lower()
    if head.startswith(b"%pdf-"):
        return "application/pdf"
    if head.startswith((b"<!doctype html", b"<html")) or b"<body" in head:
        return "text/html"
    return ""


def _refuse_binary(body: bytes, media_type: str) -> None:
    head = body[:SNIFF_BYTES]
    if b"\x00" in head and not head.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        raise ExtractError(f"declared {media_type} but the content is binary")


# --- Decoding --------------------------------------------------------------------------------


def decode(body: bytes, charset: str | None, *, html: bool = False) -> str:
    """Decode with the byte-order mark, the declared charset, the document's own
    `<meta charset>` (HTML only) or UTF-8, whichever first decodes cleanly; else cp1252 with
    replacement characters, so a page with a wrong charset still reads."""
    candidates = [_bom_encoding(body), charset]
    if html:
        candidates.append(_meta_charset(body))
    candidates.append("utf-8")
    for name in candidates:
        text = _try_decode(body, name)
        if text is not None:
            return text
    return body.decode(FALLBACK_ENCODING, errors="replace")


def _bom_encoding(body: bytes) -> str | None:
    for bom, encoding in _BOMS:
        if body.startswith(bom):
            return encoding
    return None


def _meta_charset(body: bytes) -> str | None:
    match = _META_CHARSET.search(body[:4096])
    return match.group(1).decode("ascii") if match else None


def _try_decode(body: bytes, name: str | None) -> str | None:
    if not name:
        return None
    name = name.strip().lower()
    try:
        return body.decode(_ENCODING_ALIASES.get(name, name))
    except (LookupError, UnicodeDecodeError):
        return None


# --- Extractors ------------------------------------------------------------------------------


_local = threading.local()


def html_parser() -> lxml.html.HTMLParser:
    """This thread's HTML parser, with trafilatura's options. An lxml parser must never be used
    by two threads at once: trafilatura parses with one module-level parser, and pages read on
    parallel threads crashed the process natively (a segfault, a double free). So each thread
    parses with its own, and trafilatura is handed the tree."""
    parser = getattr(_local, "html", None)
    if parser is None:
        parser = _local.html = lxml.html.HTMLParser(  # type: ignore[call-arg]  # lxml-stubs
            collect_ids=False,  # lack default_doctype, which lxml has had since 2.2
            default_doctype=False,
            encoding="utf-8",
            remove_comments=True,
            remove_pis=True,
        )
    return parser


def html_tree(text: str) -> lxml.html.HtmlElement | None:
    """The page parsed as trafilatura would parse it (its repairs and its check that this is
    HTML at all), by this thread's parser; None when it is not HTML."""
    beginning = text[:50].lower()
    text = repair_faulty_html(text, beginning)
    try:
        tree = lxml.html.fromstring(text.encode("utf-8", "surrogatepass"), parser=html_parser())
    except (etree.ParserError, etree.XMLSyntaxError, ValueError):
        return None
    if is_dubious_html(beginning) and len(tree) < 2:
        return None
    return tree


def _extract_html(body: bytes, charset: str | None, url: str) -> Extracted:
    tree = html_tree(decode(body, charset, html=True))
    if tree is None:
        raise ExtractError("no readable text found")
    figures = tuple(page_figures.found(tree, url))  # before trafilatura prunes the tree
    document = trafilatura.bare_extraction(
        tree,
        url=url or None,
        with_metadata=True,
        include_comments=False,
        include_tables=True,
        # A page's date from its markup and common formats, not dateparser's search through
        # every locale: its first use compiles their patterns, 10 s of CPU inside one fetch.
        date_extraction_params=set_date_params(extensive=False),
    )
    text = normalise_text(getattr(document, "text", None) or "")
    if not text.strip():
        raise ExtractError("no readable text found")
    return Extracted(
        title=_clean_title(getattr(document, "title", None) or ""),
        text=text,
        published=_parse_date(getattr(document, "date", None)),
        extractor="trafilatura",
        tables=html_tables(tree),
        figures=figures,
    )


MAX_TABLE_ROWS = 2000  # of a page's tables, all told


def html_tables(tree) -> str:
    """The page's tables as its HTML has them, before any extraction keeps or drops them: each
    table's rows under its first row, as record lines ("City: Avalon; 2023: 120,000"), a table
    a paragraph. Tables inside tables, and tables of fewer than two rows or columns, are left
    out."""
    found, budget = [], MAX_TABLE_ROWS
    for table in tree.iter("table"):
        if next(table.iterancestors("table"), None) is not None:
            continue
        rows = [
            [cell.text_content() for cell in row if cell.tag in ("th", "td")]
            for row in table.iter("tr")
            if next(row.iterancestors("table"), None) is table  # not a nested table's row
        ]
        lines = record_lines(rows)[:budget]
        if lines:
            found.append("\n".join(lines))
            budget -= len(lines)
        if budget <= 0:
            break
    return "\n\n".join(found)


def _extract_pdf(body: bytes) -> Extracted:
    try:
        reader = pypdf.PdfReader(io.BytesIO(body))
        if reader.is_encrypted and not reader.decrypt(""):
            raise ExtractError("the PDF is password-protected")
        pages = [page_text(page) for page in reader.pages]  # a list's markers in place
        title = (reader.metadata.title if reader.metadata else None) or ""
    except ExtractError:
        raise
    except Exception as exc:  # pypdf raises many types on malformed files
        logger.info("pypdf could not read a PDF: %r", exc)
        raise ExtractError("could not read the PDF") from None
    tables = table_lines(body, pages)
    extractor = _read_scans(body, pages)
    pages = [
        without_rows(page, tables.get(i)).strip()
        + ("\n\n" + "\n".join(tables[i].records) if i in tables else "")
        for i, page in enumerate(pages)
    ]
    text = normalise_text("\n\n".join(page for page in pages if page))
    if not text.strip():
        raise ExtractError("no readable text found in the PDF (OCR found none on its pages)")
    return Extracted(title=_clean_title(str(title)), text=text, published=None, extractor=extractor)


def _read_scans(body: bytes, pages: list[str]) -> str:
    """The pages whose text layer is empty or not text, read by OCR in place (the library's
    limits hold: LIBRARY_OCR_MAX_PAGES, LIBRARY_OCR_PAGE_SECONDS); the extractor's name."""
    scanned = [i for i, page in enumerate(pages) if not legible(page)]
    if not scanned:
        return "pypdf"
    try:
        found = ocr.read_bytes(body, kind="pdf", pages=scanned)
    except ocr.OcrUnavailable as exc:
        if len(scanned) == len(pages):
            raise ExtractError(f"the PDF has no text layer (a scan?), and {exc.reason}") from None
        logger.warning("a PDF's %d pages without text were left unread: %s", len(scanned), exc)
        for i in scanned:
            pages[i] = ""
        return "pypdf"
    except ocr.OcrError as exc:
        raise ExtractError(f"the PDF could not be read by OCR: {exc.reason}") from None
    for page in found.pages:
        pages[page.index] = page.text
    return "pypdf+tesseract"


def _extract_text(body: bytes, charset: str | None, media_type: str) -> Extracted:
    text = normalise_text(decode(body, charset))
    if not text.strip():
        raise ExtractError("no readable text found")
    title = "" if media_type == "text/csv" else _first_line(text)
    return Extracted(title=title, text=text, published=None, extractor="text")


# --- Helpers ---------------------------------------------------------------------------------


def normalise_text(text: str) -> str:
    """Unify line endings, drop NULs (PostgreSQL refuses them) and trailing spaces, and
    collapse runs of blank lines to one; paragraphs and inner spacing are kept."""
    text = text.replace("\r\n", "\n").replace("\r", "\n").replace("\x00", "")
    text = re.sub(r"[ \t]+\n", "\n", text)
    text = re.sub(r"\n{3,}", "\n\n", text)
    return text.strip()


def _clean_title(title: str) -> str:
    return " ".join(title.replace("\x00", "").split())[:SOURCE_TITLE_MAX]


def _first_line(text: str) -> str:
    for line in text.splitlines():
        line = line.strip().lstrip("#").strip()
        if line:
            return _clean_title(line)[:200]
    return ""


def _parse_date(value: object) -> datetime.date | None:
    if not isinstance(value, str) or not value:
        return None
    try:
        return datetime.date.fromisoformat(value[:10])
    except ValueError:
        return None
