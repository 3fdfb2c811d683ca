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


def sentences(text: str, language: str = "") -> list[Sentence]:
    """The text's sentences in order, each as a reader sees it, with its place in the text."""
    language = language or language_of(text)
    flat = plain(text)
    found, heading = [], ""
    for block_start, block_end in blocks(text):
        block = flat.text[block_start:block_end].replace("\n", " ")  # the same length
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


def blocks(text: str) -> list[tuple[int, int]]:
    """The (start, end) of each block of the plain form of `text` (plain(text).text): a line,
    or lines that one sentence runs across (a line that breaks where no sentence, item or
    heading ends, before a line that starts no item and goes on in lower case, or after a
    comma or a word such as "for")."""
    original = text.split("\n")
    lines = plain(text).text.split("\n")  # line for line: plain() never drops a line break
    found: list[tuple[int, int]] = []
    at, joined = 0, False
    for i, line in enumerate(lines):
        if joined:
            found[-1] = (found[-1][0], at + len(line))
        else:
            found.append((at, at + len(line)))
        following = original[i + 1] if i + 1 < len(original) else ""
        joined = _runs_on(line, following, lines[i + 1] if i + 1 < len(lines) else "")
        at += len(line) + 1
    return [(start, end) for start, end in found if end > start]


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
