"""The follow-up questions API's explicit input and output schemas."""

from datetime import datetime
from typing import Literal

from ninja import Field, Schema

from research.limits import QUESTION_MAX
from research.schemas import NonEmpty

QuestionStatusName = Literal["queued", "running", "done", "failed"]


class QuestionIn(Schema):
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
