"""Projects: list, create, read, move to the trash; start, cancel, approve, resume; their steps.
The trash: list, restore, delete for good."""

from django.conf import settings
from ninja import Router
from ninja.pagination import paginate
from ninja.responses import Status

from research.api.common import ACTION, BODY, RERUN, Pagination, answers
from research.api.schemas.common import Id, StageName, StepOut, StepStatusName, Text
from research.api.schemas.projects import (
    ProjectIn,
    ProjectOut,
    ProjectPatchIn,
    ProjectStatusName,
    TrashedProjectOut,
    TrashOut,
)
from research.models import Project, StepRun
from research.services import projects, runs, selectors, trash

router = Router(tags=["projects"])


@router.get("/projects", response=answers({200: list[ProjectOut]}))
@paginate(Pagination)
def list_projects(
    request,
    status: ProjectStatusName | None = None,
    owner: Text | None = None,
    q: Text | None = None,
):
    """Projects, newest first. `q` searches questions, titles, reports, summaries and notes."""
    return projects.listed(status=status or "", owner=owner or "", text=q or "")


@router.post("/projects", response=answers({201: ProjectOut}, 409, BODY))
def create_project(request, payload: ProjectIn):
    """A new project; with `"start": false` it stays a draft."""
    project = projects.create_project(
        question=payload.question,
        options=payload.options.model_dump(),
        user=request.auth,
        start=payload.start,
    )
    return Status(201, selectors.get_project_with_counts(project.pk))


@router.get("/projects/{project_id}", response=answers({200: ProjectOut}, 404))
def get_project(request, project_id: Id):
    return selectors.get_project_with_counts(project_id)


@router.patch("/projects/{project_id}", response=answers({200: ProjectOut}, 404, BODY))
def update_project(request, project_id: Id, payload: ProjectPatchIn):
    """Change options: a draft's, or a started project's `refresh` schedule ("", "daily",
    "weekly" or "monthly"), which a django-q2 schedule then keeps."""
    project = projects.update_options(
        selectors.get_project(project_id), payload.options, user=request.auth
    )
    return selectors.get_project_with_counts(project.pk)


@router.delete("/projects/{project_id}", response=answers({200: TrashOut}, *ACTION))
def delete_project(request, project_id: Id):
    """Move a project to the trash (a running one is cancelled first). Any member can restore
    it for TRASH_DAYS days with `POST /api/projects/{id}/restore`; then it is deleted for good."""
    project = trash.trash(selectors.get_project(project_id), user=request.auth)
    detail = (
        f"Moved to the trash. Any member can restore it for {settings.TRASH_DAYS} days with "
        f"POST /api/projects/{project.pk}/restore; then it is deleted for good."
    )
    return {"detail": detail, "project": selectors.get_trashed_project(project.pk)}


@router.get("/trash", response=answers({200: list[TrashedProjectOut]}))
@paginate(Pagination)
def list_trash(request):
    """Projects in the trash, most recently deleted first."""
    return selectors.trashed_projects()


@router.post("/projects/{project_id}/restore", response=answers({200: ProjectOut}, *ACTION))
def restore_project(request, project_id: Id):
    """Take a project out of the trash, as it was: any member, while it is in the trash."""
    trash.restore(selectors.get_trashed_project(project_id), user=request.auth)
    return selectors.get_project_with_counts(project_id)


@router.delete("/trash/{project_id}", response=answers({204: None}, 403, *ACTION))
def purge_project(request, project_id: Id):
    """Delete a project in the trash for good, with everything in it: its owner or an admin."""
    trash.purge(selectors.get_trashed_project(project_id), user=request.auth)
    return Status(204, None)


def _act(action, request, project_id: int) -> Project:
    action(selectors.get_project(project_id), user=request.auth)
    return selectors.get_project_with_counts(project_id)


@router.post("/projects/{project_id}/start", response=answers({200: ProjectOut}, *ACTION))
def start_project(request, project_id: Id):
    """Start a draft. Without a configured LLM the project fails at once, saying why."""
    return _act(runs.start, request, project_id)


@router.post("/projects/{project_id}/cancel", response=answers({200: ProjectOut}, *ACTION))
def cancel_project(request, project_id: Id):
    """Stop a project: queued steps are cancelled, running ones finish."""
    return _act(runs.cancel, request, project_id)


@router.post("/projects/{project_id}/approve", response=answers({200: ProjectOut}, *ACTION))
def approve_plan(request, project_id: Id):
    """Approve a plan awaiting review: research starts."""
    return _act(runs.approve, request, project_id)


@router.post("/projects/{project_id}/resume", response=answers({200: ProjectOut}, *RERUN))
def resume_project(request, project_id: Id):
    """Run a failed or cancelled project on from where it stopped."""
    return _act(runs.resume, request, project_id)


@router.get("/projects/{project_id}/steps", response=answers({200: list[StepOut]}, 404))
@paginate(Pagination)
def list_steps(
    request,
    project_id: Id,
    stage: StageName | None = None,
    status: StepStatusName | None = None,
):
    """The pipeline's steps, oldest first: progress, errors and tokens."""
    rows = StepRun.objects.filter(project=selectors.get_project(project_id))
    if stage:
        rows = rows.filter(stage=stage)
    if status:
        rows = rows.filter(status=status)
    return rows.order_by("created_at", "id")
