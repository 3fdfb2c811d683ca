"""Step 5, fetch: download and extract one selected source, through the shared page cache.

Reads:    one Source's address; the project's domains (an address outside them, or a redirect
          out of them, is refused and the Source says why); the page cache (PageSnapshot
          rows of every project, one redirected out of the domains not used); for a
          library source, its passage's stored text and its document's figures on that page;
          for an MCP server's document, the text
          stored when it was found (neither touches the network); for a paper, its
          open-access PDF, or else its abstract (shared/scholarly.py).
Replaces: the Source's snapshot, fetch status and reason, HTTP status, content type, title and
          date; adds a PageSnapshot when it downloads; a web page's figures, as Figure rows of
          the Source, their images downloaded and re-encoded (shared/page_figures.py); a
          library source's copies of its document's figures (shared/document_figures.py).

Step 4b, read ahead (with a model only): while a query's ranking waits on the model, its first
results in the search engine's order are downloaded into the page cache, so that the fetch of
each one the ranking then selects finds its page there at once.

Reads:    one Query's web results (not papers) and their sources' addresses; the page cache.
Replaces: nothing but the page cache (adds PageSnapshots): no Source changes, so a page read
          ahead but not selected is neither fetched nor summarised for the project.
"""

from __future__ import annotations

import functools
from collections import Counter

from research.limits import SOURCE_TITLE_MAX
from research.models import FetchStatus, Figure, PageSnapshot, Source, Stage
from research.pipeline.shared import (
    document_figures,
    library,
    mcp,
    page_figures,
    pages,
    parallel,
    scholarly,
)
from research.pipeline.shared.context import StageSpec, StepContext
from research.providers import extract as extractor
from research.providers import http, slots
from research.text.scope import Scope


def run(ctx: StepContext) -> None:
    source = ctx.source
    if library.is_library(source):
        snapshot = library.read_passage(source)
        kept = document_figures.offer(source)
        ctx.note(f"from the library; {kept}" if kept else "from the library")
    elif mcp.is_mcp(source):
        snapshot = mcp.read_text(source)
        ctx.note(f"as {source.domain} gave it")
    elif scholarly.is_paper(source):
        snapshot, how = scholarly.read_paper(source, ctx.opts.scope, force=bool(ctx.param("force")))
        ctx.note(how)
    else:
        snapshot = _page(ctx, source)
        kept = page_figures.keep(source, snapshot, ctx.opts.scope)
        if kept:
            ctx.note(f"{ctx.detail}; {kept}" if ctx.detail else kept)
    Source.objects.filter(pk=source.pk).update(
        snapshot=snapshot,
        fetch_status=FetchStatus.FETCHED,
        fetch_reason="",
        final_url=snapshot.final_url,
        http_status=snapshot.http_status,
        content_type=snapshot.content_type,
        # a paper keeps its own title and date, not its PDF's
        title=source.title if source.paper else snapshot.title[:SOURCE_TITLE_MAX] or source.title,
        published=source.published if source.paper else snapshot.published or source.published,
    )
    source.fetch_status = FetchStatus.FETCHED


def _page(ctx: StepContext, source: Source) -> PageSnapshot:
    force = bool(ctx.param("force"))
    scope = ctx.opts.scope
    with slots.one_download(source.url):  # a page being read ahead: wait for it, then reuse it
        snapshot = None if force else PageSnapshot.objects.fresh(source.url)
        # a page cached by another project may have been redirected out of this one's domains:
        # fetching it again refuses it, saying so
        if snapshot is not None and scope.admits(snapshot.final_url or snapshot.url):
            ctx.note("from the page cache")
            return snapshot
        return _download(source.url, scope, source)


def _download(url: str, scope: Scope, source: Source | None = None) -> PageSnapshot:
    """The page, downloaded within the project's domains and extracted into the page cache (a
    failure is recorded on `source`, when there is one, and raised)."""
    snapshot = pages.download(url, source, scope=scope)
    assert snapshot is not None  # only a conditional GET is answered "not modified"
    return snapshot


# --- Reading ahead -----------------------------------------------------------------------


def read_ahead(ctx: StepContext) -> None:
    """The query's first `sources_per_query` results not fetched yet, downloaded at once (each
    through the fetch slots); a page that cannot be read is left for its fetch, if the ranking
    selects it, to try again and to record why."""
    links = (
        ctx.query.results.filter(
            source__excluded=False, source__url__startswith="http", source__paper={}
        )
        .exclude(source__fetch_status=FetchStatus.FETCHED)
        .order_by("rank")
        .values_list("source__url", flat=True)
    )
    urls = list(links[: ctx.opts.sources_per_query])
    if not urls:
        ctx.note("nothing to read ahead")
        return
    read = functools.partial(_read_ahead, scope=ctx.opts.scope)
    outcomes = Counter(parallel.at_once(read, urls, limit=len(urls)))
    ctx.note(
        ", ".join(f"{n} {outcome}" for outcome, n in outcomes.most_common())
        + f" of the first {len(urls)} results"
    )


def _read_ahead(url: str, scope: Scope) -> str:
    try:
        with slots.one_download(url):
            if PageSnapshot.objects.fresh(url) is not None:
                return "cached already"
            _download(url, scope)
            return "downloaded"
    except (http.FetchError, extractor.ExtractError):
        return "unreadable"


STAGE = StageSpec(stage=Stage.FETCH, run=run, writes=(Source, PageSnapshot, Figure))
PREFETCH = StageSpec(stage=Stage.PREFETCH, run=read_ahead, ahead=True, writes=(PageSnapshot,))
