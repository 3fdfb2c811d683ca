"""The schemas of the queries and sections routers: the plan's queries and sections, and a
query's results."""

from datetime import datetime
from typing import Annotated

from ninja import Field, Schema

from research.api.schemas.common import Id, InSchema, NonEmpty, Text
from research.api.schemas.sources import SourceBriefOut
from research.limits import GOAL_MAX, HEADING_MAX, QUERY_MAX
from research.models import Direction, OneOf, QueryOrigin, QueryStatus

ROUTE_MAX = 60  # "mcp:" and a server's name of 32 characters at most, with room
MAX_ROUTES = 20


class QueryIn(InSchema):
    text: NonEmpty = Field(..., min_length=1, max_length=QUERY_MAX)
    section_id: Id | None = Field(None, description="A section of the project's plan.")


ROUTES = (
    'Where the query searches, of its project\'s sources: "web", "news:<day|week|month|year>" '
    '(the web engine\'s news search; needs "web"), "scholarly", "library", "mcp:NAME". Empty '
    "means all of the project's sources."
)
Route = Annotated[str, Field(min_length=1, max_length=ROUTE_MAX)]


class QueryEditIn(InSchema):
    text: NonEmpty | None = Field(
        None, min_length=1, max_length=QUERY_MAX, description="The new text; omitted: kept."
    )
    routes: list[Route] | None = Field(
        None, max_length=MAX_ROUTES, description=ROUTES + " Omitted: kept."
    )
    rerun: bool = Field(True, description="Once research has started, research it again.")


class MoveIn(InSchema):
    direction: Annotated[str, OneOf.of(Direction)]


class QueryOut(Schema):
    id: int
    project_id: int
    section_id: int | None
    section: str | None = Field(None, description="The section's title.")
    parent_id: int | None
    text: str
    routes: list[str] = Field(..., description=ROUTES)
    origin: Annotated[str, OneOf.of(QueryOrigin)]
    status: Annotated[str, OneOf.of(QueryStatus)]
    error: str
    position: int
    reflection_round: int
    generation: int
    created_at: datetime
    edited_at: datetime | None
    edited_by: str | None

    @staticmethod
    def resolve_section(obj) -> str | None:
        return obj.section.title if obj.section_id else None

    @staticmethod
    def resolve_edited_by(obj) -> str | None:
        return obj.edited_by.get_username() if obj.edited_by_id else None


ANALYSIS = "Its figures are gathered into a dataset, computed over and charted."


class SectionIn(InSchema):
    title: NonEmpty = Field(..., min_length=1, max_length=HEADING_MAX)
    goal: Text = Field("", max_length=GOAL_MAX)
    analysis: bool = Field(False, description=ANALYSIS)


class SectionEditIn(InSchema):
    title: NonEmpty | None = Field(None, min_length=1, max_length=HEADING_MAX)
    goal: Text | None = Field(None, max_length=GOAL_MAX)
    analysis: bool | None = Field(None, description=ANALYSIS)


class SectionOut(Schema):
    id: int
    project_id: int
    title: str
    goal: str
    position: int
    analysis: bool = Field(..., description=ANALYSIS)


class QueryResultOut(Schema):
    """A search result of a query, with the ranker's judgement."""

    source: SourceBriefOut
    rank: int = Field(..., description="Position in the search engine's results.")
    engine: str
    score: float | None = Field(None, description="The ranker's score, 0 to 10.")
    reason: str
    selected: bool
