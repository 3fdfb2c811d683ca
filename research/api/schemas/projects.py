"""The schemas of the projects router: a project in, out, in the trash; its options."""

from datetime import datetime
from typing import Annotated, Any

from ninja import Field, Schema

from research.api.schemas.common import InSchema, NonEmpty, TokensOut, tokens_of
from research.limits import QUESTION_MAX
from research.models import OneOf, ProjectStatus
from research.models.options import EngineName, ProjectOptions
from research.services import trash

ProjectStatusName = Annotated[str, OneOf.of(ProjectStatus)]


class ProjectOptionsIn(ProjectOptions, InSchema):
    """The project options, held to InSchema's rules."""


class ProjectIn(InSchema):
    question: NonEmpty = Field(..., min_length=1, max_length=QUESTION_MAX)
    options: ProjectOptionsIn = Field(default_factory=ProjectOptionsIn)
    start: bool = Field(True, description="Start researching at once; false keeps a draft.")


class ProjectCounts(Schema):
    queries: int
    sources: int
    fetched: int
    summaries: int
    notes: int
    claims: int = Field(description="The current report version's claims.")
    unsupported: int = Field(description="Of those, the unsupported or contradicted ones.")


class ProjectBrief(Schema):
    id: int
    title: str
    question: str
    status: ProjectStatusName
    owner: str

    @staticmethod
    def resolve_owner(obj) -> str:
        return obj.owner.get_username()


class ClarificationOut(Schema):
    id: str = Field(..., description="What `answers` names it by: q1, q2, q3.")
    question: str
    choices: list[str] = Field(..., description="Answers offered; any text is accepted.")
    answer: str = Field(..., description="The member's answer; empty until answered or skipped.")


class ProjectOut(ProjectBrief):
    error: str
    language: str
    clarifications: list[ClarificationOut] = Field(
        ...,
        description="The clarifying questions asked before planning (the `clarify` option): "
        "answer them with POST /api/projects/{id}/clarify while the project is "
        "awaiting_clarification.",
    )
    clarified_at: datetime | None = Field(
        ..., description="When a member answered or skipped them."
    )
    engine: EngineName = Field(
        ..., description="Who plans, reads and writes: the LLM, or the extractive engine."
    )
    options: dict
    counts: ProjectCounts
    tokens: TokensOut
    cost_usd: float
    report_version: int | None = Field(None, description="The current report's version.")
    report_created_at: datetime | None
    plan_approved_at: datetime | None
    created_at: datetime
    updated_at: datetime
    started_at: datetime | None
    finished_at: datetime | None

    @staticmethod
    def resolve_engine(obj) -> str:
        return obj.opts.engine

    @staticmethod
    def resolve_counts(obj) -> dict:
        return {
            "queries": obj.n_queries,
            "sources": obj.n_sources,
            "fetched": obj.n_fetched,
            "summaries": obj.n_summaries,
            "notes": obj.n_notes,
            "claims": obj.n_claims,
            "unsupported": obj.n_unsupported,
        }

    @staticmethod
    def resolve_tokens(obj) -> dict:
        return tokens_of(obj)

    @staticmethod
    def resolve_cost_usd(obj) -> float:
        return float(obj.cost_usd)

    @staticmethod
    def resolve_report_created_at(obj) -> datetime | None:
        return obj.report_date


class TrashedProjectOut(ProjectBrief):
    """A project in the trash: any member may restore it; its owner or an admin may delete it
    for good, as the watchdog does at `purge_at`."""

    deleted_at: datetime
    deleted_by: str | None
    purge_at: datetime = Field(..., description="When it is deleted for good automatically.")
    days_left: int
    can_purge: bool = Field(..., description="Whether you may delete it for good now.")

    @staticmethod
    def resolve_deleted_by(obj) -> str | None:
        return obj.deleted_by.get_username() if obj.deleted_by_id else None

    @staticmethod
    def resolve_purge_at(obj) -> datetime:
        return trash.purge_at(obj)

    @staticmethod
    def resolve_days_left(obj) -> int:
        return trash.days_left(obj)

    @staticmethod
    def resolve_can_purge(obj, context) -> bool:
        return trash.can_purge(obj, context["request"].auth)


class TrashOut(Schema):
    detail: str = Field(..., description="What happened, and how to undo it.")
    project: TrashedProjectOut


class ProjectPatchIn(InSchema):
    options: dict[str, Any] = Field(
        description='Options to change, e.g. {"refresh": "weekly"}: any option of a draft, '
        "only `refresh` once the project has started."
    )
