"""Step 5, fetch: download and extract one selected source, through the shared page cache.

Reads:    one Source's address; the page cache (PageSnapshot rows of every project).
Replaces: the Source's snapshot, fetch status and reason, HTTP status, content type, title and
          date; adds a PageSnapshot when it downloads.
"""

from __future__ import annotations

import hashlib
from urllib.parse import urlsplit

from django.utils import timezone

from research.limits import CONTENT_TYPE_MAX, FETCH_REASON_MAX, SOURCE_TITLE_MAX
from research.models import FetchStatus, PageSnapshot, Source, Stage
from research.pipeline.context import StageSpec, StepContext
from research.providers import extract as extractor
from research.providers import http, slots


def run(ctx: StepContext) -> None:
    source = ctx.source
    force = bool(ctx.param("force"))
    snapshot = None if force else PageSnapshot.objects.fresh(source.url)
    if snapshot is not None:
        ctx.note("from the page cache")
    else:
        snapshot = _download(source)
    Source.objects.filter(pk=source.pk).update(
        snapshot=snapshot,
        fetch_status=FetchStatus.FETCHED,
        fetch_reason="",
        final_url=snapshot.final_url,
        http_status=snapshot.http_status,
        content_type=snapshot.content_type,
        title=snapshot.title[:SOURCE_TITLE_MAX] or source.title,
        published=snapshot.published or source.published,
    )
    source.fetch_status = FetchStatus.FETCHED


def _download(source: Source) -> PageSnapshot:
    try:
        with slots.fetch_slot(urlsplit(source.url).hostname or ""):
            page = http.fetch(source.url)
        text = extractor.extract(page.body, page.content_type, page.charset, page.final_url)
    except http.FetchError as exc:
        status = FetchStatus.BLOCKED if exc.blocked else FetchStatus.FAILED
        _record_failure(source, status, exc.reason, exc.status_code)
        raise
    except extractor.ExtractError as exc:
        _record_failure(source, FetchStatus.FAILED, exc.reason, page.status_code, page.content_type)
        raise
    return PageSnapshot.objects.create(
        url=source.url,
        final_url=page.final_url,
        fetched_at=timezone.now(),
        http_status=page.status_code,
        content_type=page.content_type,
        content_hash=hashlib.sha256(page.body).hexdigest(),
        title=text.title[:SOURCE_TITLE_MAX],
        text=text.text,
        published=text.published,
        extractor=text.extractor,
    )


def _record_failure(
    source: Source,
    status: FetchStatus,
    reason: str,
    http_status: int | None = None,
    content_type: str = "",
) -> None:
    Source.objects.filter(pk=source.pk).update(
        fetch_status=status,
        fetch_reason=reason[:FETCH_REASON_MAX],
        http_status=http_status,
        content_type=content_type[:CONTENT_TYPE_MAX],
    )


STAGE = StageSpec(stage=Stage.FETCH, run=run)
