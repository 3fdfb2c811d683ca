"""The API's explicit input and output schemas. Every field is listed: nothing leaks by default."""

from datetime import date, datetime
from typing import Annotated, Literal

from ninja import Field, Schema
from pydantic import AfterValidator, BaseModel, ConfigDict, model_validator

from research.limits import (
    GOAL_MAX,
    HEADING_MAX,
    LANGUAGE_MAX,
    QUERY_MAX,
    QUESTION_MAX,
    URL_MAX,
)
from research.options import ProjectOptions, ReportStyleName
from research.services import trash

# The largest id the API accepts: bigger numbers cannot be row ids in any supported database.
MAX_ID = 2**53


# What Python's str.strip() removes, spelled out so the documented pattern means the same in
# every regex dialect (ECMA's \s, Python's and Rust's differ).
_SPACE = r"\t\n\x0b\x0c\r\x1c-\x1f \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000"
NO_NUL = r"^[^\x00]*$"
NOT_BLANK = rf"^[^\x00]*[^\x00{_SPACE}][^\x00]*$"


def _no_nul(value: str) -> str:
    if "\x00" in value:
        raise ValueError("must not contain NUL characters")
    return value


def _stripped_not_empty(value: str) -> str:
    value = _no_nul(value).strip()
    if not value:
        raise ValueError("must not be empty")
    return value


Id = Annotated[int, Field(ge=1, le=MAX_ID)]
# The validators check what the patterns document, with friendlier messages.
Text = Annotated[str, AfterValidator(_no_nul), Field(json_schema_extra={"pattern": NO_NUL})]
NonEmpty = Annotated[
    str, AfterValidator(_stripped_not_empty), Field(json_schema_extra={"pattern": NOT_BLANK})
]

ProjectStatusName = Literal[
    "draft", "planning", "awaiting_review", "researching", "writing", "done", "failed", "cancelled"
]
StepStatusName = Literal["queued", "running", "done", "failed", "cancelled"]
StageName = Literal[
    "ground", "plan", "search", "rank", "prefetch", "fetch", "summarize", "reflect", "report",
    "claims", "answer", "recheck", "discover", "changes", "notify",
]  # fmt: skip
ExportFormat = Literal["md", "pdf", "zip"]
FetchStatusName = Literal["pending", "fetched", "failed", "skipped", "blocked"]


def _integral_floats(data):
    """JSON Schema counts 3.0 as an integer; strict pydantic does not, so make it 3."""
    if isinstance(data, dict):
        return {
            k: int(v) if isinstance(v, float) and v.is_integer() else v for k, v in data.items()
        }
    return data


class InSchema(BaseModel):
    """A JSON body. Unknown keys are refused (a typo is a 422, not silently ignored), and so
    are values of the wrong type: `"start": 0` is not a boolean, nor `"4"` a number."""

    model_config = ConfigDict(extra="forbid", strict=True)

    @model_validator(mode="before")
    @classmethod
    def json_integers(cls, data):
        return _integral_floats(data)


class ProjectOptionsIn(ProjectOptions, InSchema):
    """The project options, held to InSchema's rules."""


class FieldErrorOut(Schema):
    field: str = Field(..., description="The field's path, as in `options.queries`.")
    message: str


class ErrorOut(Schema):
    detail: str
    errors: list[FieldErrorOut] | None = Field(None, description="Only for invalid input (422).")


# --- Projects ----------------------------------------------------------------------------


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


class TokensOut(Schema):
    prompt: int
    completion: int
    total: int


def _tokens(obj) -> dict:
    """TokensOut of a project or a step."""
    return {"prompt": obj.tokens_prompt, "completion": obj.tokens_completion, "total": obj.tokens}


class ProjectBrief(Schema):
    id: int
    title: str
    question: str
    status: ProjectStatusName
    owner: str

    @staticmethod
    def resolve_owner(obj) -> str:
        return obj.owner.get_username()


class ProjectOut(ProjectBrief):
    error: str
    language: str
    engine: Literal["llm", "extractive"] = Field(
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
        return _tokens(obj)

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


# --- Queries -----------------------------------------------------------------------------


class QueryIn(InSchema):
    text: NonEmpty = Field(..., min_length=1, max_length=QUERY_MAX)
    section_id: Id | None = Field(None, description="A section of the project's plan.")


class QueryEditIn(InSchema):
    text: NonEmpty = Field(..., min_length=1, max_length=QUERY_MAX)
    rerun: bool = Field(True, description="Once research has started, research it again.")


class MoveIn(InSchema):
    direction: Literal["up", "down"]


class QueryOut(Schema):
    id: int
    project_id: int
    section_id: int | None
    section: str | None = Field(None, description="The section's title.")
    parent_id: int | None
    text: str
    origin: Literal["planned", "reflection", "user"]
    status: Literal["pending", "running", "done", "failed"]
    error: str
    position: int
    reflection_round: int
    generation: int
    created_at: datetime
    edited_at: datetime | None
    edited_by: str | None

    @staticmethod
    def resolve_section(obj) -> str | None:
        return obj.section.title if obj.section_id else None

    @staticmethod
    def resolve_edited_by(obj) -> str | None:
        return obj.edited_by.get_username() if obj.edited_by_id else None


class SectionIn(InSchema):
    title: NonEmpty = Field(..., min_length=1, max_length=HEADING_MAX)
    goal: Text = Field("", max_length=GOAL_MAX)


class SectionEditIn(InSchema):
    title: NonEmpty | None = Field(None, min_length=1, max_length=HEADING_MAX)
    goal: Text | None = Field(None, max_length=GOAL_MAX)


class SectionOut(Schema):
    id: int
    project_id: int
    title: str
    goal: str
    position: int


class SourceBriefOut(Schema):
    id: int
    n: int
    url: str
    title: str
    fetch_status: FetchStatusName


class QueryResultOut(Schema):
    """A search result of a query, with the ranker's judgement."""

    source: SourceBriefOut
    rank: int = Field(..., description="Position in the search engine's results.")
    engine: str
    score: float | None = Field(None, description="The ranker's score, 0 to 10.")
    reason: str
    selected: bool


# --- Sources and summaries ---------------------------------------------------------------


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


# --- Reports -----------------------------------------------------------------------------


class ReportIn(InSchema):
    engine: Literal["", "llm", "extractive"] = Field(
        "", description="Empty keeps the project's engine; the other one may write a version too."
    )
    style: ReportStyleName | Literal[""] = Field("", description="Empty keeps the project's.")
    language: Text = Field("", max_length=LANGUAGE_MAX, description="Empty keeps the project's.")


class ReportFilter(Schema):
    version: Id | None = Field(None, description="A version number; the current one if absent.")


class ReportVersionOut(Schema):
    id: int
    version: int
    is_current: bool
    complete: bool = Field(
        ..., description="False when the model stopped at its output limit before the end."
    )
    engine: Literal["llm", "extractive", "fallback"] = Field(
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


# --- Steps -------------------------------------------------------------------------------


class StepOut(Schema):
    id: int
    project_id: int
    stage: StageName
    key: str
    status: StepStatusName
    attempt: int
    claimed_by: str = Field(description="The worker (host:pid) that claimed it last.")
    detail: str
    error: str
    tokens: TokensOut
    llm_calls: int
    query_id: int | None
    source_id: int | None
    section_id: int | None
    created_at: datetime
    started_at: datetime | None
    finished_at: datetime | None

    @staticmethod
    def resolve_tokens(obj) -> dict:
        return _tokens(obj)
