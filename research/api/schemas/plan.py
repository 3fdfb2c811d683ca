"""The schemas of the plan router: a member's written feedback on a plan under review, and
what it changed."""

from ninja import Field, Schema

from research.api.schemas.common import InSchema, NonEmpty
from research.limits import FEEDBACK_MAX


class PlanFeedbackIn(InSchema):
    text: NonEmpty = Field(
        ...,
        min_length=1,
        max_length=FEEDBACK_MAX,
        description='What the plan should change, in words: "drop the history, add costs".',
    )


class PlannedQueryOut(Schema):
    text: str
    routes: list[str]


class PlannedSectionOut(Schema):
    title: str
    goal: str
    analysis: bool
    queries: list[PlannedQueryOut]


class EarlierPlanOut(Schema):
    title: str
    language: str
    sections: list[PlannedSectionOut]


class PlanChangesOut(Schema):
    feedback: str = Field(..., description="The last feedback the plan was made again with.")
    previous: EarlierPlanOut = Field(..., description="The plan before that feedback.")
    sections_removed: list[str]
    sections_added: list[str]
    queries_removed: list[str]
    queries_added: list[str]
