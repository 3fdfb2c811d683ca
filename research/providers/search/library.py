"""The team's library as a search backend, and several backends searched as one.

`LibraryProvider` answers from the library's full-text index, which the caller passes in as a
function (providers do not read the database themselves): each result is one passage, whose
`url` is its place on the document's page and whose title names the document and the locator,
"Annual report 2025, p. 14". It never touches the network.

`CombinedProvider` asks each backend in turn and deals their results out alternately, so the
ranking sees web pages, passages and MCP servers' results side by side. A backend that fails
fails only its own part: `gather` keeps what the others found and says which failed and why;
the search fails only when every backend did.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import zip_longest

from research.providers.search.base import (
    Gathered,
    Gatherer,
    Searcher,
    SearchError,
    SearchNotConfigured,
    SearchResult,
    check_time_range,
)


@dataclass(frozen=True)
class LibraryHit:
    passage_id: int
    url: str  # site-relative: "/library/documents/3/#passage-13"
    title: str  # "Annual report 2025, p. 14"
    snippet: str


Finder = Callable[[str, int], Sequence[LibraryHit]]


class LibraryProvider(Searcher):
    name = "library"
    label = "Team library"

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


class CombinedProvider(Gatherer):
    """Several backends as one: each asked for `max_results`, their results interleaved."""

    name = "combined"
    label = "Combined"

    def __init__(self, providers: Sequence[Searcher]) -> None:
        self.providers = list(providers)
        self.name = " + ".join(p.name for p in self.providers)

    def gather(
        self, query: str, *, max_results: int = 10, time_range: str = "", language: str = ""
    ) -> Gathered:
        """Every backend's results, interleaved; SearchError only when every backend failed."""
        answers: list[Gathered] = []
        failures: list[SearchError] = []
        names = []  # each backend's name, or the engine that answered for it after a failover
        for provider in self.providers:
            names.append(provider.name)
            try:
                answers.append(
                    provider.gather(
                        query, max_results=max_results, time_range=time_range, language=language
                    )
                )
                names[-1] = answers[-1].by or provider.name
            except SearchNotConfigured:
                raise  # a setting to fix, not a backend failing: it stops the run as it did
            except SearchError as exc:
                failures.append(exc)
        if not answers:
            raise failures[0] if len(failures) == 1 else SearchError(_joined(failures))
        return Gathered(
            _interleaved([answer.results for answer in answers]),
            [failure.reason for failure in failures] + [f for a in answers for f in a.failures],
            [note for answer in answers for note in answer.notes],
            " + ".join(names),
        )


def _interleaved(answers: list[list[SearchResult]]) -> list[SearchResult]:
    results: list[SearchResult] = []
    seen: set[str] = set()
    for row in zip_longest(*answers):
        for result in row:
            if result is not None and result.url not in seen:
                seen.add(result.url)
                results.append(result)
    return results


def _joined(failures: list[SearchError]) -> str:
    return "Every source failed: " + "; ".join(failure.reason for failure in failures)
