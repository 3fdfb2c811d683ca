"""Verbatim sentences of a text, split by sentencex (Wikimedia's splitter, ~300 languages).

Sentences are cut from the text's plain form (text/plain.py: no Markdown marks, bullets or "Q:"
labels), so each is the text's own words as a reader sees them, and `start`/`end` give the
original characters it came from: a quote made of it passes the same exact-quote check as an
LLM's. Very short fragments (menus, captions), lines that do not end as a sentence does
(headings) and very long runs (tables flattened to text) are left out.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import sentencex

from research.text.extractive.terms import CJK, is_cjk, language_of
from research.text.plain import plain
from research.text.records import RECORD

MIN_CHARS, MIN_CJK_CHARS, MAX_CHARS = 30, 10, 800
ENDS = (".", "!", "?", "…", "。", "！", "？", ";", "；")
STATEMENT_ENDS = (".", "!", "…", "。", "！", ";", "；")  # a question states nothing to quote


@dataclass(frozen=True)
class Sentence:
    text: str  # as a reader sees it (its markup left out)
    start: int  # where it starts in the text
    end: int  # where it ends there
    position: float  # 0.0 at the start of the text, 1.0 at its end
    context: str = ""  # the heading it stands under, if any
    header: str = ""  # a table row's: its table's first row ("Round; Date; Amount")


def sentences(text: str, language: str = "") -> list[Sentence]:
    """The text's sentences in order, each as a reader sees it, with its place in the text."""
    language = language or language_of(text)
    flat = plain(text)
    found, heading, header, last = [], "", "", ""
    for block_start, block_end, kind in blocks(text):
        block = flat.text[block_start:block_end].replace("\n", " ")  # the same length
        if kind == ROW:
            header = header if last == ROW else block.strip()  # a table's first row: its header
            last = kind
            if header != block.strip() and _kept_row(block):
                at = block_start + len(block) - len(block.lstrip())
                start, end = flat.span(at, at + len(block.strip()))
                row = Sentence(block.strip(), start, end, start / max(1, len(text)), heading)
                found.append(_with_header(row, header))
            continue
        last = kind
        if kind == ITEM and _kept_item(block):  # a list item that is no sentence: whole
            at = block_start + len(block) - len(block.lstrip())
            start, end = flat.span(at, at + len(block.strip()))
            found.append(Sentence(block.strip(), start, end, start / max(1, len(text)), heading))
            continue
        if _heading(block):
            heading = block.strip()
            continue
        cursor = 0
        for piece in sentencex.segment(language, block):
            sentence = piece.strip()
            at = block.find(sentence, cursor) if sentence else -1
            if at < 0:
                continue
            cursor = at + len(sentence)
            if _kept(sentence):
                start, end = flat.span(block_start + at, block_start + cursor)
                position = start / max(1, len(text))
                found.append(Sentence(sentence, start, end, position, heading))
    return found


_SENTENCE_END = re.compile(r"[.!?…。！？;；][\"'”’)»」』]*(?:\s|$)")


def _heading(block: str) -> bool:
    """A short line that does not end as a sentence does: a heading (or a label or a title)."""
    line = block.strip().rstrip(":：")
    if not line or line.startswith("|") or _SENTENCE_END.search(line):
        return False
    return len(line) <= 40 if is_cjk(line[0]) else len(line.split()) <= 12


ROW, ITEM, LINE = "row", "item", "line"


def blocks(text: str) -> list[tuple[int, int, str]]:
    """The (start, end, kind) of each block of the plain form of `text` (plain(text).text): a
    table's row, a list item, or a line, or lines that one sentence runs across (a line that
    breaks where no sentence, item or heading ends, before a line that starts no item and goes
    on in lower case, or after a comma or a word such as "for")."""
    original = text.split("\n")
    lines = plain(text).text.split("\n")  # line for line: plain() never drops a line break
    found: list[tuple[int, int, str]] = []
    at, joined = 0, False
    for i, line in enumerate(lines):
        if joined:
            found[-1] = (found[-1][0], at + len(line), found[-1][2])
        else:
            found.append((at, at + len(line), _kind(original[i])))
        following = original[i + 1] if i + 1 < len(original) else ""
        joined = found[-1][2] != ROW and _runs_on(
            line, following, lines[i + 1] if i + 1 < len(lines) else ""
        )
        at += len(line) + 1
    return [(start, end, kind) for start, end, kind in found if end > start]


def _kind(line: str) -> str:
    """A table's row, a list item (or a record line, a table's row under its header: a unit
    of its own, as an item is), or a line."""
    if line.lstrip().startswith("|"):
        return ROW
    return ITEM if _ITEM.match(line) or RECORD.match(line.strip()) else LINE


_ITEM = re.compile(r"^\s*(?:[-*+•]|\d{1,3}[.)])\s+\S")


def _kept_row(row: str) -> bool:
    """A row of two cells or more, one of them more than a number."""
    cells = [cell.strip() for cell in row.split(";")]
    return len([c for c in cells if c]) >= 2 and MIN_CJK_CHARS <= len(row.strip()) <= MAX_CHARS


def _kept_item(item: str) -> bool:
    """A list item of three words or more (or ten CJK characters) that is not a sentence, or a
    record line (whose semicolons end no sentence)."""
    item = item.strip()
    if RECORD.match(item):
        return True
    if not item or _SENTENCE_END.search(item):
        return False
    return len(item) >= MIN_CJK_CHARS if is_cjk(item[0]) else len(item.split()) >= 3


def _with_header(row: Sentence, header: str) -> Sentence:
    return Sentence(row.text, row.start, row.end, row.position, row.context, header)


_BLOCK_START = re.compile(r"^\s*(?:[#>|•*+-]|\d{1,3}[.)]\s|(?:Q|A|问|答)\s*[:：])")
_GOES_ON = re.compile(r"^\s*[a-z(]|^\s*[" + CJK + "]")
_OPEN_END = re.compile(
    r"(?:[,(\-–]|\b(?:a|an|the|of|for|to|in|on|at|by|with|and|or|from|as|is|are|was|were))$", re.I
)


def _runs_on(line: str, following: str, following_plain: str) -> bool:
    """Whether the sentence at the end of `line` goes on in the next line."""
    line = line.rstrip()
    if not line or not following_plain.strip() or _BLOCK_START.match(following):
        return False
    if line.rstrip("\"'”’)»」』").endswith(ENDS + (":", "：")) or line.lstrip().startswith("|"):
        return False
    if is_cjk(line[-1]):
        return is_cjk(following_plain.lstrip()[:1]) and len(line) >= 20
    return bool(_GOES_ON.match(following_plain) or _OPEN_END.search(line))


def _kept(sentence: str) -> bool:
    """A sentence of a fitting length that ends as sentences do (not a heading or a menu)."""
    shortest = MIN_CJK_CHARS if is_cjk(sentence) else MIN_CHARS
    end = sentence.rstrip("\"'”’)»」』")
    return shortest <= len(sentence) <= MAX_CHARS and end.endswith(STATEMENT_ENDS)
