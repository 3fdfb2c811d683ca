"""Before the plan: the answers to its clarifying questions. A plan under review: written
feedback that makes it again, and what the feedback changed."""

from ninja import Router
from ninja.responses import Status

from research.api.common import BODY, RERUN, answers
from research.api.schemas.common import Id
from research.api.schemas.plan import ClarifyIn, PlanChangesOut, PlanFeedbackIn
from research.api.schemas.projects import ProjectOut
from research.errors import NotFound
from research.services import clarify, plan_feedback, selectors

router = Router(tags=["plan"])


@router.post("/projects/{project_id}/clarify", response=answers({202: ProjectOut}, *RERUN, BODY))
def clarify_post(request, project_id: Id, payload: ClarifyIn):
    """Answer the clarifying questions of a project awaiting clarification (`answers` by
    question id), or `skip` them: the project plans, with the answers in the plan's brief.
    409 unless it awaits clarification; 422 naming an unknown question or a bad answer."""
    project = selectors.get_project(project_id)
    clarify.answer(project, answers=payload.answers, skip=payload.skip, user=request.auth)
    return Status(202, selectors.get_project_with_counts(project_id))


@router.post(
    "/projects/{project_id}/plan/feedback", response=answers({202: ProjectOut}, *RERUN, BODY)
)
def plan_feedback_post(request, project_id: Id, payload: PlanFeedbackIn):
    """Make the plan again with the member's written feedback ("drop the history, add
    costs"): the project plans again and then awaits review again, with the new plan; the
    earlier one is kept (`GET` this address). 409 unless the plan awaits review."""
    plan_feedback.replan(selectors.get_project(project_id), text=payload.text, user=request.auth)
    return Status(202, selectors.get_project_with_counts(project_id))


@router.get("/projects/{project_id}/plan/feedback", response=answers({200: PlanChangesOut}, 404))
def plan_feedback_get(request, project_id: Id):
    """The last feedback, the plan before it, and the sections and queries it removed and
    added (404 when the plan was never made again with feedback)."""
    project = selectors.get_project(project_id)
    found = plan_feedback.changes(project)
    if found is None:
        raise NotFound("This project's plan was never made again with feedback.")
    return {**vars(found), "previous": plan_feedback.previous(project)}
