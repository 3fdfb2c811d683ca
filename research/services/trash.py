"""The trash: a deleted project waits here TRASH_DAYS days before it is deleted for good.

Any member moves a project to the trash (a running one is cancelled first, through the status
door, so no worker keeps working on it) and any member restores it while it waits. Only its
owner or an admin (a staff member or a superuser) deletes it for good before its time; after
TRASH_DAYS the watchdog task does (`purge_expired`). Each of these goes to the activity log,
whose record of a purge outlives the project.

A project in the trash is frozen: it is left out of every list and search, the pages and the API
load only live projects (services/selectors.py), and the status door moves only live projects.
"""

from __future__ import annotations

import math
from datetime import datetime, timedelta

from django.conf import settings
from django.db import transaction
from django.db.models import QuerySet
from django.utils import timezone

from research.errors import Forbidden, NotAllowed
from research.models import ActivityAction, ActivityEntry, Project
from research.services import runs


def is_admin(user) -> bool:
    return bool(user.is_staff or user.is_superuser)


def can_purge(project: Project, user) -> bool:
    """The owner or an admin may delete a project for good; any member may trash or restore."""
    return project.owner_id == user.pk or is_admin(user)


def purge_at(project: Project) -> datetime:
    """When the watchdog deletes a project in the trash for good."""
    assert project.deleted_at is not None
    return project.deleted_at + timedelta(days=settings.TRASH_DAYS)


def days_left(project: Project, now: datetime | None = None) -> int:
    """Whole days (rounded up) before the project is deleted for good; 0 once it is due."""
    remaining = purge_at(project) - (now or timezone.now())
    return max(0, math.ceil(remaining / timedelta(days=1)))


def trash(project: Project, *, user) -> Project:
    """Move a project to the trash. A running one is cancelled first, so no step runs on."""
    with transaction.atomic():
        row = Project.objects.select_for_update().live().filter(pk=project.pk).first()
        if row is None:
            raise NotAllowed(f"Project {project.pk} is already in the trash.")
        detail = ""
        if row.is_running:
            runs.cancel(row, user=user)
            detail = "It was running and was cancelled first."
        Project.objects.filter(pk=row.pk).update(
            deleted_at=timezone.now(), deleted_by=user, updated_by=user
        )
        ActivityEntry.objects.record(ActivityAction.TRASHED, row, user, detail)
    project.refresh_from_db()
    return project


def restore(project: Project, *, user) -> Project:
    """Take a project out of the trash, as it was (a cancelled run can then be resumed)."""
    with transaction.atomic():
        restored = (
            Project.objects.trashed()
            .filter(pk=project.pk, deleted_at__gte=_cutoff())
            .update(deleted_at=None, deleted_by=None, updated_by=user)
        )
        if not restored:
            raise NotAllowed(
                f"Project {project.pk} is no longer in the trash, or its {settings.TRASH_DAYS} "
                f"days there are over and it is being deleted for good."
            )
        ActivityEntry.objects.record(ActivityAction.RESTORED, project, user)
    project.refresh_from_db()
    return project


def purge(project: Project, *, user) -> None:
    """Delete a project in the trash for good, now: its owner or an admin only."""
    if not can_purge(project, user):
        raise Forbidden(
            f"Only the project's owner ({project.owner.get_username()}) or an admin can delete "
            f"it for good; any member can restore it."
        )
    if project.steps.open().exists():
        raise NotAllowed("A step of this project is still finishing; try again in a minute.")
    if not _purge(Project.objects.trashed(), project.pk, user, ""):
        raise NotAllowed(f"Project {project.pk} is no longer in the trash.")


def purge_expired() -> int:
    """Delete for good every project that has been in the trash for TRASH_DAYS; how many."""
    days = settings.TRASH_DAYS
    expired = Project.objects.trashed_before(_cutoff())
    detail = f"Automatic after {days} day{'s' if days != 1 else ''} in the trash."
    ids = list(expired.values_list("pk", flat=True))
    return sum(_purge(expired, project_id, None, detail) for project_id in ids)


def _purge(rows: QuerySet[Project], project_id: int, actor, detail: str) -> bool:
    """Log the purge, then delete the project and everything in it, if it is still in `rows`."""
    with transaction.atomic():
        project = rows.select_for_update().filter(pk=project_id).first()
        if project is None:
            return False
        ActivityEntry.objects.record(ActivityAction.PURGED, project, actor, detail)
        project.delete()
    return True


def _cutoff() -> datetime:
    return timezone.now() - timedelta(days=settings.TRASH_DAYS)
