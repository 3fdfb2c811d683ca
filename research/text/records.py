"""A record line: a table's row written under its header, "City: Avalon; Year: 2023;
Population: 120000". The library stores the rows of CSV files, spreadsheets, Word and PDF
tables so, and a fetched page's HTML tables; the sentence cutter takes each as a unit of its
own, which runs into no other line, and the analysis reads each cell by its header's name."""

from __future__ import annotations

import re

from research.text.writing import CJK

RECORD = re.compile(r"^[^:;\n]{1,60}:\s*[^;\n]*(?:;\s*[^:;\n]{1,60}:\s*[^;\n]*)+$")


def record_line(header: list[str], row: list[str]) -> str:
    """A table row as a record line under its header: "City: Avalon; Year: 2023; ..." (what
    `record_pairs` reads back)."""
    return "; ".join(f"{h}: {v}" for h, v in zip(header, row, strict=False))


def record_pairs(line: str) -> list[tuple[str, str]] | None:
    """The (key, value) pairs of a record line; None when the line is not one."""
    line = line.strip()
    if not RECORD.match(line):
        return None
    pairs = [part.split(":", 1) for part in line.split(";")]
    return [(key.strip(), value.strip()) for key, value in pairs]


def record_lines(table: list[list[str | None]]) -> list[str]:
    """A table's rows under its first row as record lines, each cell's white space collapsed;
    none for a table of fewer than two rows or columns (empty rows left out)."""
    rows = [[_cell(cell or "") for cell in row] for row in table]
    rows = [row for row in rows if any(row)]
    if len(rows) < 2 or len(rows[0]) < 2:
        return []
    return [record_line(rows[0], row) for row in rows[1:]]


# A line break inside a cell between two Chinese or Japanese characters, where it wrapped.
WRAPPED = re.compile(f"(?<=[{CJK}（(])\\s*\\n\\s*(?=[{CJK}）)])")


def _cell(text: str) -> str:
    """A cell's text on one line: a wrapped Chinese name whole ("江城市第一人\\n民医院"),
    other white space collapsed."""
    return " ".join(WRAPPED.sub("", text).split())
