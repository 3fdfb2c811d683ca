"""What each MCP tool does, as plain functions of the acting member: the same services and
selectors as the REST API, and the same shapes (each answer is the REST schema's dump).

Every function here is synchronous and touches the database; `server.py` runs them in worker
threads and turns their answers into tool results. Errors are the one family of
research/errors.py, whose reasons reach the agent as the tool's error text.
"""

from __future__ import annotations

import json
from typing import Any

from ninja import Schema
from ninja.responses import NinjaJSONEncoder

from research.api.library import hit_out
from research.api.schemas.claims import ClaimOut
from research.api.schemas.projects import ProjectOut
from research.api.schemas.questions import QuestionOut
from research.api.schemas.reports import ReportVersionOut
from research.errors import BadInput, NotFound
from research.limits import QUESTION_MAX
from research.models import Project, ProjectStatus, Report, Source
from research.output import export
from research.output.progress import progress
from research.pipeline.shared import semantic
from research.services import claims, clarify, projects, questions, selectors

LIST_LIMIT = 50  # projects in one list_projects answer, newest first


def _dump(schema: type[Schema], obj: Any) -> dict[str, Any]:
    """`obj` as the REST API answers it, to the byte (ninja's encoder: times in milliseconds)."""
    return json.loads(json.dumps(schema.from_orm(obj).model_dump(), cls=NinjaJSONEncoder))


def start_research(user, *, question: str, options: dict | None) -> dict[str, Any]:
    """A new project, started; its options are validated as the REST API's are."""
    if not isinstance(options, dict | None):
        raise BadInput("options: must be an object of project options.", field="options")
    project = projects.create_project(
        question=question, options=options or {}, user=user, start=True
    )
    return {"project_id": project.pk, "status": project.status}


def project_state(project_id: int) -> dict[str, Any]:
    """The project as `GET /api/projects/{id}` answers it, with its progress: the percentage
    of its steps finished and the stages at work now."""
    project = selectors.get_project_with_counts(project_id)
    done = progress(project, recent=1)
    return _dump(ProjectOut, project) | {
        "progress": done.percent,
        "current_step": ", ".join(done.current),
    }


def list_projects(*, search: str = "", status: str = "") -> dict[str, Any]:
    if status and status not in ProjectStatus.values:
        known = ", ".join(ProjectStatus.values)
        raise BadInput(f"status: must be one of {known}.", field="status")
    rows = projects.listed(status=status, text=search)
    return {
        "count": rows.count(),
        "items": [_dump(ProjectOut, project) for project in rows[:LIST_LIMIT]],
    }


def _report(project_id: int, version: int | None) -> Report:
    rows = Report.objects.select_related("created_by", "project").prefetch_related("cited_sources")
    return selectors.get_report(selectors.get_project(project_id), version, rows)


def report(project_id: int, version: int | None = None) -> dict[str, Any]:
    """The report version as Markdown, with its References, as the Markdown export has it."""
    found = _report(project_id, version)
    return _dump(ReportVersionOut, found) | {
        "project_id": project_id,
        "markdown": export.report_markdown(found),
    }


def report_claims(project_id: int, version: int | None = None) -> dict[str, Any]:
    found = _report(project_id, version)
    rows = claims.claims_of(found)
    return {
        "project_id": project_id,
        "version": found.version,
        "claims": [_dump(ClaimOut, claim) for claim in rows],
    }


def search_library(*, query: str, collections: list[int] | None) -> dict[str, Any]:
    text = query.strip()
    if not text:
        raise BadInput("query: is empty.", field="query")
    found = semantic.search(text, collections=list(collections or []), kinds=[], limit=20)
    return {"mode": found.mode, "hits": [hit_out(hit) for hit in found.hits]}


def answer_clarifications(
    user, *, project_id: int, answers: dict[str, str] | None, skip: bool
) -> dict[str, Any]:
    """Answer or skip the clarifying questions of a project awaiting clarification, as POST
    /api/projects/{id}/clarify does; the project's state after it."""
    project = selectors.get_project(project_id)
    clarify.answer(project, answers=answers or {}, skip=skip, user=user)
    return project_state(project_id)


def ask_followup(user, *, project_id: int, question: str) -> dict[str, Any]:
    if len(question) > QUESTION_MAX:
        raise BadInput(f"question: at most {QUESTION_MAX:,} characters.", field="question")
    asked = questions.ask(selectors.get_project(project_id), text=question, user=user)
    return {"question_id": asked.pk, "status": asked.status}


def answer(question_id: int) -> dict[str, Any]:
    return _dump(QuestionOut, selectors.get_question(question_id))


def source_text(project_id: int, n: int) -> str:
    """The stored text of source [n] of the project (what was summarised and quoted)."""
    project: Project = selectors.get_project(project_id)
    source = Source.objects.select_related("snapshot").filter(project=project, n=n).first()
    if source is None:
        raise NotFound(f"Project {project_id} has no source [{n}].")
    if source.snapshot is None:
        raise NotFound(
            f"Source [{n}] has no stored text ({source.get_fetch_status_display().lower()}"
            f"{': ' + source.fetch_reason if source.fetch_reason else ''})."
        )
    return source.snapshot.text


def report_text(project_id: int) -> str:
    return export.report_markdown(_report(project_id, None))
