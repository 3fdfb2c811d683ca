"""A PDF page's text with its list markers back at the start of their items.

Many PDF writers (browsers' print to PDF, WeasyPrint, some word processors) draw a list's
bullets or numbers as text objects of their own after the items, so pypdf's text reads the
items as bare lines and then "•" once per item at the page's end: the list is no longer a list,
its items read as a heading and a paragraph run together, and no sentence of it can be quoted.
Each text object's position tells where a marker belongs: on the baseline of the item it
stands left of.
"""

from __future__ import annotations

import re

MARKER = re.compile(r"[•◦▪▫■□●○‣⁃∙\uf0a7\uf0b7]|\d{1,3}[.)]")  # bullets (Symbol's too), "3."
ITEM_START = re.compile(r"(?:[•◦▪‣⁃]|\d{1,3}[.)])\s")  # a line that starts a list's item
BASELINE_SLACK = 1.0  # points a marker's baseline may sit off its item's


def page_text(page) -> str:
    """The page's text (pypdf), each list item's line prefixed with its marker when the
    markers were drawn apart from their items; a page whose markers already lead their lines,
    or that has none, is read as pypdf reads it."""
    pieces: list[tuple[float, float, str]] = []  # baseline, left edge, text

    def visit(text, cm, tm, font, size) -> None:
        if text.strip():
            pieces.append((cm[5] + tm[5] * cm[3], cm[4] + tm[4] * cm[0], text))

    text = page.extract_text(visitor_text=visit) or ""
    starts = _item_starts(pieces)
    if not starts:
        return text
    lines = []
    for line in text.split("\n"):
        stripped = line.strip()
        if MARKER.fullmatch(stripped):
            continue  # a marker drawn apart, now in front of its item
        at = next((i for i, (head, _) in enumerate(starts) if stripped.startswith(head)), None)
        lines.append(line if at is None else f"{starts.pop(at)[1]} {stripped}")
    return "\n".join(lines)


def _item_starts(pieces: list[tuple[float, float, str]]) -> list[tuple[str, str]]:
    """(first line of an item, its marker) for each marker drawn as a text of its own, left of
    a text on its baseline, in the order they were drawn."""
    markers = [(y, x, t.strip()) for y, x, t in pieces if MARKER.fullmatch(t.strip())]
    if not markers:
        return []
    starts = []
    for y, x, marker in markers:
        right = [
            (px, t)
            for py, px, t in pieces
            if abs(py - y) <= BASELINE_SLACK and px > x and not MARKER.fullmatch(t.strip())
        ]
        head = min(right)[1].split("\n")[0].strip() if right else ""
        if len(head) >= 2:
            starts.append((head, marker if marker[:1].isdigit() else "•"))
    return starts
