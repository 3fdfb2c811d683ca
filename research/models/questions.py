"""Follow-up questions on a project, answered from its stored sources (stage `answer`)."""

from __future__ import annotations

from collections.abc import Iterable

from django.conf import settings
from django.db import models
from django.utils import timezone

from research.limits import ERROR_MAX
from research.models.projects import Project, ProjectPartQuerySet, Section
from research.models.statuses import QuestionStatus

User = settings.AUTH_USER_MODEL


class QuestionQuerySet(ProjectPartQuerySet):
    def transition(
        self,
        question_id: int,
        to: QuestionStatus,
        *,
        only_from: Iterable[QuestionStatus],
        **changes,
    ) -> bool:
        """Compare-and-set: the question moves to `to` only from one of `only_from`."""
        rows = self.filter(pk=question_id, status__in=list(only_from))
        return rows.update(status=to, **changes) == 1

    def fail(self, question_id: int, reason: str) -> bool:
        return self.transition(
            question_id,
            QuestionStatus.FAILED,
            only_from=[QuestionStatus.QUEUED, QuestionStatus.RUNNING],
            error=reason[:ERROR_MAX],
            finished_at=timezone.now(),
        )


class Question(models.Model):
    """A member's question of what a project found; the answer cites the project's sources."""

    project = models.ForeignKey(Project, on_delete=models.CASCADE, related_name="questions")
    text = models.TextField()
    status = models.CharField(
        max_length=20, choices=QuestionStatus.choices, default=QuestionStatus.QUEUED
    )
    answer = models.TextField(blank=True, help_text="Markdown citing [n], the project's numbers.")
    citations = models.JSONField(default=list, blank=True, help_text="[{n, source_id}]")
    covered = models.BooleanField(
        null=True, blank=True, help_text="Whether the stored sources cover the question."
    )
    queries = models.JSONField(
        default=list, blank=True, help_text="Searches that would cover it, when they do not."
    )
    method = models.CharField(max_length=20, blank=True, help_text="llm or extractive")
    error = models.TextField(blank=True)
    rounds = models.PositiveSmallIntegerField(
        default=1, help_text="Times it was answered or is being answered (research adds one)."
    )
    section = models.ForeignKey(
        Section,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="questions",
        help_text='The section "research this" added for it.',
    )
    author = models.ForeignKey(User, on_delete=models.SET_NULL, null=True, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    objects = QuestionQuerySet.as_manager()

    class Meta:
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return self.text[:80]

    @property
    def is_open(self) -> bool:
        return self.status in (QuestionStatus.QUEUED, QuestionStatus.RUNNING)
