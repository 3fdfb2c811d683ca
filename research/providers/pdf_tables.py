"""A PDF's tables, read by pdfplumber, as record lines under their header ("City: Avalon; 2023:
120,000; 2024: 126,000"). pypdf gives a table's text as its cells run together, which does not
say which number is whose; these lines do, and the analysis reads its figures from them. The
text layer's lines that print a row so are then left out of the page's text (`without_rows`):
run together with the next line, they would read as one long sentence made of a whole table.

Only the pages whose text looks like a table (two lines or more with two numbers each, or three
short lines that each give a label and a number, as a two-column spec sheet prints: "Main span
1,140 metres") are opened again, at most MAX_PAGES of them, so a long PDF costs little more
than before.
"""

from __future__ import annotations

import io
import logging
import re
from dataclasses import dataclass
from pathlib import Path

from research.text.records import record_lines

logger = logging.getLogger(__name__)

MAX_PAGES = 50
_NUMBERS = re.compile(r"\d[\d,.]*")


@dataclass(frozen=True)
class PageTables:
    records: list[str]  # every row as a record line under its table's header
    printed: frozenset[str]  # every row of two cells or more (the header too) as the text
    # layer prints it: its cells joined by spaces ("Avalon 120,000 126,000")


def table_lines(source: Path | bytes, texts: list[str]) -> dict[int, PageTables]:
    """For each page index whose tables pdfplumber finds: their rows."""
    pages = [i for i, text in enumerate(texts) if _tabular(text)][:MAX_PAGES]
    if not pages:
        return {}
    import pdfplumber

    found: dict[int, PageTables] = {}
    try:
        with pdfplumber.open(source if isinstance(source, Path) else io.BytesIO(source)) as pdf:
            for index in pages:
                tables = [(t, record_lines(t)) for t in pdf.pages[index].extract_tables()]
                tables = [(table, lines) for table, lines in tables if lines]
                if tables:
                    found[index] = PageTables(
                        [line for _, lines in tables for line in lines],
                        frozenset(_printed(row) for table, _ in tables for row in table) - {""},
                    )
    except Exception as exc:  # pdfplumber (pdfminer) raises many types on odd files
        logger.info("pdfplumber could not read the tables of a PDF: %r", exc)
        return {}
    return found


def without_rows(text: str, tables: PageTables | None) -> str:
    """A page's text without the lines that print one of its tables' rows."""
    if tables is None:
        return text
    lines = text.split("\n")
    return "\n".join(line for line in lines if " ".join(line.split()) not in tables.printed)


def _printed(row: list[str | None]) -> str:
    """The row as printed, when it has two cells or more ("" else: a lone cell may print the
    same as a heading)."""
    cells = [" ".join(cell.split()) for cell in row if cell and cell.strip()]
    return " ".join(cells) if len(cells) >= 2 else ""


def _tabular(text: str) -> bool:
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    if sum(len(_NUMBERS.findall(line)) >= 2 for line in lines) >= 2:
        return True
    width = max((len(line) for line in lines), default=0)
    return sum(bool(_LABELLED.match(line)) and len(line) < width * SHORT for line in lines) >= 3


SHORT = 0.6  # of the page's widest line: a table's row, not a line of a paragraph
_LABELLED = re.compile(r"^[^\W\d_].*\d[^.!?。！？]*$")  # a label, then a figure; no sentence end
