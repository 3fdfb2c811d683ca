"""Runs: start, cancel, resume and approve a project; rerun one query or source; write a new
report version; check a version's claims again. Pages, API and CLI all call these.

Each moves the project through the one status door (Project.objects.transition), so two members
acting at once, or a member and a finishing step, cannot both win: the loser is told why.

A rerun reruns only what depends on its target, reusing cached pages, and ends in a new report
version: it bumps the project's report generation, and the scheduler writes a report once the
rerun's work is done.
"""

from __future__ import annotations

import uuid

from django.db import transaction
from django.db.models import F
from django.utils import timezone

from research.errors import NotAllowed, NotConfigured
from research.limits import QUERY_MAX
from research.models import (
    FetchStatus,
    Project,
    ProjectStatus,
    Query,
    QueryStatus,
    Source,
    Stage,
    StepStatus,
)
from research.pipeline.engine import flow, runner
from research.pipeline.engine.runner import ensure_step
from research.providers.llm import check_configured


def start(project: Project, *, user=None) -> Project:
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


def cancel(project: Project, *, user=None) -> Project:
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


def resume(project: Project, *, user=None) -> Project:
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
            started_at=timezone.now(),  # elapsed counts from this run
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


def approve(project: Project, *, user=None) -> Project:
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


# --- Reruns ------------------------------------------------------------------------------


RERUNNABLE = {
    ProjectStatus.RESEARCHING,
    ProjectStatus.WRITING,
    ProjectStatus.DONE,
    ProjectStatus.FAILED,
}


def reopen(project: Project, *, user, new_version: bool = True) -> None:
    """Take new work into a project: it researches again and then writes a new report version
    (without `new_version`, the project is done again once the work is: a question's research).
    While it is still planning, the new work simply joins the run. Both go through the status
    door, so a rerun cannot bring back a project that was cancelled a moment before."""
    if project.status not in RERUNNABLE | {ProjectStatus.PLANNING}:
        raise NotAllowed(
            f"Nothing can be rerun while the project is {project.get_status_display().lower()}."
        )
    if project.opts.uses_llm:
        check_configured()
    bump: dict = {"updated_by": user}
    if new_version:
        bump["report_generation"] = F("report_generation") + 1
    with transaction.atomic():
        if Project.objects.hold(project.pk, [ProjectStatus.PLANNING]):
            Project.objects.filter(pk=project.pk).update(**bump)
        elif not Project.objects.transition(
            project.pk,
            ProjectStatus.RESEARCHING,
            only_from=RERUNNABLE,
            error="",
            finished_at=None,
            started_at=timezone.now(),  # elapsed counts from this run
            **bump,
        ):
            project.refresh_from_db(fields=["status"])
            state = project.get_status_display().lower()
            raise NotAllowed(f"Nothing can be rerun while the project is {state}.")
    transaction.on_commit(lambda: flow.advance(project.pk))


def rerun_query(
    query: Query, *, text: str | None = None, routes: list[str] | None = None, user=None
) -> Query:
    """Search, rank, fetch and summarise this query again (after its text or its routes, checked
    by the caller, were edited)."""
    with transaction.atomic():
        reopen(query.project, user=user)
        changes = {"generation": F("generation") + 1, "status": QueryStatus.PENDING, "error": ""}
        if text is not None and text.strip() and text.strip() != query.text:
            changes.update(text=text.strip()[:QUERY_MAX], edited_by=user, edited_at=timezone.now())
        if routes is not None and routes != query.routes:
            changes.update(routes=routes, edited_by=user, edited_at=timezone.now())
        Query.objects.filter(pk=query.pk).update(**changes)
    query.refresh_from_db()
    return query


def refetch_source(source: Source, *, user=None) -> Source:
    """Download the page again (bypassing the cache), then summarise it again."""
    return _redo_source(source, user, force=True)


def resummarize_source(source: Source, *, user=None) -> Source:
    """Summarise the stored page again for every query that selected it."""
    if source.fetch_status != FetchStatus.FETCHED:
        raise NotAllowed("Only a fetched source can be summarised again; refetch it first.")
    return _redo_source(source, user, force=False)


def _redo_source(source: Source, user, *, force: bool) -> Source:
    with transaction.atomic():
        reopen(source.project, user=user)
        Source.objects.filter(pk=source.pk).update(
            generation=F("generation") + 1,
            updated_by=user,
            **({"fetch_status": FetchStatus.PENDING, "fetch_reason": ""} if force else {}),
        )
        source.refresh_from_db()
        ensure_step(
            source.project,
            Stage.FETCH,
            f"fetch:{flow.source_key(source)}",
            source=source,
            params={"force": force},
            requested_by=user,
        )
    return source


def write_again(project: Project, *, user, only_from: list[ProjectStatus] | None = None) -> bool:
    """Move a done project (or one of `only_from`) back to writing through the status door,
    for a new report version: a regenerated one, a hand edit, a section rewrite. It is done
    again once that version's claims are checked. False when the project was not there."""
    return Project.objects.transition(
        project.pk,
        ProjectStatus.WRITING,
        only_from=only_from or [ProjectStatus.DONE],
        error="",
        finished_at=None,
        started_at=timezone.now(),  # elapsed counts from this run
        updated_by=user,
    )


def new_report(
    project: Project,
    *,
    style: str = "",
    language: str = "",
    engine: str = "",
    length: str = "",
    citation_style: str = "",
    user=None,
):
    """Write a new report version from the stored summaries, optionally restyled, of another
    length, with its references in another citation style, and by another engine than the
    project's (an extractive project's report from the LLM, or the reverse)."""
    if project.status not in RERUNNABLE:
        state = project.get_status_display().lower()
        raise NotAllowed(f"No report can be written while the project is {state}.")
    if (engine or project.opts.engine) == "llm":
        check_configured()
    with transaction.atomic():
        writing = write_again(
            project, user=user, only_from=[ProjectStatus.DONE, ProjectStatus.FAILED]
        )
        if not writing and not Project.objects.hold(project.pk, RERUNNABLE):
            project.refresh_from_db(fields=["status"])
            state = project.get_status_display().lower()
            raise NotAllowed(f"No report can be written while the project is {state}.")
        step, _ = ensure_step(
            project,
            Stage.REPORT,
            f"report:manual:{uuid.uuid4().hex[:12]}",
            params={
                "style": style,
                "language": language,
                "engine": engine,
                "length": length,
                "citation_style": citation_style,
            },
            requested_by=user,
        )
    return step


def recheck_claims(project: Project, *, source: Source | None = None, user=None):
    """Check the current report version's claims again (only those citing `source`, if
    given): a visible step; the project writes until it is done, then is done again."""
    report = project.reports.filter(is_current=True).first()
    if report is None:
        raise NotAllowed("The project has no report whose claims could be checked.")
    with transaction.atomic():
        writing = Project.objects.transition(
            project.pk,
            ProjectStatus.WRITING,
            only_from=[ProjectStatus.DONE],
            error="",
            finished_at=None,
            started_at=timezone.now(),  # elapsed counts from this run
            updated_by=user,
        )
        if not writing and not Project.objects.hold(project.pk, ProjectStatus.running()):
            project.refresh_from_db(fields=["status"])
            state = project.get_status_display().lower()
            raise NotAllowed(f"No claims can be checked while the project is {state}.")
        params: dict = {"report_id": report.pk}
        if source is not None:
            params["source_n"] = source.n
        step, _ = ensure_step(
            project,
            Stage.CLAIMS,
            f"{flow.claims_key(report.pk)}:manual:{uuid.uuid4().hex[:12]}",
            params=params,
            source=source,
            requested_by=user,
        )
    return step
