"""What the research found: pages (a shared cache), sources, search results and summaries."""

from __future__ import annotations

from datetime import timedelta
from urllib.parse import urlsplit

from django.conf import settings
from django.db import models
from django.utils import timezone

from research.limits import CONTENT_TYPE_MAX, LOCATOR_MAX, SOURCE_TITLE_MAX, URL_MAX
from research.models.projects import Project, ProjectPartQuerySet, Query
from research.models.statuses import FetchStatus, Method

User = settings.AUTH_USER_MODEL


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
    etag = models.CharField(max_length=300, blank=True, help_text="For a conditional GET.")
    last_modified = models.CharField(max_length=100, blank=True, help_text="Ditto.")
    title = models.CharField(max_length=SOURCE_TITLE_MAX, blank=True)
    text = models.TextField(blank=True)
    tables = models.TextField(
        blank=True, help_text="The page's own HTML tables, each row a record line under its header."
    )
    published = models.DateField(null=True, blank=True)
    extractor = models.CharField(max_length=40, blank=True)
    figures = models.JSONField(
        default=list,
        blank=True,
        help_text="The figures its HTML shows: image URL, alt, caption, heading, width and height "
        "as its attributes say, and why one was skipped (providers/figures.py).",
    )

    objects = PageSnapshotQuerySet.as_manager()

    class Meta:
        indexes = [models.Index(fields=["url", "-fetched_at"])]

    def __str__(self) -> str:
        return self.url


class SourceQuerySet(ProjectPartQuerySet):
    def fetched(self) -> SourceQuerySet:
        return self.filter(fetch_status=FetchStatus.FETCHED)

    def citable(self) -> SourceQuerySet:
        return self.filter(excluded=False)

    def number_first(self, first: list[int]) -> dict[int, int]:
        """These sources (one project's) numbered 1.. again: those numbered `first`, in that
        order, then the rest by address. Returns each changed number's new one. For a project's
        first report, whose citations then run 1..n in the order it cites them; call it
        inside a transaction. Numbers stay below the project's next one, never reused later."""
        rows = list(self.order_by("n").values_list("pk", "n", "url"))
        place = {n: i for i, n in enumerate(first)}
        rows.sort(key=lambda row: (place.get(row[1], len(place)), row[2]))
        renumbered = {n: i for i, (_, n, _) in enumerate(rows, start=1) if n != i}
        if renumbered:
            lift = max(n for _, n, _ in rows) + 1  # out of the way of the unique constraint
            self.filter(n__in=renumbered).update(n=models.F("n") + lift)
            for pk, n, _ in rows:
                if n in renumbered:
                    self.model.objects.filter(pk=pk).update(n=renumbered[n])
        return renumbered


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
    # A passage of the team's library instead of a web page: its document and where in it.
    document = models.ForeignKey(
        "research.Document",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="sources",
    )
    passage = models.ForeignKey(
        "research.Passage", on_delete=models.SET_NULL, null=True, blank=True, related_name="sources"
    )
    locator = models.CharField(max_length=LOCATOR_MAX, blank=True)
    # A scholarly work's metadata (doi, authors, year, venue, abstract, cited_by, open_access,
    # pdf_url, landing_url, retracted, retraction, provider, type); empty for anything else.
    paper = models.JSONField(default=dict, blank=True)
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
        snapshot = self.snapshot if self.snapshot_id else None  # no query when there is none
        return snapshot.text if snapshot else ""


class QuerySource(models.Model):
    """A search result: one source found by one query, with the ranking judgement."""

    query = models.ForeignKey(Query, on_delete=models.CASCADE, related_name="results")
    source = models.ForeignKey(Source, on_delete=models.CASCADE, related_name="results")
    rank = models.PositiveIntegerField(help_text="Position in the search engine's results.")
    engine = models.CharField(max_length=40, blank=True)
    score = models.FloatField(null=True, blank=True, help_text="The ranker's score, 0 to 10.")
    reason = models.TextField(blank=True)
    selected = models.BooleanField(default=False)
    title = models.CharField(
        max_length=SOURCE_TITLE_MAX,
        blank=True,
        help_text="The result's title as this query's search gave it.",
    )
    snippet = models.TextField(
        blank=True, help_text="The result's snippet as this query's search gave it."
    )
    published = models.DateField(
        null=True,
        blank=True,
        help_text="The result's date as this query's search gave it: a fetch may date its source "
        "otherwise, later, and no ranking may depend on whether another query's page was read.",
    )

    class Meta:
        ordering = ["rank"]
        constraints = [
            models.UniqueConstraint(fields=["query", "source"], name="querysource_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.query_id} -> {self.source_id} (#{self.rank})"

    @property
    def shown(self) -> str:
        """The title and snippet this query's search showed: what ranking reads. A source
        found by several queries has a snippet for each (a library's is cut around the
        query's words), and a fetch retitles it, so no query's ranking depends on which search
        stored it first or on whether another query's page was read."""
        return f"{self.title or self.source.title} {self.snippet}"


class SummaryQuerySet(ProjectPartQuerySet):
    project_field = "query__project"

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
    method = models.CharField(
        max_length=20,
        choices=Method.choices,
        default=Method.LLM,
        help_text="Written by the language model, or quotes chosen without one.",
    )
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
