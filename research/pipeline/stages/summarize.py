"""Step 6, summarise: what one source says about one query, with exact supporting quotes.

Long text is split into chunks by a token budget; each chunk is summarised against the query
(concurrently), chunks the model finds not relevant are dropped, and the rest are merged.

Reads:    one Query's text and one fetched Source's title and extracted text. Without a
          model, the quotes are the page's best-matching sentences, verbatim.
Replaces: the Summary of that source for that query (text, relevance, verbatim quotes).
"""

from __future__ import annotations

import dataclasses

from django.conf import settings

from research.errors import MissingInput
from research.models import Method, Stage, Summary
from research.pipeline.shared import parallel
from research.pipeline.shared.context import StageSpec, StepContext
from research.prompts import MERGE, SUMMARIZE
from research.prompts.outputs import ChunkSummary, MergedSummary
from research.text.extractive.asks import asks_for_figures
from research.text.extractive.currency import YEAR
from research.text.extractive.figures import states_figures
from research.text.extractive.items import item_headings
from research.text.extractive.prospects import spanned
from research.text.extractive.scoring import bm25, coverage, jaccard, mmr
from research.text.extractive.sentences import Sentence, sentences
from research.text.extractive.terms import terms
from research.text.quotes import exact_quotes
from research.text.tokens import chunks

MAX_QUOTES = 4
# Without a model each quote is one sentence, not a model's selection of several: more of them.
EXTRACTIVE_QUOTES = 6
FIGURE_WEIGHT = 1.0  # for a sentence that states figures, when the question asks for them
TABLE_ROWS = 12  # rows of one table quoted together at most
MAX_CHUNKS = 6


def chunk_tokens(window: int) -> int:
    """Room for page text in one prompt: the window less the instructions and the answer."""
    return max(min(800, window // 4), min(6000, (window - 2500) // 2))


def run(ctx: StepContext) -> None:
    query, source = ctx.query, ctx.source
    text = source.text
    if not text.strip():
        raise MissingInput("The source has no extracted text to summarise.")
    parts, read, merged = ctx.refitting(lambda: _read(ctx, query.text, source.title, text))
    quotes, dropped = exact_quotes(merged.quotes if merged else [], text, MAX_QUOTES)
    Summary.objects.update_or_create(
        query=query,
        source=source,
        defaults={
            "text": merged.summary if merged else "",
            "relevant": merged is not None,
            "quotes": quotes,
            "quotes_dropped": dropped,
            "model": settings.LLM_FAST_MODEL,
            "method": Method.LLM,
            "tokens": ctx.meter.used,
        },
    )
    read_note = f"read {len(read)} of {len(parts)} parts" if len(parts) > len(read) else ""
    ctx.note(
        ", ".join(
            filter(
                None,
                [
                    "relevant" if merged else "not relevant",
                    f"{len(quotes)} quotes kept",
                    f"{dropped} dropped (not in the text)" if dropped else "",
                    read_note,
                ],
            )
        )
    )


def _read(
    ctx: StepContext, query: str, title: str, text: str
) -> tuple[list[str], list[str], MergedSummary | None]:
    """The page in parts sized to the model's window, the parts read, and their summary."""
    parts = chunks(text, chunk_tokens(ctx.window(fast=True)))
    read = parts[:MAX_CHUNKS]
    answers = _summarise_chunks(ctx, query, title, read, len(parts))
    relevant = [a for a in answers if a.relevant and a.summary.strip()]
    return parts, read, _merge(ctx, query, relevant)


def _summarise_chunks(
    ctx: StepContext, query: str, title: str, parts: list[str], total: int
) -> list[ChunkSummary]:
    def one(index_part: tuple[int, str]) -> ChunkSummary:
        index, part = index_part
        return ctx.ask(
            SUMMARIZE,
            fast=True,
            question=ctx.project.question,
            query=query,
            title=title,
            text=part,
            part=index + 1,
            parts=total,
            max_quotes=MAX_QUOTES,
            language=ctx.language,
        )

    return parallel.at_once(one, list(enumerate(parts)))


def _merge(ctx: StepContext, query: str, relevant: list[ChunkSummary]) -> MergedSummary | None:
    if not relevant:
        return None
    if len(relevant) == 1:
        return MergedSummary(summary=relevant[0].summary, quotes=relevant[0].quotes)
    return ctx.ask(
        MERGE,
        fast=True,
        query=query,
        parts=relevant,
        max_quotes=MAX_QUOTES,
        language=ctx.language,
    )


# --- Without a language model ------------------------------------------------------------

CHUNK_SENTENCES = 8


def run_extractive(ctx: StepContext) -> None:
    """The page's sentences scored against the query (BM25, plus coverage of the query's terms,
    a little for coming early, and, when the question asks for figures, for stating some);
    chunks of sentences that match nothing are dropped; the best sentences that do not repeat
    each other are the quotes, and the summary is those quotes joined, in the page's order; a
    table row comes with the other rows of its table."""
    query, source = ctx.query, ctx.source
    if not source.text.strip():
        raise MissingInput("The source has no extracted text to summarise.")
    found = sentences(source.text)
    items = item_headings(found, source.text, source.title)
    quotes = _best_sentences(query.text, ctx.project.question, found, source.title, items)
    Summary.objects.update_or_create(
        query=query,
        source=source,
        defaults={
            "text": " ".join(quotes),
            "relevant": bool(quotes),
            "quotes": quotes,
            "quotes_dropped": 0,
            "model": "",
            "method": ctx.method,
            "tokens": 0,
        },
    )
    if not found:
        ctx.note("the page has no sentences to quote")
    else:
        ctx.note(
            f"{len(quotes)} of {len(found)} sentences quoted"
            if quotes
            else f"none of its {len(found)} sentences shares a word with the query"
        )


def _best_sentences(
    query: str,
    question: str,
    found: list[Sentence],
    title: str = "",
    items: frozenset[str] = frozenset(),
) -> list[str]:
    """The query counts fully and the research question by half: a query made of the topic's
    words alone would miss the sentence that answers the question. A sentence's heading counts
    as its own words ("Funding" over "In February 2026 Kestrel closed a $42 million..."); a
    sheet's row, which has none in its text, has its source's title ("Programme list, Degree
    apprenticeships, rows 1–5")."""
    wanted = terms(query)
    found = [_placed(s, title, items) for s in found]
    words = [terms(f"{s.context} {s.caption} {s.header} {s.text}") for s in found]  # its topic
    asked = bm25(terms(question), words)
    scores = [q + a / 2 for q, a in zip(bm25(wanted, words), asked, strict=True)]
    matching: set[int] = set()
    for start in range(0, len(found), CHUNK_SENTENCES):  # a chunk that matches nothing goes
        chunk = range(start, min(start + CHUNK_SENTENCES, len(found)))
        if any(scores[i] > 0 for i in chunk):
            matching.update(i for i in chunk if scores[i] > 0)
    ranked = sorted(matching)
    figured = FIGURE_WEIGHT if asks_for_figures(question) else 0.0
    value = [
        scores[i]
        + coverage(wanted, words[i])
        + 0.3 * (1 - found[i].position)
        + figured * states_figures(found[i].text)
        for i in ranked
    ]
    kept = mmr(ranked, value, lambda a, b: jaccard(words[a], words[b]), EXTRACTIVE_QUOTES)
    rows = _with_table_rows(found, kept, matching, set(wanted) | set(terms(question)))
    rows |= _rows_of_the_span(found, rows, spanned(question))
    return [found[i].text for i in sorted(rows)]


def _placed(unit: Sentence, title: str, items: frozenset[str]) -> Sentence:
    """A sheet's record line (columns, no header, no heading) under its source's title; an
    item's sentence under its page's title as well as its heading ("Cookware", "Tarnhold cast
    iron")."""
    if unit.columns and not unit.header and not unit.context and title:
        return dataclasses.replace(unit, context=title)
    if unit.context in items and title:
        return dataclasses.replace(unit, context=f"{title} {unit.context}")
    return unit


def _rows_of_the_span(found: list[Sentence], rows: set[int], span: range) -> set[int]:
    """Of each quoted table row's table, the rows of a year within the period the question
    spans ("from 2019 to 2024"), up to TABLE_ROWS a table: a series is read across its years,
    whichever one the question happens to name."""
    if not span:
        return set()
    tables = {(found[i].columns, found[i].context) for i in rows if found[i].columns}
    per_table: dict[tuple[str, str], list[int]] = {}
    for j, s in enumerate(found):
        key = (s.columns, s.context)
        if key in tables and any(int(y) in span for y in YEAR.findall(s.text)):
            per_table.setdefault(key, []).append(j)
    return {j for found_rows in per_table.values() for j in found_rows[:TABLE_ROWS]}


def _with_table_rows(
    found: list[Sentence], kept: list[int], matching: set[int], asked: set[str]
) -> set[int]:
    """The kept units, and for a kept table row the other rows of its table (same columns and
    heading, next to each other), up to TABLE_ROWS: a table that answers the query is quoted
    as a table, not one row of it ("List the member towns and their populations"). A sheet's
    table (record lines) whose columns, heading and lead-in share no word with the query or
    the question brings only its rows that match (a notes sheet's publisher row brings no
    other notes); a document's own table is quoted whole."""
    chosen = set(kept)
    columns = [s.columns for s in found]
    for i in kept:
        if not columns[i]:
            continue
        about = terms(f"{found[i].context} {found[i].caption} {columns[i]}")
        whole = found[i].header or asked & set(about)
        rows = range(len(found)) if whole else sorted(matching)
        table = [
            j for j in rows if columns[j] == columns[i] and found[j].context == found[i].context
        ]
        near = sorted(table, key=lambda j: (abs(j - i), j))[:TABLE_ROWS]
        chosen.update(near)
    return chosen


STAGE = StageSpec(stage=Stage.SUMMARIZE, run=run, extractive=run_extractive, writes=(Summary,))
