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


def edit_query(query: Query, *, text: str, user, rerun: bool = True) -> Query:
    """Change a query's text. Once research has started, the query reruns with the new text."""
    text = _query_text(text)
    project = query.project
    with transaction.atomic():
        _log(project, user, f"Changed the query “{query.text}” to “{text}”.")
        if project.status in (ProjectStatus.DRAFT, ProjectStatus.AWAITING_REVIEW) or not rerun:
            Query.objects.filter(pk=query.pk).update(
                text=text, edited_by=user, edited_at=timezone.now()
            )
            query.refresh_from_db()
            return query
        return rerun_query(query, text=text, user=user)


def delete_query(query: Query, *, user) -> None:
    project = query.project
    if project.is_running and query.steps.open().exists():
        raise NotAllowed("This query is being researched; wait or cancel the project first.")
    with transaction.atomic():
        _log(project, user, f"Deleted the query “{query.text}”.")
        query.delete()


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
