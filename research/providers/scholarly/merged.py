"""The scholarly search: the APIs of SCHOLARLY_PROVIDERS asked in turn, their papers merged.

Each API is asked for the query's results; their papers are dealt out in turn (each API's best
first) and one work found by several APIs is one result, matched by DOI (or, without one, by
its title's words): the first API's record, with what the others add (an open-access PDF, a
citation count, an abstract, a retraction). A Crossref retraction notice is no result of its
own: it marks the paper it retracts. An API that fails fails only its part, named in
`Gathered.failures`; the search fails when every API did.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import zip_longest

from research.providers.scholarly.base import ENGINE, Paper, ScholarlyApi
from research.providers.search.base import (
    SearchError,
    SearchNotConfigured,
    check_time_range,
)
from research.providers.search.library import CombinedProvider, Gathered


class ScholarlySearch(CombinedProvider):
    """The scholarly APIs as one backend ("scholarly")."""

    label = "Scholarly search"

    def __init__(self, apis: Sequence[ScholarlyApi]) -> None:
        super().__init__(apis)
        self.apis = list(apis)
        self.name = ENGINE

    def gather(
        self, query: str, *, max_results: int = 10, time_range: str = "", language: str = ""
    ) -> Gathered:
        check_time_range(time_range)
        found: list[list[Paper]] = []
        failures: list[SearchError] = []
        for api in self.apis:
            try:
                found.append(api.find(query, max_results=max_results, time_range=time_range))
            except SearchNotConfigured:
                raise
            except SearchError as exc:
                failures.append(exc)
        if not found:
            if len(failures) == 1:
                raise failures[0]
            raise SearchError(
                "Every scholarly API failed: " + "; ".join(f.reason for f in failures)
            )
        results = [paper.result() for paper in merge(found)][:max_results]
        return Gathered(results, [failure.reason for failure in failures])


def merge(answers: list[list[Paper]]) -> list[Paper]:
    """The APIs' papers dealt out in turn, one per work, retraction notices applied."""
    papers: list[Paper] = []
    known: dict[str, Paper] = {}  # by DOI and by title
    notices: list[Paper] = []
    for row in zip_longest(*answers):
        for paper in row:
            if paper is None:
                continue
            if paper.retracts:
                notices.append(paper)
                continue
            same = known.get(paper.doi) if paper.doi else None
            same = same or known.get(paper.title_key())
            if same is None:
                papers.append(paper)
                same = paper
            else:
                same.merge(paper)
            known.update({key: same for key in (same.doi, paper.doi, paper.title_key()) if key})
    for notice in notices:
        if (retracted := known.get(notice.retracts)) is not None:
            retracted.retracted = True
            retracted.retraction = retracted.retraction or notice.retraction
    return papers
