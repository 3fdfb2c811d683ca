"""Reruns: each reruns only what depends on its target, reusing cached pages.

Every rerun ends in a new report version: it bumps the project's report generation, and the
scheduler writes a report once the rerun's work is done.
"""

from __future__ import annotations

import uuid

from django.db import transaction
from django.db.models import F
from django.utils import timezone

from research.errors import NotAllowed
from research.limits import QUERY_MAX
from research.models import FetchStatus, Project, ProjectStatus, Query, QueryStatus, Source, Stage
from research.pipeline import flow
from research.pipeline.runner import ensure_step
from research.providers.llm import check_configured

RERUNNABLE = {
    ProjectStatus.RESEARCHING,
    ProjectStatus.WRITING,
    ProjectStatus.DONE,
    ProjectStatus.FAILED,
}


def reopen(project: Project, user, *, new_version: bool = True) -> None:
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
            **bump,
        ):
            project.refresh_from_db(fields=["status"])
            state = project.get_status_display().lower()
            raise NotAllowed(f"Nothing can be rerun while the project is {state}.")
    transaction.on_commit(lambda: flow.advance(project.pk))


def rerun_query(query: Query, *, text: str | None = None, user=None) -> Query:
    """Search, rank, fetch and summarise this query again (after its text was edited)."""
    with transaction.atomic():
        reopen(query.project, user)
        changes = {"generation": F("generation") + 1, "status": QueryStatus.PENDING, "error": ""}
        if text is not None and text.strip() and text.strip() != query.text:
            changes.update(text=text.strip()[:QUERY_MAX], edited_by=user, edited_at=timezone.now())
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
        reopen(source.project, user)
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


def new_report(
    project: Project, *, style: str = "", language: str = "", engine: str = "", user=None
):
    """Write a new report version from the stored summaries, optionally restyled, and by
    another engine than the project's (an extractive project's report from the LLM, or the
    reverse)."""
    if project.status not in RERUNNABLE:
        state = project.get_status_display().lower()
        raise NotAllowed(f"No report can be written while the project is {state}.")
    if (engine or project.opts.engine) == "llm":
        check_configured()
    with transaction.atomic():
        writing = Project.objects.transition(
            project.pk,
            ProjectStatus.WRITING,
            only_from=[ProjectStatus.DONE, ProjectStatus.FAILED],
            error="",
            finished_at=None,
            updated_by=user,
        )
        if not writing and not Project.objects.hold(project.pk, RERUNNABLE):
            project.refresh_from_db(fields=["status"])
            state = project.get_status_display().lower()
            raise NotAllowed(f"No report can be written while the project is {state}.")
        step, _ = ensure_step(
            project,
            Stage.REPORT,
            f"report:manual:{uuid.uuid4().hex[:12]}",
            params={"style": style, "language": language, "engine": engine},
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
