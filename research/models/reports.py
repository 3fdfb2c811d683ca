"""What the team keeps: report versions and members' notes."""

from __future__ import annotations

from functools import reduce
from operator import or_

from django.conf import settings
from django.db import models
from django.db.models import Q

from research.limits import LANGUAGE_MAX
from research.models.projects import Project, ProjectPartQuerySet, Query
from research.models.questions import Question
from research.models.sources import Source, Summary
from research.models.statuses import Method, ReportStyle

User = settings.AUTH_USER_MODEL


class ReportQuerySet(ProjectPartQuerySet):
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
    complete = models.BooleanField(
        default=True, help_text="False when the model stopped at its output limit before the end."
    )
    engine = models.CharField(
        max_length=20,
        choices=Method.choices,
        default=Method.LLM,
        help_text="Written by the language model, or quotes chosen and ordered without one.",
    )
    fallback_note = models.TextField(
        blank=True, help_text="What was done by the extractive fallback, and why."
    )
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


NOTE_TARGETS = ("query", "source", "summary", "report", "question")  # or only the project


class Note(models.Model):
    """A member's note on a project or on one of its queries, sources, summaries, reports or
    questions."""

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
    question = models.ForeignKey(
        Question, on_delete=models.CASCADE, null=True, blank=True, related_name="notes"
    )
    author = models.ForeignKey(User, on_delete=models.PROTECT, related_name="notes")
    text = models.TextField()
    created_at = models.DateTimeField(auto_now_add=True)
    edited_at = models.DateTimeField(null=True, blank=True)

    objects = ProjectPartQuerySet.as_manager()

    class Meta:
        ordering = ["created_at", "id"]
        constraints = [
            models.CheckConstraint(
                condition=reduce(
                    or_,
                    (
                        Q(**{f"{kind}__isnull": True for kind in NOTE_TARGETS if kind != kept})
                        for kept in NOTE_TARGETS
                    ),
                ),
                name="note_at_most_one_target",
            ),
        ]

    def __str__(self) -> str:
        return f"Note by {self.author_id}: {self.text[:60]}"

    @property
    def target(self) -> str:
        """What the note is about, as `kind:id` (`source:12`; `project:3` for the project)."""
        for kind in NOTE_TARGETS:
            if getattr(self, f"{kind}_id"):
                return f"{kind}:{getattr(self, f'{kind}_id')}"
        return f"project:{self.project_id}"
