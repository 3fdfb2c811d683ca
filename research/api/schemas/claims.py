"""The schemas of the claims router: a version's claim ledger, and a member's review."""

from typing import Annotated

from ninja import Field, Schema

from research.api.schemas.common import Id, InSchema, Text
from research.limits import NOTE_MAX
from research.models import ClaimMethod, ClaimReview, ClaimStatus, OneOf

ClaimStatusName = Annotated[str, OneOf.of(ClaimStatus)]
ClaimReviewName = Annotated[str, OneOf.of(ClaimReview)]


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
    method: Annotated[str, OneOf.of(ClaimMethod)]
    review: ClaimReviewName
    review_note: str

    @staticmethod
    def resolve_source_ids(obj) -> list[int]:
        return sorted(source.pk for source in obj.sources.all())


class ClaimReviewIn(InSchema):
    review: Annotated[str, OneOf.only(ClaimReview.ACCEPTED, ClaimReview.DISPUTED)]
    note: Text = Field("", max_length=NOTE_MAX)


class ClaimCheckIn(InSchema):
    source_id: Id | None = Field(None, description="Only the claims citing this source.")
