"""Semantic Scholar: GET {SEMANTIC_SCHOLAR_URL}/graph/v1/paper/search?query=..., the Academic
Graph's relevance search.

Without a key every caller shares one rate limit (HTTP 429 is common); a key of your own
(SEMANTIC_SCHOLAR_API_KEY, sent as `x-api-key`) allows one request a second, the pace kept here.
"""

from __future__ import annotations

import datetime
from typing import Any

from research.providers.scholarly.arxiv import ARXIV_DOI
from research.providers.scholarly.base import (
    Paper,
    ScholarlyApi,
    as_dict,
    as_list,
    count,
    doi_of,
    link,
    person,
    year_of,
)
from research.providers.search.base import SearchError, clean, parse_date

MAX_LIMIT = 100
FIELDS = (
    "title,abstract,year,venue,journal,authors,citationCount,isOpenAccess,openAccessPdf,"
    "externalIds,url,publicationTypes,publicationDate"
)
PREPRINT_VENUES = {"arxiv", "arxiv.org", "biorxiv", "medrxiv", "ssrn"}


class SemanticScholarApi(ScholarlyApi):
    name = "semanticscholar"
    label = "Semantic Scholar"
    required_setting = "SEMANTIC_SCHOLAR_URL"
    key_setting = "SEMANTIC_SCHOLAR_API_KEY"
    interval = 1.0
    status_hints = {429: "Semantic Scholar's shared rate limit"}

    def papers(self, query: str, *, max_results: int, since: datetime.date | None) -> list[Paper]:
        params: dict[str, Any] = {
            "query": query,
            "limit": min(max_results, MAX_LIMIT),
            "fields": FIELDS,
        }
        if since:
            params["year"] = f"{since.year}-"
        headers = {"x-api-key": self.key} if self.key else {}
        data = as_dict(self.get_json("/graph/v1/paper/search", params, **headers)).get("data")
        if data is None:  # no match: the API leaves `data` out
            return []
        if not isinstance(data, list):
            raise SearchError(f"{self.label} answered without a list of papers")
        return [paper_of(item) for item in as_list(data)]


def paper_of(item: dict[str, Any]) -> Paper:
    ids = as_dict(item.get("externalIds"))
    pdf = as_dict(item.get("openAccessPdf"))
    venue = clean(item.get("venue")) or clean(as_dict(item.get("journal")).get("name"))
    is_oa = item.get("isOpenAccess")
    return Paper(
        title=clean(item.get("title")),
        provider="semanticscholar",
        doi=doi_of(ids.get("DOI"))
        or (ARXIV_DOI + str(ids["ArXiv"]).lower() if ids.get("ArXiv") else ""),
        authors=[
            a for a in (person(each.get("name")) for each in as_list(item.get("authors"))) if a
        ],
        year=year_of(item.get("year")),
        venue=venue,
        abstract=clean(item.get("abstract")),
        cited_by=count(item.get("citationCount")),
        open_access=is_oa if isinstance(is_oa, bool) else None,
        pdf_url=link(pdf.get("url")),
        landing_url=link(item.get("url")),
        type=_type(item.get("publicationTypes"), venue),
        published=parse_date(item.get("publicationDate")),
    )


def _type(kinds: Any, venue: str) -> str:
    kinds = kinds if isinstance(kinds, list) else []
    if venue.lower() in PREPRINT_VENUES:
        return "article"
    if "Conference" in kinds:
        return "paper-conference"
    if "Book" in kinds:
        return "book"
    return "article-journal"
