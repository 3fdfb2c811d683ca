"""Verbatim sentences of a text, split by sentencex (Wikimedia's splitter, ~300 languages).

Each sentence is an exact substring of the text, so a quote made of it passes the same
exact-quote check as an LLM's. Very short fragments (menus, captions), lines that do not end as
a sentence does (headings) and very long runs (tables flattened to text) are left out.
"""

from __future__ import annotations

from dataclasses import dataclass

import sentencex

from research.text.extractive.terms import is_cjk, language_of

MIN_CHARS, MIN_CJK_CHARS, MAX_CHARS = 30, 10, 800
ENDS = (".", "!", "?", "…", "。", "！", "？", ";", "；")


@dataclass(frozen=True)
class Sentence:
    text: str
    start: int  # where it starts in the text
    position: float  # 0.0 at the start of the text, 1.0 at its end


def sentences(text: str, language: str = "") -> list[Sentence]:
    """The text's sentences in order, each as it stands in the text."""
    language = language or language_of(text)
    found, cursor = [], 0
    for paragraph in text.split("\n"):
        for piece in sentencex.segment(language, paragraph):
            sentence = piece.strip()
            start = text.find(sentence, cursor) if sentence else -1
            if start < 0:
                continue
            cursor = start + len(sentence)
            if _kept(sentence):
                found.append(Sentence(sentence, start, start / max(1, len(text))))
    return found


def _kept(sentence: str) -> bool:
    """A sentence of a fitting length that ends as sentences do (not a heading or a menu)."""
    shortest = MIN_CJK_CHARS if is_cjk(sentence) else MIN_CHARS
    return shortest <= len(sentence) <= MAX_CHARS and sentence.rstrip("\"'”’)»」』").endswith(ENDS)
