"""One normaliser for every model's Markdown, before it is stored.

Models write Markdown of their own inside Dossier's: a list item that starts with another
marker ("- - finding", "• - finding", "1. - finding"), a list marker left in the middle of a
paragraph ("...as planned. - on the other hand..."), a `#` heading inside a report whose title
is Dossier's, headings that skip a level, and the title written again. `normalise` collapses
the doubled markers, removes the stray ones, puts headings under the report's own (one `#`
title, then `##`, `###`), and drops a heading that repeats the title. Code blocks are left as
they are.
"""

from __future__ import annotations

import re

_MARKER = r"(?:[-*+•◦▪‣]|\d{1,3}[.)])"
_DOUBLED = re.compile(rf"^(\s*){_MARKER}[ \t]+(?:[-*+•◦▪‣][ \t]+)+")
_BULLET_ONLY = re.compile(r"^(\s*)[•◦▪‣][ \t]+")
_STRAY = re.compile(r"(?<=[.!?。！？:;)\]])[ \t]+[-*•◦][ \t]+(?=\S)")
_HEADING = re.compile(r"^(#{1,6})[ \t]+(.*?)[ \t#]*$")
_FENCE = re.compile(r"^\s*(```|~~~)")


def normalise(markdown: str, *, whole: bool = True, title: str = "") -> str:
    """The model's Markdown with Dossier's structure (see the module's notes). A `whole`
    report keeps its first `#` heading as its title; a part of one (a section, an answer) has
    headings from `##` only. A heading that says the title (or `title`) again is dropped."""
    lines, fenced = [], False
    for line in markdown.splitlines():
        if _FENCE.match(line):
            fenced = not fenced
        lines.append(line if fenced else _line(line))
    return "\n".join(_headings(lines, whole, title)).strip()


def _line(line: str) -> str:
    """One line: a doubled marker collapsed to one "- ", a lone bullet sign made "- ", and a
    marker in the middle of its text removed."""
    line = _DOUBLED.sub(_first_marker, line)
    line = _BULLET_ONLY.sub(lambda m: f"{m.group(1)}- ", line)
    return _STRAY.sub(" ", line)


def _first_marker(match: re.Match) -> str:
    """The outer of doubled markers ("1. - x" -> "1. x"), a bullet sign as "- "."""
    first = match.group(0).strip().split()[0]
    return f"{match.group(1)}{first if first[0].isdigit() else '-'} "


def _headings(lines: list[str], whole: bool, title: str) -> list[str]:
    """Headings under the report's own: its title once as `#`, every other heading at `##`
    or below, no level skipped; a heading that says a title again is dropped."""
    out: list[str] = []
    titles = [title] if title else []
    last, fenced = 1, False
    for line in lines:
        if _FENCE.match(line):
            fenced = not fenced
        match = None if fenced else _HEADING.match(line)
        if not match:
            out.append(line)
            continue
        text = match.group(2).strip()
        if any(_same(text, known) for known in titles):
            continue
        if whole and not titles and len(match.group(1)) == 1:
            out.append(f"# {text}")
            titles.append(text)
            continue
        level = max(2, min(len(match.group(1)), last + 1))
        out.append(f"{'#' * level} {text}")
        last = level
    return out


def _same(heading: str, title: str) -> bool:
    def bare(text: str) -> str:
        return re.sub(r"[\W_]+", " ", text).strip().casefold()

    return bare(heading) == bare(title)
