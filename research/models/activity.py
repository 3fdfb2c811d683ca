"""The activity log: what members (or the sweeper) did to whole projects, their edits of the
plan and their reviews of claims, kept for good.

A row points at its project while the project exists, and keeps the project's id and question
itself, so the record of a purge outlives the rows it deleted.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone

from research.limits import HEADING_MAX
from research.models.projects import Project

User = settings.AUTH_USER_MODEL


class ActivityAction(models.TextChoices):
    TRASHED = "trashed", "Moved to the trash"
    RESTORED = "restored", "Restored from the trash"
    PURGED = "purged", "Deleted for good"
    CLAIM_REVIEWED = "claim_reviewed", "Reviewed a claim"
    REFRESHED = "refreshed", "Refreshed"
    PLAN_EDITED = "plan_edited", "Edited the plan"
    CLARIFIED = "clarified", "Answered the clarifying questions"
    ANALYSIS_EDITED = "analysis_edited", "Edited an analysis"
    FIGURES_EDITED = "figures_edited", "Hid or added a report's figure"
    REPORT_EDITED = "report_edited", "Edited the report by hand"
    SECTION_REWRITTEN = "section_rewritten", "Asked for a section rewrite"
    LOCKED_OUT = "locked_out", "Locked out of signing in"


class ActivityEntryQuerySet(models.QuerySet):
    def record(
        self, action: ActivityAction, project: Project, actor=None, detail: str = ""
    ) -> ActivityEntry:
        """Log `action` on `project` by `actor` (None: done automatically)."""
        return self.create(
            action=action,
            project=project,
            project_ref=project.pk,
            project_label=str(project)[:HEADING_MAX],
            actor=actor,
            detail=detail,
        )

    def purges(self) -> ActivityEntryQuerySet:
        return self.filter(action=ActivityAction.PURGED)


class ActivityEntry(models.Model):
    at = models.DateTimeField(default=timezone.now, db_index=True)
    action = models.CharField(max_length=20, choices=ActivityAction.choices)
    actor = models.ForeignKey(
        User,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        help_text="Empty when it was done automatically.",
    )
    project = models.ForeignKey(
        Project, on_delete=models.SET_NULL, null=True, blank=True, related_name="activity"
    )
    project_ref = models.PositiveBigIntegerField(
        help_text="The project's id, kept after a purge (0: about no project, a lockout)."
    )
    project_label = models.CharField(
        max_length=HEADING_MAX, help_text="The project's title or question when this happened."
    )
    detail = models.TextField(blank=True)

    objects = ActivityEntryQuerySet.as_manager()

    class Meta:
        ordering = ["-at", "-id"]
        verbose_name_plural = "activity entries"

    def __str__(self) -> str:
        return f"{self.get_action_display()}: {self.project_label}"
