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


class PaperOut(Schema):
    """A scholarly work's metadata, as its API gave it (README: Scholarly sources)."""

    doi: str = Field(..., description='"10.5555/x", without https://doi.org/; "" when none.')
    title: str
    authors: list[dict[str, str]] = Field(
        ..., description='Each {"family", "given"}, or {"literal"} for an organisation.'
    )
    year: int | None
    venue: str
    abstract: str
    cited_by: int | None = Field(..., description="Its citation count; null when not known.")
    open_access: bool | None
    pdf_url: str
    landing_url: str
    retracted: bool
    retraction: str = Field(..., description='The notice: "Retracted by 10.x/z on 2024-03-01".')
    provider: str = Field(..., description="The API that found it first: openalex, arxiv...")
    type: str = Field(..., description='Its CSL type: "article-journal", "article" (preprint)...')


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
    paper: PaperOut | None = Field(..., description="A scholarly paper: its metadata.")

    @staticmethod
    def resolve_added_by(obj) -> str | None:
        return obj.added_by.get_username() if obj.added_by_id else None

    @staticmethod
    def resolve_paper(obj) -> dict | None:
        return obj.paper or None


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
