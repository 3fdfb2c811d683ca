"""The plan: queries (add, edit, rerun, move, delete, results) and sections."""

from ninja import Router
from ninja.pagination import paginate
from ninja.responses import Status

from research.api.common import ACTION, BODY, RERUN, Pagination, answers
from research.api.schemas.common import Id
from research.api.schemas.queries import (
    MoveIn,
    QueryEditIn,
    QueryIn,
    QueryOut,
    QueryResultOut,
    SectionEditIn,
    SectionIn,
    SectionOut,
)
from research.errors import BadInput
from research.models import Query as QueryRow
from research.models import QuerySource, Section
from research.services import outline, runs, selectors

router = Router(tags=["queries"])
section_router = Router(tags=["sections"])


@router.get("/projects/{project_id}/queries", response=answers({200: list[QueryOut]}, 404))
@paginate(Pagination)
def list_queries(request, project_id: Id):
    rows = QueryRow.objects.filter(project=selectors.get_project(project_id))
    return rows.select_related("section", "edited_by").order_by("position", "id")


@router.post("/projects/{project_id}/queries", response=answers({201: QueryOut}, *ACTION, BODY))
def add_query(request, project_id: Id, payload: QueryIn):
    """Add a query. Before research it joins the plan; after, it is researched at once."""
    project = selectors.get_project(project_id)
    section = None
    if payload.section_id is not None:
        section = project.sections.filter(pk=payload.section_id).first()
        if section is None:
            raise BadInput(f"No section {payload.section_id} in this project.", field="section_id")
    query = outline.add_query(project, text=payload.text, user=request.auth, section=section)
    return Status(201, selectors.get_query(query.pk))


@router.get("/queries/{query_id}", response=answers({200: QueryOut}, 404))
def get_query(request, query_id: Id):
    return selectors.get_query(query_id)


@router.patch("/queries/{query_id}", response=answers({200: QueryOut}, *RERUN, BODY))
def edit_query(request, query_id: Id, payload: QueryEditIn):
    """Change the text, the routes (where it searches, of the project's sources), or both;
    once research has started, the query is researched again."""
    query = outline.edit_query(
        selectors.get_query(query_id),
        text=payload.text,
        routes=payload.routes,
        user=request.auth,
        rerun=payload.rerun,
    )
    return selectors.get_query(query.pk)


@router.post("/queries/{query_id}/rerun", response=answers({202: QueryOut}, *RERUN))
def rerun_query(request, query_id: Id):
    """Search, rank, fetch and summarise the query again, then write a new report version."""
    query = runs.rerun_query(selectors.get_query(query_id), user=request.auth)
    return Status(202, selectors.get_query(query.pk))


@router.post("/queries/{query_id}/move", response=answers({200: QueryOut}, 404, BODY))
def move_query(request, query_id: Id, payload: MoveIn):
    """Swap the query with its neighbour above or below in the plan."""
    outline.move(selectors.get_query(query_id), direction=payload.direction, user=request.auth)
    return selectors.get_query(query_id)


@router.get("/queries/{query_id}/results", response=answers({200: list[QueryResultOut]}, 404))
@paginate(Pagination)
def list_query_results(request, query_id: Id):
    """What the search found for the query, in the engine's order, with the ranker's scores."""
    rows = QuerySource.objects.filter(query=selectors.get_query(query_id)).select_related("source")
    return rows.order_by("rank", "id")


@router.delete("/queries/{query_id}", response=answers({204: None}, *ACTION))
def delete_query(request, query_id: Id):
    outline.delete_query(selectors.get_query(query_id), user=request.auth)
    return Status(204, None)


# --- Sections of the plan --------------------------------------------------------------


def _section(section_id: int) -> Section:
    return selectors.get_row(
        Section.objects.live().select_related("project"), section_id, "section"
    )


@section_router.get(
    "/projects/{project_id}/sections", response=answers({200: list[SectionOut]}, 404)
)
@paginate(Pagination)
def list_sections(request, project_id: Id):
    """The plan's sections, in order; queries point at them with `section_id`."""
    return Section.objects.filter(project=selectors.get_project(project_id)).order_by(
        "position", "id"
    )


@section_router.post(
    "/projects/{project_id}/sections", response=answers({201: SectionOut}, 404, BODY)
)
def add_section(request, project_id: Id, payload: SectionIn):
    section = outline.add_section(
        selectors.get_project(project_id),
        title=payload.title,
        goal=payload.goal,
        analysis=payload.analysis,
        user=request.auth,
    )
    return Status(201, section)


@section_router.patch("/sections/{section_id}", response=answers({200: SectionOut}, 404, BODY))
def edit_section(request, section_id: Id, payload: SectionEditIn):
    section = _section(section_id)
    title = section.title if payload.title is None else payload.title
    goal = section.goal if payload.goal is None else payload.goal
    return outline.edit_section(
        section, title=title, goal=goal, analysis=payload.analysis, user=request.auth
    )


@section_router.post("/sections/{section_id}/move", response=answers({200: SectionOut}, 404, BODY))
def move_section(request, section_id: Id, payload: MoveIn):
    """Swap the section with its neighbour above or below."""
    outline.move(_section(section_id), direction=payload.direction, user=request.auth)
    return _section(section_id)


@section_router.delete("/sections/{section_id}", response=answers({204: None}, 404))
def delete_section(request, section_id: Id):
    """Delete a section; its queries stay in the plan, outside any section."""
    outline.delete_section(_section(section_id), user=request.auth)
    return Status(204, None)
