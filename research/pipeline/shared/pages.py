"""Downloading a page into the shared page cache: what the fetch and the recheck stages share."""

from __future__ import annotations

import hashlib
from urllib.parse import urlsplit

from django.utils import timezone

from research.limits import CONTENT_TYPE_MAX, FETCH_REASON_MAX, SOURCE_TITLE_MAX
from research.models import FetchStatus, PageSnapshot, Source
from research.providers import extract as extractor
from research.providers import fetched, http, slots
from research.text.scope import NO_SCOPE, Scope


def download(
    url: str,
    source: Source | None = None,
    *,
    etag: str = "",
    last_modified: str = "",
    scope: Scope = NO_SCOPE,
) -> PageSnapshot | None:
    """The page, downloaded, extracted and stored in the page cache; None when the GET was
    conditional (`etag`, `last_modified`) and the server says the page did not change. Every
    hop is held to `scope`, the project's domains. A failure (http.FetchError, an OutOfScope
    among them, extract.ExtractError) is recorded on `source`, when there is one, and raised."""
    try:
        with slots.fetch_slot(urlsplit(url).hostname or ""):
            page = http.fetch(url, etag=etag, last_modified=last_modified, scope=scope)
        if page.not_modified:
            return None
        text = fetched.read(page.body, page.content_type, page.charset, page.final_url)
    except http.FetchError as exc:
        status = FetchStatus.BLOCKED if exc.blocked else FetchStatus.FAILED
        if source is not None:
            record_failure(source, status, exc.reason, exc.status_code)
        raise
    except extractor.ExtractError as exc:
        if source is not None:
            record_failure(
                source, FetchStatus.FAILED, exc.reason, page.status_code, page.content_type
            )
        raise
    return PageSnapshot.objects.create(
        url=url,
        final_url=page.final_url,
        fetched_at=timezone.now(),
        http_status=page.status_code,
        content_type=page.content_type,
        content_hash=hashlib.sha256(page.body).hexdigest(),
        etag=page.etag[:300],
        last_modified=page.last_modified[:100],
        title=text.title[:SOURCE_TITLE_MAX],
        text=text.text,
        tables=text.tables,
        figures=[figure.as_json() for figure in text.figures],
        published=text.published,
        extractor=text.extractor,
    )


def record_failure(
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
