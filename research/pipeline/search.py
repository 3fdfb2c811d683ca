"""Step 4, search: one query's results become Sources (one per URL per project) and links."""

from __future__ import annotations

from django.db import IntegrityError, transaction

from research.models import Query, QuerySource, QueryStatus, Source
from research.pipeline.context import StepContext
from research.providers.search import SearchResult, get_provider


def results_wanted(sources_per_query: int) -> int:
    """Ask for enough results that ranking has a real choice."""
    return min(20, max(8, sources_per_query * 2))


def run(ctx: StepContext) -> None:
    query = ctx.step.query
    Query.objects.filter(pk=query.pk).update(status=QueryStatus.RUNNING, error="")
    provider = get_provider(ctx.opts.provider)
    results = provider.search(
        query.text,
        max_results=results_wanted(ctx.opts.sources_per_query),
        time_range=ctx.opts.time_range,
        language=ctx.opts.language,
    )
    store_results(ctx, query, results)
    ctx.note(f"{len(results)} results from {provider.name}")


def store_results(ctx: StepContext, query: Query, results: list[SearchResult]) -> None:
    """Replace this query's links with these results; reuse Sources the project already has."""
    with transaction.atomic():
        query.results.all().delete()
        query.summaries.all().delete()
        existing = {s.url: s for s in ctx.project.sources.filter(url__in=[r.url for r in results])}
        new = [r for r in results if r.url not in existing]
        numbers = iter(ctx.project.allocate_source_numbers(len(new))) if new else iter(())
        for rank, result in enumerate(results, start=1):
            source = existing.get(result.url) or _create_source(ctx, result, next(numbers))
            QuerySource.objects.create(query=query, source=source, rank=rank, engine=result.engine)


def _create_source(ctx: StepContext, result: SearchResult, n: int) -> Source:
    try:
        with transaction.atomic():
            return Source.objects.create(
                project=ctx.project,
                n=n,
                url=result.url,
                title=result.title[:500],
                snippet=result.snippet,
                published=result.published,
            )
    except IntegrityError:  # another query's search stored this URL first
        return Source.objects.get(project=ctx.project, url=result.url)
