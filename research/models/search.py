"""Full-text search over the library's passages, in each database's own engine.

What is indexed (PassageIndex.text, written with each passage) is the passage's text with each
run of Chinese, Japanese or Korean cut into overlapping character pairs, so a word-based engine
finds those scripts without a dictionary. SQLite: FTS5 (unicode61 tokens, Porter stemming),
ranked by its BM25. PostgreSQL: a generated tsvector ('english' configuration) with a GIN index,
ranked by ts_rank_cd. Both come from migration 0011.

A search's terms are its words that are not stopwords, and the character pairs of its CJK runs.
Terms are ORed: a passage that matches more of them, and rarer ones, ranks higher.

Snippets are made here from the passage text, the same way on both databases: the window with
most matches, each match between MARK_START and MARK_END (private-use characters that the
rendering layer escapes around and turns into <mark>).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

from django.db import connection

from research.models.library import Passage
from research.models.statuses import DocumentStatus
from research.text.writing import CJK_CHAR, SCRIPT_PARTS, WORD_RUN, pairs, stopwords

MARK_START, MARK_END = "\ue000", "\ue001"
MAX_TERMS = 24
SNIPPET_CHARS = 240
OVERFETCH = 5
MIN_TWO_TERMS = 8  # the terms paired in PostgreSQL's first, narrower pass


@dataclass(frozen=True)
class Terms:
    words: list[str]  # lower-cased words, 2+ letters, not stopwords
    cjk: list[str]  # runs of CJK characters as written

    @property
    def empty(self) -> bool:
        return not (self.words or self.cjk)

    def pairs(self) -> list[str]:
        """The CJK runs' character pairs, each a term: a long run need not appear whole, and a
        passage holding more of its pairs ranks higher."""
        found: list[str] = []
        stop = stopwords()
        for run in self.cjk:
            found += [pair for pair in pairs(run) if pair not in found and pair not in stop]
        return found[:MAX_TERMS]

    def highlights(self) -> list[str]:
        found = {*self.words}
        for run in self.cjk:
            found.update(pairs(run))
        return sorted(found, key=len, reverse=True)


def parse_terms(text: str) -> Terms:
    words: list[str] = []
    cjk: list[str] = []
    stop = stopwords()
    for run in WORD_RUN.finditer(text.lower()):
        for part in SCRIPT_PARTS.findall(run.group()):
            if CJK_CHAR.match(part):
                if part not in stop and part not in cjk:
                    cjk.append(part)
            elif len(part) > 1 and part not in stop and part not in words:
                words.append(part)
    return Terms(words[:MAX_TERMS], cjk[:MAX_TERMS])


@dataclass(frozen=True)
class Hit:
    passage: Passage
    score: float  # higher is better; comparable only within one search
    snippet: str  # with MARK_START/MARK_END around matches


def search_passages(
    text: str,
    *,
    collections: Sequence[int] = (),
    kinds: Sequence[str] = (),
    documents: Sequence[int] = (),
    limit: int = 20,
) -> list[Hit]:
    """The passages of ready documents that best match `text`, best first."""
    terms = parse_terms(text)
    if terms.empty or limit <= 0:
        return []
    where, params = document_filters(collections, kinds, documents)
    if connection.vendor == "postgresql":
        ranked = _postgres(terms, where, params, limit)
    else:
        ranked = _sqlite(terms, where, params, limit)
    passages = Passage.objects.select_related("document__collection").in_bulk(
        [pk for pk, _ in ranked]
    )
    marks = terms.highlights()
    return [
        Hit(passages[pk], score, snippet(passages[pk].text, marks))
        for pk, score in ranked
        if pk in passages
    ]


def document_filters(collections, kinds, documents) -> tuple[str, list]:
    """SQL over `d` (research_document): ready, and in these collections, kinds and ids."""
    clauses = ["d.status = %s"]
    params: list = [DocumentStatus.READY.value]
    for column, values in (
        ("d.collection_id", collections),
        ("d.kind", kinds),
        ("d.id", documents),
    ):
        if values:
            clauses.append(f"{column} IN ({', '.join(['%s'] * len(values))})")
            params += list(values)
    return " AND ".join(clauses), params


def _sqlite(terms: Terms, where: str, params: list, limit: int) -> list[tuple[int, float]]:
    """FTS5's best matches first (its `rank`, BM25, computed once per match), then the filters:
    most libraries are mostly ready documents, so `limit * OVERFETCH` best matches nearly always
    hold `limit` that pass; when they do not, the filters run over every match instead."""
    match = " OR ".join('"' + t.replace('"', '""') + '"' for t in terms.words + terms.pairs())
    best = "SELECT rowid, rank FROM research_passage_fts WHERE research_passage_fts MATCH %s"
    joined = (
        "SELECT p.id, -f.rank FROM ({best}) f JOIN research_passage p ON p.id = f.rowid "
        f"JOIN research_document d ON d.id = p.document_id WHERE {where} ORDER BY f.rank LIMIT %s"
    )
    with connection.cursor() as cursor:
        cursor.execute(
            joined.format(best=best + " ORDER BY rank LIMIT %s"),
            [match, limit * OVERFETCH, *params, limit],
        )
        rows = cursor.fetchall()
        if len(rows) < limit:
            cursor.execute(joined.format(best=best), [match, *params, limit])
            rows = cursor.fetchall()
    return [(pk, float(score)) for pk, score in rows]


def _postgres(terms: Terms, where: str, params: list, limit: int) -> list[tuple[int, float]]:
    """Ranking every passage that holds any one term is slow when a term is common, so the
    passages that hold at least two of the terms are ranked first; only when they are fewer
    than `limit` is every match ranked."""
    found = terms.words + terms.pairs()
    one = "plainto_tsquery('english', %s)"
    stages: list[tuple[str, list[str]]] = []
    if len(found) > 1:
        both = list(combinations(found[:MIN_TWO_TERMS], 2))
        stages.append(
            (" || ".join([f"({one} && {one})"] * len(both)), [t for p in both for t in p])
        )
    stages.append((" || ".join([one] * len(found)), found))
    with connection.cursor() as cursor:
        for query, values in stages:
            cursor.execute(
                "SELECT p.id, ts_rank_cd(i.search, q.q) AS score FROM research_passageindex i "
                "JOIN research_passage p ON p.id = i.passage_id "
                "JOIN research_document d ON d.id = p.document_id, "
                f"(SELECT {query} AS q) q WHERE i.search @@ q.q AND {where} "
                "ORDER BY score DESC, p.id LIMIT %s",
                [*values, *params, limit],
            )
            rows = cursor.fetchall()
            if len(rows) >= limit:
                break
    return [(pk, float(score)) for pk, score in rows]


def _whole(mark: str) -> str:
    if mark[:1].isascii() and mark[:1].isalnum():
        return rf"(?<![^\W_]){re.escape(mark)}[^\W_]*"
    return re.escape(mark)


def snippet(text: str, marks: Sequence[str], size: int = SNIPPET_CHARS) -> str:
    """The `size`-character window of `text` with the most matches, matches marked: whole
    words that start with a mark ("range" marks "ranges", never "Orange"); in Chinese,
    Japanese or Korean, where words have no spaces, the mark itself."""
    if not marks:
        return text[:size]
    pattern = re.compile("|".join(_whole(mark) for mark in marks), re.IGNORECASE)
    found = [m.start() for m in pattern.finditer(text)]
    start = 0
    if found:
        best = max(found, key=lambda at: sum(1 for other in found if at <= other < at + size))
        start = max(0, min(best - size // 4, len(text) - size))
        while 0 < start < len(text) and not text[start - 1].isspace() and start > best - size // 2:
            start -= 1  # do not begin inside a word
    window = text[start : start + size]
    marked = pattern.sub(lambda m: MARK_START + m.group() + MARK_END, window)
    return ("…" if start > 0 else "") + marked + ("…" if start + size < len(text) else "")
