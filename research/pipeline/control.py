"""Start, cancel, resume and approve a project. Pages, API and CLI all call these."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from research.errors import NotAllowed, NotConfigured
from research.models import Project, ProjectStatus, Query, QueryStatus, StepStatus
from research.pipeline import flow
from research.pipeline.failures import fail_project
from research.pipeline.runner import requeue
from research.providers.llm import check_configured


def start(project: Project, user=None) -> Project:
    if project.status != ProjectStatus.DRAFT:
        raise NotAllowed(f"Only a draft can be started; this project is {project.status}.")
    Project.objects.filter(pk=project.pk, status=ProjectStatus.DRAFT).update(
        status=ProjectStatus.PLANNING, started_at=timezone.now(), updated_by=user, error=""
    )
    try:
        check_configured()
    except NotConfigured as exc:
        fail_project(project.pk, exc.reason)
    else:
        _advance_on_commit(project.pk)
    project.refresh_from_db()
    return project


def cancel(project: Project, user=None) -> Project:
    if project.status in ProjectStatus.finished():
        raise NotAllowed(f"The project is already {project.get_status_display().lower()}.")
    with transaction.atomic():
        Project.objects.filter(pk=project.pk).update(
            status=ProjectStatus.CANCELLED, finished_at=timezone.now(), updated_by=user
        )
        project.steps.filter(status=StepStatus.QUEUED).update(
            status=StepStatus.CANCELLED, error="Cancelled by a member.", finished_at=timezone.now()
        )
    project.refresh_from_db()
    return project


def resume(project: Project, user=None) -> Project:
    """Run a failed or cancelled project on from where it stopped: failed steps run again."""
    if project.status not in (ProjectStatus.FAILED, ProjectStatus.CANCELLED):
        raise NotAllowed("Only a failed or cancelled project can be resumed.")
    check_configured()
    plan_done = project.steps.filter(key="plan", status=StepStatus.DONE).exists()
    with transaction.atomic():
        Project.objects.filter(pk=project.pk).update(
            status=ProjectStatus.RESEARCHING if plan_done else ProjectStatus.PLANNING,
            error="",
            finished_at=None,
            updated_by=user,
        )
        Query.objects.filter(project=project, status=QueryStatus.FAILED).update(
            status=QueryStatus.PENDING, error=""
        )
        for step in project.steps.filter(status__in=[StepStatus.FAILED, StepStatus.CANCELLED]):
            requeue(step)
        _advance_on_commit(project.pk)
    project.refresh_from_db()
    return project


def approve(project: Project, user=None) -> Project:
    if project.status != ProjectStatus.AWAITING_REVIEW:
        raise NotAllowed("Only a plan awaiting review can be approved.")
    if not project.queries.exists():
        raise NotAllowed("The plan has no queries; add at least one before approving.")
    Project.objects.filter(pk=project.pk, status=ProjectStatus.AWAITING_REVIEW).update(
        status=ProjectStatus.RESEARCHING,
        plan_approved_at=timezone.now(),
        plan_approved_by=user,
        updated_by=user,
    )
    _advance_on_commit(project.pk)
    project.refresh_from_db()
    return project


def _advance_on_commit(project_id: int) -> None:
    transaction.on_commit(lambda: flow.advance(project_id))
