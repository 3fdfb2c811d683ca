"""The product's memory: every intermediate result of a research run is a row here.

A project's status changes through one door, `Project.objects.transition()`: a compare-and-set
UPDATE that moves the project only from the statuses the new one may follow (TRANSITIONS) and
says whether this call won. The queryset's `update()` and the model's `save()` refuse to write
the status any other way.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import timedelta
from typing import Any
from urllib.parse import urlsplit

from django.conf import settings
from django.db import models, transaction
from django.db.models import F, Q
from django.dispatch import Signal
from django.utils import timezone

from research.limits import (
    CONTENT_TYPE_MAX,
    DETAIL_MAX,
    ERROR_MAX,
    HEADING_MAX,
    LANGUAGE_MAX,
    QUERY_MAX,
    SOURCE_TITLE_MAX,
    URL_MAX,
)
from research.options import ProjectOptions

User = settings.AUTH_USER_MODEL


# --- Statuses ----------------------------------------------------------------------------


class ProjectStatus(models.TextChoices):
    DRAFT = "draft", "Draft"
    PLANNING = "planning", "Planning"
    AWAITING_REVIEW = "awaiting_review", "Awaiting review"
    RESEARCHING = "researching", "Researching"
    WRITING = "writing", "Writing"
    DONE = "done", "Done"
    FAILED = "failed", "Failed"
    CANCELLED = "cancelled", "Cancelled"

    @classmethod
    def running(cls) -> list[ProjectStatus]:
        return [cls.PLANNING, cls.RESEARCHING, cls.WRITING]

    @classmethod
    def finished(cls) -> list[ProjectStatus]:
        return [cls.DONE, cls.FAILED, cls.CANCELLED]

    @property
    def is_running(self) -> bool:
        return self in ProjectStatus.running()

    def follows(self) -> frozenset[ProjectStatus]:
        """The statuses a project may move to this one from."""
        return TRANSITIONS[self]


_S = ProjectStatus
TRANSITIONS: dict[ProjectStatus, frozenset[ProjectStatus]] = {
    _S.DRAFT: frozenset(),
    _S.PLANNING: frozenset({_S.DRAFT, _S.FAILED, _S.CANCELLED}),  # start, resume
    _S.AWAITING_REVIEW: frozenset({_S.PLANNING}),
    # the plan is done or approved; a rerun or a resume; RESEARCHING again: a rerun joins it
    _S.RESEARCHING: frozenset(
        {_S.PLANNING, _S.AWAITING_REVIEW, _S.RESEARCHING, _S.WRITING, _S.DONE, _S.FAILED}
        | {_S.CANCELLED}
    ),
    _S.WRITING: frozenset({_S.RESEARCHING, _S.DONE, _S.FAILED}),  # the report; a new version
    _S.DONE: frozenset({_S.RESEARCHING, _S.WRITING}),
    _S.FAILED: frozenset(ProjectStatus.running()),
    _S.CANCELLED: frozenset({_S.DRAFT, _S.AWAITING_REVIEW, *ProjectStatus.running()}),
}

# Sent by the door when a transition wins: sender=Project, project_id, status (the new one).
status_changed = Signal()


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
    PLAN = "plan", "Plan"
    SEARCH = "search", "Search"
    RANK = "rank", "Rank"
    FETCH = "fetch", "Fetch"
    SUMMARIZE = "summarize", "Summarise"
    REFLECT = "reflect", "Reflect"
    REPORT = "report", "Write report"


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


class TimeRange(models.TextChoices):
    ANY = "", "Any time"
    DAY = "day", "Past day"
    WEEK = "week", "Past week"
    MONTH = "month", "Past month"
    YEAR = "year", "Past year"


# --- Projects ----------------------------------------------------------------------------


class ProjectQuerySet(models.QuerySet):
    def running(self) -> ProjectQuerySet:
        return self.filter(status__in=ProjectStatus.running())

    def finished(self) -> ProjectQuerySet:
        return self.filter(status__in=ProjectStatus.finished())

    def transition(
        self,
        project_id: int,
        to: ProjectStatus,
        *,
        only_from: Iterable[ProjectStatus] | None = None,
        **changes: Any,
    ) -> bool:
        """The one door for status changes. The project moves to `to`, with `changes`, only if
        its status is still one of `only_from` (default: every status `to` may follow), checked
        and written in one UPDATE. True when this call won; False when the project had moved on.
        """
        allowed = to.follows() if only_from is None else frozenset(only_from)
        if not allowed <= to.follows():
            illegal = ", ".join(sorted(allowed - to.follows()))
            raise ValueError(f"a project cannot move to {to} from {illegal}")
        rows = self.filter(pk=project_id, status__in=allowed)
        won = models.QuerySet.update(rows, status=to, **changes) == 1
        if won:
            status_changed.send(sender=Project, project_id=project_id, status=to)
        return won

    def fail(self, project_id: int, reason: str) -> bool:
        """A running project fails, saying why."""
        return self.transition(
            project_id,
            ProjectStatus.FAILED,
            error=reason[:ERROR_MAX],
            finished_at=timezone.now(),
        )

    def hold(self, project_id: int, statuses: Iterable[ProjectStatus]) -> bool:
        """Inside a transaction: whether the project is in one of `statuses`, locking its row so
        no transition can change that until the transaction ends (SELECT ... FOR UPDATE on
        PostgreSQL; SQLite's IMMEDIATE transactions already hold the write lock)."""
        rows = self.select_for_update().filter(pk=project_id, status__in=list(statuses))
        return rows.exists()

    def update(self, **kwargs: Any) -> int:
        if "status" in kwargs:
            raise TypeError("A project's status changes only through Project.objects.transition().")
        return super().update(**kwargs)


class Project(models.Model):
    title = models.CharField(max_length=HEADING_MAX, blank=True)
    question = models.TextField()
    owner = models.ForeignKey(User, on_delete=models.PROTECT, related_name="projects")
    options = models.JSONField(default=dict, blank=True)
    status = models.CharField(
        max_length=20, choices=ProjectStatus.choices, default=ProjectStatus.DRAFT
    )
    error = models.TextField(blank=True)
    language = models.CharField(
        max_length=LANGUAGE_MAX, blank=True, help_text="Detected or chosen."
    )
    next_source_n = models.PositiveIntegerField(default=1, editable=False)
    reflection_round = models.PositiveSmallIntegerField(default=0)
    report_generation = models.PositiveIntegerField(
        default=0, help_text="Bumped by reruns that call for a new report version."
    )
    plan_approved_at = models.DateTimeField(null=True, blank=True)
    plan_approved_by = models.ForeignKey(
        User, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    tokens_prompt = models.PositiveBigIntegerField(default=0)
    tokens_completion = models.PositiveBigIntegerField(default=0)
    tokens_reserved = models.BigIntegerField(
        default=0, help_text="Held by LLM calls in flight, so parallel calls respect the budget."
    )
    cost_usd = models.DecimalField(max_digits=12, decimal_places=6, default=0)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    updated_by = models.ForeignKey(
        User, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )

    objects = ProjectQuerySet.as_manager()

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["status", "-created_at"])]

    def __str__(self) -> str:
        return self.title or self.question[:80]

    def save(self, *args: Any, **kwargs: Any) -> None:
        """A new project is saved as it is; an existing one never writes its status here (the
        door does), and refuses a status changed in memory instead of losing it silently."""
        if not self._state.adding:
            if self._saved_status is not None and self.status != self._saved_status:
                raise TypeError(
                    "A project's status changes only through Project.objects.transition()."
                )
            fields = kwargs.get("update_fields") or [
                f.name for f in self._meta.concrete_fields if not f.primary_key
            ]
            kwargs["update_fields"] = [name for name in fields if name != "status"]
        super().save(*args, **kwargs)
        self._saved_status = self.status

    _saved_status: str | None = None  # the status as read from or written to the database

    @classmethod
    def from_db(cls, db, field_names, values):  # type: ignore[no-untyped-def]
        instance = super().from_db(db, field_names, values)
        instance._saved_status = instance.__dict__.get("status")
        return instance

    def refresh_from_db(self, *args: Any, **kwargs: Any) -> None:
        super().refresh_from_db(*args, **kwargs)
        self._saved_status = self.__dict__.get("status")

    @property
    def opts(self) -> ProjectOptions:
        return ProjectOptions.model_validate(self.options or {})

    @property
    def tokens(self) -> int:
        return self.tokens_prompt + self.tokens_completion

    @property
    def is_running(self) -> bool:
        return ProjectStatus(self.status).is_running

    def allocate_source_numbers(self, count: int) -> range:
        """Reserve `count` citation numbers; numbers are never reused, even after deletes."""
        with transaction.atomic():
            Project.objects.filter(pk=self.pk).update(next_source_n=F("next_source_n") + count)
            end = Project.objects.filter(pk=self.pk).values_list("next_source_n", flat=True).get()
        return range(end - count, end)


class Section(models.Model):
    project = models.ForeignKey(Project, on_delete=models.CASCADE, related_name="sections")
    title = models.CharField(max_length=HEADING_MAX)
    goal = models.TextField(blank=True)
    position = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["position", "id"]

    def __str__(self) -> str:
        return self.title


class QueryQuerySet(models.QuerySet):
    def planned(self) -> QueryQuerySet:
        return self.filter(origin=QueryOrigin.PLANNED)

    def fail(self, query_id: int | None, reason: str) -> int:
        return self.filter(pk=query_id).update(status=QueryStatus.FAILED, error=reason[:ERROR_MAX])


class Query(models.Model):
    project = models.ForeignKey(Project, on_delete=models.CASCADE, related_name="queries")
    section = models.ForeignKey(
        Section, on_delete=models.SET_NULL, null=True, blank=True, related_name="queries"
    )
    parent = models.ForeignKey(
        "self", on_delete=models.SET_NULL, null=True, blank=True, related_name="follow_ups"
    )
    text = models.CharField(max_length=QUERY_MAX)
    origin = models.CharField(
        max_length=20, choices=QueryOrigin.choices, default=QueryOrigin.PLANNED
    )
    status = models.CharField(
        max_length=20, choices=QueryStatus.choices, default=QueryStatus.PENDING
    )
    error = models.TextField(blank=True)
    position = models.PositiveIntegerField(default=0)
    reflection_round = models.PositiveSmallIntegerField(default=0)
    generation = models.PositiveIntegerField(
        default=0, help_text="Bumped when the query is edited and rerun; steps are keyed on it."
    )
    created_at = models.DateTimeField(auto_now_add=True)
    edited_at = models.DateTimeField(null=True, blank=True)
    edited_by = models.ForeignKey(
        User, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )

    objects = QueryQuerySet.as_manager()

    class Meta:
        ordering = ["position", "id"]
        verbose_name_plural = "queries"

    def __str__(self) -> str:
        return self.text


class PageSnapshotQuerySet(models.QuerySet):
    def fresh(self, url: str, ttl: timedelta | None = None) -> PageSnapshot | None:
        if ttl is None:
            ttl = timedelta(hours=settings.FETCH_CACHE_TTL_HOURS)
        since = timezone.now() - ttl
        return self.filter(url=url, fetched_at__gte=since).order_by("-fetched_at").first()


class PageSnapshot(models.Model):
    """One fetch of one URL, shared by every project: the fetch cache."""

    url = models.URLField(max_length=URL_MAX)
    final_url = models.URLField(max_length=URL_MAX, blank=True)
    fetched_at = models.DateTimeField(default=timezone.now)
    http_status = models.PositiveSmallIntegerField(null=True, blank=True)
    content_type = models.CharField(max_length=CONTENT_TYPE_MAX, blank=True)
    content_hash = models.CharField(max_length=64, blank=True)
    title = models.CharField(max_length=SOURCE_TITLE_MAX, blank=True)
    text = models.TextField(blank=True)
    published = models.DateField(null=True, blank=True)
    extractor = models.CharField(max_length=40, blank=True)

    objects = PageSnapshotQuerySet.as_manager()

    class Meta:
        indexes = [models.Index(fields=["url", "-fetched_at"])]

    def __str__(self) -> str:
        return self.url


class SourceQuerySet(models.QuerySet):
    def fetched(self) -> SourceQuerySet:
        return self.filter(fetch_status=FetchStatus.FETCHED)

    def citable(self) -> SourceQuerySet:
        return self.filter(excluded=False)


class Source(models.Model):
    project = models.ForeignKey(Project, on_delete=models.CASCADE, related_name="sources")
    n = models.PositiveIntegerField(help_text="Citation number inside the project; never reused.")
    url = models.URLField(max_length=URL_MAX)
    final_url = models.URLField(max_length=URL_MAX, blank=True)
    title = models.CharField(max_length=SOURCE_TITLE_MAX, blank=True)
    domain = models.CharField(max_length=255, blank=True)
    snippet = models.TextField(blank=True)
    published = models.DateField(null=True, blank=True)
    fetch_status = models.CharField(
        max_length=20, choices=FetchStatus.choices, default=FetchStatus.PENDING
    )
    fetch_reason = models.TextField(blank=True)
    http_status = models.PositiveSmallIntegerField(null=True, blank=True)
    content_type = models.CharField(max_length=CONTENT_TYPE_MAX, blank=True)
    snapshot = models.ForeignKey(
        PageSnapshot, on_delete=models.SET_NULL, null=True, blank=True, related_name="sources"
    )
    generation = models.PositiveIntegerField(
        default=0, help_text="Bumped on refetch or resummarise; steps are keyed on it."
    )
    excluded = models.BooleanField(default=False)
    pinned = models.BooleanField(default=False)
    added_by = models.ForeignKey(
        User, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    updated_by = models.ForeignKey(
        User, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    objects = SourceQuerySet.as_manager()

    class Meta:
        ordering = ["n"]
        constraints = [
            models.UniqueConstraint(fields=["project", "url"], name="source_unique_url"),
            models.UniqueConstraint(fields=["project", "n"], name="source_unique_n"),
        ]

    def __str__(self) -> str:
        return f"[{self.n}] {self.title or self.url}"

    def save(self, *args, **kwargs):
        if not self.domain and self.url:
            self.domain = self.domain_of(self.url)
        super().save(*args, **kwargs)

    @staticmethod
    def domain_of(url: str) -> str:
        return (urlsplit(url).hostname or "").removeprefix("www.")

    @property
    def text(self) -> str:
        return self.snapshot.text if self.snapshot_id else ""


class QuerySource(models.Model):
    """A search result: one source found by one query, with the ranking judgement."""

    query = models.ForeignKey(Query, on_delete=models.CASCADE, related_name="results")
    source = models.ForeignKey(Source, on_delete=models.CASCADE, related_name="results")
    rank = models.PositiveIntegerField(help_text="Position in the search engine's results.")
    engine = models.CharField(max_length=40, blank=True)
    score = models.FloatField(null=True, blank=True, help_text="The ranker's score, 0 to 10.")
    reason = models.TextField(blank=True)
    selected = models.BooleanField(default=False)

    class Meta:
        ordering = ["rank"]
        constraints = [
            models.UniqueConstraint(fields=["query", "source"], name="querysource_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.query_id} -> {self.source_id} (#{self.rank})"


class SummaryQuerySet(models.QuerySet):
    def relevant(self) -> SummaryQuerySet:
        return self.filter(relevant=True)

    def in_outline_order(self, *first: str) -> SummaryQuerySet:
        """By `first`, then their query's place in the outline: the order a source page lists
        and marks them in."""
        return self.order_by(*first, "query__position", "query_id", "id")


class Summary(models.Model):
    """What one source says about one query, with exact supporting quotes."""

    query = models.ForeignKey(Query, on_delete=models.CASCADE, related_name="summaries")
    source = models.ForeignKey(Source, on_delete=models.CASCADE, related_name="summaries")
    text = models.TextField(blank=True)
    relevant = models.BooleanField(default=True)
    quotes = models.JSONField(default=list, blank=True)
    quotes_dropped = models.PositiveIntegerField(default=0)
    model = models.CharField(max_length=200, blank=True)
    tokens = models.PositiveIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)

    objects = SummaryQuerySet.as_manager()

    class Meta:
        verbose_name_plural = "summaries"
        constraints = [
            models.UniqueConstraint(fields=["query", "source"], name="summary_unique"),
        ]

    def __str__(self) -> str:
        return f"Summary of source {self.source_id} for query {self.query_id}"


class ReportQuerySet(models.QuerySet):
    def current(self) -> ReportQuerySet:
        return self.filter(is_current=True)


class Report(models.Model):
    project = models.ForeignKey(Project, on_delete=models.CASCADE, related_name="reports")
    version = models.PositiveIntegerField()
    markdown = models.TextField()
    style = models.CharField(max_length=20, choices=ReportStyle.choices)
    language = models.CharField(max_length=LANGUAGE_MAX)
    model = models.CharField(max_length=200, blank=True)
    is_current = models.BooleanField(default=True)
    cited_sources = models.ManyToManyField(Source, blank=True, related_name="cited_in")
    citations_removed = models.PositiveIntegerField(default=0)
    tokens = models.PositiveIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)
    created_by = models.ForeignKey(
        User, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )

    objects = ReportQuerySet.as_manager()

    class Meta:
        ordering = ["-version"]
        constraints = [
            models.UniqueConstraint(fields=["project", "version"], name="report_unique_version"),
            models.UniqueConstraint(
                fields=["project"], condition=Q(is_current=True), name="report_one_current"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.project} v{self.version}"


class Note(models.Model):
    """A member's note on a project or on one of its queries, sources, summaries or reports."""

    project = models.ForeignKey(Project, on_delete=models.CASCADE, related_name="notes")
    query = models.ForeignKey(
        Query, on_delete=models.CASCADE, null=True, blank=True, related_name="notes"
    )
    source = models.ForeignKey(
        Source, on_delete=models.CASCADE, null=True, blank=True, related_name="notes"
    )
    summary = models.ForeignKey(
        Summary, on_delete=models.CASCADE, null=True, blank=True, related_name="notes"
    )
    report = models.ForeignKey(
        Report, on_delete=models.CASCADE, null=True, blank=True, related_name="notes"
    )
    author = models.ForeignKey(User, on_delete=models.PROTECT, related_name="notes")
    text = models.TextField()
    created_at = models.DateTimeField(auto_now_add=True)
    edited_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["created_at", "id"]
        constraints = [
            models.CheckConstraint(
                condition=(
                    Q(query__isnull=True, source__isnull=True, summary__isnull=True)
                    | Q(query__isnull=True, source__isnull=True, report__isnull=True)
                    | Q(query__isnull=True, summary__isnull=True, report__isnull=True)
                    | Q(source__isnull=True, summary__isnull=True, report__isnull=True)
                ),
                name="note_at_most_one_target",
            ),
        ]

    def __str__(self) -> str:
        return f"Note by {self.author_id}: {self.text[:60]}"


class StepRunQuerySet(models.QuerySet):
    def open(self) -> StepRunQuerySet:
        return self.filter(status__in=StepStatus.open())

    def claimable(self) -> StepRunQuerySet:
        """Queued, or running under a lease that expired (its worker died)."""
        now = timezone.now()
        return self.filter(
            Q(status=StepStatus.QUEUED) | Q(status=StepStatus.RUNNING, lease_until__lt=now)
        )


class StepRun(models.Model):
    """One execution of one pipeline step on one target. Progress and reruns are built on it."""

    project = models.ForeignKey(Project, on_delete=models.CASCADE, related_name="steps")
    stage = models.CharField(max_length=20, choices=Stage.choices)
    key = models.CharField(
        max_length=200, help_text="Stage, target and generation: makes enqueueing idempotent."
    )
    params = models.JSONField(default=dict, blank=True)
    output = models.JSONField(default=dict, blank=True, help_text="Small results kept on the step.")
    section = models.ForeignKey(
        Section, on_delete=models.CASCADE, null=True, blank=True, related_name="steps"
    )
    query = models.ForeignKey(
        Query, on_delete=models.CASCADE, null=True, blank=True, related_name="steps"
    )
    source = models.ForeignKey(
        Source, on_delete=models.CASCADE, null=True, blank=True, related_name="steps"
    )
    status = models.CharField(max_length=20, choices=StepStatus.choices, default=StepStatus.QUEUED)
    attempt = models.PositiveSmallIntegerField(default=0)
    lease_until = models.DateTimeField(null=True, blank=True)
    detail = models.CharField(max_length=DETAIL_MAX, blank=True)
    error = models.TextField(blank=True)
    tokens_prompt = models.PositiveIntegerField(default=0)
    tokens_completion = models.PositiveIntegerField(default=0)
    llm_calls = models.PositiveIntegerField(default=0)
    requested_by = models.ForeignKey(
        User, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    objects = StepRunQuerySet.as_manager()

    class Meta:
        ordering = ["created_at", "id"]
        indexes = [
            models.Index(fields=["project", "stage", "status"]),
            models.Index(fields=["status", "lease_until"]),
        ]
        constraints = [
            models.UniqueConstraint(fields=["project", "key"], name="steprun_unique_key"),
        ]

    def __str__(self) -> str:
        return f"{self.get_stage_display()} #{self.pk} ({self.status})"

    @property
    def tokens(self) -> int:
        return self.tokens_prompt + self.tokens_completion


class ApiTokenQuerySet(models.QuerySet):
    def active(self) -> ApiTokenQuerySet:
        return self.filter(revoked_at__isnull=True)


class ApiToken(models.Model):
    """A member's API token. Only a SHA-256 hash is stored; the token is shown once."""

    user = models.ForeignKey(User, on_delete=models.CASCADE, related_name="api_tokens")
    name = models.CharField(max_length=100)
    prefix = models.CharField(
        max_length=12, help_text="The token's first characters, to tell it apart."
    )
    key_hash = models.CharField(max_length=64, unique=True)
    created_at = models.DateTimeField(auto_now_add=True)
    last_used_at = models.DateTimeField(null=True, blank=True)
    revoked_at = models.DateTimeField(null=True, blank=True)

    objects = ApiTokenQuerySet.as_manager()

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"{self.name} ({self.prefix}…)"
