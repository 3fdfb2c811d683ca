"""The reads the pages and the API share: one row by id, with what its page or schema shows.

Every loader here raises the one NotFound, naming what is missing; the API answers it with a
404 and the pages with a 404 page (or, after a form, go back with the reason). Rows load only
from projects not in the trash: a project in the trash, and anything in it, is not found, and a
project's own loader says that it is in the trash and who put it there.
"""

from __future__ import annotations

from typing import TypeVar

from django.db.models import Count, Model, Prefetch, QuerySet
from django.utils import timezone

from research.errors import NotFound
from research.models import (
    Claim,
    Collection,
    Dataset,
    DatasetRow,
    Document,
    Figure,
    Note,
    Project,
    Query,
    Question,
    Report,
    Section,
    Source,
)
from research.services.projects import with_counts

M = TypeVar("M", bound=Model)


def get_row(rows: QuerySet[M], pk: int, what: str) -> M:
    """Healthchecks' `_get_check_for_user`: every member may read and act on every project."""
    obj = rows.filter(pk=pk).first()
    if obj is None:
        raise NotFound(f"No {what} with id {pk}.")
    return obj


# --- Projects ------------------------------------------------------------------------------


def get_project(project_id: int, rows: QuerySet[Project] | None = None) -> Project:
    """A live project (from `rows`, to load more with it); NotFound if there is none, or if it
    is in the trash, saying so."""
    rows = Project.objects.select_related("owner") if rows is None else rows
    project = rows.select_related("deleted_by").filter(pk=project_id).first()
    if project is None:
        raise NotFound(f"No project with id {project_id}.")
    if project.in_trash:
        raise NotFound(in_trash_reason(project))
    return project


def get_project_with_counts(project_id: int) -> Project:
    """The live project with the counts its schema and page show: one SQL query."""
    return get_project(project_id, with_counts(Project.objects.all()))


def get_trashed_project(project_id: int) -> Project:
    """A project in the trash; NotFound if there is none, or if it is not in the trash."""
    project = trashed_projects().filter(pk=project_id).first()
    if project is None:
        raise NotFound(f"No project with id {project_id} in the trash.")
    return project


def trashed_projects() -> QuerySet[Project]:
    """The trash, most recently deleted first."""
    rows = Project.objects.trashed().select_related("owner", "deleted_by")
    return rows.order_by("-deleted_at", "-id")


def in_trash_reason(project: Project) -> str:
    assert project.deleted_at is not None
    who = project.deleted_by.get_username() if project.deleted_by else "a member"
    when = timezone.localtime(project.deleted_at).strftime("%Y-%m-%d %H:%M")
    return (
        f"Project {project.pk} is in the trash: {who} moved it there on {when}. Restore it from "
        f"the trash to use it again."
    )


# --- A project's parts ---------------------------------------------------------------------


def get_section(project: Project, section_id: int) -> Section:
    return get_row(Section.objects.filter(project=project), section_id, "section in this project")


def get_query(query_id: int) -> Query:
    rows = Query.objects.live().select_related("project", "section", "edited_by")
    return get_row(rows, query_id, "query")


def get_source(source_id: int) -> Source:
    rows = Source.objects.live().select_related("project", "snapshot", "added_by")
    return get_row(rows, source_id, "source")


def get_note(note_id: int) -> Note:
    return get_row(Note.objects.live().select_related("author"), note_id, "note")


def get_question(question_id: int) -> Question:
    rows = Question.objects.live().select_related("project", "author", "section")
    return get_row(rows, question_id, "question")


def datasets(project: Project, *, former: bool = False) -> QuerySet[Dataset]:
    """The project's datasets now (`former`: and those earlier versions show), in the
    outline's order, with their rows and sources."""
    rows = DatasetRow.objects.select_related("source").order_by("position", "id")
    found = Dataset.objects.filter(project=project)
    return (
        (found if former else found.filter(current=True))
        .select_related("section", "project")
        .prefetch_related(Prefetch("rows", queryset=rows))
        .order_by("section__position", "id")
    )


def get_dataset(project: Project, dataset_id: int) -> Dataset:
    """A dataset of the project, current or shown by an earlier version."""
    return get_row(datasets(project, former=True), dataset_id, "dataset in this project")


def figures(project: Project) -> QuerySet[Figure]:
    """The project's sources' figures kept, by source number and place on the page, each with
    its source."""
    return (
        Figure.objects.kept()
        .filter(source__project=project)
        .select_related("source")
        .order_by("source__n", "position", "id")
    )


def get_figure(project: Project, figure_id: int) -> Figure:
    return get_row(figures(project), figure_id, "figure kept in this project")


def get_figure_anywhere(figure_id: int) -> Figure:
    """A kept figure of a live project, with its source and project."""
    rows = Figure.objects.live().kept().select_related("source__project")
    return get_row(rows, figure_id, "figure")


def get_chart(chart_id: int) -> Dataset:
    """A dataset that has a chart (a chart's id is its dataset's), in a live project."""
    rows = Dataset.objects.live().exclude(chart_spec=None)
    return get_row(rows, chart_id, "chart")


def get_claim(claim_id: int) -> Claim:
    return get_row(Claim.objects.live().select_related("report__project"), claim_id, "claim")


def get_report(
    project: Project, version: int | None, rows: QuerySet[Report] | None = None
) -> Report:
    """The project's report `version`, or its current one (from `rows`, to load more with it)."""
    rows = (Report.objects.all() if rows is None else rows).filter(project=project)
    report = (
        rows.filter(version=version).first() if version else rows.filter(is_current=True).first()
    )
    if report is None:
        raise NotFound(
            f"Project {project.pk} has no report version {version}."
            if version
            else f"Project {project.pk} has no report yet."
        )
    return report


# --- The library ---------------------------------------------------------------------------


def collections() -> QuerySet[Collection]:
    """Collections with who made them and how many documents each holds."""
    return Collection.objects.select_related("created_by").annotate(
        document_count=Count("documents")
    )


def documents() -> QuerySet[Document]:
    """Documents with their collection, who added them and how many passages each has."""
    return Document.objects.select_related("collection", "added_by").annotate(
        passage_count=Count("passages")
    )


def get_collection(collection_id: int) -> Collection:
    return get_row(collections(), collection_id, "collection")


def get_document(document_id: int) -> Document:
    return get_row(documents(), document_id, "document")
