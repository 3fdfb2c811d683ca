"""Refreshing a finished project: its pages rechecked, its queries searched again for what is
new, and a new report version only when something changed.

A refresh is a run of its own stages (pipeline/stages/recheck.py, discover.py, changes.py)
through the same scheduler; its searches ask for the time since the project last finished; it
has its own token budget. One at a time: a second one, or one while the project runs, is
refused with the reason.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import timezone

from research.errors import NotAllowed
from research.models import (
    FetchStatus,
    Project,
    ProjectStatus,
    QueryStatus,
    Refresh,
    RefreshStatus,
    Stage,
)
from research.pipeline.engine.runner import ensure_step
from research.providers.llm import check_configured

RANGES = (("day", 1), ("week", 7), ("month", 31), ("year", 366))


def time_range_since(moment: datetime | None, now: datetime | None = None) -> str:
    """The smallest search time range that covers the time since `moment` ("" for any)."""
    if moment is None:
        return ""
    elapsed = (now or timezone.now()) - moment
    return next((name for name, days in RANGES if elapsed <= timedelta(days=days)), "")


def start_refresh(project: Project, *, user=None, scheduled: bool = False) -> Refresh:
    """Start refreshing the project (it researches again); NotAllowed, saying why, while it
    runs or another refresh is under way, or before it has finished once."""
    _refuse_busy(project)
    if project.opts.uses_llm:
        check_configured()
    try:
        with transaction.atomic():
            refresh = Refresh.objects.create(
                project=project,
                since=project.reports.filter(is_current=True).first(),
                time_range=time_range_since(project.finished_at),
                scheduled=scheduled,
                requested_by=user,
            )
            _reopen(project, user)
            _enqueue(project, refresh, user)
    except IntegrityError:  # another refresh won the race
        raise NotAllowed("A refresh of this project is already under way.") from None
    return refresh


def _refuse_busy(project: Project) -> None:
    if project.refreshes.running().exists():
        raise NotAllowed("A refresh of this project is already under way.")
    if project.status in ProjectStatus.running():
        state = project.get_status_display().lower()
        raise NotAllowed(f"The project is {state}; refresh it once this run is done.")
    if project.status not in (ProjectStatus.DONE, ProjectStatus.FAILED):
        state = project.get_status_display().lower()
        raise NotAllowed(f"Only a finished project can be refreshed; this one is {state}.")


def _reopen(project: Project, user) -> None:
    """Through the status door; the refresh's budget starts from what was used so far."""
    used = F("tokens_prompt") + F("tokens_completion")
    if not Project.objects.transition(
        project.pk,
        ProjectStatus.RESEARCHING,
        only_from=[ProjectStatus.DONE, ProjectStatus.FAILED],
        error="",
        finished_at=None,
        started_at=timezone.now(),  # elapsed counts from this run
        updated_by=user,
        tokens_base=used,
    ):
        raise NotAllowed("The project changed meanwhile; reload it and refresh again.")


def _enqueue(project: Project, refresh: Refresh, user) -> None:
    """A recheck of every downloaded page and a search of every query for what is new."""
    pages = project.sources.filter(
        fetch_status=FetchStatus.FETCHED, excluded=False, document__isnull=True
    )
    for source in pages:
        key = f"{Stage.RECHECK.value}:r{refresh.pk}:s{source.pk}"
        params = {"refresh_id": refresh.pk}
        ensure_step(project, Stage.RECHECK, key, source=source, params=params, requested_by=user)
    for query in project.queries.filter(status=QueryStatus.DONE):
        key = f"{Stage.DISCOVER.value}:r{refresh.pk}:q{query.pk}"
        params = {"refresh_id": refresh.pk}
        ensure_step(project, Stage.DISCOVER, key, query=query, params=params, requested_by=user)


def close_refresh(sender, *, project_id: int, status: str, **kwargs) -> None:
    """The status door's signal: a refresh ends when its project is done, failed or cancelled."""
    if status in ProjectStatus.running():
        return
    outcome = RefreshStatus.DONE if status == ProjectStatus.DONE else RefreshStatus.FAILED
    Refresh.objects.running().filter(project_id=project_id).update(
        status=outcome, finished_at=timezone.now()
    )
