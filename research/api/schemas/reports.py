"""The schemas of the reports router: a new version asked for, a version, its export."""

from datetime import datetime
from typing import Annotated, Literal

from ninja import Field, Schema

from research.api.schemas.common import Id, InSchema, NonEmpty, Text
from research.limits import INSTRUCTION_MAX, LANGUAGE_MAX, REPORT_EDIT_MAX
from research.models import Engine, Method, OneOf
from research.models.options import CitationStyleName, ReportLengthName, ReportStyleName
from research.output.package import ExportFormat

ExportFormatName = Annotated[str, OneOf.of(ExportFormat)]


class ReportIn(InSchema):
    engine: Annotated[str, OneOf(("", *Engine.values))] = Field(
        "", description="Empty keeps the project's engine; the other one may write a version too."
    )
    style: ReportStyleName | Literal[""] = Field("", description="Empty keeps the project's.")
    length: ReportLengthName | Literal[""] = Field(
        "", description="brief, standard or long; empty keeps the project's."
    )
    language: Text = Field("", max_length=LANGUAGE_MAX, description="Empty keeps the project's.")
    citation_style: CitationStyleName | Literal[""] = Field(
        "", description="How the references are written; empty keeps the project's."
    )


class ReportEditIn(InSchema):
    markdown: Text = Field(
        ...,
        max_length=REPORT_EDIT_MAX,
        description="The report as the member wrote it. Each [n] must name a source of the "
        "project; the References are rebuilt from the sources it cites.",
    )
    base_version: Id = Field(
        ..., description="The version edited: it must still be the current one (else 409)."
    )


class SectionRewriteIn(InSchema):
    instruction: NonEmpty = Field(
        ...,
        min_length=1,
        max_length=INSTRUCTION_MAX,
        description="How to rewrite the section: any instruction for the LLM engine; "
        "'shorter', 'longer' or 'more figures' for the extractive engine.",
    )
    version: Id = Field(
        ..., description="The version rewritten: it must still be the current one (else 409)."
    )


class ReportFilter(Schema):
    version: Id | None = Field(None, description="A version number; the current one if absent.")


class ReportVersionOut(Schema):
    id: int
    version: int
    is_current: bool
    complete: bool = Field(
        ..., description="False when the model stopped at its output limit before the end."
    )
    engine: Annotated[str, OneOf.of(Method)] = Field(
        ..., description="Written by the LLM, extractively, or by the extractive fallback."
    )
    fallback_note: str = Field(..., description="What the extractive fallback did, and why.")
    style: str
    language: str
    model: str
    citations: list[int] = Field(..., description="The cited sources' numbers `n`.")
    citations_removed: int
    tokens: int
    created_at: datetime
    created_by: str | None

    @staticmethod
    def resolve_citations(obj) -> list[int]:
        return sorted(source.n for source in obj.cited_sources.all())

    @staticmethod
    def resolve_created_by(obj) -> str | None:
        return obj.created_by.get_username() if obj.created_by_id else None


class ReportOut(ReportVersionOut):
    markdown: str
