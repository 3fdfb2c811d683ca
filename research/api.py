"""The REST API's routes. Handlers are thin: they parse, call the same domain functions as the
views (research.projects, research.notes, research.pipeline.control and .reruns) and serialise.

Errors are the one family of research/errors.py; research_site/api.py turns each into JSON
`{"detail": ...}` with its HTTP status: NotAllowed 409, NotFound 404, BadInput 422 naming the
field, Forbidden 403 (another member's note), NotConfigured 503.
"""

from django.db.models import Prefetch, QuerySet
from django.http import HttpResponse
from ninja import Field, Query, Router, Schema
from ninja.pagination import LimitOffsetPagination, paginate
from ninja.responses import Status

from research import notes, projects
from research.errors import BadInput, NotFound
from research.models import (
    Note,
    Project,
    QuerySource,
    Report,
    Section,
    Source,
    StepRun,
    Summary,
)
from research.models import Query as QueryRow
from research.pipeline import control, reruns
from research.schemas import (
    MAX_ID,
    ErrorOut,
    ExportFormat,
    Id,
    MoveIn,
    NoteEditIn,
    NoteFilter,
    NoteIn,
    NoteOut,
    ProjectIn,
    ProjectOut,
    ProjectStatusName,
    QueryEditIn,
    QueryIn,
    QueryOut,
    QueryResultOut,
    ReportFilter,
    ReportIn,
    ReportOut,
    ReportVersionOut,
    SectionEditIn,
    SectionIn,
    SectionOut,
    SourceDetailOut,
    SourceFlagsIn,
    SourceIn,
    SourceOut,
    StageName,
    StepOut,
    StepStatusName,
    Text,
    WhoAmIOut,
)

router = Router()
project_routes = Router(tags=["projects"])
query_routes = Router(tags=["queries"])
section_routes = Router(tags=["sections"])
source_routes = Router(tags=["sources"])
report_routes = Router(tags=["reports"])
note_routes = Router(tags=["notes"])


class Pagination(LimitOffsetPagination):
    """`limit` (1 to 200, default 50) and `offset`; the answer has `items` and `count`."""

    class Input(Schema):
        limit: int = Field(50, ge=1, le=200)
        offset: int = Field(0, ge=0, le=MAX_ID)


def _answers(ok: dict, *errors: int) -> dict:
    """The documented responses: the success ones, 401, 422 and the given error statuses."""
    return {**ok, **{code: ErrorOut for code in (401, 422, *errors)}}


# The errors a route may answer besides 401 and 422: a body that is not JSON (400), an unknown
# id (404), an action that does not fit the state (409), no LLM configured (503).
BODY = 400
ACTION = (404, 409)
RERUN = (404, 409, 503)


# --- Loading rows ------------------------------------------------------------------------


def _get(rows: QuerySet, pk: int, what: str):
    """Healthchecks' `_get_check_for_user`: every member may act on every project."""
    obj = rows.filter(pk=pk).first()
    if obj is None:
        raise NotFound(f"No {what} with id {pk}.")
    return obj


def _project(project_id: int) -> Project:
    return _get(Project.objects.select_related("owner"), project_id, "project")


def _project_out(project_id: int) -> Project:
    """The project with the counts its schema shows: one SQL query."""
    return _get(projects.with_counts(Project.objects.all()), project_id, "project")


def _query(query_id: int) -> QueryRow:
    rows = QueryRow.objects.select_related("project", "section", "edited_by")
    return _get(rows, query_id, "query")


def _source(source_id: int) -> Source:
    rows = Source.objects.select_related("project", "snapshot", "added_by")
    return _get(rows, source_id, "source")


def _note(note_id: int) -> Note:
    return _get(Note.objects.select_related("author"), note_id, "note")


# --- Who am I ----------------------------------------------------------------------------


@router.get("/me", response=_answers({200: WhoAmIOut}), tags=["members"])
def me(request):
    return {"username": request.auth.get_username()}


# --- Projects ----------------------------------------------------------------------------


@project_routes.get("/projects", response=_answers({200: list[ProjectOut]}))
@paginate(Pagination)
def list_projects(
    request,
    status: ProjectStatusName | None = None,
    owner: Text | None = None,
    q: Text | None = None,
):
    """Projects, newest first. `q` searches questions, titles, reports, summaries and notes."""
    rows = projects.with_counts(Project.objects.all())
    if status:
        rows = rows.filter(status=status)
    if owner:
        rows = rows.filter(owner__username=owner)
    if q:
        rows = projects.search_projects(rows, q)
    return rows.order_by("-created_at", "-id")


@project_routes.post("/projects", response=_answers({201: ProjectOut}, 409, BODY))
def create_project(request, payload: ProjectIn):
    """A new project; with `"start": false` it stays a draft."""
    project = projects.create_project(
        question=payload.question,
        options=payload.options.model_dump(),
        user=request.auth,
        start=payload.start,
    )
    return Status(201, _project_out(project.pk))


@project_routes.get("/projects/{project_id}", response=_answers({200: ProjectOut}, 404))
def get_project(request, project_id: Id):
    return _project_out(project_id)


@project_routes.delete("/projects/{project_id}", response=_answers({204: None}, *ACTION))
def delete_project(request, project_id: Id):
    """Delete a project that is not running (cancel it first)."""
    projects.delete_project(_project(project_id), request.auth)
    return Status(204, None)


def _act(action, request, project_id: int) -> Project:
    action(_project(project_id), request.auth)
    return _project_out(project_id)


@project_routes.post("/projects/{project_id}/start", response=_answers({200: ProjectOut}, *ACTION))
def start_project(request, project_id: Id):
    """Start a draft. Without a configured LLM the project fails at once, saying why."""
    return _act(control.start, request, project_id)


@project_routes.post("/projects/{project_id}/cancel", response=_answers({200: ProjectOut}, *ACTION))
def cancel_project(request, project_id: Id):
    """Stop a project: queued steps are cancelled, running ones finish."""
    return _act(control.cancel, request, project_id)


@project_routes.post(
    "/projects/{project_id}/approve", response=_answers({200: ProjectOut}, *ACTION)
)
def approve_plan(request, project_id: Id):
    """Approve a plan awaiting review: research starts."""
    return _act(control.approve, request, project_id)


@project_routes.post("/projects/{project_id}/resume", response=_answers({200: ProjectOut}, *RERUN))
def resume_project(request, project_id: Id):
    """Run a failed or cancelled project on from where it stopped."""
    return _act(control.resume, request, project_id)


@project_routes.get("/projects/{project_id}/steps", response=_answers({200: list[StepOut]}, 404))
@paginate(Pagination)
def list_steps(
    request,
    project_id: Id,
    stage: StageName | None = None,
    status: StepStatusName | None = None,
):
    """The pipeline's steps, oldest first: progress, errors and tokens."""
    rows = StepRun.objects.filter(project=_project(project_id))
    if stage:
        rows = rows.filter(stage=stage)
    if status:
        rows = rows.filter(status=status)
    return rows.order_by("created_at", "id")


# --- Queries -----------------------------------------------------------------------------


@query_routes.get("/projects/{project_id}/queries", response=_answers({200: list[QueryOut]}, 404))
@paginate(Pagination)
def list_queries(request, project_id: Id):
    rows = QueryRow.objects.filter(project=_project(project_id))
    return rows.select_related("section", "edited_by").order_by("position", "id")


@query_routes.post(
    "/projects/{project_id}/queries", response=_answers({201: QueryOut}, *ACTION, BODY)
)
def add_query(request, project_id: Id, payload: QueryIn):
    """Add a query. Before research it joins the plan; after, it is researched at once."""
    project = _project(project_id)
    section = None
    if payload.section_id is not None:
        section = project.sections.filter(pk=payload.section_id).first()
        if section is None:
            raise BadInput(f"No section {payload.section_id} in this project.", field="section_id")
    query = projects.add_query(project, text=payload.text, user=request.auth, section=section)
    return Status(201, _query(query.pk))


@query_routes.get("/queries/{query_id}", response=_answers({200: QueryOut}, 404))
def get_query(request, query_id: Id):
    return _query(query_id)


@query_routes.patch("/queries/{query_id}", response=_answers({200: QueryOut}, *RERUN, BODY))
def edit_query(request, query_id: Id, payload: QueryEditIn):
    """Change the text; once research has started, the query is researched again."""
    query = projects.edit_query(
        _query(query_id), text=payload.text, user=request.auth, rerun=payload.rerun
    )
    return _query(query.pk)


@query_routes.post("/queries/{query_id}/rerun", response=_answers({202: QueryOut}, *RERUN))
def rerun_query(request, query_id: Id):
    """Search, rank, fetch and summarise the query again, then write a new report version."""
    query = reruns.rerun_query(_query(query_id), user=request.auth)
    return Status(202, _query(query.pk))


@query_routes.post("/queries/{query_id}/move", response=_answers({200: QueryOut}, 404, BODY))
def move_query(request, query_id: Id, payload: MoveIn):
    """Swap the query with its neighbour above or below in the plan."""
    projects.move(_query(query_id), payload.direction)
    return _query(query_id)


@query_routes.get(
    "/queries/{query_id}/results", response=_answers({200: list[QueryResultOut]}, 404)
)
@paginate(Pagination)
def list_query_results(request, query_id: Id):
    """What the search found for the query, in the engine's order, with the ranker's scores."""
    rows = QuerySource.objects.filter(query=_query(query_id)).select_related("source")
    return rows.order_by("rank", "id")


@query_routes.delete("/queries/{query_id}", response=_answers({204: None}, *ACTION))
def delete_query(request, query_id: Id):
    projects.delete_query(_query(query_id), request.auth)
    return Status(204, None)


# --- Sections of the plan --------------------------------------------------------------


def _section(section_id: int) -> Section:
    return _get(Section.objects.select_related("project"), section_id, "section")


@section_routes.get(
    "/projects/{project_id}/sections", response=_answers({200: list[SectionOut]}, 404)
)
@paginate(Pagination)
def list_sections(request, project_id: Id):
    """The plan's sections, in order; queries point at them with `section_id`."""
    return Section.objects.filter(project=_project(project_id)).order_by("position", "id")


@section_routes.post(
    "/projects/{project_id}/sections", response=_answers({201: SectionOut}, 404, BODY)
)
def add_section(request, project_id: Id, payload: SectionIn):
    section = projects.add_section(
        _project(project_id), title=payload.title, goal=payload.goal, user=request.auth
    )
    return Status(201, section)


@section_routes.patch("/sections/{section_id}", response=_answers({200: SectionOut}, 404, BODY))
def edit_section(request, section_id: Id, payload: SectionEditIn):
    section = _section(section_id)
    title = section.title if payload.title is None else payload.title
    goal = section.goal if payload.goal is None else payload.goal
    return projects.edit_section(section, title=title, goal=goal, user=request.auth)


@section_routes.post("/sections/{section_id}/move", response=_answers({200: SectionOut}, 404, BODY))
def move_section(request, section_id: Id, payload: MoveIn):
    """Swap the section with its neighbour above or below."""
    projects.move(_section(section_id), payload.direction)
    return _section(section_id)


@section_routes.delete("/sections/{section_id}", response=_answers({204: None}, 404))
def delete_section(request, section_id: Id):
    """Delete a section; its queries stay in the plan, outside any section."""
    projects.delete_section(_section(section_id), request.auth)
    return Status(204, None)


# --- Sources -----------------------------------------------------------------------------


@source_routes.get("/projects/{project_id}/sources", response=_answers({200: list[SourceOut]}, 404))
@paginate(Pagination)
def list_sources(request, project_id: Id):
    """The project's sources by citation number."""
    rows = Source.objects.filter(project=_project(project_id))
    return rows.select_related("added_by").order_by("n")


@source_routes.post(
    "/projects/{project_id}/sources", response=_answers({201: SourceOut}, *ACTION, BODY)
)
def add_source(request, project_id: Id, payload: SourceIn):
    """Add a page by hand: it is fetched, and summarised once the project has run."""
    source = projects.add_source(_project(project_id), url=payload.url, user=request.auth)
    return Status(201, _source(source.pk))


@source_routes.get("/sources/{source_id}", response=_answers({200: SourceDetailOut}, 404))
def get_source(request, source_id: Id):
    """The source, its extracted text and its summaries with their quotes."""
    summaries = Summary.objects.select_related("query").order_by("query__position", "query_id")
    rows = Source.objects.select_related("project", "snapshot", "added_by")
    return _get(rows.prefetch_related(Prefetch("summaries", summaries)), source_id, "source")


@source_routes.patch("/sources/{source_id}", response=_answers({200: SourceOut}, 404, BODY))
def set_source_flags(request, source_id: Id, payload: SourceFlagsIn):
    """Exclude a source from the report, or pin it."""
    return projects.set_source_flags(
        _source(source_id), user=request.auth, excluded=payload.excluded, pinned=payload.pinned
    )


@source_routes.post("/sources/{source_id}/refetch", response=_answers({202: SourceOut}, *RERUN))
def refetch_source(request, source_id: Id):
    """Download the page again (bypassing the cache), then summarise it again."""
    source = reruns.refetch_source(_source(source_id), user=request.auth)
    return Status(202, _source(source.pk))


@source_routes.post("/sources/{source_id}/resummarize", response=_answers({202: SourceOut}, *RERUN))
def resummarize_source(request, source_id: Id):
    """Summarise the stored page again for every query that selected it."""
    source = reruns.resummarize_source(_source(source_id), user=request.auth)
    return Status(202, _source(source.pk))


# --- Reports -----------------------------------------------------------------------------


def _report(project_id: int, version: int | None) -> Report:
    rows = Report.objects.filter(project=_project(project_id)).select_related("created_by")
    rows = rows.prefetch_related("cited_sources")
    report = rows.filter(version=version).first() if version else rows.current().first()
    if report is None:
        raise NotFound(
            f"Project {project_id} has no report version {version}."
            if version
            else f"Project {project_id} has no report yet."
        )
    return report


@report_routes.get("/projects/{project_id}/report", response=_answers({200: ReportOut}, 404))
def get_report(request, project_id: Id, filters: Query[ReportFilter]):
    """The current report (or `version`), with the numbers of the sources it cites."""
    return _report(project_id, filters.version)


@report_routes.get(
    "/projects/{project_id}/reports", response=_answers({200: list[ReportVersionOut]}, 404)
)
@paginate(Pagination)
def list_reports(request, project_id: Id):
    """The report versions, newest first, without their text."""
    rows = Report.objects.filter(project=_project(project_id))
    return rows.select_related("created_by").prefetch_related("cited_sources").order_by("-version")


@report_routes.post(
    "/projects/{project_id}/report", response=_answers({202: StepOut}, *RERUN, BODY)
)
def write_report(request, project_id: Id, payload: ReportIn | None = None):
    """Write a new report version from the stored summaries; the answer is its step."""
    payload = payload or ReportIn()
    step = reruns.new_report(
        _project(project_id), style=payload.style, language=payload.language, user=request.auth
    )
    return Status(202, step)


EXPORT_RESPONSES = {
    200: {
        "description": "The report as a file.",
        "content": {
            "text/markdown": {"schema": {"type": "string"}},
            "application/pdf": {"schema": {"type": "string", "format": "binary"}},
        },
    }
}


@report_routes.get(
    "/projects/{project_id}/report/export",
    response=_answers({}, 404),
    openapi_extra={"responses": EXPORT_RESPONSES},
)
def export_report(request, project_id: Id, format: ExportFormat, filters: Query[ReportFilter]):
    """Download the current report (or `version`) as Markdown or PDF."""
    from research import export

    report = _report(project_id, filters.version)
    if format == "pdf":
        response = HttpResponse(export.report_pdf(report), content_type="application/pdf")
    else:
        response = HttpResponse(
            export.report_markdown(report), content_type="text/markdown; charset=utf-8"
        )
    filename = export.export_filename(report, format)
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


# --- Notes -------------------------------------------------------------------------------


@note_routes.get("/notes", response=_answers({200: list[NoteOut]}, 404))
@paginate(Pagination)
def list_notes(request, filters: Query[NoteFilter]):
    """The notes on a project, query, source, summary or report, oldest first."""
    target = notes.Target.parse(filters.target)
    notes.resolve(target)
    return notes.notes_on(target).order_by("created_at", "id")


@note_routes.post("/notes", response=_answers({201: NoteOut}, 404, BODY))
def add_note(request, payload: NoteIn):
    note = notes.add_note(
        target=notes.Target.parse(payload.target), text=payload.text, user=request.auth
    )
    return Status(201, _note(note.pk))


@note_routes.patch("/notes/{note_id}", response=_answers({200: NoteOut}, 403, 404, BODY))
def edit_note(request, note_id: Id, payload: NoteEditIn):
    """Change a note's text: its author only."""
    return notes.edit_note(_note(note_id), text=payload.text, user=request.auth)


@note_routes.delete("/notes/{note_id}", response=_answers({204: None}, 403, 404))
def delete_note(request, note_id: Id):
    """Delete a note: its author only."""
    notes.delete_note(_note(note_id), user=request.auth)
    return Status(204, None)


for _routes in (
    project_routes,
    query_routes,
    section_routes,
    source_routes,
    report_routes,
    note_routes,
):
    router.add_router("", _routes)
