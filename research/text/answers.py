"""Retrieval for follow-up questions: the passages of a project's stored sources nearest a
question, by BM25 over their terms (stemmed words and CJK character pairs).

A source offers three kinds of passage: the verbatim quotes its summaries kept, the summaries
themselves, and windows of a few sentences of its stored text. Quotes and text windows are
verbatim parts of the source's text; a summary is what the model wrote about it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from research.text.citations import CITATION
from research.text.extractive.scoring import bm25, coverage
from research.text.extractive.sentences import sentences
from research.text.extractive.terms import terms
from research.text.plain import plain

WINDOW = 3  # sentences of stored text a window holds
PER_SOURCE = 3  # passages of one source at most among those kept
COVERED = 0.5  # the best passage holds at least this share of the question's terms


@dataclass(frozen=True)
class Passage:
    n: int  # the source's number in the project
    kind: str  # "quote", "summary" or "text"
    text: str


@dataclass(frozen=True)
class Found:
    passage: Passage
    score: float  # BM25
    coverage: float  # the share of the question's distinct terms it holds


def passages_of(
    n: int, text: str, summaries: Sequence[str] = (), quotes: Sequence[str] = ()
) -> list[Passage]:
    """One source's passages: its quotes, its summaries, and its text in windows."""
    found = [Passage(n, "quote", q) for q in dict.fromkeys(quotes) if q.strip()]
    found += [Passage(n, "summary", s) for s in dict.fromkeys(summaries) if s.strip()]
    pieces = sentences(text) if text.strip() else []
    for i in range(0, len(pieces), WINDOW):
        first, last = pieces[i], pieces[min(i + WINDOW, len(pieces)) - 1]
        found.append(Passage(n, "text", text[first.start : last.end]))
    return found


def retrieve(question: str, passages: Sequence[Passage], limit: int) -> list[Found]:
    """The `limit` passages that best match the question, at most PER_SOURCE from one source,
    best first; none that shares no term with it."""
    wanted = terms(question)
    bags = [terms(p.text) for p in passages]
    scores = bm25(wanted, bags)
    ranked = sorted(range(len(passages)), key=lambda i: -scores[i])
    kept: list[Found] = []
    per_source: dict[int, int] = {}
    for i in ranked:
        passage = passages[i]
        if scores[i] <= 0 or len(kept) >= limit:
            break
        if per_source.get(passage.n, 0) >= PER_SOURCE:
            continue
        per_source[passage.n] = per_source.get(passage.n, 0) + 1
        kept.append(Found(passage, scores[i], coverage(wanted, bags[i])))
    return kept


def covers(found: Sequence[Found]) -> bool:
    """Whether the passages found answer the question, as far as words can tell: one of them
    holds most of its terms."""
    return any(f.coverage >= COVERED for f in found)


MIN_QUOTED = 40  # characters: a shorter sentence may stand in a source by chance
_TRAILING = re.compile(r"[.!?。！？…]*[\"”’'」』)]*\s*$")
_SPACE = re.compile(r"\s+")


def cite_verbatim(markdown: str, texts: Mapping[int, str]) -> tuple[str, list[int]]:
    """The answer with each uncited sentence that quotes a source word for word (the sentence
    is part of the source's text, or holds one of its sentences) followed by that source's
    [n], the first by number; and the numbers it added. Sentences shorter than MIN_QUOTED
    characters are left as they are."""
    pieces = sentences(markdown) if markdown.strip() else []
    stored = {n: _Stored(text) for n, text in sorted(texts.items())}
    out, cursor, added = [], 0, []
    for piece in pieces:
        text = markdown[piece.start : piece.end].rstrip()
        if len(piece.text) < MIN_QUOTED or CITATION.search(text):
            continue
        said = _flat(_bare(piece.text))
        n = next((n for n, source in stored.items() if source.quoted_in(said)), None)
        if n is None:
            continue
        tail = _TRAILING.search(text)
        at = piece.start + (tail.start() if tail else len(text))
        out += [markdown[cursor:at], f" [{n}]"]
        cursor = at
        added.append(n)
    return "".join(out) + markdown[cursor:], sorted(set(added))


class _Stored:
    """A source's text, its white space flattened, and its sentences long enough to count."""

    def __init__(self, text: str) -> None:
        self.text = _flat(plain(text).text)  # a line break inside a sentence does not cut it
        found = (_bare(s.text) for s in sentences(self.text)) if self.text else ()
        self.sentences = [s for s in found if len(s) >= MIN_QUOTED]

    def quoted_in(self, said: str) -> bool:
        return said in self.text or any(sentence in said for sentence in self.sentences)


def _flat(text: str) -> str:
    return _SPACE.sub(" ", text).strip()


def _bare(sentence: str) -> str:
    """A sentence without the list marker, quotation marks and end punctuation around it."""
    sentence = re.sub(r"^\s*(?:[-*+]|\d+[.)])\s+", "", sentence)
    return _TRAILING.sub("", sentence).strip().strip("\"“”'‘’「」")
