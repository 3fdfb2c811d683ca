"""OpenAlex: GET {OPENALEX_URL}/works?search=..., the open catalogue of scholarly works.

The polite pool wants a `mailto` parameter (SCHOLARLY_MAILTO); the API allows 10 requests a
second. A work's abstract comes as an inverted index (word -> positions), its open-access copy
as `best_oa_location`, a retraction as `is_retracted`.
"""

from __future__ import annotations

import datetime
from typing import Any

from django.conf import settings

from research.providers.scholarly.base import (
    Paper,
    ScholarlyApi,
    as_dict,
    as_list,
    count,
    doi_of,
    link,
    named,
    person,
    year_of,
)
from research.providers.search.base import SearchError, clean, parse_date

MAX_PER_PAGE = 200
FIELDS = (
    "id,doi,display_name,publication_year,publication_date,type,authorships,primary_location,"
    "best_oa_location,open_access,cited_by_count,abstract_inverted_index,is_retracted"
)
TYPES = {
    "preprint": "article",
    "book-chapter": "chapter",
    "book": "book",
    "dissertation": "thesis",
    "dataset": "dataset",
    "report": "report",
}


class OpenAlexApi(ScholarlyApi):
    name = "openalex"
    label = "OpenAlex"
    required_setting = "OPENALEX_URL"
    interval = 0.1

    def papers(self, query: str, *, max_results: int, since: datetime.date | None) -> list[Paper]:
        params: dict[str, Any] = {
            "search": query,
            "per-page": min(max_results, MAX_PER_PAGE),
            "select": FIELDS,
        }
        if since:
            params["filter"] = f"from_publication_date:{since.isoformat()}"
        if settings.SCHOLARLY_MAILTO:
            params["mailto"] = settings.SCHOLARLY_MAILTO
        works = as_dict(self.get_json("/works", params)).get("results")
        if not isinstance(works, list):
            raise SearchError(f"{self.label} answered without a list of results")
        return [work_paper(work) for work in as_list(works)]


def work_paper(work: dict[str, Any]) -> Paper:
    primary = as_dict(work.get("primary_location"))
    best = as_dict(work.get("best_oa_location"))
    source = as_dict(primary.get("source"))
    access = as_dict(work.get("open_access"))
    doi = doi_of(work.get("doi"))
    return Paper(
        title=clean(work.get("display_name") or work.get("title")),
        provider="openalex",
        doi=doi,
        authors=[a for a in map(_author, as_list(work.get("authorships"))) if a],
        year=year_of(work.get("publication_year")),
        venue=clean(source.get("display_name")),
        abstract=abstract(work.get("abstract_inverted_index")),
        cited_by=count(work.get("cited_by_count")),
        open_access=access.get("is_oa") if isinstance(access.get("is_oa"), bool) else None,
        pdf_url=link(best.get("pdf_url")) or link(primary.get("pdf_url")),
        landing_url=link(primary.get("landing_page_url")) or link(work.get("doi")),
        retracted=work.get("is_retracted") is True,
        type=_type(work.get("type"), source.get("type")),
        published=parse_date(work.get("publication_date")),
    )


def abstract(index: Any) -> str:
    """The text of an inverted index ({"Heat": [0], "pumps": [1, 7]})."""
    if not isinstance(index, dict):
        return ""
    placed = {
        position: word
        for word, positions in index.items()
        if isinstance(positions, list)
        for position in positions
        if isinstance(position, int)
    }
    return clean(" ".join(placed[position] for position in sorted(placed)))


def _author(authorship: dict[str, Any]) -> dict[str, str]:
    author = as_dict(authorship.get("author"))
    name = author.get("display_name") or authorship.get("raw_author_name")
    return person(name) if " " in clean(name) else named(name, "")


def _type(kind: Any, source_type: Any) -> str:
    if kind in TYPES:
        return TYPES[kind]
    return "paper-conference" if source_type == "conference" else "article-journal"
