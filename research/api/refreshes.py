"""Refreshing a finished project: search again, recheck its pages, say what changed."""

from ninja import Router
from ninja.responses import Status

from research.api.common import RERUN, answers
from research.api.schemas.common import Id
from research.api.schemas.refreshes import RefreshOut
from research.models import Refresh
from research.services import refreshes, selectors

router = Router(tags=["refreshes"])


@router.post("/projects/{project_id}/refresh", response=answers({202: RefreshOut}, *RERUN))
def refresh_project(request, project_id: Id):
    """Recheck every page (conditional GETs), search every query again for what is new since
    the last run, summarise only what is new or changed, and write a new report version with a
    "What changed" section when something did. 409 while the project runs or refreshes."""
    started = refreshes.start_refresh(selectors.get_project(project_id), user=request.auth)
    return Status(202, Refresh.objects.select_related("since").get(pk=started.pk))


@router.get("/projects/{project_id}/refreshes", response=answers({200: list[RefreshOut]}, 404))
def list_refreshes(request, project_id: Id):
    """The project's refreshes, newest first, each with what it found."""
    return list(
        Refresh.objects.filter(project=selectors.get_project(project_id)).select_related("since")
    )
