"""Step 4, rank: the LLM judges one query's results on titles and snippets; keep the best K.

Reads:    one Query's results (titles, addresses, dates, snippets), which sources are pinned,
          and which the project's other queries already chose (new pages are preferred).
          Without a model, the scores are BM25 on the title and snippet, a site prior, recency,
          the newest year a title gives, and the asked period's years stated.
Replaces: each result's score, reason and whether it is selected; the fetch status of those
          sources (skipped when no query selected them, pending again when one now does).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import date

from django.db import transaction

from research.models import (
    FetchStatus,
    Method,
    Project,
    ProjectStatus,
    QuerySource,
    Source,
    Stage,
)
from research.pipeline.shared.context import StageSpec, StepContext, fail_query
from research.prompts import RANK
from research.prompts.outputs import Judgement, RankOutput
from research.text.extractive.scoring import bm25
from research.text.extractive.terms import terms
from research.text.tokens import even_share, truncate

MIN_SCORE = 3.0  # below this a result is not worth fetching, even to fill the quota
SCALE = next(m.le for m in Judgement.model_fields["score"].metadata if hasattr(m, "le"))
UNJUDGED = "The ranker gave no judgement for this; scored on its title and snippet instead: "
SNIPPET_TOKENS = 100  # a snippet's share of the prompt at most (about 400 characters)


def run(ctx: StepContext) -> None:
    query = ctx.query
    links = list(query.results.select_related("source").order_by("rank"))
    if not links:
        ctx.note("no results to rank")
        return
    ranking = ctx.refitting(lambda: _ask(ctx, links))
    judged = {judgement.id for judgement in ranking.judgements}
    unjudged = [link for link in links if link.rank not in judged]
    # An answer cut short: the rest is scored on its snippets, as the fallback scores.
    fill = _snippet_judgements(ctx.query.text, links, unjudged) if unjudged else []
    ctx.note(_choose_and_save(ctx, links, ranking, fill))


def _choose_and_save(
    ctx: StepContext,
    links: list[QuerySource],
    ranking: RankOutput,
    fill: Sequence[Judgement] = (),
    *,
    prefer_new: bool = True,
) -> str:
    """With `prefer_new`, pages another query chose already come after new ones."""
    with transaction.atomic():  # one query chooses at a time, seeing what the others chose
        Project.objects.hold(ctx.project.pk, ProjectStatus.running())
        taken = set(
            QuerySource.objects.filter(query__project=ctx.project, selected=True)
            .exclude(query=ctx.query)
            .values_list("source_id", flat=True)
            if prefer_new
            else ()
        )
        return _apply(links, ranking, fill, ctx.opts.sources_per_query, taken)


def _ask(ctx: StepContext, links: list[QuerySource]) -> RankOutput:
    """The judgements, with each result's snippet cut to its share of half the window."""
    each = even_share(ctx.window(fast=True) // 2, len(links), floor=30, cap=SNIPPET_TOKENS)
    return ctx.ask(
        RANK,
        fast=True,
        today=ctx.today,
        question=ctx.project.question,
        query=ctx.query.text,
        results=[_item(link, each) for link in links],
    )


def _item(link: QuerySource, tokens: int) -> dict:
    source = link.source
    return {
        "id": link.rank,
        "title": truncate(link.title or source.title, tokens // 3),
        "url": source.url,
        "published": link.published,
        "snippet": truncate(link.snippet, tokens),
    }


def _apply(
    links: list[QuerySource],
    ranking: RankOutput,
    fill: Sequence[Judgement],
    keep: int,
    taken: set[int],
) -> str:
    """Score, choose and save; what happened, in a few words."""
    rescaled = _judge(links, ranking, {judgement.id: judgement for judgement in fill})
    chosen = _choose(links, keep, taken)
    for link in links:
        link.selected = link in chosen
    with transaction.atomic():
        for link in links:  # a few rows: plain UPDATEs cost a third of bulk_update's CASEs
            QuerySource.objects.filter(pk=link.pk).update(
                score=link.score, reason=link.reason, selected=link.selected
            )
        _update_fetch_status([link.source_id for link in links])
    note = f"kept {len(chosen)} of {len(links)} results"
    return note + (f" (scores read on a 0-{SCALE:g} scale)" if rescaled else "")


def _judge(links: list[QuerySource], ranking: RankOutput, fill: dict[int, Judgement]) -> bool:
    """Each link's score and reason: the ranking's, or else the `fill` scored on its snippet.
    Scores given on a 0-1 scale (small models do) are read on the scale the schema declares;
    True when they were."""
    judged = {j.id: j for j in ranking.judgements}
    scores = [j.score for j in judged.values()]
    factor = SCALE if scores and 0 < max(scores) <= 1 else 1.0
    for link in links:
        judgement = judged.get(link.rank)
        filled = fill.get(link.rank)
        if judgement:
            link.score, link.reason = round(judgement.score * factor, 2), judgement.reason
        elif filled:
            link.score, link.reason = filled.score, (UNJUDGED + filled.reason)[:500]
        else:
            link.score, link.reason = None, UNJUDGED + "none (it keeps its search order)."
    return factor != 1.0


def _choose(links: list[QuerySource], keep: int, taken: set[int]) -> list[QuerySource]:
    """The best `keep`: judged ones by score, unjudged ones after them in search order, pages
    another query already chose after new ones (however the pages were scored, by the model
    or on their snippets), and the best usable result of each searcher the query asked (the
    library's beside the web's); never none while there are results; pinned sources always."""
    usable = [link for link in links if link.score is None or link.score >= MIN_SCORE]
    usable.sort(
        key=lambda link: (
            link.score is None,
            link.source_id in taken,
            -(link.score or 0.0),
            link.rank,
        )
    )
    chosen = _each_searcher(usable, keep)
    if not chosen and links:  # every result judged below the floor: read the best one anyway
        chosen = [min(links, key=lambda link: (-(link.score or 0.0), link.rank))]
    return chosen + [link for link in links if link.source.pinned and link not in chosen]


def _each_searcher(ranked: list[QuerySource], keep: int) -> list[QuerySource]:
    """The first `keep` of `ranked`, holding the first of each searcher's results (a member who
    searches the library and the web hears from both, when both found something usable)."""
    firsts: dict[str, QuerySource] = {}
    for link in ranked:
        firsts.setdefault(link.engine, link)
    held = sorted(firsts.values(), key=ranked.index)[:keep]
    rest = [link for link in ranked if link not in held][: keep - len(held)]
    return sorted(held + rest, key=ranked.index)


def _update_fetch_status(source_ids: list[int]) -> None:
    """Sources no query selected are skipped; a newly selected skipped one is pending again."""
    chosen = set(
        QuerySource.objects.filter(source_id__in=source_ids, selected=True).values_list(
            "source_id", flat=True
        )
    )
    Source.objects.filter(pk__in=set(source_ids) - chosen, fetch_status=FetchStatus.PENDING).update(
        fetch_status=FetchStatus.SKIPPED, fetch_reason="Not selected by the ranking."
    )
    Source.objects.filter(pk__in=chosen, fetch_status=FetchStatus.SKIPPED).update(
        fetch_status=FetchStatus.PENDING, fetch_reason=""
    )


# --- Without a language model ------------------------------------------------------------

OFFICIAL = (".gov", ".gouv.fr", ".gov.uk", ".gov.cn", ".edu", ".edu.cn", ".ac.uk", ".int", ".mil")
REFERENCE = ("wikipedia.org", "arxiv.org", "nature.com", "acm.org", "ieee.org", "nih.gov")
LOW = ("pinterest.", "facebook.", "tiktok.", "quora.com", "instagram.")


def run_extractive(ctx: StepContext) -> None:
    """Each result scored by BM25 of the query against its title and snippet (3 to 8 when it
    shares a word with the query, 0 when not), plus a small credibility prior from the kind of
    site, a recency bonus from its date, a bonus for a title giving the latest year of the
    query's results (the newest report) and, for a question over a period, one for stating
    three or more of its years (a series); the reasons are stored as the LLM ranker's are, and
    the same rules choose. The extractive engine chooses on these scores alone, not preferring
    pages no other query chose first, so that the same results make the same choice (and the
    same report) whatever order the steps finished in; standing in for a model's ranking (the
    fallback), it prefers them, as the model's ranking does."""
    query = ctx.query
    links = list(query.results.select_related("source").order_by("rank"))
    if not links:
        ctx.note("no results to rank")
        return
    question = ctx.project.question
    newest = _newest_year(links)
    judgements = [
        _newest(_over_the_years(j, links, question), links, newest)
        for j in _snippet_judgements(query.text, links, links)
    ]
    fallback = ctx.method == Method.FALLBACK  # for a model's ranking: its choice, as it would
    note = _choose_and_save(ctx, links, RankOutput(judgements=judgements), prefer_new=fallback)
    if all(j.score < MIN_SCORE for j in judgements):
        note = f"no result shares a word with the query; {note}, by search order and site"
    ctx.note(note)


SERIES_PRIOR = 1.5  # a result that states the asked years, three or more of them
YEAR = re.compile(r"(?<!\d)(?:19|20)\d\d(?!\d)")


def _over_the_years(judgement: Judgement, links: list[QuerySource], question: str) -> Judgement:
    """A result that covers the period the question asks about ("from 2019 to 2025"), in three
    or more of its years, scores more: a series is what a question about a change needs."""
    asked = sorted({int(y) for y in YEAR.findall(question)})
    if len(asked) < 2 or judgement.score < MIN_SCORE:
        return judgement
    link = next(link for link in links if link.rank == judgement.id)
    said = {int(y) for y in YEAR.findall(link.shown)} & set(range(asked[0], asked[-1] + 1))
    if len(said) < 3:
        return judgement
    score = round(min(SCALE, judgement.score + SERIES_PRIOR), 2)
    reason = f"{judgement.reason}; states {len(said)} of the years asked"
    return Judgement(id=judgement.id, score=score, reason=reason[:500])


NEWEST_PRIOR = 1.0  # a result whose title gives the latest year of the query's results


def _title_year(link: QuerySource) -> int:
    years = [int(y) for y in YEAR.findall(link.title or link.source.title)]
    return max(years, default=0)


def _newest_year(links: list[QuerySource]) -> int:
    """The latest year the results' titles give, when they give more than one year."""
    years = {_title_year(link) for link in links} - {0}
    return max(years) if len(years) > 1 else 0


def _newest(judgement: Judgement, links: list[QuerySource], newest: int) -> Judgement:
    """A result titled with the latest year of the query's results ("2026年半年度报告" beside
    "2024年年度报告") scores more: what is current is read first."""
    link = next(link for link in links if link.rank == judgement.id)
    if not newest or judgement.score < MIN_SCORE or _title_year(link) != newest:
        return judgement
    score = round(min(SCALE, judgement.score + NEWEST_PRIOR), 2)
    reason = f"{judgement.reason}; the newest by its title ({newest})"
    return Judgement(id=judgement.id, score=score, reason=reason[:500])


def _snippet_judgements(
    query: str, links: list[QuerySource], judged: list[QuerySource]
) -> list[Judgement]:
    """Judgements of `judged` on their titles and snippets, BM25 against the query among all
    `links`: a result that shares a word with the query scores MIN_SCORE or more (so the rule
    that prefers pages no other query chose can pick it), the best OVERLAP_TOP."""
    wanted = terms(query)
    texts = [link.shown for link in links]
    scores = dict(zip(links, bm25(wanted, [terms(text) for text in texts]), strict=True))
    top = max(scores.values()) or 1.0
    return [_judgement(link, _overlap(scores[link], top), wanted) for link in judged]


OVERLAP_TOP = 8.0


def _overlap(score: float, top: float) -> float:
    """BM25 onto the ranker's scale: 0 for no shared word, MIN_SCORE to OVERLAP_TOP above."""
    return MIN_SCORE + (OVERLAP_TOP - MIN_SCORE) * score / top if score > 0 else 0.0


def _judgement(link: QuerySource, relevance: float, wanted: list[str]) -> Judgement:
    source = link.source
    prior, kind = _site(source.domain)
    published = link.published
    recent = 0.5 if published and (date.today() - published).days < 730 else 0.0
    shared = sorted(set(wanted) & set(terms(link.shown)))
    reason = f"BM25 {relevance:.1f} (shares {', '.join(shared[:4]) or 'no query word'})"
    reason += f"; {kind}" if kind else ""
    reason += f"; dated {published.isoformat()}" if published else ""
    score = min(SCALE, max(0.0, relevance + prior + recent))
    return Judgement(id=link.rank, score=round(score, 2), reason=reason[:500])


def _site(domain: str) -> tuple[float, str]:
    """A small credibility prior from the kind of site, and its name."""
    domain = domain.lower()
    if domain.endswith(OFFICIAL):
        return 1.5, "official or academic site"
    if any(domain.endswith(site) for site in REFERENCE):
        return 1.0, "reference site"
    if any(site in domain for site in LOW):
        return -1.0, "social or aggregator site"
    return 0.0, ""


STAGE = StageSpec(
    stage=Stage.RANK,
    run=run,
    on_failure=fail_query,
    extractive=run_extractive,
    writes=(QuerySource, Source),
)
