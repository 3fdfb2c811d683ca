"""Every status and choice, as TextChoices with behaviour, and the project status table.

TRANSITIONS says from which statuses a project may move to each one; Project.objects.transition
(research/models/projects.py) is the one door that applies it. `OneOf` makes a pydantic type of
a TextChoices' values, so the options, the API's schemas and the prompts' answers allow exactly
the values defined here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db import models
from pydantic_core import core_schema


@dataclass(frozen=True)
class OneOf:
    """Pydantic metadata: `Annotated[str, OneOf.of(ReportStyle)]` allows exactly the values of
    a TextChoices, validated and documented as a `Literal` of them would be (strict input
    included: the value stays a plain string)."""

    values: tuple[str, ...]

    @classmethod
    def of(cls, choices: type[models.TextChoices], *extra: str) -> OneOf:
        """Every value of `choices`, then `extra` (such as "" for "not known yet")."""
        return cls((*choices.values, *extra))

    @classmethod
    def only(cls, *members: models.TextChoices) -> OneOf:
        """Some values of a TextChoices, by their members."""
        return cls(tuple(member.value for member in members))

    def __get_pydantic_core_schema__(self, source: Any, handler: Any) -> core_schema.CoreSchema:
        return core_schema.literal_schema(list(self.values))


class ProjectStatus(models.TextChoices):
    DRAFT = "draft", "Draft"
    PLANNING = "planning", "Planning"
    AWAITING_CLARIFICATION = "awaiting_clarification", "Awaiting clarification"
    AWAITING_REVIEW = "awaiting_review", "Awaiting review"
    RESEARCHING = "researching", "Researching"
    WRITING = "writing", "Writing"
    DONE = "done", "Done"
    FAILED = "failed", "Failed"
    CANCELLED = "cancelled", "Cancelled"

    @classmethod
    def running(cls) -> list[ProjectStatus]:
        return [cls.PLANNING, cls.RESEARCHING, cls.WRITING]

    @property
    def is_running(self) -> bool:
        return self in ProjectStatus.running()

    def follows(self) -> frozenset[ProjectStatus]:
        """The statuses a project may move to this one from."""
        return TRANSITIONS[self]


_S = ProjectStatus
TRANSITIONS: dict[ProjectStatus, frozenset[ProjectStatus]] = {
    _S.DRAFT: frozenset(),
    # start, resume; a plan re-made with a member's feedback; clarifying questions answered
    _S.PLANNING: frozenset(
        {_S.DRAFT, _S.FAILED, _S.CANCELLED, _S.AWAITING_REVIEW, _S.AWAITING_CLARIFICATION}
    ),
    _S.AWAITING_CLARIFICATION: frozenset({_S.PLANNING}),  # the question was found ambiguous
    _S.AWAITING_REVIEW: frozenset({_S.PLANNING}),
    # the plan is done or approved; a rerun or a resume; RESEARCHING again: a rerun joins it
    _S.RESEARCHING: frozenset(
        {_S.PLANNING, _S.AWAITING_REVIEW, _S.RESEARCHING, _S.WRITING, _S.DONE, _S.FAILED}
        | {_S.CANCELLED}
    ),
    _S.WRITING: frozenset({_S.RESEARCHING, _S.DONE, _S.FAILED}),  # the report; a new version
    _S.DONE: frozenset({_S.RESEARCHING, _S.WRITING}),
    _S.FAILED: frozenset(ProjectStatus.running()),
    _S.CANCELLED: frozenset(
        {_S.DRAFT, _S.AWAITING_CLARIFICATION, _S.AWAITING_REVIEW, *ProjectStatus.running()}
    ),
}

# Sent by the door when a transition wins: sender=Project, project_id, status (the new one).


class QueryOrigin(models.TextChoices):
    PLANNED = "planned", "Planned"
    REFLECTION = "reflection", "Reflection"
    USER = "user", "Added by a member"


class QueryStatus(models.TextChoices):
    PENDING = "pending", "Pending"
    RUNNING = "running", "Running"
    DONE = "done", "Done"
    FAILED = "failed", "Failed"


class FetchStatus(models.TextChoices):
    PENDING = "pending", "Pending"
    FETCHED = "fetched", "Fetched"
    FAILED = "failed", "Failed"
    SKIPPED = "skipped", "Skipped"
    BLOCKED = "blocked", "Blocked"


class Stage(models.TextChoices):
    GROUND = "ground", "Ground the plan"
    CLARIFY = "clarify", "Ask clarifying questions"
    PLAN = "plan", "Plan"
    SEARCH = "search", "Search"
    RANK = "rank", "Rank"
    PREFETCH = "prefetch", "Read ahead"
    FETCH = "fetch", "Fetch"
    SUMMARIZE = "summarize", "Summarise"
    REFLECT = "reflect", "Reflect"
    ANALYSE = "analyse", "Analyse figures"
    REPORT = "report", "Write report"
    REWRITE = "rewrite", "Rewrite a section"
    CLAIMS = "claims", "Check claims"
    ANSWER = "answer", "Answer a question"
    RECHECK = "recheck", "Recheck a page"
    DISCOVER = "discover", "Look for new results"
    CHANGES = "changes", "Compare with the last version"
    NOTIFY = "notify", "Notify watchers"

    @classmethod
    def beside_run(cls) -> list[Stage]:
        """Stages whose steps are not part of a run (a question's answer, a version's notice):
        a run neither waits for them nor cancels or resumes them."""
        return [cls.ANSWER, cls.NOTIFY]


class StepStatus(models.TextChoices):
    QUEUED = "queued", "Queued"
    RUNNING = "running", "Running"
    DONE = "done", "Done"
    FAILED = "failed", "Failed"
    CANCELLED = "cancelled", "Cancelled"

    @classmethod
    def open(cls) -> list[StepStatus]:
        return [cls.QUEUED, cls.RUNNING]


class ReportStyle(models.TextChoices):
    PROFESSIONAL = "professional", "Professional"
    ACADEMIC = "academic", "Academic"
    POPULAR_SCIENCE = "popular_science", "Popular science"
    NEWS = "news", "News"
    SOCIAL_MEDIA = "social_media", "Social media"


class ReportLength(models.TextChoices):
    """About how long a report is: its `words`, for both engines."""

    BRIEF = "brief", "Brief (about 400 words)"
    STANDARD = "standard", "Standard (about 900 words)"
    LONG = "long", "Long (about 1,800 words)"

    @property
    def words(self) -> int:
        return {"brief": 400, "standard": 900, "long": 1800}[self.value]


class Engine(models.TextChoices):
    """Who plans, reads and writes a project."""

    LLM = "llm", "LLM"
    EXTRACTIVE = "extractive", "Extractive: no language model"


class SourceKind(models.TextChoices):
    """Where a project's queries search."""

    WEB = "web", "The web"
    LIBRARY = "library", "The team library"
    SCHOLARLY = "scholarly", "Scholarly papers"


class CitationStyle(models.TextChoices):
    """How a report's references are written (text/csl.py draws all but numeric); the `[n]`
    markers stay in every style."""

    NUMERIC = "numeric", "Numeric (Dossier's own)"
    APA = "apa", "APA (7th edition)"
    CHICAGO = "chicago-author-date", "Chicago author-date"
    IEEE = "ieee", "IEEE"
    GB_T_7714 = "gb-t-7714", "GB/T 7714-2015 (Chinese national standard)"


class ChartKind(models.TextChoices):
    """How a dataset is charted: bars compare, lines follow a series over time."""

    BAR = "bar", "Bars"
    LINE = "line", "Lines"


class Computation(models.TextChoices):
    """The rule-based computations over a dataset (the extractive engine's, and the fallback
    of a model's SQL that fails)."""

    CHANGE = "change", "Change between the first and last period"
    SHARE = "share", "Share of the total"
    RANK = "rank", "Rank"
    TOTAL = "total", "Sum and average"
    MODEL = "model", "The model's own SQL"


class Analysis(models.TextChoices):
    """Whether a plan's sections that ask for figures are analysed: their figures gathered into
    a dataset, computed over and charted."""

    AUTO = "auto", "When a section asks for figures"
    OFF = "off", "Never"


class RefreshEvery(models.TextChoices):
    """How often a finished project is refreshed."""

    NEVER = "", "Never"
    DAILY = "daily", "Every day"
    WEEKLY = "weekly", "Every week"
    MONTHLY = "monthly", "Every month"


class Direction(models.TextChoices):
    """Where an outline item moves: before or after its neighbour."""

    UP = "up", "Up"
    DOWN = "down", "Down"


class TimeRange(models.TextChoices):
    ANY = "", "Any time"
    DAY = "day", "Past day"
    WEEK = "week", "Past week"
    MONTH = "month", "Past month"
    YEAR = "year", "Past year"


class Method(models.TextChoices):
    """What made a summary or a report."""

    LLM = "llm", "Language model"
    EXTRACTIVE = "extractive", "Extractive"
    FALLBACK = "fallback", "Extractive fallback"


class DocumentStatus(models.TextChoices):
    """Where a library document is: waiting for a worker, being read, searchable, or not."""

    QUEUED = "queued", "Queued"
    EXTRACTING = "extracting", "Extracting"
    READY = "ready", "Ready"
    FAILED = "failed", "Failed"


class DocumentKind(models.TextChoices):
    """What a library file turned out to be, by its content first and its name second."""

    PDF = "pdf", "PDF"
    DOCX = "docx", "Word"
    PPTX = "pptx", "PowerPoint"
    XLSX = "xlsx", "Excel"
    HTML = "html", "HTML"
    MARKDOWN = "markdown", "Markdown"
    TEXT = "text", "Plain text"
    CSV = "csv", "CSV"
    EPUB = "epub", "EPUB"
    IMAGE = "image", "Image"  # PNG, JPEG, TIFF or WebP, read by OCR


class QuestionStatus(models.TextChoices):
    QUEUED = "queued", "Queued"
    RUNNING = "running", "Running"
    DONE = "done", "Done"
    FAILED = "failed", "Failed"


class RefreshStatus(models.TextChoices):
    RUNNING = "running", "Running"
    DONE = "done", "Done"
    FAILED = "failed", "Failed"


class PageCheck(models.TextChoices):
    UNCHANGED = "unchanged", "Unchanged"
    CHANGED = "changed", "Changed"
    GONE = "gone", "Gone"


class FigureStatus(models.TextChoices):
    """Where a figure found on a source is: its image kept (downloaded, re-encoded, stored),
    skipped as no figure (a logo, an icon, a tracker, under the minimum size), or refused
    (the download failed, or the bytes are no image Dossier keeps); the reason says which."""

    KEPT = "kept", "Kept"
    SKIPPED = "skipped", "Skipped"
    REFUSED = "refused", "Refused"


class FigureChoice(models.TextChoices):
    """A member's say on a figure: none (the report chooses), hidden from the report, or added."""

    NONE = "", "The report's choice"
    HIDDEN = "hidden", "Hidden by a member"
    ADDED = "added", "Added by a member"
