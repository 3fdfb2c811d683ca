"""The document share bench/facts.py researches: a fictional delivery-robot company, in English
and in Chinese, with the brief's question, its fact checkpoints and its versioned measures.

Kestrel Robotics (青隼机器人) runs sidewalk delivery robots; its fiscal year ends on June 30 and
the current documents are of 2026. Every document is written once, as Markdown, in
facts_corpus_en.py and facts_corpus_zh.py (the superseded ones and the distractors in their
_older.py companions); its path's suffix says the format the bench makes of
it (.pdf, .docx, .html, .md). Beside the current documents are superseded ones with other
figures (archive/2024, archive/2025, a draft price list, a v0.3 roadmap) and distractors (HR,
IT, facilities, brand) that share the question's words. This module holds their types.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Doc:
    path: str  # its place in the share; the suffix is its format
    date: str  # ISO date it was written (a web result's publishedDate)
    text: str  # Markdown: the file itself for .md, rendered into the other formats


@dataclass(frozen=True)
class Checkpoint:
    name: str
    figures: tuple[str, ...]  # as the documents write them; any one found counts toward it


@dataclass(frozen=True)
class Measure:
    name: str
    current: str
    stale: tuple[str, ...]  # the superseded documents' values of the same measure


@dataclass(frozen=True)
class Corpus:
    question: str
    current_year: int  # a year before it in a sentence dates that sentence as history
    checkpoints: tuple[Checkpoint, ...]
    measures: tuple[Measure, ...]
    history_words: tuple[str, ...]  # words that mark a figure as history in a sentence
    documents: tuple[Doc, ...]


# --- English ----------------------------------------------------------------------------------
