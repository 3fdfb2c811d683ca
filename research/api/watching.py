"""Keeping up with a project: watching it, its webhook, and the notices of new versions."""

from ninja import Router
from ninja.responses import Status

from research.api.common import ACTION, BODY, answers
from research.api.schemas.common import Id
from research.api.schemas.watching import DeliveryOut, WatchOut, WebhookIn, WebhookOut
from research.models import Delivery
from research.services import selectors, watching

router = Router(tags=["watching"])


@router.put("/projects/{project_id}/watch", response=answers({200: WatchOut}, 404))
def watch_project(request, project_id: Id):
    """Be emailed when a new report version is made."""
    watching.watch(selectors.get_project(project_id), user=request.auth)
    return {"watching": True}


@router.delete("/projects/{project_id}/watch", response=answers({200: WatchOut}, 404))
def unwatch_project(request, project_id: Id):
    watching.unwatch(selectors.get_project(project_id), user=request.auth)
    return {"watching": False}


@router.put("/projects/{project_id}/webhook", response=answers({200: WebhookOut}, 404, BODY))
def set_webhook(request, project_id: Id, payload: WebhookIn):
    """POST each new version to `url`, signed: the answer holds the secret, shown only here."""
    return watching.set_webhook(selectors.get_project(project_id), payload.url, user=request.auth)


@router.delete("/projects/{project_id}/webhook", response=answers({204: None}, *ACTION))
def clear_webhook(request, project_id: Id):
    watching.clear_webhook(selectors.get_project(project_id))
    return Status(204, None)


@router.get("/projects/{project_id}/deliveries", response=answers({200: list[DeliveryOut]}, 404))
def list_deliveries(request, project_id: Id):
    """Each notice of each version: email or webhook, to whom, sent or failed and why."""
    rows = Delivery.objects.filter(report__project=selectors.get_project(project_id))
    return list(rows.select_related("report"))
