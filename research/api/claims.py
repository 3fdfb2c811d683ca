"""The claim ledger: a report version's claims, and members' reviews of them."""

from ninja import Query, Router
from ninja.responses import Status

from research.api.common import BODY, RERUN, answers
from research.api.schemas.claims import ClaimCheckIn, ClaimOut, ClaimReviewIn
from research.api.schemas.common import Id, StepOut
from research.api.schemas.reports import ReportFilter
from research.errors import NotFound
from research.services import claims, runs, selectors

router = Router(tags=["claims"])


@router.get("/projects/{project_id}/report/claims", response=answers({200: list[ClaimOut]}, 404))
def list_claims(request, project_id: Id, filters: Query[ReportFilter]):
    """Every claim of the current report (or `version`): its sentence, the sources it cites,
    the best verbatim quote and where it is from, the status and why, and its review."""
    return list(
        claims.claims_of(selectors.get_report(selectors.get_project(project_id), filters.version))
    )


@router.patch("/claims/{claim_id}", response=answers({200: ClaimOut}, 404, BODY))
def review_claim(request, claim_id: Id, payload: ClaimReviewIn):
    """Accept a claim, or dispute it with a note; the activity log records it."""
    claim = claims.review_claim(
        selectors.get_claim(claim_id), review=payload.review, note=payload.note, user=request.auth
    )
    return claims.claims_of(claim.report).get(pk=claim.pk)


@router.post("/projects/{project_id}/report/claims", response=answers({202: StepOut}, *RERUN, BODY))
def check_claims(request, project_id: Id, payload: ClaimCheckIn | None = None):
    """Check the current version's claims again (only those citing `source_id`, if given);
    the answer is the step."""
    project = selectors.get_project(project_id)
    source_id = payload.source_id if payload else None
    source = selectors.get_source(source_id) if source_id else None
    if source is not None and source.project_id != project.pk:
        raise NotFound(f"Project {project.pk} has no source with id {source_id}.")
    return Status(202, runs.recheck_claims(project, source=source, user=request.auth))
