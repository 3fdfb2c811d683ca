"""The zip formats: Word (python-docx), PowerPoint (python-pptx), Excel (openpyxl) and EPUB
(zipfile and lxml).

Before any of them is opened, the sizes its zip directory declares are added up: a file that
would unpack past `max_uncompressed` bytes (a zip bomb) is refused without unpacking it.
"""

from __future__ import annotations

import datetime
import logging
import posixpath
import re
import threading
import zipfile
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import unquote

from lxml import etree, html

from research.errors import DocumentUnreadable
from research.providers.documents.base import (
    HEADING_SEPARATOR,
    Block,
    ExtractedDocument,
    day_of,
    figures_of,
    made,
    record_blocks,
)
from research.providers.documents.embedded import Embedded, docx_images, epub_images
from research.text.records import record_lines

_CONTAINER = "{urn:oasis:names:tc:opendocument:xmlns:container}"
_OPF = "{http://www.idpf.org/2007/opf}"
_DC = "{http://purl.org/dc/elements/1.1/}"
_TEXT_TAGS = ("p", "h1", "h2", "h3", "li", "td")
_local = threading.local()
logger = logging.getLogger(__name__)


def _safe_xml() -> etree.XMLParser:
    """This thread's XML parser: no entities, no network, no huge trees. One per thread, as an
    lxml parser must never be used by two threads at once (providers/extract.py says why)."""
    parser = getattr(_local, "xml", None)
    if parser is None:
        parser = _local.xml = etree.XMLParser(
            resolve_entities=False, no_network=True, huge_tree=False
        )
    return parser


def check_unpacked_size(path: Path, filename: str, max_uncompressed: int) -> None:
    try:
        with zipfile.ZipFile(path) as archive:
            total = sum(info.file_size for info in archive.infolist())
    except (zipfile.BadZipFile, OSError):
        raise DocumentUnreadable(f'"{filename}" is a damaged zip archive.') from None
    if total > max_uncompressed:
        raise DocumentUnreadable(
            f'"{filename}" would unpack to {total / 2**20:,.0f} MB, over the '
            f"{max_uncompressed / 2**20:,.0f} MB the library unpacks "
            "(LIBRARY_MAX_UNCOMPRESSED_MB); it was not unpacked."
        )


# --- Word ---------------------------------------------------------------------------------


def read_docx(path: Path, filename: str, max_uncompressed: int) -> ExtractedDocument:
    import docx
    from docx.table import Table
    from docx.text.paragraph import Paragraph

    check_unpacked_size(path, filename, max_uncompressed)
    try:
        document = docx.Document(str(path))
        items = list(document.iter_inner_content())
        properties = document.core_properties
        title = properties.title or ""
    except Exception:  # python-docx raises many types on damaged parts
        raise DocumentUnreadable(f'"{filename}" is a damaged Word file.') from None
    blocks: list[Block] = []
    headings: list[str] = []
    lines: list[str] = []
    paragraphs: list[tuple[object, str]] = []  # each with its heading path, for its pictures

    def close() -> None:
        if lines:
            locator = HEADING_SEPARATOR.join(headings)
            blocks.append(Block("\n".join(lines), locator, paragraphs=True))
            lines.clear()

    for item in items:
        if isinstance(item, Table):
            lines.extend(_table_lines(item))
            continue
        assert isinstance(item, Paragraph)
        text, level = item.text.strip(), _heading_level(item)
        paragraphs.append((item, HEADING_SEPARATOR.join(headings)))
        if level is None:
            if text:
                lines.append(text)
            continue
        close()
        if level == 0:
            title = title or text
        headings[:] = headings[: max(level - 1, 0)] + ([text] if level and text else [])
        if text:
            lines.append(text)
    close()
    made = _made(properties)
    pictures = figures_of(docx_images(document, paragraphs), filename)
    return ExtractedDocument("docx", title, blocks, None, *made, figures=pictures)


def _made(properties) -> tuple[tuple[str, ...], datetime.date | None]:
    """Authors and day from Office core properties (python-docx's and python-pptx's)."""
    return made(properties.author, properties.created)


def _heading_level(paragraph) -> int | None:
    """0 for the Title style, N for Heading N, None for body text."""
    name = (paragraph.style.name if paragraph.style is not None else "") or ""
    if name == "Title":
        return 0
    if name.startswith("Heading "):
        level = name.removeprefix("Heading ").strip()
        return int(level) if level.isdigit() else None
    return None


def _table_lines(table) -> Iterator[str]:
    """A table's rows as record lines under its first row ("Year: 2025; Revenue: 12"), as a
    spreadsheet's are: each row then reads, and is quoted, with its header; a table of one row
    or one column as its cells joined by " | "."""
    rows = [[cell.text.strip() for cell in row.cells] for row in table.rows]
    records = record_lines(rows)
    yield from records or (" | ".join(cells) for cells in rows if any(cells))


# --- PowerPoint ---------------------------------------------------------------------------


def read_pptx(path: Path, filename: str, max_uncompressed: int) -> ExtractedDocument:
    from pptx import Presentation

    check_unpacked_size(path, filename, max_uncompressed)
    try:
        deck = Presentation(str(path))
        slides = list(deck.slides)
        title = deck.core_properties.title or ""
        made = _made(deck.core_properties)
        blocks = [_slide_block(slide, n) for n, slide in enumerate(slides, start=1)]
    except Exception:  # python-pptx raises many types on damaged parts
        raise DocumentUnreadable(f'"{filename}" is a damaged PowerPoint file.') from None
    if not title and blocks:
        title = blocks[0].text.split("\n", 1)[0]
    return ExtractedDocument("pptx", title, blocks, len(slides), *made)


def _slide_block(slide, number: int) -> Block:
    lines: list[str] = []
    for shape in slide.shapes:
        if shape.has_text_frame:
            lines += [p.strip() for p in shape.text_frame.text.splitlines() if p.strip()]
        if getattr(shape, "has_table", False) and shape.has_table:
            lines += list(_table_lines(shape.table))
    if slide.has_notes_slide:
        notes = (
            slide.notes_slide.notes_text_frame.text.strip()
            if slide.notes_slide.notes_text_frame
            else ""
        )
        if notes:
            lines.append(f"Notes: {notes}")
    return Block("\n".join(lines), f"slide {number}", number)


# --- EPUB ---------------------------------------------------------------------------------


def read_epub(path: Path, filename: str, max_uncompressed: int) -> ExtractedDocument:
    check_unpacked_size(path, filename, max_uncompressed)
    try:
        with zipfile.ZipFile(path) as book:
            opf_path = _rootfile(book)
            opf = etree.fromstring(book.read(opf_path), _safe_xml())
            title = opf.findtext(f".//{_DC}title") or ""
            creators = tuple(c.text.strip() for c in opf.iter(f"{_DC}creator") if c.text)
            issued = day_of(opf.findtext(f".//{_DC}date"))
            spine = _spine(opf, opf_path)
            _refuse_drm(book, spine, filename)
            read = [_chapter(book, name, n) for n, name in enumerate(spine, 1)]
            chapters = [block for block, _ in read]
            pictures = figures_of((p for _, found in read for p in found), filename)
    except DocumentUnreadable:
        raise
    except (zipfile.BadZipFile, KeyError, etree.XMLSyntaxError, OSError, ValueError):
        raise DocumentUnreadable(f'"{filename}" is a damaged EPUB file.') from None
    blocks = [c for c in chapters if c.text]
    return ExtractedDocument("epub", title, blocks, None, creators, issued, figures=pictures)


def _rootfile(book: zipfile.ZipFile) -> str:
    container = etree.fromstring(book.read("META-INF/container.xml"), _safe_xml())
    rootfile = container.find(f".//{_CONTAINER}rootfile")
    if rootfile is None or not rootfile.get("full-path"):
        raise KeyError("rootfile")
    return str(rootfile.get("full-path"))


def _refuse_drm(book: zipfile.ZipFile, spine: list[str], filename: str) -> None:
    """META-INF/encryption.xml lists a book's encrypted parts: obfuscated fonts are harmless,
    encrypted chapters are DRM, which the library cannot read."""
    if "META-INF/encryption.xml" not in book.namelist():
        return
    listing = etree.fromstring(book.read("META-INF/encryption.xml"), _safe_xml())
    encrypted = {
        posixpath.normpath(unquote(str(reference.get("URI") or "")))
        for reference in listing.iter("{*}CipherReference")
    }
    if encrypted & set(spine):
        raise DocumentUnreadable(
            f'"{filename}" is protected by DRM: its chapters are encrypted. '
            "Upload a copy without DRM."
        )


def _spine(opf, opf_path: str) -> list[str]:
    """The chapters' paths inside the zip, in reading order."""
    base = posixpath.dirname(opf_path)
    manifest = {item.get("id"): item.get("href") for item in opf.iter(f"{_OPF}item")}
    order = [ref.get("idref") for ref in opf.iter(f"{_OPF}itemref")]
    return [posixpath.normpath(posixpath.join(base, manifest[i])) for i in order if manifest.get(i)]


def _chapter(book: zipfile.ZipFile, name: str, number: int) -> tuple[Block, list[Embedded]]:
    """The chapter's text, and its images (taken out of the book while it is open)."""
    root = html.fromstring(book.read(name))
    paragraphs = [_text_of(el) for el in root.iter(*_TEXT_TAGS)]
    headings = [_text_of(el) for el in root.iter("h1", "h2", "title")]
    locator = next((h for h in headings if h), "") or f"chapter {number}"
    text = "\n".join(p for p in paragraphs if p)
    try:
        pictures = list(epub_images(book, name, root, locator))
    except Exception as exc:  # a damaged image part: the chapter's text is kept
        logger.info("epub %s images: %r", name, exc)
        pictures = []
    return Block(text, locator, None), pictures


def _text_of(element) -> str:
    return " ".join("".join(str(part) for part in element.itertext()).split())


# The names a spreadsheet program gives a new sheet, which say nothing of what it holds.
DEFAULT_SHEET = re.compile(r"(?:sheet|tabelle|feuil|hoja|foglio|工作表)\s*\d*", re.IGNORECASE)


def _sheet_blocks(name: str, rows: list[list[str]]) -> list[Block]:
    """A sheet's record blocks, under its name when an author gave it one: a sheet named
    "风电装机容量（万千瓦）" says what its numbers count, as a table's title does."""
    named = [] if DEFAULT_SHEET.fullmatch(name.strip()) else [Block(name.strip(), name)]
    return named + record_blocks(rows, name)


def read_xlsx(path: Path, filename: str, max_uncompressed: int) -> ExtractedDocument:
    """Each sheet's rows as record lines under its first row (as a CSV file's), located by the
    sheet and its rows; the values are the workbook's stored ones (a formula's last result)."""
    from openpyxl import load_workbook

    check_unpacked_size(path, filename, max_uncompressed)
    try:
        book = load_workbook(str(path), read_only=True, data_only=True)
        sheets = [(sheet.title, _cells(sheet)) for sheet in book.worksheets]
        title = book.properties.title or ""
        authors, issued = made(book.properties.creator, book.properties.created)
        book.close()
    except Exception:  # openpyxl raises many types on damaged parts
        raise DocumentUnreadable(f'"{filename}" is a damaged Excel file.') from None
    blocks = [block for name, rows in sheets if rows for block in _sheet_blocks(name, rows)]
    name = title or Path(filename).stem
    return ExtractedDocument("xlsx", name, blocks, len(sheets), authors, issued)


def _cells(sheet) -> list[list[str]]:
    """A sheet's non-empty rows as text, each number as the sheet shows it ("48,200", "12.5%";
    whole numbers without ".0" where it sets no format)."""
    rows = []
    for row in sheet.iter_rows():
        cells = [_shown(cell.value, getattr(cell, "number_format", "General")) for cell in row]
        if any(cell.strip() for cell in cells):
            rows.append(cells)
    return rows


def _shown(value: object, number_format: str | None) -> str:
    """A cell's value as a reader of the sheet sees it: its number format's thousands
    separator, decimals and percent sign honoured (the common formats; others as stored)."""
    if value is None:
        return ""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return str(value)
    fmt = (number_format or "General").split(";")[0]
    places = re.search(r"\.(0+)", fmt)
    decimals = len(places.group(1)) if places else 0
    if "0" in fmt and "%" in fmt:
        return f"{value * 100:.{decimals}f}%"
    if "0" in fmt and re.fullmatch(r"[#,0.]+", fmt.strip('"_ ')):
        return f"{value:,.{decimals}f}" if "," in fmt else f"{value:.{decimals}f}"
    return f"{value:g}" if isinstance(value, float) else str(value)
