"""A web engine's news search over a recent period, as one more backend: a query's "news:week".

    NewsSearcher(get_provider("searxng"), "week").search("heat pump subsidies")

asks SearXNG's news category over the past week (each engine its own way: `fetch_news`). The
period is the searcher's own: the project's `time_range`, which the caller passes to every
backend, does not widen or narrow it. Results name their engine "searxng news"; the step's note
names the searcher "searxng news:week".
"""

from __future__ import annotations

from research.providers.search.base import (
    NEWS,
    TIME_RANGES,
    Searcher,
    SearchProvider,
    SearchResult,
    check_time_range,
)


class NewsSearcher(Searcher):
    def __init__(self, engine: SearchProvider, period: str) -> None:
        if not period or period not in TIME_RANGES:
            raise ValueError(f"a news search needs a period of {TIME_RANGES[1:]}, got {period!r}")
        self.engine = engine
        self.period = period
        self.name = f"{engine.name} {NEWS}:{period}"  # "searxng news:week", in step notes
        self.label = f"{engine.label} news (past {period})"

    def search(
        self, query: str, *, max_results: int = 10, time_range: str = "", language: str = ""
    ) -> list[SearchResult]:
        """News for `query` from the searcher's period; `time_range` is checked, not used."""
        check_time_range(time_range)
        return self.engine.search_news(
            query, max_results=max_results, time_range=self.period, language=language
        )
