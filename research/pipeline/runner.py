"""Enqueue a step, claim it (compare-and-set), run it, record it on its StepRun, advance.

A step is enqueued by creating its StepRun with a unique key (stage, target, generation), so
enqueueing twice is harmless. Delivery is at least once: a worker killed mid-step leaves the step
RUNNING under a lease; when the queue delivers it again after the lease has run out, the claim
succeeds and the step reruns, replacing its own outputs.
"""

from __future__ import annotations

import logging
import queue
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import timedelta
from typing import Protocol

from django.conf import settings
from django.db import IntegrityError, close_old_connections, connections, transaction
from django.db.models import F
from django.utils import timezone

from research.errors import DossierError, reason_of
from research.models import Project, ProjectStatus, Stage, StepRun, StepStatus

log = logging.getLogger(__name__)


# --- Dispatch ----------------------------------------------------------------------------


class Dispatcher(Protocol):
    def dispatch(self, step_id: int) -> None: ...


class QueueDispatcher:
    """The normal way: one django-q2 task per step."""

    def dispatch(self, step_id: int) -> None:
        from django_q.tasks import async_task

        async_task("research.tasks.run_step", step_id, task_name=f"step-{step_id}")


class InlineDispatcher:
    """Runs steps on threads in this process: the CLI and the benchmark use it.

    Each thread keeps its database connection from step to step (as a worker process does) and
    closes it when the dispatcher shuts down; opening one per step costs more than most steps'
    own queries."""

    def __init__(self, max_workers: int):
        self._queue: queue.SimpleQueue[int | None] = queue.SimpleQueue()
        self._pending = 0
        self._lock = threading.Lock()
        self.idle = threading.Event()
        self.idle.set()
        self._threads = [
            threading.Thread(target=self._work, name=f"step-{n}", daemon=True)
            for n in range(max_workers)
        ]
        for thread in self._threads:
            thread.start()

    def dispatch(self, step_id: int) -> None:
        with self._lock:
            self._pending += 1
            self.idle.clear()
        self._queue.put(step_id)

    def _work(self) -> None:
        try:
            while (step_id := self._queue.get()) is not None:
                try:
                    close_old_connections()  # as Django does around a request
                    run_step(step_id)
                except Exception:  # a bug in a step must not kill the thread silently
                    log.exception("step %s crashed", step_id)
                finally:
                    self._done()
        finally:
            connections.close_all()

    def _done(self) -> None:
        with self._lock:
            self._pending -= 1
            if not self._pending:
                self.idle.set()

    def shutdown(self) -> None:
        """Drop steps not started yet (they stay queued in the database), finish the running
        ones, and stop the threads."""
        try:
            while self._queue.get_nowait() is not None:
                self._done()
        except queue.Empty:
            pass
        for _ in self._threads:
            self._queue.put(None)
        for thread in self._threads:
            thread.join()


_dispatcher: Dispatcher = QueueDispatcher()


@contextmanager
def inline_dispatch(max_workers: int = 16) -> Iterator[InlineDispatcher]:
    global _dispatcher
    previous, _dispatcher = _dispatcher, InlineDispatcher(max_workers)
    try:
        yield _dispatcher
    finally:
        _dispatcher.shutdown()
        _dispatcher = previous


def current_dispatcher() -> Dispatcher:
    return _dispatcher


def dispatch_on_commit(step_id: int) -> None:
    dispatcher = _dispatcher
    transaction.on_commit(lambda: dispatcher.dispatch(step_id))


# --- Enqueue and claim -------------------------------------------------------------------


def ensure_step(project: Project, stage: Stage, key: str, **fields) -> tuple[StepRun, bool]:
    """The StepRun for `key`, created and dispatched if it did not exist yet."""
    try:
        with transaction.atomic():
            step, created = StepRun.objects.get_or_create(
                project=project, key=key, defaults={"stage": stage, **fields}
            )
    except IntegrityError:  # another process created it between our read and write
        return StepRun.objects.get(project=project, key=key), False
    if created:
        dispatch_on_commit(step.pk)
    return step, created


def requeue(step: StepRun) -> None:
    """Put a failed or stalled step back in the queue (resume)."""
    StepRun.objects.filter(pk=step.pk).update(
        status=StepStatus.QUEUED, lease_until=None, finished_at=None
    )
    dispatch_on_commit(step.pk)


def claim(step_id: int) -> StepRun | None:
    """Compare-and-set: queued (or running under an expired lease) becomes running, here."""
    now = timezone.now()
    claimed = (
        StepRun.objects.claimable()
        .filter(pk=step_id)
        .update(
            status=StepStatus.RUNNING,
            started_at=now,
            finished_at=None,
            lease_until=now + timedelta(seconds=settings.WORKER_TIMEOUT),
            attempt=F("attempt") + 1,
            error="",
        )
    )
    if not claimed:
        return None
    return StepRun.objects.select_related("project", "query", "source", "section").get(pk=step_id)


def finish(
    step: StepRun,
    status: StepStatus,
    error: str = "",
    detail: str = "",
    counters: dict[str, int] | None = None,
) -> None:
    """Record the outcome; `counters` (token and call counts) add to what earlier attempts
    recorded."""
    changes = {"status": status, "error": error[:4000], "finished_at": timezone.now()}
    if detail:
        changes["detail"] = detail
    for name, value in (counters or {}).items():
        if value:
            changes[name] = F(name) + value
    StepRun.objects.filter(pk=step.pk).update(lease_until=None, **changes)


# --- Run ---------------------------------------------------------------------------------

StageFunction = Callable[["StepContext"], None]  # noqa: F821 - defined in pipeline.context


def run_step(step_id: int) -> str:
    """Entry point of every step, in the worker or inline. Returns what happened, for logs."""
    from research.pipeline import STAGES, flow
    from research.pipeline.context import StepContext
    from research.pipeline.failures import handle_failure

    step = claim(step_id)
    if step is None:
        return "not claimable (done, cancelled or running elsewhere)"
    project = step.project
    if project.status not in ProjectStatus.running():
        finish(step, StepStatus.CANCELLED, f"The project is {project.get_status_display()}.")
        return "cancelled"
    ctx = StepContext(step=step, project=project)
    try:
        STAGES[step.stage](ctx)
    except Exception as exc:  # every failure is recorded on the step and shown
        reason = reason_of(exc)
        if not isinstance(exc, DossierError):
            log.warning("step %s (%s) failed: %s", step.pk, step.key, reason, exc_info=exc)
        finish(step, StepStatus.FAILED, reason, ctx.detail, ctx.meter.step_counters())
        handle_failure(step, exc, reason)
        flow.advance(project.pk)
        return f"failed: {reason}"
    finish(step, StepStatus.DONE, detail=ctx.detail, counters=ctx.meter.step_counters())
    flow.advance(project.pk)
    return "done"
