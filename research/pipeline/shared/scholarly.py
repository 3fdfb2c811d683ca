"""Scholarly papers inside a research run: a project's "scholarly" source, and a paper's text.

`searchers` is the backend a project's "scholarly" source asks (providers/scholarly): the APIs
of SCHOLARLY_PROVIDERS, their papers merged by DOI. A paper becomes a Source at its landing
page (or https://doi.org/DOI) whose `paper` keeps its metadata (DOI, authors, year, venue,
citations, open access, retraction). `read_paper` is its fetch: the open-access PDF, through
the HTTP choke point and the page cache like any page, or else (no PDF, or one that cannot be
read) its abstract as a page-cache row of its own, with no network call.
"""

from __future__ import annotations

import hashlib

from django.utils import timezone

from research.errors import MissingInput
from research.limits import SOURCE_TITLE_MAX
from research.models import PageSnapshot, Source
from research.models.options import ProjectOptions
from research.pipeline.shared import pages
from research.providers import extract as extractor
from research.providers import http, slots
from research.providers.scholarly import searcher
from research.providers.search import Searcher, SearchResult
from research.text.scope import NO_SCOPE, Scope

EXTRACTOR = "abstract"
ABSTRACT = "#abstract"  # the abstract's page-cache address: the landing page's, with this


def searchers(opts: ProjectOptions) -> list[Searcher]:
    """The scholarly search, when the project's sources name it."""
    return [searcher()] if opts.searches_scholarly else []


def is_paper(source: Source) -> bool:
    return bool(source.paper)


def source_fields(result: SearchResult) -> dict:
    """What a Source made from a paper records: its metadata."""
    return {"paper": result.paper}


def read_paper(
    source: Source, scope: Scope = NO_SCOPE, *, force: bool = False
) -> tuple[PageSnapshot, str]:
    """The paper's text and how it was read: its open-access PDF, downloaded within the
    project's domains (`scope`) ("the open-access PDF", "the open-access PDF from the page
    cache"), or its abstract ("the abstract (the PDF could not be read: ...)")."""
    pdf = str(source.paper.get("pdf_url") or "")
    why = "" if pdf else "no open-access PDF"
    if pdf:
        with slots.one_download(pdf):
            cached = None if force else PageSnapshot.objects.fresh(pdf)
            if cached is not None and scope.admits(cached.final_url or cached.url):
                return cached, "the open-access PDF from the page cache"
            try:
                snapshot = pages.download(pdf, scope=scope)
                assert snapshot is not None  # only a conditional GET is "not modified"
                return snapshot, "the open-access PDF"
            except (http.FetchError, extractor.ExtractError) as exc:
                why = f"the PDF could not be read: {exc.reason}"
    return abstract_page(source, why), f"the abstract ({why})"


def abstract_page(source: Source, why: str) -> PageSnapshot:
    """The paper's abstract as a page-cache row (the same row again while it is unchanged)."""
    text = str(source.paper.get("abstract") or "").strip()
    if not text:
        raise MissingInput(
            f"Source [{source.n}] is a paper with no abstract and {why}; open it at "
            f"{source.url}, or exclude it."
        )
    url = source.url + ABSTRACT
    digest = hashlib.sha256(text.encode()).hexdigest()
    latest = PageSnapshot.objects.filter(url=url).order_by("-fetched_at").first()
    if latest is not None and latest.content_hash == digest:
        return latest
    return PageSnapshot.objects.create(
        url=url,
        fetched_at=timezone.now(),
        content_type="text/plain",
        content_hash=digest,
        title=(source.paper.get("title") or source.title)[:SOURCE_TITLE_MAX],
        text=text,
        extractor=EXTRACTOR,
    )
