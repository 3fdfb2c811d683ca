"""One row per execution of one pipeline step: progress, errors, tokens and reruns."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone

from research.limits import DETAIL_MAX
from research.models.projects import Project, Query, Section
from research.models.sources import Source
from research.models.statuses import Stage, StepStatus

User = settings.AUTH_USER_MODEL


class StepRunQuerySet(models.QuerySet):
    def open(self) -> StepRunQuerySet:
        return self.filter(status__in=StepStatus.open())

    def claimable(self) -> StepRunQuerySet:
        """Queued, or running under a lease that expired (its worker died or stalled) and not
        yet tried WORKER_MAX_ATTEMPTS times (the watchdog fails those)."""
        return self.filter(Q(status=StepStatus.QUEUED) | self._expired(attempts_left=True))

    def expired(self) -> StepRunQuerySet:
        """Running under a lease that ran out after the last attempt allowed: given up."""
        return self.filter(self._expired(attempts_left=False))

    @staticmethod
    def _expired(attempts_left: bool) -> Q:
        expired = Q(status=StepStatus.RUNNING, lease_until__lt=timezone.now())
        tries = Q(attempt__lt=settings.WORKER_MAX_ATTEMPTS)
        return expired & (tries if attempts_left else ~tries)


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
    claimed_by = models.CharField(
        max_length=100, blank=True, help_text="The worker (host:pid) that claimed it last."
    )
    claimed_process = models.CharField(
        max_length=200,
        blank=True,
        help_text="That worker's boot id/pid namespace/pid/start time: a worker of the same "
        "machine can tell that it has ended (pipeline/engine/liveness.py).",
    )
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
