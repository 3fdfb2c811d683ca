"""The claim ledger: a report version's claims, and members' reviews of them."""

from ninja import Query, Router

from research import ledger
from research.api.common import BODY, answers, load_project
from research.claims_schemas import ClaimOut, ClaimReviewIn
from research.schemas import Id, ReportFilter

router = Router(tags=["claims"])


@router.get("/projects/{project_id}/report/claims", response=answers({200: list[ClaimOut]}, 404))
def list_claims(request, project_id: Id, filters: Query[ReportFilter]):
    """Every claim of the current report (or `version`): its sentence, the sources it cites,
    the best verbatim quote and where it is from, the status and why, and its review."""
    return list(ledger.claims_of(ledger.report_of(load_project(project_id), filters.version)))


@router.patch("/claims/{claim_id}", response=answers({200: ClaimOut}, 404, BODY))
def review_claim(request, claim_id: Id, payload: ClaimReviewIn):
    """Accept a claim, or dispute it with a note; the activity log records it."""
    claim = ledger.review_claim(
        ledger.live_claim(claim_id), review=payload.review, note=payload.note, user=request.auth
    )
    return ledger.claims_of(claim.report).get(pk=claim.pk)
