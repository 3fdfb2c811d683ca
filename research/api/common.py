"""What every route module shares: pagination, documented answers, loading rows or 404.

Rows load only from projects not in the trash: anything in the trash is not found (404).
"""

from django.db.models import QuerySet
from ninja import Field, Schema
from ninja.pagination import LimitOffsetPagination

from research.api.schemas.common import MAX_ID, ErrorOut
from research.errors import NotFound
from research.models import Note, Project, Source
from research.models import Query as QueryRow
from research.services import projects, trash


class Pagination(LimitOffsetPagination):
    """`limit` (1 to 200, default 50) and `offset`; the answer has `items` and `count`."""

    class Input(Schema):
        limit: int = Field(50, ge=1, le=200)
        offset: int = Field(0, ge=0, le=MAX_ID)


def answers(ok: dict, *errors: int) -> dict:
    """The documented responses: the success ones, 401, 422 and the given error statuses."""
    return {**ok, **{code: ErrorOut for code in (401, 422, *errors)}}


# The errors a route may answer besides 401 and 422: a body that is not JSON (400), an unknown
# id (404), an action that does not fit the state (409), no LLM configured (503).
BODY = 400
ACTION = (404, 409)
RERUN = (404, 409, 503)


# --- Loading rows ------------------------------------------------------------------------


def get_row(rows: QuerySet, pk: int, what: str):
    """Healthchecks' `_get_check_for_user`: every member may act on every project."""
    obj = rows.filter(pk=pk).first()
    if obj is None:
        raise NotFound(f"No {what} with id {pk}.")
    return obj


def load_project(project_id: int) -> Project:
    """A live project; one in the trash is not found, and the answer says it is in the trash."""
    return trash.live_project(Project.objects.select_related("owner"), project_id)


def load_project_out(project_id: int) -> Project:
    """The project with the counts its schema shows: one SQL query."""
    return trash.live_project(projects.with_counts(Project.objects.all()), project_id)


def load_query(query_id: int) -> QueryRow:
    rows = QueryRow.objects.live().select_related("project", "section", "edited_by")
    return get_row(rows, query_id, "query")


def load_source(source_id: int) -> Source:
    rows = Source.objects.live().select_related("project", "snapshot", "added_by")
    return get_row(rows, source_id, "source")


def load_note(note_id: int) -> Note:
    return get_row(Note.objects.live().select_related("author"), note_id, "note")
