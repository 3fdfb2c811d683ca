"""Projects and their outline: sections and queries. A project's status changes through one door.

`Project.objects.transition()` is a compare-and-set UPDATE that moves the project only from the
statuses the new one may follow (TRANSITIONS) and says whether this call won. The queryset's
`update()` and the model's `save()` refuse to write the status any other way.

A deleted project goes to the trash first (`deleted_at` is set) and is purged later. A project
in the trash is frozen: the door moves only live projects, and every row that belongs to a
project has a queryset with `live()`, so pages and the API load only what is not in the trash.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from datetime import datetime
from typing import Any, Self

from django.conf import settings
from django.db import connections, models, transaction
from django.db.models import F, Max
from django.dispatch import Signal
from django.utils import timezone

from research.limits import ERROR_MAX, HEADING_MAX, LANGUAGE_MAX, QUERY_MAX
from research.models.options import ProjectOptions
from research.models.statuses import ProjectStatus, QueryOrigin, QueryStatus

User = settings.AUTH_USER_MODEL

# Sent by the door when a transition wins: sender=Project, project_id, status (the new one).
status_changed = Signal()


class ProjectQuerySet(models.QuerySet):
    def live(self) -> ProjectQuerySet:
        """Projects not in the trash."""
        return self.filter(deleted_at__isnull=True)

    def trashed(self) -> ProjectQuerySet:
        return self.filter(deleted_at__isnull=False)

    def trashed_before(self, moment: datetime) -> ProjectQuerySet:
        return self.filter(deleted_at__lt=moment)

    def running(self) -> ProjectQuerySet:
        return self.live().filter(status__in=ProjectStatus.running())

    def transition(
        self,
        project_id: int,
        to: ProjectStatus,
        *,
        only_from: Iterable[ProjectStatus] | None = None,
        of_run: datetime | None = None,
        **changes: Any,
    ) -> bool:
        """The one door for status changes. The project moves to `to`, with `changes`, only if
        its status is still one of `only_from` (default: every status `to` may follow) and,
        with `of_run`, it is still the run that started then (a run that ends must not end the
        next, begun meanwhile from the same status), checked and written in one UPDATE. True
        when this call won; False when the project had moved on."""
        allowed = to.follows() if only_from is None else frozenset(only_from)
        if not allowed <= to.follows():
            illegal = ", ".join(sorted(allowed - to.follows()))
            raise ValueError(f"a project cannot move to {to} from {illegal}")
        rows = self.live().filter(pk=project_id, status__in=allowed)
        if of_run is not None:
            rows = rows.filter(started_at=of_run)
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
        values = [str(status) for status in statuses]
        connection = connections[self.db]
        quote = connection.ops.quote_name
        lock = " FOR UPDATE" if connection.features.has_select_for_update else ""
        meta = self.model._meta
        sql = (  # plain SQL: the scheduler holds its project after every step (state.py's figure)
            f"SELECT 1 FROM {quote(meta.db_table)} WHERE {quote(meta.pk.column)} = %s"
            f" AND deleted_at IS NULL AND status IN ({', '.join(['%s'] * len(values))}){lock}"
        )
        with connection.cursor() as cursor:
            cursor.execute(sql, [project_id, *values])
            return cursor.fetchone() is not None

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
        max_length=30, choices=ProjectStatus.choices, default=ProjectStatus.DRAFT
    )
    error = models.TextField(blank=True)
    clarifications = models.JSONField(
        default=list,
        blank=True,
        help_text='The clarifying questions asked before planning: [{"id", "question", '
        '"choices", "answer"}] (stages/clarify.py).',
    )
    clarified_at = models.DateTimeField(
        null=True, blank=True, help_text="When a member answered or skipped them."
    )
    clarified_by = models.ForeignKey(
        User, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
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
    tokens_base = models.PositiveBigIntegerField(
        default=0, help_text="Tokens used before the latest refresh, which has its own budget."
    )
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
    deleted_at = models.DateTimeField(
        null=True, blank=True, db_index=True, help_text="Set while the project is in the trash."
    )
    deleted_by = models.ForeignKey(
        User, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )

    objects = ProjectQuerySet.as_manager()

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["status", "-created_at"])]

    def __str__(self) -> str:
        """Its title; before the plan names it, its question, cut at a word ("...on a…")."""
        if self.title or len(self.question) <= SHORT_TITLE:
            return self.title or self.question
        cut = self.question[: SHORT_TITLE - 1]
        words = cut.rsplit(None, 1)[0] if " " in cut.strip() else cut
        return words.rstrip(" ,;:.-–—") + "…"

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
    def from_db(
        cls, db: str | None, field_names: Collection[str], values: Collection[Any]
    ) -> Project:
        instance = super().from_db(db, field_names, values)
        instance._saved_status = instance.__dict__.get("status")
        return instance

    def refresh_from_db(self, *args: Any, **kwargs: Any) -> None:
        super().refresh_from_db(*args, **kwargs)
        self._saved_status = self.__dict__.get("status")

    @property
    def opts(self) -> ProjectOptions:
        return ProjectOptions.model_validate(self.options or {}, context={"stored": True})

    @property
    def tokens(self) -> int:
        return self.tokens_prompt + self.tokens_completion

    @property
    def is_running(self) -> bool:
        return ProjectStatus(self.status).is_running

    @property
    def answered_clarifications(self) -> list[dict[str, str]]:
        """The clarifying questions the member answered, each with its answer (a skipped or
        blank one is left out): what the plan's brief adds to the question."""
        return [
            {"question": str(c.get("question", "")), "answer": str(c.get("answer", "")).strip()}
            for c in self.clarifications or []
            if str(c.get("answer", "")).strip()
        ]

    @property
    def in_trash(self) -> bool:
        return self.deleted_at is not None

    def allocate_source_numbers(self, count: int) -> range:
        """Reserve `count` citation numbers; numbers are never reused, even after deletes."""
        with transaction.atomic():
            Project.objects.filter(pk=self.pk).update(next_source_n=F("next_source_n") + count)
            end = Project.objects.filter(pk=self.pk).values_list("next_source_n", flat=True).get()
        return range(end - count, end)


SHORT_TITLE = 80  # characters of a question that stand in for a title not written yet


class ProjectPartQuerySet(models.QuerySet):
    """Rows that belong to a project; `live()` keeps those of projects not in the trash."""

    project_field = "project"

    def live(self) -> Self:
        return self.filter(**{f"{self.project_field}__deleted_at__isnull": True})

    def next_position(self) -> int:
        """The position after the last of these rows (1 when there is none)."""
        return (self.aggregate(last=Max("position"))["last"] or 0) + 1


class Section(models.Model):
    project = models.ForeignKey(Project, on_delete=models.CASCADE, related_name="sections")
    title = models.CharField(max_length=HEADING_MAX)
    goal = models.TextField(blank=True)
    position = models.PositiveIntegerField(default=0)
    reflects = models.BooleanField(
        default=True, help_text="Reflection may add queries (not to a question's section)."
    )
    analysis = models.BooleanField(
        default=False,
        help_text="Its part of the question asks for figures: they are gathered, computed over "
        "and charted.",
    )

    objects = ProjectPartQuerySet.as_manager()

    class Meta:
        ordering = ["position", "id"]

    def __str__(self) -> str:
        return self.title


class QueryQuerySet(ProjectPartQuerySet):
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
    routes = models.JSONField(
        default=list,
        blank=True,
        help_text='Where this query searches, of the project\'s sources ("web", "news:week", '
        '"scholarly", "library", "mcp:NAME"); empty: all of them.',
    )
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
