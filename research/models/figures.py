"""Figures from sources: the pictures a source's page shows (a chart, a diagram, a photo) with
their caption, alt text and nearest heading, each image downloaded through the choke point,
decoded and re-encoded (no metadata kept) and stored once per content hash; and the report
versions that show each, with a member's choice to hide or add it.

A library document's embedded images are figures too: one with a `document` and no `source`
is the document's own, kept when it was read, with its page or locator; a library source (a
passage) gets a copy of each on its page when it is fetched, which the report may then show."""

from __future__ import annotations

from pathlib import Path

from django.conf import settings
from django.core.files.storage import FileSystemStorage
from django.db import models

from research.limits import HEADING_MAX, LOCATOR_MAX, URL_MAX
from research.models.library import Document
from research.models.projects import ProjectPartQuerySet
from research.models.reports import Report
from research.models.sources import Source
from research.models.statuses import FigureChoice, FigureStatus

User = settings.AUTH_USER_MODEL


class FigureStorage(FileSystemStorage):
    """Images under DATA_DIR/figures, where DATA_DIR is read each time (tests change it)."""

    @property
    def base_location(self) -> str:
        return str(Path(settings.DATA_DIR) / "figures")

    @property
    def location(self) -> str:
        return str(Path(self.base_location).resolve())


def figure_storage() -> FileSystemStorage:
    return FigureStorage()


class FigureQuerySet(ProjectPartQuerySet):
    project_field = "source__project"

    def kept(self) -> FigureQuerySet:
        return self.filter(status=FigureStatus.KEPT)

    def offered(self) -> FigureQuerySet:
        """What a report may show: kept, of a source not excluded, not hidden by a member."""
        return self.kept().filter(source__excluded=False).exclude(choice=FigureChoice.HIDDEN)


class Figure(models.Model):
    """One picture a source shows, found when its page was read; or one a library document
    holds (`document` set, `source` not), found when the document was read."""

    # Typed as always set: only a document's own figures (document_figures.py) have none, and
    # they are never reached through a project, as every other reader reaches figures.
    source: models.ForeignKey[Source | None, Source] = models.ForeignKey(  # type: ignore[misc]
        Source, on_delete=models.CASCADE, null=True, blank=True, related_name="figures"
    )
    document = models.ForeignKey(
        Document,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="figures",
        help_text="The library document whose embedded image it is.",
    )
    page = models.PositiveIntegerField(null=True, blank=True, help_text="Its document's page.")
    locator = models.CharField(
        max_length=LOCATOR_MAX, blank=True, help_text='Where in its document: "p. 3", a heading.'
    )
    position = models.PositiveIntegerField(default=0, help_text="Its order on the page.")
    url = models.URLField(max_length=URL_MAX, help_text="Where the image was downloaded from.")
    alt = models.TextField(blank=True)
    caption = models.TextField(blank=True, help_text="The figure's caption (its figcaption).")
    heading = models.CharField(max_length=HEADING_MAX, blank=True, help_text="The nearest one.")
    width = models.PositiveIntegerField(null=True, blank=True)
    height = models.PositiveIntegerField(null=True, blank=True)
    status = models.CharField(max_length=10, choices=FigureStatus.choices)
    reason = models.TextField(blank=True, help_text="Why it was skipped or refused.")
    original_hash = models.CharField(max_length=64, blank=True, help_text="sha256 downloaded.")
    content_hash = models.CharField(max_length=64, blank=True, help_text="sha256 stored.")
    media_type = models.CharField(max_length=40, blank=True)
    file = models.FileField(storage=figure_storage, upload_to="", max_length=300, blank=True)
    choice = models.CharField(max_length=10, choices=FigureChoice.choices, blank=True)
    chosen_by = models.ForeignKey(
        User, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    reports = models.ManyToManyField(
        Report, blank=True, related_name="figures", help_text="The report versions that show it."
    )
    created_at = models.DateTimeField(auto_now_add=True)

    objects = FigureQuerySet.as_manager()

    class Meta:
        ordering = ["source__n", "position", "id"]
        constraints = [
            models.UniqueConstraint(fields=["source", "url"], name="figure_unique_url"),
        ]

    def __str__(self) -> str:
        return self.caption or self.alt or self.url

    @property
    def label(self) -> str:
        """What it is called: its caption, else its alt text."""
        return " ".join((self.caption or self.alt).split())

    @property
    def extension(self) -> str:
        return Path(self.file.name).suffix.lstrip(".") if self.file else ""
