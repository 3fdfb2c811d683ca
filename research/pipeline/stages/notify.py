"""Notify: tell a project's watchers (by email) and its webhook that a report version is made.

It runs beside the run (Stage.beside_run), once per version, after the project is done. Each address
gets one Delivery row saying what happened. A webhook is POSTed through the one HTTP choke point
(the SSRF guard checks its address again at every send), signed with HMAC-SHA256, and tried
WEBHOOK_ATTEMPTS times with a growing pause; one that still fails is recorded as failed, with
the reason, and the project is not affected. An email goes through Django's email backend.

Reads:    one Report version (the step's `report_id`), the project's watchers and webhook.
Replaces: the version's Deliveries.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import time

from django.conf import settings
from django.core.mail import send_mail

from research.errors import MissingInput
from research.models import Delivery, DeliveryChannel, DeliveryStatus, Report, Stage, Watch, Webhook
from research.pipeline.shared.context import StageSpec, StepContext
from research.providers import http


def run(ctx: StepContext) -> None:
    report = Report.objects.filter(project=ctx.project, pk=ctx.param("report_id")).first()
    if report is None:
        raise MissingInput(f"This notify step has no report version {ctx.param('report_id')}.")
    watches = Watch.objects.filter(project=ctx.project).select_related("user")
    emails = sorted({w.user.email for w in watches if w.user.email})
    sent = sum(_email(report, address) for address in emails)
    hook = Webhook.objects.filter(project=ctx.project).first()
    posted = _webhook(report, hook) if hook else None
    hooked = "" if posted is None else ("; webhook delivered" if posted else "; webhook failed")
    ctx.note(f"version {report.version}: {sent} of {len(emails)} emails sent{hooked}")


def _email(report: Report, address: str) -> bool:
    if _delivered(report, DeliveryChannel.EMAIL, address):
        return True
    project = report.project
    link = f"{settings.SITE_URL}/projects/{project.pk}/report/?version={report.version}"
    try:
        send_mail(
            f"Dossier: version {report.version} of “{str(project)[:120]}”",
            f"A new report version is ready.\n\n{project.question}\n\n{link}\n\n"
            "You get this because you watch the project; unwatch it on its page.",
            None,
            [address],
        )
    except OSError as exc:  # SMTP refused, or unreachable
        _record(report, DeliveryChannel.EMAIL, address, 1, str(exc) or type(exc).__name__)
        return False
    _record(report, DeliveryChannel.EMAIL, address, 1)
    return True


def _webhook(report: Report, hook: Webhook) -> bool:
    if _delivered(report, DeliveryChannel.WEBHOOK, hook.url):
        return True
    body, headers = signed(report, hook.secret)
    attempt = 1
    while True:
        try:
            http.post(hook.url, body, headers)
        except http.FetchError as exc:
            if exc.blocked or attempt == settings.WEBHOOK_ATTEMPTS:
                _record(report, DeliveryChannel.WEBHOOK, hook.url, attempt, exc.reason)
                return False
            time.sleep(settings.WEBHOOK_BACKOFF_SECONDS * 2 ** (attempt - 1))
            attempt += 1
            continue
        _record(report, DeliveryChannel.WEBHOOK, hook.url, attempt)
        return True


def signed(report: Report, secret: str) -> tuple[bytes, dict[str, str]]:
    """The JSON body, and headers whose signature is HMAC-SHA256 of "<timestamp>.<body>"."""
    project = report.project
    payload = {
        "event": "report.version",
        "project": {"id": project.pk, "question": project.question},
        "version": report.version,
        "report_id": report.pk,
        "url": f"{settings.SITE_URL}/projects/{project.pk}/report/?version={report.version}",
        "created_at": report.created_at.isoformat(),
    }
    body = json.dumps(payload, ensure_ascii=False, sort_keys=True).encode()
    stamp = str(int(time.time()))
    digest = hmac.new(secret.encode(), stamp.encode() + b"." + body, hashlib.sha256).hexdigest()
    return body, {
        "Content-Type": "application/json",
        "X-Dossier-Event": "report.version",
        "X-Dossier-Timestamp": stamp,
        "X-Dossier-Signature": f"sha256={digest}",
    }


def _delivered(report: Report, channel: DeliveryChannel, target: str) -> bool:
    rows = Delivery.objects.filter(report=report, channel=channel, target=target)
    return rows.filter(status=DeliveryStatus.SENT).exists()


def _record(
    report: Report, channel: DeliveryChannel, target: str, attempts: int, reason: str = ""
) -> None:
    Delivery.objects.update_or_create(
        report=report,
        channel=channel,
        target=target,
        defaults={
            "status": DeliveryStatus.FAILED if reason else DeliveryStatus.SENT,
            "attempts": attempts,
            "reason": reason[:1000],
        },
    )


STAGE = StageSpec(stage=Stage.NOTIFY, run=run, writes=(Delivery,))
