"""What members do to a project's sources: add a page by hand; exclude or pin a source."""

from __future__ import annotations

from django.db import transaction

from research.errors import BadInput, NotAllowed
from research.limits import URL_MAX
from research.models import Project, ProjectStatus, Source
from research.providers import http as fetcher
from research.services.runs import reopen


def add_source(project: Project, *, url: str, user) -> Source:
    """A member adds a page by hand. It is fetched and summarised against every query that
    has been ranked, and the report is written again; before research it waits for the run."""
    url = (url or "").strip()
    if not url.lower().startswith(("http://", "https://")) or len(url) > URL_MAX:
        raise BadInput(
            f"A source is an http:// or https:// address of at most {URL_MAX} characters.",
            field="url",
        )
    _refuse_blocked(url)
    if project.status == ProjectStatus.CANCELLED:
        raise NotAllowed("The project is cancelled; resume it before adding sources.")
    if project.sources.filter(url=url).exists():
        raise NotAllowed("This address is already a source of the project.")
    with transaction.atomic():
        (n,) = project.allocate_source_numbers(1)
        source = Source.objects.create(
            project=project, n=n, url=url, added_by=user, updated_by=user, pinned=True
        )
        if project.status not in (ProjectStatus.DRAFT, ProjectStatus.AWAITING_REVIEW):
            reopen(project, user=user)
    return source


def _refuse_blocked(url: str) -> None:
    """Refuse, before anything is stored, an address the SSRF guard would refuse: an IP literal,
    or a host name that resolves into a refused range. A name that does not resolve now is
    accepted; its fetch is checked again and records why it failed."""
    try:
        fetcher.check_url(url)
    except fetcher.BlockedURL as exc:
        raise BadInput(f"This address cannot be fetched: {exc.reason}.", field="url") from None
    except fetcher.FetchError:
        pass


def set_source_flags(
    source: Source, *, user, excluded: bool | None = None, pinned: bool | None = None
) -> Source:
    changes = {}
    if excluded is not None:
        changes["excluded"] = excluded
    if pinned is not None:
        changes["pinned"] = pinned
    if changes:
        Source.objects.filter(pk=source.pk).update(updated_by=user, **changes)
        source.refresh_from_db()
    return source
