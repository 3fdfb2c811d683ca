"""The claim ledger API's explicit input and output schemas."""

from typing import Literal

from ninja import Field, Schema

from research.limits import NOTE_MAX
from research.schemas import Id, InSchema, Text

ClaimStatusName = Literal["supported", "partial", "unsupported", "contradicted", "uncited"]
ClaimReviewName = Literal["", "accepted", "disputed"]


class ClaimOut(Schema):
    id: int
    position: int = Field(description="The sentence's index in the report body.")
    sentence: str
    citations: list[int] = Field(description="The [n] the sentence cites.")
    source_ids: list[int] = Field(description="The ids of the cited sources.")
    quote: str = Field(description="Verbatim from the stored text of quote_source_id; or empty.")
    quote_source_id: int | None
    score: float = Field(description="The lexical support, 0 to 1.")
    status: ClaimStatusName
    reason: str
    method: Literal["lexical", "llm"]
    review: ClaimReviewName
    review_note: str

    @staticmethod
    def resolve_source_ids(obj) -> list[int]:
        return sorted(source.pk for source in obj.sources.all())


class ClaimReviewIn(InSchema):
    review: Literal["accepted", "disputed"]
    note: Text = Field("", max_length=NOTE_MAX)


class ClaimCheckIn(InSchema):
    source_id: Id | None = Field(None, description="Only the claims citing this source.")
