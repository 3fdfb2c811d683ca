"""Step 6, fetch: download and extract one selected source, through the shared page cache."""

from __future__ import annotations

import hashlib
from urllib.parse import urlsplit

from django.utils import timezone

from research.models import FetchStatus, PageSnapshot, Source
from research.pipeline import limits
from research.pipeline.context import StepContext
from research.providers import extract as extractor
from research.providers import http


def run(ctx: StepContext) -> None:
    source = ctx.step.source
    force = bool(ctx.step.params.get("force"))
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
        title=snapshot.title[:500] or source.title,
        published=snapshot.published or source.published,
    )
    source.fetch_status = FetchStatus.FETCHED


def _download(source: Source) -> PageSnapshot:
    try:
        with limits.fetch_slot(urlsplit(source.url).hostname or ""):
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
        title=text.title[:500],
        text=text.text,
        published=text.published,
        extractor=text.extractor,
    )


def _record_failure(source: Source, status, reason: str, http_status=None, content_type="") -> None:
    Source.objects.filter(pk=source.pk).update(
        fetch_status=status,
        fetch_reason=reason[:2000],
        http_status=http_status,
        content_type=content_type[:200],
    )
