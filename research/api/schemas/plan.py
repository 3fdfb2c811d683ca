"""The schemas of the plan router: the answers to the clarifying questions asked before
planning; a member's written feedback on a plan under review, and what it changed."""

from typing import Annotated

from ninja import Field, Schema

from research.api.schemas.common import InSchema, NonEmpty
from research.limits import CLARIFY_ANSWER_MAX, FEEDBACK_MAX

ClarifyAnswer = Annotated[str, Field(max_length=CLARIFY_ANSWER_MAX)]


class ClarifyIn(InSchema):
    answers: dict[Annotated[str, Field(max_length=10)], ClarifyAnswer] = Field(
        default_factory=dict,
        max_length=3,
        description='The answers by question id ({"q1": "the big cat"}); a question left out '
        "or blank has no answer.",
    )
    skip: bool = Field(
        False, description="Plan from the question alone, answering nothing (then no answers)."
    )


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
