"""Search results into Sources: what the search and discover stages share; and the first
search's results, which clarify and plan read.

Writes Sources (one per address per project) and, for MCP documents given as text, their text
as page-cache rows (shared/mcp.py), which the fetch stage then reads.
"""

from __future__ import annotations

from research.limits import SOURCE_TITLE_MAX
from research.models import Project, Query, QuerySource, Source, Stage, StepRun
from research.pipeline.shared import library, mcp, scholarly
from research.providers.search import SearchResult


def grounding(project: Project) -> list[dict]:
    """The results of the project's first search, as the ground step kept them: each a dict
    of url, title and snippet."""
    output = StepRun.objects.filter(project=project, key=Stage.GROUND.value)
    return list((output.values_list("output", flat=True).first() or {}).get("results", []))


def wanted(sources_per_query: int) -> int:
    """Ask for enough results that ranking has a real choice."""
    return min(20, max(8, sources_per_query * 2))


def ensure_sources(project: Project, results: list[SearchResult]) -> dict[str, Source]:
    """The project's Source for each result's URL, by URL; a URL it lacks gets a new Source
    with the next citation number. Two steps storing the same URL at once is harmless: the
    insert that loses is ignored and both get the one Source. Call it inside a transaction."""
    urls = [r.url for r in results]
    known = set(project.sources.filter(url__in=urls).values_list("url", flat=True))
    new = list({r.url: r for r in results if r.url not in known}.values())
    numbers = project.allocate_source_numbers(len(new)) if new else range(0)
    Source.objects.bulk_create(
        [_source(project, r, n) for r, n in zip(new, numbers, strict=True)],
        ignore_conflicts=True,
    )
    mcp.store_texts(results)
    return {s.url: s for s in project.sources.filter(url__in=urls)}


def link(query: Query, source: Source, rank: int, result: SearchResult, **more) -> QuerySource:
    """The row of `result` as `query`'s search gave it: its place, and the title, snippet
    and date it showed (what the ranking reads)."""
    return QuerySource(
        query=query,
        source=source,
        rank=rank,
        engine=result.engine,
        title=result.title[:SOURCE_TITLE_MAX],
        snippet=result.snippet,
        published=result.published,
        **more,
    )


def _source(project: Project, result: SearchResult, n: int) -> Source:
    fields = {
        "url": result.url,
        "domain": Source.domain_of(result.url),
        "title": result.title[:SOURCE_TITLE_MAX],
        "snippet": result.snippet,
        "published": result.published,
    }
    if result.passage_id:
        fields |= library.source_fields(result.passage_id)
    elif result.locator:
        fields |= mcp.source_fields(result)
    elif result.paper:
        fields |= scholarly.source_fields(result)
    return Source(project=project, n=n, **fields)
