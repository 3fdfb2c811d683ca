"""The team's library as a search backend, and several backends searched as one.

`LibraryProvider` answers from the library's full-text index, which the caller passes in as a
function (providers do not read the database themselves): each result is one passage, whose
`url` is its place on the document's page and whose title names the document and the locator,
"Annual report 2025, p. 14". It never touches the network.

`CombinedProvider` asks each backend in turn and deals their results out alternately, so the
ranking sees web pages and passages side by side; a failing backend fails the search.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import zip_longest
from typing import ClassVar

from research.providers.search.base import Searcher, SearchResult, check_time_range


@dataclass(frozen=True)
class LibraryHit:
    passage_id: int
    url: str  # site-relative: "/library/documents/3/#passage-13"
    title: str  # "Annual report 2025, p. 14"
    snippet: str


Finder = Callable[[str, int], Sequence[LibraryHit]]


class LibraryProvider(Searcher):
    name: ClassVar[str] = "library"
    label: ClassVar[str] = "Team library"

    def __init__(self, find: Finder) -> None:
        self.find = find

    def search(
        self, query: str, *, max_results: int = 10, time_range: str = "", language: str = ""
    ) -> list[SearchResult]:
        """Passages for `query`; a time range does not apply to the library and is ignored."""
        check_time_range(time_range)
        query = " ".join(query.split())
        if not query or max_results < 1:
            return []
        return [
            SearchResult(hit.url, hit.title, hit.snippet, None, self.name, hit.passage_id)
            for hit in self.find(query, max_results)
        ]


class CombinedProvider(Searcher):
    """Several backends as one: each asked for `max_results`, their results interleaved."""

    name: ClassVar[str] = "combined"
    label: ClassVar[str] = "Combined"

    def __init__(self, providers: Sequence[Searcher]) -> None:
        self.providers = list(providers)
        self.label_text = " + ".join(p.name for p in self.providers)

    def search(
        self, query: str, *, max_results: int = 10, time_range: str = "", language: str = ""
    ) -> list[SearchResult]:
        answers = [
            p.search(query, max_results=max_results, time_range=time_range, language=language)
            for p in self.providers
        ]
        results: list[SearchResult] = []
        seen: set[str] = set()
        for row in zip_longest(*answers):
            for result in row:
                if result is not None and result.url not in seen:
                    seen.add(result.url)
                    results.append(result)
        return results
