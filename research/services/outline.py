"""What members do to a project's plan: add, change, move or delete its sections and queries.

Before research a query joins the plan; once research has started, a new or changed query is
researched at once (and a new report version follows). Every change is recorded in the project's
activity log with the member who made it.
"""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from research.errors import BadInput, NotAllowed
from research.limits import HEADING_MAX, QUERY_MAX
from research.models import (
    ActivityAction,
    ActivityEntry,
    Direction,
    Project,
    ProjectStatus,
    Query,
    QueryOrigin,
    Section,
)
from research.models import routes as route_names
from research.services.runs import reopen, rerun_query


def _log(project: Project, user, detail: str) -> None:
    ActivityEntry.objects.record(ActivityAction.PLAN_EDITED, project, user, detail)


# --- Queries -----------------------------------------------------------------------------


def add_query(project: Project, *, text: str, user, section: Section | None = None) -> Query:
    """Add a member's query. Before research it joins the plan; after, it is researched now."""
    text = _query_text(text)
    if project.status in (ProjectStatus.CANCELLED,):
        raise NotAllowed("The project is cancelled; resume it before adding queries.")
    position = project.queries.next_position()
    with transaction.atomic():
        query = Query.objects.create(
            project=project,
            section=section,
            text=text,
            origin=QueryOrigin.USER,
            position=position,
            edited_by=user,
            edited_at=timezone.now(),
        )
        _log(project, user, f"Added the query “{text}”{_in(section)}.")
        if project.status not in (ProjectStatus.DRAFT, ProjectStatus.AWAITING_REVIEW):
            reopen(project, user=user)
    return query


def edit_query(
    query: Query,
    *,
    text: str | None = None,
    routes: list[str] | None = None,
    user,
    rerun: bool = True,
) -> Query:
    """Change a query's text, its routes (where it searches, of the project's sources; empty
    for all of them), or both; None keeps either. Once research has started, the query reruns
    as changed."""
    project = query.project
    text = query.text if text is None else _query_text(text)
    routes = query.routes if routes is None else _query_routes(project, routes)
    with transaction.atomic():
        for change in _changes(query, text, routes):
            _log(project, user, change)
        if project.status in (ProjectStatus.DRAFT, ProjectStatus.AWAITING_REVIEW) or not rerun:
            Query.objects.filter(pk=query.pk).update(
                text=text, routes=routes, edited_by=user, edited_at=timezone.now()
            )
            query.refresh_from_db()
            return query
        return rerun_query(query, text=text, routes=routes, user=user)


def _changes(query: Query, text: str, routes: list[str]) -> list[str]:
    """What the activity log says of an edit: the text's change (said even when the text is the
    same, unless the routes changed), and the routes' change."""
    said = []
    if text != query.text or routes == query.routes:
        said.append(f"Changed the query “{query.text}” to “{text}”.")
    if routes != query.routes:
        old, new = route_names.describe(query.routes), route_names.describe(routes)
        said.append(f"Changed where the query “{text}” searches from {old} to {new}.")
    return said


def delete_query(query: Query, *, user) -> None:
    project = query.project
    if project.is_running and query.steps.open().exists():
        raise NotAllowed("This query is being researched; wait or cancel the project first.")
    with transaction.atomic():
        _log(project, user, f"Deleted the query “{query.text}”.")
        query.delete()


def _query_routes(project: Project, routes: list[str]) -> list[str]:
    """A member's routes for a query of `project`: each one of its sources; BadInput naming the
    field otherwise."""
    try:
        return route_names.check(routes, project.opts.sources)
    except ValueError as exc:
        raise BadInput(str(exc), field="routes") from None


def _query_text(text: str) -> str:
    text = (text or "").strip()
    if not text:
        raise BadInput("The query text is empty.", field="text")
    if len(text) > QUERY_MAX:
        raise BadInput(f"A query is at most {QUERY_MAX} characters.", field="text")
    return text


# --- Sections ----------------------------------------------------------------------------


def add_section(
    project: Project, *, title: str, goal: str = "", analysis: bool = False, user
) -> Section:
    title = _section_title(title)
    position = project.sections.next_position()
    with transaction.atomic():
        section = Section.objects.create(
            project=project,
            title=title,
            goal=(goal or "").strip(),
            position=position,
            analysis=analysis,
        )
        _log(project, user, f"Added the section “{title}”.")
    return section


def edit_section(
    section: Section, *, title: str, goal: str, analysis: bool | None = None, user
) -> Section:
    """A section's new title and goal, and whether it is an analysis (None keeps it)."""
    title = _section_title(title)
    goal = (goal or "").strip()
    analysis = section.analysis if analysis is None else analysis
    changed = [
        what
        for what, old, new in (
            ("title", section.title, title),
            ("goal", section.goal, goal),
            ("analysis mark", section.analysis, analysis),
        )
        if old != new
    ]
    with transaction.atomic():
        Section.objects.filter(pk=section.pk).update(title=title, goal=goal, analysis=analysis)
        if changed:
            what = " and ".join([", ".join(changed[:-1]), changed[-1]] if changed[:-1] else changed)
            _log(section.project, user, f"Changed the {what} of the section “{section.title}”.")
    section.refresh_from_db()
    return section


def _section_title(title: str) -> str:
    title = (title or "").strip()
    if not title:
        raise BadInput("A section needs a title.", field="title")
    return title[:HEADING_MAX]


def delete_section(section: Section, *, user) -> None:
    """Its queries stay in the plan, outside any section."""
    with transaction.atomic():
        _log(section.project, user, f"Deleted the section “{section.title}”.")
        section.delete()


def _in(section: Section | None) -> str:
    return f" to the section “{section.title}”" if section else ""


def _label(item: Query | Section) -> str:
    return f"the query “{item.text}”" if isinstance(item, Query) else f"the section “{item.title}”"


def move(item: Query | Section, *, direction: str, user) -> None:
    """Swap an outline item with its neighbour above (`up`) or below (`down`)."""
    if direction not in Direction.values:
        raise BadInput(f"An item moves {' or '.join(Direction.values)}.", field="direction")
    siblings = list(
        (
            Query.objects.filter(project=item.project_id)
            if isinstance(item, Query)
            else Section.objects.filter(project=item.project_id)
        ).order_by("position", "id")
    )
    index = next(i for i, s in enumerate(siblings) if s.pk == item.pk)
    other = index - 1 if direction == Direction.UP else index + 1
    if not 0 <= other < len(siblings):
        return
    siblings[index], siblings[other] = siblings[other], siblings[index]
    for position, sibling in enumerate(siblings):
        sibling.position = position
    with transaction.atomic():
        type(item).objects.bulk_update(siblings, ["position"])
        _log(item.project, user, f"Moved {_label(item)} {direction}.")
