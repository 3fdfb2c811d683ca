"""Crossref: GET {CROSSREF_URL}/works?query=..., the metadata publishers deposit with their DOIs.

The polite pool wants a contact, as a `mailto` parameter and in the User-Agent
(SCHOLARLY_MAILTO); the public pool allows five requests a second. Retractions: a retraction
notice's `update-to` names the DOI it retracts (the notice becomes that paper's `retraction`,
"Retracted by 10.x/z on 2024-03-01"), and a retracted work's `updated-by` names its notice.
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
    day_of,
    doi_of,
    link,
    named,
    year_of,
)
from research.providers.search.base import SearchError, clean

MAX_ROWS = 100
RETRACTIONS = {"retraction", "partial_retraction", "withdrawal", "removal"}
TYPES = {
    "journal-article": "article-journal",
    "proceedings-article": "paper-conference",
    "posted-content": "article",
    "book-chapter": "chapter",
    "book": "book",
    "monograph": "book",
    "edited-book": "book",
    "dissertation": "thesis",
    "report": "report",
    "dataset": "dataset",
}


class CrossrefApi(ScholarlyApi):
    name = "crossref"
    label = "Crossref"
    required_setting = "CROSSREF_URL"

    def pause(self) -> float:
        return 0.1 if settings.SCHOLARLY_MAILTO else 0.2

    def papers(self, query: str, *, max_results: int, since: datetime.date | None) -> list[Paper]:
        params: dict[str, Any] = {"query": query, "rows": min(max_results, MAX_ROWS)}
        if since:
            params["filter"] = f"from-pub-date:{since.isoformat()}"
        if settings.SCHOLARLY_MAILTO:
            params["mailto"] = settings.SCHOLARLY_MAILTO
        message = as_dict(self.get_json("/works", params)).get("message")
        items = as_dict(message).get("items")
        if not isinstance(items, list):
            raise SearchError(f"{self.label} answered without a list of works")
        return [work_paper(item) for item in as_list(items)]


def work_paper(item: dict[str, Any]) -> Paper:
    doi = doi_of(item.get("DOI"))
    issued = _parts(item.get("published")) or _parts(item.get("issued"))
    licensed = any(
        "creativecommons.org" in str(lic.get("URL")) for lic in as_list(item.get("license"))
    )
    notice = _update(item.get("update-to"))  # this work is a notice retracting another
    retracted_by = _update(item.get("updated-by"))
    return Paper(
        title=_first(item.get("title")),
        provider="crossref",
        doi=doi,
        authors=[a for a in map(_author, as_list(item.get("author"))) if a],
        year=year_of(issued[0]) if issued else None,
        venue=_first(item.get("container-title")),
        abstract=clean(item.get("abstract")).removeprefix("Abstract").strip(),
        cited_by=count(item.get("is-referenced-by-count")),
        open_access=True if licensed else None,
        pdf_url=_pdf(item) if licensed else "",
        landing_url=link(item.get("URL")) or (f"https://doi.org/{doi}" if doi else ""),
        retracted=retracted_by is not None,
        retraction=_said(retracted_by) if retracted_by else (_said(notice, doi) if notice else ""),
        type=TYPES.get(str(item.get("type")), "article-journal"),
        published=day_of(issued),
        retracts=doi_of(notice.get("DOI")) if notice else "",
    )


def _update(updates: Any) -> dict[str, Any] | None:
    """The first retraction among a work's `update-to` or `updated-by` entries."""
    return next((u for u in as_list(updates) if u.get("type") in RETRACTIONS), None)


def _said(update: dict[str, Any], notice_doi: str = "") -> str:
    """ "Retracted by 10.x/z on 2024-03-01": the notice's DOI (`notice_doi` when the update
    is the notice's own `update-to`) and the date of the update."""
    doi = notice_doi or doi_of(update.get("DOI"))
    when = _parts(as_dict(update.get("updated")))
    date = "-".join(f"{part:02d}" for part in when[:3]) if when else ""
    kind = str(update.get("type", "retraction")).replace("_", " ")
    verb = "Withdrawn" if kind == "withdrawal" else "Removed" if kind == "removal" else "Retracted"
    if kind == "partial retraction":
        verb = "Partly retracted"
    return verb + (f" by {doi}" if doi else "") + (f" on {date}" if date else "")


def _parts(date: Any) -> list[int]:
    """[2024, 3, 1] from {"date-parts": [[2024, 3, 1]]}; [] when absent."""
    parts = as_dict(date).get("date-parts")
    first = parts[0] if isinstance(parts, list) and parts else None
    if isinstance(first, list) and first and all(isinstance(p, int) for p in first):
        return first
    return []


def _author(author: dict[str, Any]) -> dict[str, str]:
    if author.get("family") or author.get("given"):
        return named(author.get("family"), author.get("given"))
    return {"literal": clean(author["name"])} if clean(author.get("name")) else {}


def _pdf(item: dict[str, Any]) -> str:
    for entry in as_list(item.get("link")):
        if entry.get("content-type") == "application/pdf" and link(entry.get("URL")):
            return link(entry.get("URL"))
    return ""


def _first(values: Any) -> str:
    if isinstance(values, list) and values:
        return clean(values[0])
    return clean(values)
