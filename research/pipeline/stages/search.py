"""Step 3, search: one query's results become Sources (one per URL per project) and links.

Reads:    one Query's text and routes (the project's sources it searches, all when it names
          none; models/routes.py); the project's search options; the library's passage index
          when the query searches the library (a passage becomes a Source like a page); the
          project's MCP servers, when it names any. A source that fails while others answer is
          named, with its reason, on the step; the query fails only when every source failed.
Replaces: the Query's results (QuerySource links, in the engine's order) and its summaries;
          creates a Source, with the next citation number, for each URL the project lacks;
          stores an MCP document's text as a page-cache row; keeps on the step (`output`) how
          many results each domain rule dropped (results outside the project's domains
          never become Sources). With IMAGE_SEARCH, a section's first query also asks the
          engine's image search: each image's page becomes a result, the image a Figure of
          its Source (shared/image_search.py).
"""

from __future__ import annotations

from django.db import transaction

from research.models import (
    Figure,
    McpServerState,
    PageSnapshot,
    Project,
    Query,
    QuerySource,
    QueryStatus,
    Source,
    Stage,
)
from research.pipeline.shared import image_search, library
from research.pipeline.shared import results as results_
from research.pipeline.shared.context import StageSpec, StepContext, fail_query
from research.providers.search import SearchResult


def run(ctx: StepContext) -> None:
    query = ctx.query
    Query.objects.filter(pk=query.pk).update(status=QueryStatus.RUNNING, error="")
    searched = library.search(
        ctx.opts,
        query.text,
        max_results=results_.wanted(ctx.opts.sources_per_query),
        time_range=ctx.opts.time_range,
        routed=query.routes,
    )
    found = image_search.Images()
    if image_search.wanted(query, ctx.opts.sources):
        opts = ctx.opts
        found = image_search.search(opts.provider, opts.scope, query.text, opts.language)
    store_results(ctx, query, searched.results + image_search.pages(found, searched.results))
    figures = image_search.keep(ctx.project, found, ctx.opts.scope)
    ctx.save_output({"out_of_scope": dict(searched.dropped)})  # the report says if all were
    said = searched.note(f"{len(searched.results)} results from {searched.by}")
    ctx.note("; ".join(filter(None, [said, *found.notes, figures])))


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
    writes=(Query, QuerySource, Source, Project, PageSnapshot, McpServerState, Figure),
)
