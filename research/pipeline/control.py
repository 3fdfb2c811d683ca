"""Start, cancel, resume and approve a project. Pages, API and CLI all call these.

Each moves the project through the one status door (Project.objects.transition), so two members
acting at once, or a member and a finishing step, cannot both win: the loser is told why.
"""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from research.errors import NotAllowed, NotConfigured
from research.models import Project, ProjectStatus, Query, QueryStatus, StepStatus
from research.pipeline import flow, runner
from research.providers.llm import check_configured


def start(project: Project, user=None) -> Project:
    started = Project.objects.transition(
        project.pk,
        ProjectStatus.PLANNING,
        only_from=[ProjectStatus.DRAFT],
        started_at=timezone.now(),
        updated_by=user,
        error="",
    )
    if not started:
        raise NotAllowed(f"Only a draft can be started; this project is {_status(project)}.")
    try:
        _check_engine(project)
    except NotConfigured as exc:
        Project.objects.fail(project.pk, exc.reason)
    else:
        _advance_on_commit(project.pk)
    project.refresh_from_db()
    return project


def cancel(project: Project, user=None) -> Project:
    """Stop a project that has not finished: queued steps are cancelled, running ones finish."""
    with transaction.atomic():
        cancelled = Project.objects.transition(
            project.pk, ProjectStatus.CANCELLED, finished_at=timezone.now(), updated_by=user
        )
        if not cancelled:
            raise NotAllowed(f"The project is already {_status(project)}.")
        runner.cancel_queued(project.pk, "Cancelled by a member.")
    project.refresh_from_db()
    return project


def resume(project: Project, user=None) -> Project:
    """Run a failed or cancelled project on from where it stopped: failed steps run again."""
    if project.status not in (ProjectStatus.FAILED, ProjectStatus.CANCELLED):
        raise NotAllowed("Only a failed or cancelled project can be resumed.")
    _check_engine(project)
    plan_done = project.steps.filter(key="plan", status=StepStatus.DONE).exists()
    with transaction.atomic():
        resumed = Project.objects.transition(
            project.pk,
            ProjectStatus.RESEARCHING if plan_done else ProjectStatus.PLANNING,
            only_from=[ProjectStatus.FAILED, ProjectStatus.CANCELLED],
            error="",
            finished_at=None,
            updated_by=user,
        )
        if not resumed:
            raise NotAllowed(
                f"Only a failed or cancelled project can be resumed; this one is "
                f"{_status(project)}."
            )
        Query.objects.filter(project=project, status=QueryStatus.FAILED).update(
            status=QueryStatus.PENDING, error=""
        )
        runner.requeue_failed(project.pk)
        _advance_on_commit(project.pk)
    project.refresh_from_db()
    return project


def approve(project: Project, user=None) -> Project:
    if project.status != ProjectStatus.AWAITING_REVIEW:
        raise NotAllowed("Only a plan awaiting review can be approved.")
    if not project.queries.exists():
        raise NotAllowed("The plan has no queries; add at least one before approving.")
    approved = Project.objects.transition(
        project.pk,
        ProjectStatus.RESEARCHING,
        only_from=[ProjectStatus.AWAITING_REVIEW],
        plan_approved_at=timezone.now(),
        plan_approved_by=user,
        updated_by=user,
    )
    if not approved:
        raise NotAllowed(
            f"Only a plan awaiting review can be approved; this project is {_status(project)}."
        )
    _advance_on_commit(project.pk)
    project.refresh_from_db()
    return project


def _check_engine(project: Project) -> None:
    """An LLM project needs a configured LLM; an extractive one needs nothing."""
    if project.opts.uses_llm:
        check_configured()


def _status(project: Project) -> str:
    """The project's status now, in words (after a transition lost, the copy in hand is old)."""
    project.refresh_from_db(fields=["status"])
    return project.get_status_display().lower()


def _advance_on_commit(project_id: int) -> None:
    transaction.on_commit(lambda: flow.advance(project_id))
