"""A text as a reader sees it: Markdown's marks left out, every character traced to the original.

Stored texts keep their sources' markup (a library's Markdown, a FAQ's "Q:"), verbatim, so that
a quote's place in them can always be shown. A quote is taken from the plain form instead: no
heading marks, list bullets, question-and-answer labels or block quote marks at a line's start,
no bold, italic or code marks, a link's text without its target, and a table's row as its cells
("Seed; March 2020; $3 million": its pipes read as semicolons). `Plain.span` gives the original
characters that a piece of the plain text came from, and `locate` finds a quote (plain or not)
in the original, so the quote's place still resolves.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_LINE_START = re.compile(
    r"^[ \t]*(?:>[ \t]?)*(?:#{1,6}[ \t]+|(?:[-*+•][ \t]+|\d{1,3}[.)][ \t]+)(?:\[[ xX]\][ \t]+)?)?"
    r"(?:(?:Q|A|Question|Answer)[ \t]*:[ \t]+|[问答][ \t]*[:：][ \t]*)?",
    re.MULTILINE,
)
_CLOSING_HASHES = re.compile(r"[ \t]+#+[ \t]*$", re.MULTILINE)
_LINK = re.compile(r"(!?)\[([^\]\n]*)\]\((?:[^()\s]|\([^()\s]*\))*(?:\s+\"[^\"\n]*\")?\)")
_EMPHASIS = re.compile(  # a letter or digit of a spaced script beside it makes it not a mark
    r"(?<![A-Za-z0-9*_\\])(?:\*{1,3}|_{1,3})(?=[^\s*_])"
    r"|(?<=[^\s*_\\])(?:\*{1,3}|_{1,3})(?![A-Za-z0-9*_])|`+"
)
_SPACE = re.compile(r"\s+")
_TABLE_ROW = re.compile(r"^[ \t]*\|.*\|[ \t]*$", re.MULTILINE)
_SEPARATOR_ROW = re.compile(r"^[ \t|:\-]+$")


@dataclass(frozen=True)
class Plain:
    text: str
    origin: tuple[int, ...]  # for each character of `text`, its index in the original (the same
    # character there, but for a table's pipe read as a semicolon)

    def span(self, start: int, end: int) -> tuple[int, int]:
        """The original's characters that text[start:end] (not empty) was made from."""
        return self.origin[start], self.origin[end - 1] + 1


def plain(text: str) -> Plain:
    """`text` without its Markdown marks (see the module's notes)."""
    dropped = bytearray(len(text))
    for pattern in (_LINE_START, _CLOSING_HASHES, _EMPHASIS):
        for match in pattern.finditer(text):
            dropped[match.start() : match.end()] = b"\x01" * (match.end() - match.start())
    for match in _LINK.finditer(text):
        keep_start, keep_end = match.span(2)
        if match.group(1):  # an image: its alt text is not part of a sentence
            keep_start = keep_end = match.start()
        dropped[match.start() : keep_start] = b"\x01" * (keep_start - match.start())
        dropped[keep_end : match.end()] = b"\x01" * (match.end() - keep_end)
    cells = _table_rows(text, dropped)
    origin = tuple(i for i in range(len(text)) if not dropped[i])
    return Plain("".join(";" if i in cells else text[i] for i in origin), origin)


def _table_rows(text: str, dropped: bytearray) -> set[int]:
    """A Markdown table's rows as their cells ("Seed; March 2020; $3 million"): the outer
    pipes and a separator row ("|---|---|") left out, each inner pipe read as a semicolon with
    no space before it. Returns where those semicolons stand."""
    cells: set[int] = set()
    for row in _TABLE_ROW.finditer(text):
        start, end = row.span()
        if _SEPARATOR_ROW.match(row.group(0)):
            dropped[start:end] = b"\x01" * (end - start)
            continue
        pipes = [start + m.start() for m in re.finditer(r"\|", row.group(0))]
        for at in (pipes[0], pipes[-1]):
            dropped[at] = 1
        for at in pipes[1:-1]:
            cells.add(at)
            back = at
            while back > start and text[back - 1] in " \t":
                back -= 1
                dropped[back] = 1
    return cells


def locate(quote: str, text: str) -> tuple[int, int] | None:
    """Where `quote` stands in `text`: as written, or with different white space, or as the
    plain form of the text has it (its markup left out). None when it is not there."""
    quote = quote.strip().strip('"“”')
    if not quote:
        return None
    at = text.find(quote)
    if at >= 0:
        return at, at + len(quote)
    found = _search(quote, text)
    if found:
        return found
    flat = plain(text)
    found = _search(plain(quote).text.strip(), flat.text)
    return flat.span(*found) if found else None


def _search(quote: str, text: str) -> tuple[int, int] | None:
    words = [re.escape(word) for word in _SPACE.split(quote) if word]
    match = re.search(r"\s+".join(words), text) if words else None
    return match.span() if match else None
