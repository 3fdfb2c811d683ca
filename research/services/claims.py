"""The claim ledger as members see it: a report version's claims, and reviewing one.

A member marks a claim accepted, or disputed with a note; the activity log records it.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction
from django.db.models import QuerySet
from django.utils import timezone

from research.errors import BadInput
from research.limits import NOTE_MAX
from research.models import ActivityAction, ActivityEntry, Claim, ClaimReview, Report
from research.text.claims import plain


def claims_of(report: Report) -> QuerySet[Claim]:
    """The version's claims in the order of the body, with their sources."""
    return Claim.objects.filter(report=report).prefetch_related("sources").order_by("position")


def review_claim(claim: Claim, *, review: str, note: str, user) -> Claim:
    """Accept or dispute a claim (with a note); the activity log keeps who did which."""
    if review not in (ClaimReview.ACCEPTED, ClaimReview.DISPUTED):
        raise BadInput("A review is accepted or disputed.", field="review")
    review = ClaimReview(review)
    with transaction.atomic():
        claim.review, claim.review_note = review, note.strip()[:NOTE_MAX]
        claim.reviewed_by, claim.reviewed_at = user, timezone.now()
        claim.save(update_fields=["review", "review_note", "reviewed_by", "reviewed_at"])
        project = claim.report.project
        detail = (
            f"{review.label} claim {claim.pk} of report v{claim.report.version}: "
            f"{claim.sentence[:120]}"
            + (f" — {claim.review_note[:200]}" if claim.review_note else "")
        )
        ActivityEntry.objects.record(ActivityAction.CLAIM_REVIEWED, project, user, detail)
    return claim


@dataclass(frozen=True)
class StatusChange:
    sentence: str
    old: str  # "" when the old version does not have the sentence
    new: str  # "" when the new version no longer has it


def status_changes(old: Report, new: Report) -> list[StatusChange]:
    """The claims whose status differs between two versions, matched by their sentence (its
    words, without citation markers or Markdown): changed, added or gone, in the new order."""
    before = {plain(c.sentence): c.status for c in Claim.objects.filter(report=old)}
    after = {plain(c.sentence): c.status for c in claims_of(new)}
    changes = [
        StatusChange(sentence, before.get(sentence, ""), status)
        for sentence, status in after.items()
        if before.get(sentence) != status
    ]
    changes += [StatusChange(s, status, "") for s, status in before.items() if s not in after]
    return changes
