"""Keeping up with a project: members watch it, a webhook hears of it, and each new report
version is announced to both (the `notify` stage, once the project is done)."""

from __future__ import annotations

import secrets

from django.db import transaction

from research.errors import BadInput
from research.limits import URL_MAX
from research.models import Project, ProjectStatus, Report, Stage, Watch, Webhook
from research.pipeline.engine.runner import ensure_step
from research.providers import http


def watch(project: Project, *, user) -> None:
    Watch.objects.get_or_create(project=project, user=user)


def unwatch(project: Project, *, user) -> None:
    Watch.objects.filter(project=project, user=user).delete()


def is_watching(project: Project, user) -> bool:
    return Watch.objects.filter(project=project, user=user).exists()


def set_webhook(project: Project, url: str, *, user) -> Webhook:
    """The project's webhook at `url`, with a new secret (shown once, to the member who set
    it). The address must pass the SSRF guard now, and does again at every send."""
    url = (url or "").strip()
    if not url or len(url) > URL_MAX:
        raise BadInput(f"A webhook needs a URL of at most {URL_MAX} characters.", field="url")
    try:
        http.check_url(url)
    except http.FetchError as exc:
        raise BadInput(f"The webhook URL is refused: {exc.reason}", field="url") from None
    hook, _ = Webhook.objects.update_or_create(
        project=project,
        defaults={"url": url, "secret": secrets.token_hex(32), "created_by": user},
    )
    return hook


def clear_webhook(project: Project) -> None:
    Webhook.objects.filter(project=project).delete()


def notify_version(project_id: int) -> None:
    """Once a project is done: announce its current version, if nobody was told of it yet and
    somebody listens (the step's key is the version's, so each is announced once)."""
    report = Report.objects.filter(project_id=project_id, is_current=True).first()
    if report is None:
        return
    listening = Watch.objects.filter(project_id=project_id).exists()
    if not listening and not Webhook.objects.filter(project_id=project_id).exists():
        return
    ensure_step(
        report.project,
        Stage.NOTIFY,
        f"{Stage.NOTIFY.value}:r{report.pk}",
        params={"report_id": report.pk},
    )


def on_status_changed(sender, *, project_id: int, status: str, **kwargs) -> None:
    """The status door's signal: a project done announces its version once committed."""
    if status == ProjectStatus.DONE:
        transaction.on_commit(lambda: notify_version(project_id))
