"""A refresh's step 1, recheck: ask for a known page again, and keep it unless it changed.

The GET is conditional (the ETag and Last-Modified its last download gave): a 304 means the
page did not change. A page downloaded in full is compared by the sha256 of its bytes, then by
its extracted text (the bytes of a page often change with nothing a reader sees: a date, an
advert), so that only a real change is summarised again: the source's generation is bumped,
and the scheduler fetches it (from the page cache) and summarises it again for every query
that selected it. A page that cannot be read any more is
recorded as gone; its stored text stays what the report cited.

Reads:    one fetched Source, its page snapshot's text and validators; the step's refresh.
Replaces: a SourceCheck of that source for the refresh; when the page changed, the Source's
          snapshot (a new PageSnapshot) and generation.
"""

from __future__ import annotations

from django.db.models import F

from research.models import PageCheck, PageSnapshot, Source, SourceCheck, Stage
from research.pipeline.shared import mcp, pages
from research.pipeline.shared.context import StageSpec, StepContext
from research.providers import extract as extractor
from research.providers import http, slots


def run(ctx: StepContext) -> None:
    source = ctx.source
    old = source.snapshot
    if old is None or source.document_id is not None or mcp.is_mcp(source):
        _check(ctx, source, PageCheck.UNCHANGED, None, "not a downloaded page")
        return
    try:
        with slots.one_download(source.url):
            new = pages.download(
                source.url, etag=old.etag, last_modified=old.last_modified, scope=ctx.opts.scope
            )
    except (http.FetchError, extractor.ExtractError) as exc:
        status = getattr(exc, "status_code", None)
        _check(ctx, source, PageCheck.GONE, status, exc.reason)
        return
    if new is None:
        _check(ctx, source, PageCheck.UNCHANGED, 304, "not modified (304)")
    elif old.content_hash and new.content_hash == old.content_hash:
        _check(ctx, source, PageCheck.UNCHANGED, new.http_status, "the same bytes (sha256)")
    elif new.text.strip() == old.text.strip():
        _check(ctx, source, PageCheck.UNCHANGED, new.http_status, "the same text")
    else:
        Source.objects.filter(pk=source.pk).update(
            snapshot=new, generation=F("generation") + 1, title=new.title or source.title
        )
        _check(ctx, source, PageCheck.CHANGED, new.http_status, "the text changed", old)


def _check(
    ctx: StepContext,
    source: Source,
    outcome: PageCheck,
    status: int | None,
    detail: str,
    previous: PageSnapshot | None = None,
) -> None:
    SourceCheck.objects.update_or_create(
        refresh_id=ctx.param("refresh_id"),
        source=source,
        defaults={
            "outcome": outcome,
            "http_status": status,
            "detail": detail[:500],
            "previous": previous,
        },
    )
    ctx.note(f"{outcome.label.lower()}: {detail}")


STAGE = StageSpec(stage=Stage.RECHECK, run=run, writes=(SourceCheck, Source, PageSnapshot))
