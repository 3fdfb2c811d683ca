"""Analyses: the figures an analysis section gathered from its sources (a Dataset and its rows,
each with the verbatim quote that states it), what was computed over them (one SELECT, stored
with its result) and how they are charted (a Vega-Lite spec; the SVG is drawn from it)."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from research.limits import ERROR_MAX, HEADING_MAX, LOCATOR_MAX
from research.models.projects import Project, ProjectPartQuerySet, Section
from research.models.sources import Source
from research.models.statuses import ChartKind, Computation, Method

User = settings.AUTH_USER_MODEL


class Dataset(models.Model):
    project = models.ForeignKey(Project, on_delete=models.CASCADE, related_name="datasets")
    section = models.ForeignKey(
        Section, on_delete=models.SET_NULL, null=True, blank=True, related_name="datasets"
    )
    title = models.CharField(max_length=HEADING_MAX)
    measure = models.CharField(max_length=200, blank=True)
    unit = models.CharField(max_length=40, blank=True)
    method = models.CharField(max_length=20, choices=Method.choices, default=Method.EXTRACTIVE)
    computation = models.CharField(max_length=20, choices=Computation.choices, blank=True)
    sql = models.TextField(blank=True, help_text="The one SELECT computed over the rows.")
    computed = models.JSONField(
        null=True, blank=True, help_text='Its result: {"columns": [...], "rows": [[...]]}.'
    )
    error = models.TextField(blank=True, max_length=ERROR_MAX, help_text="Why nothing computed.")
    chart_kind = models.CharField(max_length=10, choices=ChartKind.choices, blank=True)
    chart_spec = models.JSONField(null=True, blank=True, help_text="Vega-Lite, data inline.")
    svg = models.TextField(blank=True, help_text="The chart drawn from its spec, once.")
    current = models.BooleanField(
        default=True,
        help_text="Its section's dataset now; a former one is kept for the versions that show it.",
    )
    created_at = models.DateTimeField(auto_now_add=True)

    objects = ProjectPartQuerySet.as_manager()

    class Meta:
        ordering = ["id"]

    def __str__(self) -> str:
        return self.title


class DatasetRowQuerySet(ProjectPartQuerySet):
    project_field = "dataset__project"

    def counted(self) -> DatasetRowQuerySet:
        """The rows a computation reads: not excluded by a member, nor superseded by a newer
        source's figure."""
        return self.filter(excluded=False, superseded="")


class DatasetRow(models.Model):
    """One figure: who it is of, what it measures, its value and unit, the period it is for, and
    the source and verbatim quote that state it."""

    dataset = models.ForeignKey(Dataset, on_delete=models.CASCADE, related_name="rows")
    source = models.ForeignKey(Source, on_delete=models.CASCADE, related_name="dataset_rows")
    position = models.PositiveIntegerField(default=0)
    entity = models.CharField(max_length=200)
    measure = models.CharField(max_length=200, blank=True)
    value = models.FloatField()
    unit = models.CharField(max_length=40, blank=True)
    period = models.CharField(max_length=20, blank=True)
    quote = models.TextField(help_text="Verbatim from the source's stored text.")
    locator = models.CharField(max_length=LOCATOR_MAX, blank=True)
    conversion = models.CharField(max_length=300, blank=True)
    superseded = models.CharField(
        max_length=300,
        blank=True,
        help_text="Why a newer figure replaces it (shown, not computed with); blank when counted.",
    )
    marked = models.CharField(
        max_length=40,
        blank=True,
        help_text="What its source calls itself when it is a draft, an archive's or a first "
        "account, used because nothing current states the figure.",
    )
    excluded = models.BooleanField(default=False)
    edited_value = models.FloatField(null=True, blank=True)
    edit_note = models.TextField(blank=True)
    edited_by = models.ForeignKey(
        User, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )

    objects = DatasetRowQuerySet.as_manager()

    class Meta:
        ordering = ["position", "id"]

    def __str__(self) -> str:
        return f"{self.entity} {self.period}: {self.value:g} {self.unit}".strip()

    @property
    def current(self) -> float:
        """The value computed with: a member's edit, else the source's."""
        return self.value if self.edited_value is None else self.edited_value
