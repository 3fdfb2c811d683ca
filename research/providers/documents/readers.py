"""One reader per format, each returning blocks with locators; `extract_document` picks one.

PDF pages come from pypdf (the page label when the file defines one, else its number), and those
without a usable text layer, like images, are read by OCR (ocr.py); HTML goes
through the same trafilatura path as fetched web pages; Markdown is cut at its headings, plain
text at blank lines, CSV into runs of rows. The zip formats are in office.py.
"""

from __future__ import annotations

import csv
import dataclasses
import io
import logging
import re
from collections.abc import Callable
from pathlib import Path

import pypdf

from research.errors import DocumentUnreadable
from research.providers import extract as web
from research.providers import ocr
from research.providers.documents import office
from research.providers.documents.base import (
    HEADING_SEPARATOR,
    Block,
    ExtractedDocument,
    figures_of,
    made,
    record_blocks,
)
from research.providers.documents.embedded import pdf_images
from research.providers.documents.kinds import detect_kind
from research.providers.pdf_items import ITEM_START, page_text
from research.providers.pdf_tables import PageTables, table_lines, without_rows
from research.text.extractive.sentences import NUMBER_SIGN
from research.text.legible import legible
from research.text.writing import is_cjk

logger = logging.getLogger(__name__)
_ATX = re.compile(r"^(#{1,6})\s+(.+?)\s*#*\s*$")


def extract_document(path: Path, *, filename: str, max_uncompressed: int) -> ExtractedDocument:
    kind = detect_kind(path, filename)
    readers: dict[str, Callable[[], ExtractedDocument]] = {
        "pdf": lambda: read_pdf(path, filename),
        "docx": lambda: office.read_docx(path, filename, max_uncompressed),
        "pptx": lambda: office.read_pptx(path, filename, max_uncompressed),
        "xlsx": lambda: office.read_xlsx(path, filename, max_uncompressed),
        "epub": lambda: office.read_epub(path, filename, max_uncompressed),
        "html": lambda: read_html(path.read_bytes(), filename),
        "markdown": lambda: read_markdown(_text(path), filename),
        "text": lambda: read_text(_text(path), filename),
        "csv": lambda: read_csv(_text(path), filename),
        "image": lambda: read_image(path, filename),
    }
    extracted = readers[kind]()
    blocks = [b for b in extracted.blocks if b.text.strip()]
    if not blocks:
        raise DocumentUnreadable(f'"{filename}" holds no text to read.')
    title = " ".join(extracted.title.split()) or Path(filename).stem
    return dataclasses.replace(extracted, title=title[:500], blocks=blocks)


def _text(path: Path) -> str:
    return web.normalise_text(web.decode(path.read_bytes(), None))


# --- PDF ------------------------------------------------------------------------------------


def read_pdf(path: Path, filename: str) -> ExtractedDocument:
    try:
        reader = pypdf.PdfReader(path)
        if reader.is_encrypted and not reader.decrypt(""):
            raise DocumentUnreadable(
                f'"{filename}" is an encrypted PDF; upload a copy without a password.'
            )
        labels = _page_labels(reader)
        texts = [page_text(page) for page in reader.pages]
        info = reader.metadata
        title = str((info.title if info else None) or "")
        authors, issued = made(info.author if info else "", _pdf_date(info))
    except DocumentUnreadable:
        raise
    except Exception as exc:  # pypdf raises many types on damaged files
        logger.info("pypdf could not read %s: %r", filename, exc)
        raise DocumentUnreadable(f'"{filename}" is a damaged PDF that cannot be read.') from None
    tables = table_lines(path, texts)
    scanned = _read_scans(path, filename, texts)
    blocks = [
        Block(
            _with_tables(
                reflow(without_rows(web.normalise_text(text), tables.get(i))), tables.get(i)
            ),
            f"p. {labels[i]}",
            i + 1,
        )
        for i, text in enumerate(texts)
        if text.strip()
    ]
    if not blocks:
        raise DocumentUnreadable(
            f'"{filename}" has no text layer (a scan?), and OCR found no text on its pages; '
            "the file is kept."
        )
    pictures = figures_of(pdf_images(reader.pages, labels, texts), filename)
    return ExtractedDocument(
        "pdf", title, blocks, len(texts), authors, issued, len(scanned.pages), scanned.confidence,
        pictures,
    )  # fmt: skip


def _read_scans(path: Path, filename: str, texts: list[str]) -> ocr.OcrResult:
    """The pages whose text layer is empty or not text, read by OCR: their text replaces it
    in `texts`. Without Tesseract, a PDF with legible pages keeps those alone."""
    scanned = [i for i, text in enumerate(texts) if not legible(text)]
    if not scanned:
        return ocr.OcrResult(len(texts), [])
    try:
        found = ocr.read(path, kind="pdf", pages=scanned)
    except ocr.OcrUnavailable as exc:
        if len(scanned) < len(texts):
            logger.warning("%s: %d pages without text were left unread: %s", filename,
                           len(scanned), exc.reason)  # fmt: skip
            for i in scanned:
                texts[i] = ""
            return ocr.OcrResult(len(texts), [])
        raise DocumentUnreadable(
            f'"{filename}" has no text layer (a scan?), and {exc.reason}; the file is kept: '
            "read it again once it is installed."
        ) from None
    except ocr.OcrError as exc:
        raise DocumentUnreadable(_ocr_failed(filename, exc)) from None
    for page in found.pages:
        texts[page.index] = page.text
    return found


def _ocr_failed(filename: str, exc: ocr.OcrError) -> str:
    reason = exc.reason.rstrip(".")
    return (
        f'"{filename}" could not be read by OCR: {reason}. The file is kept; read it again once '
        "that is changed."
    )


def _pdf_date(info) -> object:
    """The Info dictionary's creation date, if it parses (pypdf raises on a malformed one)."""
    try:
        return info.creation_date if info else None
    except (ValueError, TypeError):
        return None


def _with_tables(text: str, tables: PageTables | None) -> str:
    """A page's text, then its tables' rows as record lines (pdf_tables.py)."""
    return text + "\n\n" + "\n".join(tables.records) if tables else text


_LINE_END = re.compile(r"[.!?:;。！？：；)\]\"”]$")


def reflow(text: str) -> str:
    """A PDF page's lines joined back into paragraphs: a line that does not end a sentence
    goes on with the next (a word hyphenated across the break is joined without a space), so
    sentences read whole and quotes of them are found in the text. A heading keeps its own
    line: a short line that ends no sentence, before one that starts as a sentence does; the
    line before it runs into it only after a comma or a hyphen."""
    lines = [line.strip() for line in text.split("\n")]
    width = max((len(line) for line in lines), default=0)
    out: list[str] = []
    last = ""  # the last printed line (out[-1] may be several joined)
    for i, line in enumerate(lines):
        following = lines[i + 1] if i + 1 < len(lines) else ""
        if not line:
            if out and out[-1] != "":
                out.append("")
        elif _goes_on(last, line, following, width):
            glue = "" if out[-1].endswith("-") or is_cjk(out[-1][-1] + line[0]) else " "
            out[-1] = out[-1] + glue + line
        else:
            out.append(line)
        last = line
    return "\n".join(out).strip()


def _goes_on(last: str, line: str, following: str, width: int) -> bool:
    """Whether the printed line `last` wraps into `line` (a list item starts a line)."""
    if not last or ITEM_START.match(line) or _heading(last, line, width):
        return False
    if _LINE_END.search(last):  # but "certificate no." before "4471)"
        return bool(NUMBER_SIGN.search(last)) and line[:1].isdigit()
    if last.endswith((",", "-")) or _LINE_END.search(line):
        return True
    return not _heading(line, following, width)


def _heading(line: str, following: str, width: int) -> bool:
    """A line that stops well short of the page's width, before a line that starts as a new
    sentence does (a capital, a digit, or in Chinese any character or an opening bracket or
    quotation mark): a heading, not a line the text wraps."""
    first = following[:1]
    if not (first.isupper() or first.isdigit() or is_cjk(first) or first in "（《“「【"):
        return False
    return len(line) < 0.6 * width and len(line.split()) <= 12


def _page_labels(reader: pypdf.PdfReader) -> list[str]:
    try:
        labels = list(reader.page_labels)
    except Exception:  # a damaged label tree: plain numbers
        labels = []
    if len(labels) != len(reader.pages):
        return [str(i + 1) for i in range(len(reader.pages))]
    return [label or str(i + 1) for i, label in enumerate(labels)]


# --- Images ---------------------------------------------------------------------------------


def read_image(path: Path, filename: str) -> ExtractedDocument:
    """A PNG, JPEG, TIFF or WebP image read by OCR; a TIFF's frames are its pages."""
    try:
        found = ocr.read(path, kind="image", pages=None)
    except ocr.OcrUnavailable as exc:
        raise DocumentUnreadable(
            f'"{filename}" is an image, and {exc.reason}; the file is kept: read it again once '
            "it is installed."
        ) from None
    except ocr.OcrError as exc:
        raise DocumentUnreadable(_ocr_failed(filename, exc)) from None
    several = found.total > 1
    blocks = [
        Block(
            reflow(web.normalise_text(page.text)),
            f"p. {page.index + 1}" if several else "",
            page.index + 1 if several else None,
        )
        for page in found.pages
        if page.text.strip()
    ]
    if not blocks:
        raise DocumentUnreadable(f'"{filename}" is an image in which OCR found no text.')
    pages = found.total if several else None
    return ExtractedDocument(
        "image", "", blocks, pages, ocr_pages=len(found.pages), ocr_confidence=found.confidence
    )


# --- Text formats -----------------------------------------------------------------------------


def read_html(body: bytes, filename: str) -> ExtractedDocument:
    try:
        page = web.extract(body, "text/html", None, "")
    except web.ExtractError as exc:
        raise DocumentUnreadable(f'"{filename}": {exc.reason}.') from None
    headings = _html_headings(body)
    return ExtractedDocument("html", page.title, _by_heading(page.text, headings))


def _html_headings(body: bytes) -> dict[str, int]:
    """The page's headings (h1 to h6) by their text, with their level."""
    tree = web.html_tree(web.decode(body, None, html=True))
    if tree is None:
        return {}
    found: dict[str, int] = {}
    for element in tree.iter("h1", "h2", "h3", "h4", "h5", "h6"):
        text = " ".join(element.text_content().split())
        if text:
            found.setdefault(text, int(str(element.tag)[1]))
    return found


def _by_heading(text: str, headings: dict[str, int]) -> list[Block]:
    """The extracted text cut into a block at each of the page's headings, each block's
    locator its heading path ("Pricing › Cold-chain models")."""
    blocks: list[Block] = []
    path: list[tuple[int, str]] = []
    lines: list[str] = []

    def close() -> None:
        if "\n".join(lines).strip():
            locator = HEADING_SEPARATOR.join(name for _, name in path)
            blocks.append(Block("\n".join(lines).strip(), locator, paragraphs=True))
        lines.clear()

    for line in text.split("\n"):
        level = headings.get(" ".join(line.split()))
        if level is None:
            lines.append(line)
            continue
        close()
        path = [(lv, name) for lv, name in path if lv < level] + [(level, line.strip())]
        lines.append(line)  # the heading stays in the text: a passage reads as the page did
    close()
    return blocks or [Block(text, "", paragraphs=True)]


def read_markdown(text: str, filename: str) -> ExtractedDocument:
    blocks: list[Block] = []
    path: list[str] = []
    lines: list[str] = []
    title = ""

    def close() -> None:
        body = "\n".join(lines).strip()
        if body:
            blocks.append(Block(body, HEADING_SEPARATOR.join(path), paragraphs=True))
        lines.clear()

    for line in text.splitlines():
        heading = _ATX.match(line)
        if heading is None:
            lines.append(line)
            continue
        close()
        level, name = len(heading[1]), heading[2].strip()
        title = title or name
        path[:] = path[: level - 1] + [name]
        lines.append(name)
    close()
    return ExtractedDocument("markdown", title, blocks)


def read_text(text: str, filename: str) -> ExtractedDocument:
    first = next((line.strip() for line in text.splitlines() if line.strip()), "")
    return ExtractedDocument("text", first[:200], [Block(text, "")])


def read_csv(text: str, filename: str) -> ExtractedDocument:
    try:
        dialect = csv.Sniffer().sniff(text[:4096], delimiters=",;\t|")
    except csv.Error:
        dialect = csv.excel
    rows = [row for row in csv.reader(io.StringIO(text), dialect) if any(c.strip() for c in row)]
    if not rows:
        raise DocumentUnreadable(f'"{filename}" holds no rows.')
    return ExtractedDocument("csv", Path(filename).stem, record_blocks(rows))
