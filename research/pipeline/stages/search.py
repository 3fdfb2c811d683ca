"""Step 3, search: one query's results become Sources (one per URL per project) and links.

Reads:    one Query's text; the project's search options; the library's passage index when
          the project searches the library (a passage becomes a Source like a page).
Replaces: the Query's results (QuerySource links, in the engine's order) and its summaries;
          creates a Source, with the next citation number, for each URL the project lacks.
"""

from __future__ import annotations

from django.db import transaction

from research.models import Project, Query, QuerySource, QueryStatus, Source, Stage
from research.pipeline.shared import library
from research.pipeline.shared import results as results_
from research.pipeline.shared.context import StageSpec, StepContext, fail_query
from research.providers import slots
from research.providers.search import SearchResult


def run(ctx: StepContext) -> None:
    query = ctx.query
    Query.objects.filter(pk=query.pk).update(status=QueryStatus.RUNNING, error="")
    provider = library.search_provider(ctx.opts)
    with slots.search_slot():
        results = provider.search(
            query.text,
            max_results=results_.wanted(ctx.opts.sources_per_query),
            time_range=ctx.opts.time_range,
            language=ctx.opts.language,
        )
    store_results(ctx, query, results)
    ctx.note(f"{len(results)} results from {provider.name}")


def store_results(ctx: StepContext, query: Query, results: list[SearchResult]) -> None:
    """Replace this query's links with these results; reuse Sources the project already has.

    New URLs get citation numbers from the project's counter. Two queries storing the same URL
    at once is harmless: the insert that loses is ignored and both link to the one Source.
    """
    with transaction.atomic():
        query.results.all().delete()
        query.summaries.all().delete()
        by_url = results_.ensure_sources(ctx.project, results)
        QuerySource.objects.bulk_create(
            results_.link(query, by_url[r.url], rank, r) for rank, r in enumerate(results, start=1)
        )


STAGE = StageSpec(
    stage=Stage.SEARCH,
    run=run,
    on_failure=fail_query,
    slot="search",
    writes=(Query, QuerySource, Source, Project),
)
