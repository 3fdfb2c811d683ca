"""A PDF's tables, read by pdfplumber, as record lines under their header ("City: Avalon; 2023:
120,000; 2024: 126,000"). pypdf gives a table's text as its cells run together, which does not
say which number is whose; these lines do, and the analysis reads its figures from them.

Only the pages whose text looks like a table (two lines or more with two numbers each) are
opened again, at most MAX_PAGES of them, so a long PDF costs little more than before.
"""

from __future__ import annotations

import io
import logging
import re
from pathlib import Path

from research.text.records import record_lines

logger = logging.getLogger(__name__)

MAX_PAGES = 50
_NUMBERS = re.compile(r"\d[\d,.]*")


def table_lines(source: Path | bytes, texts: list[str]) -> dict[int, list[str]]:
    """For each page index whose tables pdfplumber finds: their rows as record lines."""
    pages = [i for i, text in enumerate(texts) if _tabular(text)][:MAX_PAGES]
    if not pages:
        return {}
    import pdfplumber

    found: dict[int, list[str]] = {}
    try:
        with pdfplumber.open(source if isinstance(source, Path) else io.BytesIO(source)) as pdf:
            for index in pages:
                lines = [
                    line
                    for table in pdf.pages[index].extract_tables()
                    for line in record_lines(table)
                ]
                if lines:
                    found[index] = lines
    except Exception as exc:  # pdfplumber (pdfminer) raises many types on odd files
        logger.info("pdfplumber could not read the tables of a PDF: %r", exc)
        return {}
    return found


def _tabular(text: str) -> bool:
    return sum(len(_NUMBERS.findall(line)) >= 2 for line in text.splitlines()) >= 2
