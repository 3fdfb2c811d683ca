"""A text's rows (rows.py reads one sentence or record): each record line (a CSV or
spreadsheet row as the library stores it) by its fields, under its table's title; each table
row by its header's; each other sentence by its words."""

from __future__ import annotations

import re

from research.text.analysis.owners import Whose
from research.text.analysis.rows import Row, rows_in, rows_in_record
from research.text.extractive.sentences import sentences
from research.text.quantities import HEADER_UNIT, HeaderUnit, header_unit, years
from research.text.records import record_pairs

TITLE_LENGTH = 80  # a longer line over a table is a sentence leading into it, not its title


def _titles(line: str) -> bool:
    """Whether a line reads as a table's title: short, and no sentence."""
    return len(line) <= TITLE_LENGTH and not re.search(r"[。.!?！？:：;；]$", line)


def _title(titles: list[str], unit: HeaderUnit | None) -> HeaderUnit | None:
    """What the titles over a table say of its numbers: the one naming a unit ("Passengers
    (thousands)"), else the one the others are part of ("集装箱吞吐量" over "全省主要港口集装箱
    吞吐量（1—12月累计）"), as a measure without a unit; else `unit` (titles a PDF page lists
    above all its tables say nothing of any one)."""
    united = [t for t in titles if HEADER_UNIT.search(t)]  # "（分钟）" too, which scales none
    if len(united) == 1:
        return titled(united[0]) or unit
    bare = [_bare(t) for t in titles]
    longest = max(bare, key=len, default="")
    if united or not longest or not all(b in longest for b in bare):
        return unit
    return HeaderUnit(longest, 1.0, "", "")


def titled(title: str) -> HeaderUnit | None:
    """The unit and measure a title gives numbers under it: "Passengers (thousands)" scales
    them; "Leakage (Ml/d)" names their measure only; None when it says no unit."""
    found = header_unit(title)
    if found or not HEADER_UNIT.search(title) or not _bare(title):
        return found
    return HeaderUnit(_bare(title), 1.0, "", "")


def _bare(title: str) -> str:
    """A title's words without its unit; "" when they date the table rather than name what it
    measures ("数据时点：2023年9月30日，单位：人")."""
    bare = HEADER_UNIT.sub("", title).strip()
    return "" if years(bare) else bare


def _record_rows(
    text: str, whose: Whose, unit: HeaderUnit | None
) -> tuple[list[tuple[Row, str]], list[tuple[int, int]]]:
    """The rows of a text's record lines, and where those lines are; records count in the
    unit and measure their table's title gives (`_title`), else in `unit`."""
    found: list[tuple[Row, str]] = []
    records: list[tuple[int, int]] = []
    titles: list[str] | None = []
    at, lead = 0, unit
    for line in text.splitlines(keepends=True):
        pairs = record_pairs(line)
        if pairs:
            if titles is not None:  # the first line of a table
                lead = _title(titles, unit)
            quote = line.strip()
            found += [(row, "") for row in rows_in_record(pairs, quote, whose=whose, unit=lead)]
            records.append((at, at + len(line)))
            titles = None
        elif line.strip():
            titles = (titles or []) + [line.strip()] * _titles(line.strip())
        at += len(line)
    return found, records


def one_year(title: str) -> str:
    """The one year a title names ("新势力2023年交付榜出炉"), which its text's "全年" means."""
    named = set(re.findall(r"(?<!\d)((?:19|20)\d\d)(?!\d)", title))
    return named.pop() if len(named) == 1 else ""


def rows_of(
    text: str, whose: Whose, unit: HeaderUnit | None = None, year: str = ""
) -> list[tuple[Row, str]]:
    """A text's rows with their locators: each record line (a CSV or spreadsheet row as the
    library stores it) by its fields, each table row by its header's, each other sentence by
    its words; each of the thing `whose` says it is of. A table's numbers with no unit of
    their own take the one its heading or caption gives, else `unit` (the title's: "Terminal
    passengers (thousands)")."""
    found, records = _record_rows(text, whose, unit)
    for sentence in sentences(text):
        if any(start < sentence.end and sentence.start < end for start, end in records):
            continue
        quote = text[sentence.start : sentence.end]
        if sentence.header:  # a table row: its cells named by its header's
            pairs = list(zip(sentence.header.split("; "), sentence.text.split("; "), strict=False))
            titled = header_unit(sentence.caption) or header_unit(sentence.context) or unit
            rows = rows_in_record(pairs, quote, whose=whose, unit=titled)
        else:
            rows = rows_in(quote, whose=whose, year=year)
        found += [(row, sentence.context) for row in rows]
    return found
