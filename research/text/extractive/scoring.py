"""Scores for the extractive engine: BM25 (bm25s), key phrases, and MMR.

BM25 scores documents (results, sentences) against a query's terms. Key phrases are the runs of
one to three terms that recur across a text and the texts around it, scored by frequency and by
how many of those texts share them. MMR (maximal marginal relevance) keeps the best items while
leaving out those that repeat what a kept one already says.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Sequence
from typing import TypeVar

import bm25s

from research.text.extractive.terms import CJK, terms

T = TypeVar("T")
CJK_RUN = re.compile(f"[{CJK}]+")


def bm25(query: Sequence[str], documents: Sequence[Sequence[str]]) -> list[float]:
    """Each document's BM25 score for the query's terms (0.0 when it shares none)."""
    if not documents or not query:
        return [0.0] * len(documents)
    index = bm25s.BM25()
    index.index([list(d) or ["\u0000"] for d in documents], show_progress=False)
    known = [term for term in query if term in index.vocab_dict]
    if not known:
        return [0.0] * len(documents)
    return [float(score) for score in index.get_scores(known)]


def coverage(query: Sequence[str], document: Sequence[str]) -> float:
    """The share of the query's distinct terms the document contains."""
    wanted = set(query)
    return len(wanted & set(document)) / len(wanted) if wanted else 0.0


def key_phrases(text: str, context: Sequence[str] = (), limit: int = 8) -> list[str]:
    """Up to `limit` phrases that name what `text` (a question, a section) is about: its runs
    of one to three words without stopwords at their ends (or two to four CJK characters),
    ranked by how many `context` texts share them and by length; then, if there is room,
    phrases that recur in the context texts that share the text's terms."""
    own = _ranked(_candidates(text), context)
    if len(own) < limit:
        wanted = set(terms(text))
        related = [c for c in context if wanted & set(terms(c))]
        own += [
            p
            for p in _ranked([c for body in related for c in _candidates(body)], related)
            if p not in own
        ]
    return _distinct(own, limit)


def _ranked(candidates: list[tuple[tuple[str, ...], str]], context: Sequence[str]) -> list[str]:
    sets = [set(terms(body)) for body in context]
    seen: dict[tuple[str, ...], str] = {}
    count: Counter[tuple[str, ...]] = Counter()
    for key, written in candidates:
        seen.setdefault(key, written)
        count[key] += 1
    spread = {key: sum(1 for s in sets if set(key) <= s) for key in seen}

    def rank(key: tuple[str, ...]) -> tuple:
        """Shared by more texts first; among those shared, longer first; among the rest,
        shorter first (a long phrase no other text uses is rarely a name); then frequent."""
        length = len(key) if spread[key] else -len(key)
        return (-spread[key], -length, -count[key], key)

    return [seen[key] for key in sorted(seen, key=rank)]


def _distinct(phrases: list[str], limit: int) -> list[str]:
    """Phrases whose terms neither contain nor are contained by a phrase kept before."""
    chosen: list[str] = []
    keys: list[set[str]] = []
    for phrase in phrases:
        key = set(terms(phrase))
        if key and not any(key <= kept or kept <= key for kept in keys):
            chosen.append(phrase)
            keys.append(key)
        if len(chosen) == limit:
            break
    return chosen


def _candidates(text: str) -> list[tuple[tuple[str, ...], str]]:
    """(terms, the words as written) for every run of one to three kept words, and for every
    two to four characters of a Chinese, Japanese or Korean run (which has no spaces)."""
    found = []
    for run in CJK_RUN.findall(text):
        for size in (2, 3, 4):
            for i in range(len(run) - size + 1):
                piece = run[i : i + size]
                key = tuple(terms(piece))
                if key:
                    found.append((key, piece))
    spaced = CJK_RUN.sub(" ", text)
    words = [w.strip(".,;:!?()[]\"'“”‘’«»-–—") for w in spaced.replace("\n", " ").split()]
    kept = [bool(terms(word)) for word in words]
    for size in (1, 2, 3):
        for i in range(len(words) - size + 1):
            if not (kept[i] and kept[i + size - 1]):  # no stopword at either end
                continue
            written = " ".join(words[i : i + size])
            key = tuple(terms(written))
            if key and all(len(t) > 2 or not t.isascii() for t in key):
                found.append((key, written))
    return found


def mmr(
    items: Sequence[T],
    scores: Sequence[float],
    similar: Callable[[T, T], float],
    limit: int,
    balance: float = 0.7,
) -> list[T]:
    """Up to `limit` items, each the best by `balance` * its score minus (1 - `balance`) * its
    likeness to the items already kept; items more than 0.8 alike a kept one are left out."""
    top = max(scores, default=0.0) or 1.0
    left = list(range(len(items)))
    kept: list[int] = []
    while left and len(kept) < limit:

        def value(i: int) -> float:
            likeness = max((similar(items[i], items[k]) for k in kept), default=0.0)
            return balance * scores[i] / top - (1 - balance) * likeness

        best = max(left, key=value)
        left.remove(best)
        if all(similar(items[best], items[k]) <= 0.8 for k in kept):
            kept.append(best)
    return [items[i] for i in kept]


def jaccard(a: Sequence[str], b: Sequence[str]) -> float:
    sa, sb = set(a), set(b)
    return len(sa & sb) / len(sa | sb) if sa or sb else 0.0
