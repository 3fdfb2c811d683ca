"""The schemas of the sources router: a source added by hand, its flags, a source and its
summaries."""

from datetime import date, datetime
from typing import Annotated

from ninja import Field, Schema

from research.api.schemas.common import InSchema
from research.limits import URL_MAX
from research.models import FetchStatus, OneOf

FetchStatusName = Annotated[str, OneOf.of(FetchStatus)]


class SourceIn(InSchema):
    url: str = Field(
        ...,
        max_length=URL_MAX,
        pattern=r"^[Hh][Tt][Tt][Pp][Ss]?://[^\x00-\x20]+$",
        description="An http:// or https:// address.",
    )


class SourceFlagsIn(InSchema):
    excluded: bool | None = None
    pinned: bool | None = None


class SourceBriefOut(Schema):
    id: int
    n: int
    url: str
    title: str
    fetch_status: FetchStatusName


class SourceOut(Schema):
    id: int
    project_id: int
    n: int = Field(..., description="The citation number inside the project.")
    url: str
    final_url: str
    title: str
    domain: str
    published: date | None
    fetch_status: FetchStatusName
    fetch_reason: str
    http_status: int | None
    content_type: str
    excluded: bool
    pinned: bool
    generation: int
    created_at: datetime
    added_by: str | None
    document_id: int | None = Field(..., description="A library source: its document.")
    locator: str = Field(..., description='A library source: "p. 14", "slide 3", a heading path.')

    @staticmethod
    def resolve_added_by(obj) -> str | None:
        return obj.added_by.get_username() if obj.added_by_id else None


class SummaryOut(Schema):
    id: int
    query_id: int
    query: str = Field(..., description="The query's text.")
    text: str
    relevant: bool
    quotes: list[str]
    quotes_dropped: int
    model: str
    created_at: datetime

    @staticmethod
    def resolve_query(obj) -> str:
        return obj.query.text


class SourceDetailOut(SourceOut):
    snippet: str
    text: str = Field(..., description="The page's extracted text.")
    summaries: list[SummaryOut]

    @staticmethod
    def resolve_text(obj) -> str:
        return obj.text

    @staticmethod
    def resolve_summaries(obj) -> list:
        return list(obj.summaries.all())
