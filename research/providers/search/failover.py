"""The web search of a project: its engine, and the next configured ones when it fails.

    web_searcher("duckduckgo", scope=opts.scope).gather("heat pumps")  # research.providers.search

asks DuckDuckGo; when DuckDuckGo fails for good on this query (an error, or errors and rate
limits past the retry budget, retry.py), the query goes to the next engine of the failover
order, and so on. The answer says what happened, for the step's note: "DuckDuckGo refused:
<reason>; used SearXNG". A query whose every engine failed fails with all their reasons.

The order is SEARCH_FAILOVER (engine names, comma separated; "none" for no failover), or by
default the configured engines of DEFAULT_ORDER; the project's own engine is never asked
twice, and an engine whose setting is missing is skipped. A missing setting of the project's
own engine stops the search as it always did: that is a setting to fix, not an engine failing.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from django.conf import settings

from research.providers.search.base import (
    Gathered,
    Gatherer,
    SearchError,
    SearchNotConfigured,
    SearchProvider,
)

# Self-hosted first (no quota), then the keyed APIs, then the keyless scraper.
DEFAULT_ORDER = ("searxng", "brave", "serper", "tavily", "duckduckgo")


def failover_order(engine: str, registry: Mapping[str, type[SearchProvider]]) -> list[str]:
    """The engines a query tries after `engine`, in order: those of `registry` configured,
    `engine` left out."""
    wanted = DEFAULT_ORDER if settings.SEARCH_FAILOVER is None else settings.SEARCH_FAILOVER
    return [
        name
        for name in wanted
        if name != engine and name in registry and registry[name].is_configured()
    ]


class FailoverSearcher(Gatherer):
    """Engines asked in turn, each only when the ones before it failed for good."""

    def __init__(self, engines: Sequence[SearchProvider]) -> None:
        self.engines = list(engines)
        self.name = self.engines[0].name
        self.label = self.engines[0].label

    def gather(
        self, query: str, *, max_results: int = 10, time_range: str = "", language: str = ""
    ) -> Gathered:
        """The first engine's results that answers; `notes` say which refused and why."""
        refused: list[SearchError] = []
        for engine in self.engines:
            try:
                found = engine.search(
                    query, max_results=max_results, time_range=time_range, language=language
                )
            except SearchNotConfigured:
                if engine is self.engines[0]:
                    raise  # the project's own engine lacks a setting: stop as before
                refused.append(SearchError(f"{engine.label} is not configured"))
                continue
            except SearchError as exc:
                refused.append(exc)
                continue
            if not refused:
                return Gathered(found)
            notes = [*self._refusals(refused), f"used {engine.label}"]
            return Gathered(found, notes=notes, by=engine.name)
        if len(refused) == 1:
            raise refused[0]  # no failover configured: the engine's own error, as before
        raise SearchError("; ".join(self._refusals(refused)))

    def _refusals(self, refused: list[SearchError]) -> list[str]:
        return [
            f"{engine.label} refused: {error.reason}"
            for engine, error in zip(self.engines, refused, strict=False)
        ]
