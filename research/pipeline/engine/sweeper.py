"""The watchdog: no project stays running forever, no queued step is forgotten.

Run every minute by the worker's scheduler (a django-q2 Schedule made by a migration):
- a step whose lease ran out on its last allowed attempt (its worker died or stalled each time)
  fails with a reason (steps with attempts left are claimed again by the workers' step pools);
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
from research.pipeline.engine import flow, runner
from research.pipeline.engine.registry import fail_target


def sweep() -> str:
    now = timezone.now()
    patience = timedelta(seconds=settings.WORKER_RETRY)
    dead = list(StepRun.objects.expired())
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


def advance_stalled() -> int:
    """Advance the running projects that have no step queued or running: a worker that died
    between recording a step and deciding what comes next leaves its project so. Returns how
    many there were."""
    stalled = Project.objects.running().exclude(steps__status__in=StepStatus.open())
    project_ids = list(stalled.values_list("pk", flat=True).distinct())
    for project_id in project_ids:
        flow.advance(project_id)
    return len(project_ids)
