"""The schemas of the questions router: a follow-up question and its answer."""

from datetime import datetime
from typing import Annotated

from ninja import Field, Schema

from research.api.schemas.common import InSchema, NonEmpty
from research.limits import QUESTION_MAX
from research.models import OneOf, QuestionStatus

QuestionStatusName = Annotated[str, OneOf.of(QuestionStatus)]


class QuestionIn(InSchema):
    question: NonEmpty = Field(..., min_length=1, max_length=QUESTION_MAX)


class CitationOut(Schema):
    n: int = Field(description="The source's number in the project, as [n] in the answer.")
    source_id: int


class QuestionOut(Schema):
    id: int
    project_id: int
    question: str = Field(alias="text")
    status: QuestionStatusName
    answer: str = Field(description="Markdown citing [n], the project's own source numbers.")
    citations: list[CitationOut]
    covered: bool | None = Field(
        description="Whether the stored sources answer it; null until it is answered."
    )
    queries: list[str] = Field(
        description='When not covered: the searches "research this" would run.'
    )
    method: str = Field(description="llm, extractive or fallback.")
    error: str
    section_id: int | None = Field(description='The section "research this" added for it.')
    author: str | None
    created_at: datetime
    finished_at: datetime | None

    @staticmethod
    def resolve_author(obj) -> str | None:
        return obj.author.get_username() if obj.author else None
