"""The claim ledger: each report version's sentences, each checked against what it cites.

A claim is a sentence of a report body that cites one or more sources ([n]), or that states
numbers, dates or names without citing anything (`uncited`). The claims step (pipeline/stages/
claims.py) writes them; members review them (accepted, or disputed with a note).
"""

from __future__ import annotations

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models

from research.models.projects import ProjectPartQuerySet
from research.models.reports import Report
from research.models.sources import Source

User = settings.AUTH_USER_MODEL


class ClaimStatus(models.TextChoices):
    SUPPORTED = "supported", "Supported"
    PARTIAL = "partial", "Partly supported"
    UNSUPPORTED = "unsupported", "Unsupported"
    CONTRADICTED = "contradicted", "Contradicted"
    UNCITED = "uncited", "Uncited"
    DERIVED = "derived", "Derived"  # computed from quoted figures: the SQL and its inputs

    @classmethod
    def flagged(cls) -> list[ClaimStatus]:
        """The statuses a reader must see first."""
        return [cls.UNSUPPORTED, cls.CONTRADICTED]

    @classmethod
    def verdicts(cls) -> list[ClaimStatus]:
        """What a check of a cited sentence against its sources' quotes can find."""
        return [cls.SUPPORTED, cls.PARTIAL, cls.UNSUPPORTED, cls.CONTRADICTED]


class ClaimReview(models.TextChoices):
    NONE = "", "Not reviewed"
    ACCEPTED = "accepted", "Accepted"
    DISPUTED = "disputed", "Disputed"


class ClaimMethod(models.TextChoices):
    LEXICAL = "lexical", "Lexical alignment"
    LLM = "llm", "Language model"


class ClaimQuerySet(ProjectPartQuerySet):
    project_field = "report__project"


class Claim(models.Model):
    report = models.ForeignKey(Report, on_delete=models.CASCADE, related_name="claims")
    position = models.PositiveIntegerField(help_text="The sentence's index in the report body.")
    sentence = models.TextField()
    citations = models.JSONField(default=list, blank=True, help_text="The [n] it cites.")
    sources = models.ManyToManyField(Source, blank=True, related_name="claims")
    quote = models.TextField(
        blank=True, help_text="Verbatim from quote_source's stored text; empty when none fits."
    )
    quote_source = models.ForeignKey(
        Source, on_delete=models.SET_NULL, null=True, blank=True, related_name="quoted_in_claims"
    )
    score = models.FloatField(
        default=0.0, validators=[MinValueValidator(0.0), MaxValueValidator(1.0)]
    )
    status = models.CharField(max_length=20, choices=ClaimStatus.choices)
    reason = models.TextField(blank=True)
    method = models.CharField(
        max_length=20, choices=ClaimMethod.choices, default=ClaimMethod.LEXICAL
    )
    review = models.CharField(
        max_length=20, choices=ClaimReview.choices, default=ClaimReview.NONE, blank=True
    )
    review_note = models.TextField(blank=True)
    reviewed_by = models.ForeignKey(
        User, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    reviewed_at = models.DateTimeField(null=True, blank=True)
    generations = models.JSONField(
        default=dict,
        blank=True,
        help_text="The generation of each cited source ({n: generation}) when it was checked.",
    )

    objects = ClaimQuerySet.as_manager()

    class Meta:
        ordering = ["report", "position"]
        constraints = [
            models.UniqueConstraint(fields=["report", "position"], name="claim_unique_position"),
        ]

    def __str__(self) -> str:
        return f"{self.get_status_display()}: {self.sentence[:60]}"

    def stale(self, generations: dict[int, int]) -> bool:
        """Whether a source it cites was refetched or resummarised since it was checked
        (`generations`: each source's current generation, by its number)."""
        return any(self.generations.get(str(n), 0) != generations.get(n, 0) for n in self.citations)
