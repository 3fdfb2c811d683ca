"""The team's library inside a research run: where a query searches, and a passage as a page.

`search_provider` is the backend a project's queries (and its grounding search) ask: the web
backend, the library, its MCP servers' search tools (shared/mcp.py), or several interleaved, as
the project's `sources` option says, or those of them one query's `routes` name (with the web
engine's news search for a "news:week" route; models/routes.py); `search` asks it within the
search slot, and keeps what
the sources that answered found when others fail (their reasons come back, for the step's
note). A library result is one passage; it becomes a Source like a web page, with its document
and locator.
`read_passage` is the fetch of such a source: the passage's stored text as a page-cache row,
with no network call.
"""

from __future__ import annotations

import hashlib
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from django.utils import timezone

from research.errors import MissingInput
from research.limits import SOURCE_TITLE_MAX
from research.models import Document, PageSnapshot, Passage, Source, routes
from research.models.options import ProjectOptions
from research.models.search import MARK_END, MARK_START
from research.pipeline.shared import mcp, scholarly, semantic
from research.providers import slots
from research.providers.documents.base import HEADING_SEPARATOR
from research.providers.search import Searcher, SearchResult, get_provider, web_searcher
from research.providers.search.library import CombinedProvider, LibraryHit, LibraryProvider
from research.providers.search.news import NewsSearcher
from research.text.scope import Scope

DOMAIN = "library"


def is_library(source: Source) -> bool:
    """A library source: its address is a place on the site, where a web page's is http(s)."""
    return source.url.startswith("/library/")


def passage_url(passage: Passage) -> str:
    """Where the passage is shown: its anchor on its document's page."""
    return f"/library/documents/{passage.document_id}/#passage-{passage.position}"


def passage_title(document: Document, passage: Passage) -> str:
    """ "Annual report 2025, p. 14": what a citation of the passage reads. A locator's first
    heading that is the document's title is not said twice ("Overview › Costs" of the document
    "Overview" reads "Overview, Costs")."""
    name = str(document)
    where, paragraph = _paragraph_of(passage.locator)
    headings = [part.strip() for part in where.split(HEADING_SEPARATOR)]
    if headings and headings[0].casefold() == name.strip().casefold():
        headings = headings[1:]
    locator = ", ".join(
        filter(None, [HEADING_SEPARATOR.join(part for part in headings if part), paragraph])
    )
    return (f"{name}, {locator}" if locator else name)[:SOURCE_TITLE_MAX]


def _paragraph_of(locator: str) -> tuple[str, str]:
    """A locator and its paragraph apart: ("Pricing › Costs", "¶ 2")."""
    head, sep, tail = locator.rpartition(", ¶ ")
    return (head, f"¶ {tail}") if sep else (locator, "")


def search_provider(opts: ProjectOptions, routed: Sequence[str] = ()) -> Searcher:
    """What a search asks: each source of the project, or each that the `routed` name."""
    opts, news = _routed(opts, routed)
    providers: list[Searcher] = []
    if opts.searches_web:
        providers.append(web_searcher(opts.provider, scope=opts.scope))
    providers += [
        NewsSearcher(get_provider(opts.provider, scope=opts.scope), period) for period in news
    ]
    if opts.searches_library:
        providers.append(LibraryProvider(lambda text, limit: find(text, limit, opts.collections)))
    providers += mcp.searchers(opts)
    providers += scholarly.searchers(opts)
    return providers[0] if len(providers) == 1 else CombinedProvider(providers)


def _routed(opts: ProjectOptions, routed: Sequence[str]) -> tuple[ProjectOptions, list[str]]:
    """The options with only the sources the routes name (all when they name none the project
    has), and the periods of their news routes."""
    chosen = routes.searched(routed, opts.sources)
    news = [route.detail for route in chosen if route.kind == routes.RouteKind.NEWS]
    sources = [str(route) for route in chosen if route.kind != routes.RouteKind.NEWS]
    return opts.model_copy(update={"sources": sources}), news


def search(
    opts: ProjectOptions,
    text: str,
    *,
    max_results: int,
    time_range: str,
    routed: Sequence[str] = (),
) -> Searched:
    """`text` searched in every source of the project (or those `routed` names, a query's
    routes), within the search slot. SearchError when every source failed; otherwise the
    failures' reasons come back with what the rest found."""
    provider = search_provider(opts, routed)
    with slots.search_slot():
        gathered = provider.gather(
            text, max_results=max_results, time_range=time_range, language=opts.language
        )
    kept, dropped = in_scope(opts.scope, gathered.results)
    by = gathered.by or provider.name
    return Searched(by, kept, gathered.failures, gathered.notes, dropped)


def in_scope(scope: Scope, results: list[SearchResult]) -> tuple[list[SearchResult], Counter]:
    """The results within the project's domains, and how many each rule dropped (by the
    option or setting that dropped them: "domains.allow", "SEARCH_DENY_DOMAINS"). The scope
    holds web results only: a passage, an MCP document and a paper the scholarly APIs found
    are kept wherever their address points."""
    kept: list[SearchResult] = []
    dropped: Counter[str] = Counter()
    for result in results:
        refusal = None if result.paper else scope.refusal(result.url)
        if refusal is None:
            kept.append(result)
        else:
            dropped[refusal.rule.value] += 1
    return kept, dropped


@dataclass(frozen=True)
class Searched:
    by: str  # "searxng", "searxng + mcp:docs"
    results: list[SearchResult]
    failures: list[str]  # each failing source's reason
    notes: list[str] = field(default_factory=list)  # "DuckDuckGo refused: ...", "used SearXNG"
    dropped: Counter[str] = field(default_factory=Counter)  # out of scope, by rule

    def note(self, found: str) -> str:
        """`found` ("6 results from searxng"), a failover, the results out of scope, then
        what failed: the step's note."""
        out = [dropped_note(self.dropped)] if self.dropped else []
        failed = [f"failed: {reason}" for reason in self.failures]
        return "; ".join([found, *self.notes, *out, *failed])


def dropped_note(dropped: Counter[str]) -> str:
    """ "3 results outside the project's domains dropped (domains.deny)"."""
    total = sum(dropped.values())
    rules = ", ".join(f"{rule}: {n}" if len(dropped) > 1 else rule for rule, n in dropped.items())
    plural = "result" if total == 1 else "results"
    return f"{total} {plural} outside the project's domains dropped ({rules})"


def find(text: str, limit: int, collections: list[int]) -> list[LibraryHit]:
    """The library's best passages for a query: BM25, fused with vectors when EMBEDDING_MODEL
    is set (semantic.py)."""
    hits = semantic.search(text, collections=collections, limit=limit).hits
    return [
        LibraryHit(
            passage_id=hit.passage.pk,
            url=passage_url(hit.passage),
            title=passage_title(hit.passage.document, hit.passage),
            snippet=hit.snippet.replace(MARK_START, "").replace(MARK_END, ""),
        )
        for hit in hits
    ]


def source_fields(passage_id: int) -> dict:
    """What a Source made from a library result records of the passage."""
    passage = Passage.objects.select_related("document").get(pk=passage_id)
    return {
        "passage": passage,
        "document": passage.document,
        "locator": passage.locator,
        "domain": DOMAIN,
    }


def read_passage(source: Source) -> PageSnapshot:
    """The fetch of a library source: its passage's text, stored as a page-cache row."""
    rows = Passage.objects.select_related("document")
    passage = rows.filter(pk=source.passage_id).first() if source.passage_id else None
    if passage is None:
        raise MissingInput(
            f"The library passage behind source [{source.n}] is gone: its document was deleted "
            "or read again. Search again to find it."
        )
    return PageSnapshot.objects.create(
        url=source.url,
        fetched_at=timezone.now(),
        content_type="text/plain",
        content_hash=hashlib.sha256(passage.text.encode()).hexdigest(),
        title=passage_title(passage.document, passage),
        text=passage.text,
        extractor="library",
    )
