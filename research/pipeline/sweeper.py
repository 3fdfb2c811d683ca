"""The watchdog: no project stays running forever, no queued step is forgotten.

Run every minute by the worker's scheduler (a django-q2 Schedule made by a migration):
- a step whose worker died and that the queue stopped redelivering fails with a reason;
- a step queued for longer than the queue's redelivery time is dispatched again (the claim is
  compare-and-set, so a duplicate delivery does nothing);
- a running project with nothing left in flight is advanced.
"""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.utils import timezone

from research.errors import ProviderFailed
from research.models import Project, StepRun, StepStatus
from research.pipeline import flow, runner
from research.pipeline.registry import fail_target


def sweep() -> str:
    now = timezone.now()
    patience = timedelta(seconds=settings.WORKER_RETRY)
    dead = StepRun.objects.filter(
        status=StepStatus.RUNNING,
        lease_until__lt=now - patience,
        attempt__gte=settings.WORKER_MAX_ATTEMPTS,
    )
    for step in dead:
        reason = f"The worker stopped responding {step.attempt} times while running this step."
        runner.finish(step, StepStatus.FAILED, reason)
        fail_target(step, ProviderFailed(reason))
    forgotten = list(
        StepRun.objects.filter(status=StepStatus.QUEUED, created_at__lt=now - patience).values_list(
            "pk", flat=True
        )
    )
    for step_id in forgotten:
        runner.current_dispatcher().dispatch(step_id)
    running = Project.objects.running()
    for project_id in running.values_list("pk", flat=True):
        flow.advance(project_id)
    return f"{len(dead)} stalled steps failed, {len(forgotten)} redispatched"
