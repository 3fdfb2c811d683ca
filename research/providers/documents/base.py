"""The shapes every reader returns."""

from __future__ import annotations

import datetime
import logging
from dataclasses import dataclass

from research.providers.documents.embedded import Embedded
from research.text.records import record_line

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class Block:
    """A run of text and where it is in its document."""

    text: str
    locator: str  # "p. 14", "slide 3", "Results › Costs", "rows 41–80"; "" when nothing says
    page: int | None = None  # the page or slide number, when there is one
    paragraphs: bool = (
        False  # a citation may name its paragraph ("Costs, ¶ 3"): HTML, Markdown, DOCX
    )


@dataclass(frozen=True)
class ExtractedDocument:
    kind: str  # a DocumentKind value: pdf, docx, pptx, html, markdown, text, csv, epub, image
    title: str
    blocks: list[Block]
    pages: int | None = None  # pages or slides, when the format has them
    # What the file's own metadata says of its making (PDF Info, Office core properties,
    # EPUB Dublin Core): its authors as written there, and the day it was made or published.
    authors: tuple[str, ...] = ()
    issued: datetime.date | None = None
    ocr_pages: int = 0  # the pages (or an image's frames) read by OCR
    ocr_confidence: float | None = None  # the mean confidence of their words, 0 to 100
    figures: tuple[Embedded, ...] = ()  # its embedded images (embedded.py): PDF, DOCX, EPUB


def figures_of(found, filename: str) -> tuple[Embedded, ...]:
    """The document's images, numbered (embedded.numbered); none, logged, when taking them out
    fails: the document's text is read all the same."""
    from research.providers.documents.embedded import numbered

    try:
        return numbered(found)
    except Exception as exc:  # a damaged part the text did not need
        logger.info("%s: its images were left out: %r", filename, exc)
        return ()


# What programs write when nobody names an author: not a name. Files made from a library's
# template carry the template's date too, which is then not the document's either.
PLACEHOLDER_AUTHORS = frozenset(
    {"python-docx", "python-pptx", "openpyxl", "microsoft office user", "administrator",
     "admin", "user", "author", "unknown", "anonymous"}
)  # fmt: skip
GENERATORS = frozenset({"python-docx", "python-pptx", "openpyxl"})


def made(author: object, day: object) -> tuple[tuple[str, ...], datetime.date | None]:
    """The authors and day a file's metadata says made it; a generator's stamp says neither."""
    if " ".join(str(author or "").split()).lower() in GENERATORS:
        return (), None
    return authors_of(author), day_of(day)


def authors_of(value: object) -> tuple[str, ...]:
    """Names from a metadata author field: "A; B", "A and B" or one name ("" is none);
    placeholders such as "Administrator" are left out."""
    text = " ".join(str(value or "").split())
    if not text or text.lower() in PLACEHOLDER_AUTHORS:
        return ()
    for separator in (";", " and ", " & "):
        if separator in text:
            return tuple(name.strip() for name in text.split(separator) if name.strip())
    return (text,)


def day_of(value: object) -> datetime.date | None:
    """The day of a metadata date: a datetime, a date, or an ISO text ("2023", "2023-04-05")."""
    if isinstance(value, datetime.datetime):
        return value.date()
    if isinstance(value, datetime.date):
        return value
    text = str(value or "").strip()[:10]
    for fmt in ("%Y-%m-%d", "%Y-%m", "%Y"):
        try:
            return datetime.datetime.strptime(text, fmt).date()
        except ValueError:
            continue
    return None


@dataclass(frozen=True)
class PassageDraft:
    position: int
    text: str
    locator: str
    page: int | None
    words: int  # CJK characters count one each


HEADING_SEPARATOR = " › "


CSV_ROWS_PER_BLOCK = 40


def record_blocks(rows: list[list[str]], where: str = "") -> list[Block]:
    """A table's rows under its first row, as record lines ("City: Avalon; Year: 2023;
    Population: 120000"), CSV_ROWS_PER_BLOCK to a block located by its rows (after `where`,
    a sheet's name). Rows of one cell above a table of more columns are its title and notes
    ("Linmouth Tram annual boardings, calendar years."), a block of text before it, not its
    header."""
    lead = _title_rows(rows)
    titles = [" ".join(cell.strip() for cell in row if cell.strip()) for row in rows[:lead]]
    rows = rows[lead:]
    header, body = rows[0], rows[1:] or rows[:1]
    blocks = [Block("\n".join(titles), where)] if titles else []
    for start in range(0, len(body), CSV_ROWS_PER_BLOCK):
        chunk = body[start : start + CSV_ROWS_PER_BLOCK]
        lines = [record_line(header, row) for row in chunk]
        end = start + len(chunk)
        locator = f"rows {start + 1}–{end}"
        blocks.append(Block("\n".join(lines), f"{where}, {locator}" if where else locator))
    return blocks


def _title_rows(rows: list[list[str]]) -> int:
    """How many rows of one filled cell open a table whose next rows fill two or more."""

    def filled(row: list[str]) -> int:
        return sum(1 for cell in row if cell.strip())

    lead = 0
    while lead < len(rows) - 1 and filled(rows[lead]) <= 1:
        lead += 1
    return lead if lead and filled(rows[lead]) >= 2 else 0
