"""Full-text search over the library's passages, in each database's own engine.

SQLite: FTS5 with the trigram tokenizer, ranked by its BM25. PostgreSQL: the generated tsvector
column and its GIN index, ranked by ts_rank_cd. Both tables come from migration 0011.

Terms: words of two or more letters that are not stopwords, and for Chinese, Japanese and Korean
(no spaces) overlapping pieces of the run: trigrams, which FTS5's trigram index matches as
substrings, and on PostgreSQL bigrams matched with ILIKE, since its parser has no CJK words.
Terms are ORed: a passage that matches more of them, rarer ones, ranks higher. A search whose
only terms are too short for the trigram index (two letters) scans with LIKE instead.

Snippets are made here from the passage text, the same way on both databases: the window with
most matches, each match between MARK_START and MARK_END (private-use characters that the
rendering layer escapes around and turns into <mark>).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from django.db import connection

from research.models.library import Passage
from research.models.statuses import DocumentStatus
from research.scripts import CJK_CHAR, SCRIPT_PARTS, STOPWORDS, WORD_RUN

MARK_START, MARK_END = "\ue000", "\ue001"
MAX_TERMS = 24
SNIPPET_CHARS = 240


@dataclass(frozen=True)
class Terms:
    words: list[str]  # lower-cased words, 2+ letters
    cjk: list[str]  # runs of CJK characters as written

    @property
    def empty(self) -> bool:
        return not (self.words or self.cjk)

    def pieces(self, size: int) -> list[str]:
        """The CJK runs cut into overlapping pieces of `size` characters (a shorter run whole)."""
        found: list[str] = []
        for run in self.cjk:
            parts = (
                [run]
                if len(run) <= size
                else [run[i : i + size] for i in range(len(run) - size + 1)]
            )
            found += [part for part in parts if part not in found]
        return found[:MAX_TERMS]

    def highlights(self) -> list[str]:
        return sorted({*self.words, *self.pieces(2)}, key=len, reverse=True)


def parse_terms(text: str) -> Terms:
    words: list[str] = []
    cjk: list[str] = []
    for run in WORD_RUN.finditer(text.lower()):
        for part in SCRIPT_PARTS.findall(run.group()):
            if CJK_CHAR.match(part):
                if len(part) > 1 and part not in cjk:
                    cjk.append(part)
            elif len(part) > 1 and part not in STOPWORDS and part not in words:
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
    long_terms = [w for w in terms.words if len(w) >= 3] + terms.pieces(3)
    long_terms = [t for t in long_terms if len(t) >= 3]
    with connection.cursor() as cursor:
        if long_terms:
            match = " OR ".join('"' + t.replace('"', '""') + '"' for t in long_terms)
            cursor.execute(
                "SELECT p.id, -bm25(research_passage_fts) FROM research_passage_fts f "
                "JOIN research_passage p ON p.id = f.rowid "
                "JOIN research_document d ON d.id = p.document_id "
                f"WHERE research_passage_fts MATCH %s AND {where} "
                "ORDER BY bm25(research_passage_fts) LIMIT %s",
                [match, *params, limit],
            )
            return [(pk, float(score)) for pk, score in cursor.fetchall()]
        return _like(cursor, terms.words + terms.pieces(2), where, params, limit, "LIKE")


LIKE = "p.text {op} %s ESCAPE '\\'"


def _postgres(terms: Terms, where: str, params: list, limit: int) -> list[tuple[int, float]]:
    with connection.cursor() as cursor:
        if not terms.words:
            return _like(cursor, terms.pieces(2), where, params, limit, "ILIKE")
        query = " || ".join(["plainto_tsquery('simple', %s)"] * len(terms.words))
        pieces = terms.pieces(2)
        like = LIKE.format(op="ILIKE")
        bonus = "".join(f" + (CASE WHEN {like} THEN 0.1 ELSE 0 END)" for _ in pieces)
        either = "".join(f" OR {like}" for _ in pieces)
        patterns = [_pattern(piece) for piece in pieces]
        cursor.execute(
            f"SELECT p.id, ts_rank_cd(p.search, q.q){bonus} AS score "
            "FROM research_passage p JOIN research_document d ON d.id = p.document_id, "
            f"(SELECT {query} AS q) q WHERE (p.search @@ q.q{either}) AND {where} "
            "ORDER BY score DESC, p.id LIMIT %s",
            [*patterns, *terms.words, *patterns, *params, limit],
        )
        return [(pk, float(score)) for pk, score in cursor.fetchall()]


def _like(cursor, terms: list[str], where: str, params: list, limit: int, op: str):
    """A scan for terms too short for the index: score is how many of them a passage holds."""
    if not terms:
        return []
    like = LIKE.format(op=op)
    hits = " + ".join([f"(CASE WHEN {like} THEN 1 ELSE 0 END)"] * len(terms))
    patterns = [_pattern(term) for term in terms]
    cursor.execute(
        f"SELECT p.id, {hits} AS score FROM research_passage p "
        "JOIN research_document d ON d.id = p.document_id "
        f"WHERE ({' OR '.join([like] * len(terms))}) AND {where} "
        "ORDER BY score DESC, p.id LIMIT %s",
        [*patterns, *patterns, *params, limit],
    )
    return [(pk, float(score)) for pk, score in cursor.fetchall()]


def _pattern(term: str) -> str:
    escaped = term.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    return f"%{escaped}%"


def snippet(text: str, marks: Sequence[str], size: int = SNIPPET_CHARS) -> str:
    """The `size`-character window of `text` with the most matches, matches marked."""
    if not marks:
        return text[:size]
    pattern = re.compile("|".join(re.escape(mark) for mark in marks), re.IGNORECASE)
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
