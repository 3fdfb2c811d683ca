"""A refresh's step 2, discover: search a query again for what appeared since the last run.

The search asks for the refresh's time range (the smallest of day, week, month or year that
covers the time since the project last finished) where the backend supports one. Only results
the project does not know yet are added, after the query's earlier results, and the best of
them (the engine's order, those whose title or snippet shares a word with the query) are
selected, up to `sources_per_query`: the scheduler fetches and summarises them as any other.
The query's earlier results, summaries and steps stay as they are.

Reads:    one Query's text and results; the project's search options; the step's refresh.
Replaces: adds Sources and the Query's links to them (selected or not).
"""

from __future__ import annotations

from django.db import transaction
from django.db.models import Max

from research.models import McpServerState, PageSnapshot, QuerySource, Refresh, Source, Stage
from research.pipeline.shared import library
from research.pipeline.shared import results as results_
from research.pipeline.shared.context import StageSpec, StepContext
from research.text.extractive.terms import terms


def run(ctx: StepContext) -> None:
    query = ctx.query
    refresh = Refresh.objects.get(pk=ctx.param("refresh_id"))
    searched = library.search(
        ctx.opts,
        query.text,
        max_results=results_.wanted(ctx.opts.sources_per_query),
        time_range=refresh.time_range or ctx.opts.time_range,
    )
    found = searched.results
    known = set(ctx.project.sources.values_list("url", flat=True))
    fresh = [r for r in found if r.url not in known]
    wanted = set(terms(query.text))
    chosen = [r.url for r in fresh if wanted & set(terms(f"{r.title} {r.snippet}"))]
    chosen = chosen[: ctx.opts.sources_per_query]
    with transaction.atomic():
        by_url = results_.ensure_sources(ctx.project, fresh)
        last = query.results.aggregate(m=Max("rank"))["m"] or 0
        QuerySource.objects.bulk_create(
            [
                results_.link(
                    query,
                    by_url[r.url],
                    last + i,
                    r,
                    selected=r.url in chosen,
                    reason="new since the last run" if r.url in chosen else "",
                )
                for i, r in enumerate(fresh, start=1)
            ],
            ignore_conflicts=True,
        )
    span = f" in the last {refresh.time_range}" if refresh.time_range else ""
    ctx.note(
        searched.note(f"{len(fresh)} new of {len(found)} results{span}, {len(chosen)} selected")
    )


STAGE = StageSpec(
    stage=Stage.DISCOVER,
    run=run,
    slot="search",
    writes=(Source, QuerySource, PageSnapshot, McpServerState),
)
