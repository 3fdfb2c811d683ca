"""Step 4, rank: the LLM judges one query's results on titles and snippets; keep the best K.

Reads:    one Query's results (titles, addresses, dates, snippets) and which sources are pinned.
Replaces: each result's score, reason and whether it is selected; the fetch status of those
          sources (skipped when no query selected them, pending again when one now does).
"""

from __future__ import annotations

from django.db import transaction

from research.models import FetchStatus, QuerySource, Source, Stage
from research.pipeline.context import StageSpec, StepContext, fail_query
from research.prompts import RANK
from research.prompts.outputs import RankOutput

MIN_SCORE = 3.0  # below this a result is not worth fetching, even to fill the quota
SNIPPET_CHARS = 400


def run(ctx: StepContext) -> None:
    query = ctx.query
    links = list(query.results.select_related("source").order_by("rank"))
    if not links:
        ctx.note("no results to rank")
        return
    ranking = ctx.ask(
        RANK,
        fast=True,
        today=ctx.today,
        question=ctx.project.question,
        query=query.text,
        results=[_item(link) for link in links],
    )
    selected = _apply(links, ranking, ctx.opts.sources_per_query)
    ctx.note(f"kept {selected} of {len(links)} results")


def _item(link: QuerySource) -> dict:
    source = link.source
    return {
        "id": link.rank,
        "title": source.title,
        "url": source.url,
        "published": source.published,
        "snippet": source.snippet[:SNIPPET_CHARS],
    }


def _apply(links: list[QuerySource], ranking: RankOutput, keep: int) -> int:
    judged = {j.id: j for j in ranking.judgements}
    for link in links:
        judgement = judged.get(link.rank)
        link.score = judgement.score if judgement else None
        link.reason = judgement.reason if judgement else "The ranker gave no judgement for this."
        link.selected = False
    eligible = [link for link in links if link.score is not None and link.score >= MIN_SCORE]
    eligible.sort(key=lambda link: (-(link.score or 0.0), link.rank))
    pinned = [link for link in links if link.source.pinned and link not in eligible[:keep]]
    for link in eligible[:keep] + pinned:
        link.selected = True
    with transaction.atomic():
        for link in links:  # a few rows: plain UPDATEs cost a third of bulk_update's CASEs
            QuerySource.objects.filter(pk=link.pk).update(
                score=link.score, reason=link.reason, selected=link.selected
            )
        _update_fetch_status([link.source_id for link in links])
    return sum(link.selected for link in links)


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


STAGE = StageSpec(stage=Stage.RANK, run=run, on_failure=fail_query)
