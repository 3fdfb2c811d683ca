"""Refreshes: a finished project researched again, keeping what did not change.

A refresh rechecks every fetched page (a conditional GET), looks for new results of every query
since the last run, summarises only what is new or changed, and writes a new report version
with a "What changed" section only when something did.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models

from research.models.projects import Project, ProjectPartQuerySet
from research.models.reports import Report
from research.models.sources import PageSnapshot, Source
from research.models.statuses import PageCheck, RefreshStatus

User = settings.AUTH_USER_MODEL


class RefreshQuerySet(ProjectPartQuerySet):
    def running(self) -> RefreshQuerySet:
        return self.filter(status=RefreshStatus.RUNNING)


class Refresh(models.Model):
    project = models.ForeignKey(Project, on_delete=models.CASCADE, related_name="refreshes")
    status = models.CharField(
        max_length=20, choices=RefreshStatus.choices, default=RefreshStatus.RUNNING
    )
    since = models.ForeignKey(
        Report, on_delete=models.SET_NULL, null=True, related_name="+", help_text="Compared with."
    )
    time_range = models.CharField(
        max_length=10, blank=True, help_text="The searches' range since the last run."
    )
    changed = models.BooleanField(null=True, help_text="Null until compared.")
    changes = models.JSONField(default=dict, blank=True)
    scheduled = models.BooleanField(default=False)
    requested_by = models.ForeignKey(User, on_delete=models.SET_NULL, null=True, related_name="+")
    started_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    objects = RefreshQuerySet.as_manager()

    class Meta:
        ordering = ["-started_at", "-id"]
        constraints = [
            models.UniqueConstraint(
                fields=["project"],
                condition=models.Q(status=RefreshStatus.RUNNING),
                name="refresh_one_running",
            )
        ]

    def __str__(self) -> str:
        return f"Refresh of {self.project_id} ({self.status})"


class SourceCheck(models.Model):
    """What a refresh found when it asked for a known page again."""

    refresh = models.ForeignKey(Refresh, on_delete=models.CASCADE, related_name="checks")
    source = models.ForeignKey(Source, on_delete=models.CASCADE, related_name="checks")
    previous = models.ForeignKey(
        PageSnapshot,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        help_text="The page as it was before a change: what the last version's claims cited.",
    )
    outcome = models.CharField(max_length=20, choices=PageCheck.choices)
    http_status = models.PositiveSmallIntegerField(null=True, blank=True)
    detail = models.TextField(blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["refresh", "source"], name="sourcecheck_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.source_id}: {self.outcome}"
