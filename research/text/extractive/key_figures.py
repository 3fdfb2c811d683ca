"""The key figures table of an extractive brief: one row a quoted statement that states a
figure (measure, value, as of, source), up to two a section, in the report's order, a value
once."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from research.text.extractive.figures import dates_in, figures, label

TABLE_ROWS = 12


@dataclass(frozen=True)
class Quoted:
    quote: str
    n: int  # its source's citation number
    header: str  # a table row's header ("Round; Date; Amount"); "" for a sentence
    when: str  # its source's date; "" when unknown


def table(sections: Sequence[Sequence[Quoted]], columns: tuple[str, str, str, str]) -> str:
    """Measure | value | as of | source: the first figure of the quoted statements that have
    one, up to two a section, in the report's order, a value once."""
    rows: list[str] = []
    seen: set[str] = set()
    for own in sections:
        taken = 0
        for quoted in own:
            row = _row(quoted, seen)
            if row and taken < 2 and len(rows) < TABLE_ROWS:
                rows.append(row)
                taken += 1
    if not rows:
        return ""
    head = "| " + " | ".join(columns) + " |"
    return "\n".join([head, "|---|---|---|---|", *rows])


def _row(quoted: Quoted, seen: set[str]) -> str:
    found = figures(quoted.quote)
    value = next((f for f in found if f.kind != "date"), None)
    if value is None or value.value in seen:
        return ""
    seen.add(value.value)
    stated = [d for f in found if f.kind == "date" for d in dates_in(f.value)]
    when = _iso(stated[0]) if stated else quoted.when
    measure = _row_label(quoted.quote, value.value, quoted.header)
    measure = measure or label(quoted.quote, value) or "—"
    cells = [measure, value.value, when or "—", f"[{quoted.n}]"]
    return "| " + " | ".join(c.replace("|", "/") for c in cells) + " |"


def _row_label(row: str, value: str, header: str) -> str:
    """A table row's figure named by the row and its column: "Series B (Amount)"."""
    cells, names = row.split("; "), header.split("; ")
    column = next((k for k, cell in enumerate(cells) if value in cell), 0)
    if not header or len(cells) != len(names) or column == 0:
        return ""
    return f"{cells[0]} ({names[column]})"


def _iso(day: tuple[int, int, int]) -> str:
    year, month, date = day
    return f"{year}-{month:02d}" + (f"-{date:02d}" if date else "")
