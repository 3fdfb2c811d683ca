"""The stages in pipeline order, and running one step of one of them.

  ground -> [clarify -> wait for a member's answers]
         -> plan -> [review] -> per query: search -> rank -> per selected source: fetch -> summarise
                                                  (+ read ahead)
         -> per section: reflect (bounded rounds; new queries go through the same steps)
         -> report -> check its claims
  beside the run, at any time: answer a follow-up question from the stored sources
  beside the run, once a new version is done: notify its watchers and its webhook
  a member's ask, once the project is done: rewrite a section -> check the new version's claims
  a refresh: per known page: recheck; per query: discover (-> fetch -> summarise the new)
         -> compare -> (only when something changed) report -> check its claims

This is the one module that knows every stage. Each stage declares its contract in its own
module (pipeline/stages/); the rest of the engine (runner, flow) knows stages only by their
name, and flow.py decides when each runs. A new stage is a new module listed here (reading
ahead is declared by the fetch stage, whose download it shares).
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from contextlib import contextmanager

from research.errors import DossierError, reason_of
from research.models import Project, ProjectStatus, Stage, StepRun, StepStatus
from research.pipeline.engine import flow, runner
from research.pipeline.shared.context import StageSpec, StepContext
from research.pipeline.stages import (
    analyse,
    answer,
    changes,
    claims,
    clarify,
    discover,
    fetch,
    ground,
    notify,
    plan,
    rank,
    recheck,
    reflect,
    report,
    rewrite,
    search,
    summarize,
)
from research.providers import slots
from research.providers.llm import LLMError, LLMNotConfigured

log = logging.getLogger(__name__)

STAGES: dict[Stage, StageSpec] = {
    spec.stage: spec
    for spec in (
        ground.STAGE,
        clarify.STAGE,
        plan.STAGE,
        search.STAGE,
        rank.STAGE,
        fetch.PREFETCH,
        fetch.STAGE,
        summarize.STAGE,
        reflect.STAGE,
        analyse.STAGE,
        report.STAGE,
        rewrite.STAGE,
        claims.STAGE,
        answer.STAGE,
        recheck.STAGE,
        discover.STAGE,
        changes.STAGE,
        notify.STAGE,
    )
}
SLOTS = {spec.stage.value: spec.slot for spec in STAGES.values() if spec.slot}


def room() -> runner.Room:
    """For the step pool's claims: the slots per machine of each kind a stage waits for."""
    return runner.Room(SLOTS, {kind: slots.limit(kind) for kind in set(SLOTS.values())})


def run_step(step_id: int) -> str:
    """Claim the step and run it (inline dispatch, and a worker without a step pool)."""
    step = runner.claim(step_id)
    if step is None:
        return "not claimable (done, cancelled or running elsewhere)"
    return run_claimed(step)


def run_claimed(step: StepRun) -> str:
    """Entry point of every claimed step: run its stage, record the outcome on its StepRun, and
    advance the project. Returns what happened, for logs."""
    project = step.project
    detached = STAGES[Stage(step.stage)].detached
    if project.deleted_at is not None or (
        not detached and project.status not in ProjectStatus.running()
    ):
        state = "in the trash" if project.deleted_at else project.get_status_display().lower()
        runner.finish(step, StepStatus.CANCELLED, f"The project is {state}.")
        return "cancelled"
    ctx = StepContext(step=step, project=project)
    spec = STAGES[Stage(step.stage)]
    try:
        run_stage(ctx, spec)
    except Exception as exc:  # every failure is recorded on the step and shown
        reason = reason_of(exc)
        if not isinstance(exc, DossierError):
            log.warning("step %s (%s) failed: %s", step.pk, step.key, reason, exc_info=exc)
        runner.finish(step, StepStatus.FAILED, reason, ctx.detail, ctx.meter.step_counters())
        fail_target(step, exc)
        flow.advance(project.pk)
        return f"failed: {reason}"
    runner.finish(step, StepStatus.DONE, detail=ctx.detail, counters=ctx.meter.step_counters())
    if not spec.ahead:
        flow.advance(project.pk)
    return "done"


def run_stage(ctx: StepContext, spec: StageSpec) -> None:
    """The stage by the step's engine. An LLM stage that fails for good (after its retries)
    is done by its extractive implementation instead when the project's `fallback` is on,
    and the step and its rows say so; with `fallback` off it fails as it is."""
    if ctx.engine == "extractive" and spec.extractive is not None:
        spec.extractive(ctx)
        return
    try:
        spec.run(ctx)
    except (LLMError, LLMNotConfigured) as exc:
        if spec.extractive is None or not ctx.opts.fallback:
            raise
        log.warning("step %s: the LLM failed (%s); extractive fallback", ctx.step.pk, exc.reason)
        ctx.fallback = exc.reason
        spec.extractive(ctx)


def fail_target(step: StepRun, exc: BaseException) -> None:
    """What a failed step means beyond itself: a fatal stage, or an error that stops every run
    (no LLM configured, the budget spent), fails the project; another fails only its target,
    as its stage says."""
    spec = STAGES[Stage(step.stage)]
    reason = f"{spec.stage.label} failed: {reason_of(exc)}"
    if not spec.detached and (spec.fatal or (isinstance(exc, DossierError) and exc.stops_run)):
        Project.objects.fail(step.project_id, reason)
    elif spec.on_failure is not None:
        spec.on_failure(step, reason)


@contextmanager
def inline_dispatch(max_workers: int = 16) -> Iterator[runner.InlineDispatcher]:
    """Run this process's steps on threads here instead of the worker queue (the `research`
    command and the benchmark); steps not started when it ends stay queued in the database."""
    with runner.dispatching(runner.InlineDispatcher(run_step, max_workers)) as dispatcher:
        yield dispatcher
