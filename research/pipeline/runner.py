"""Queue mechanics: enqueue a step, dispatch it, claim it (compare-and-set), record its outcome.

A step is enqueued by creating its StepRun with a unique key (stage, target, generation), so
enqueueing twice is harmless. Delivery is at least once: a worker killed mid-step leaves the step
RUNNING under a lease; when the queue delivers it again after the lease has run out, the claim
succeeds and the step reruns, replacing its own outputs. This module writes every step status;
it knows no stage (pipeline/registry.py runs them).
"""

from __future__ import annotations

import logging
import queue
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import timedelta
from typing import Any, Protocol

from django.conf import settings
from django.db import IntegrityError, close_old_connections, connections, transaction
from django.db.models import F
from django.utils import timezone

from research.limits import ERROR_MAX
from research.models import Project, Stage, StepRun, StepStatus

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
    """Runs steps on threads in this process with `run` (the registry's run_step): the CLI and
    the benchmark use it, through registry.inline_dispatch.

    Each thread keeps its database connection from step to step (as a worker process does) and
    closes it when the dispatcher shuts down; opening one per step costs more than most steps'
    own queries."""

    def __init__(self, run: Callable[[int], object], max_workers: int):
        self._run = run
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
                    self._run(step_id)
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
def dispatching(dispatcher: InlineDispatcher) -> Iterator[InlineDispatcher]:
    """Dispatch this process's steps to `dispatcher` for the duration, then shut it down."""
    global _dispatcher
    previous, _dispatcher = _dispatcher, dispatcher
    try:
        yield dispatcher
    finally:
        dispatcher.shutdown()
        _dispatcher = previous


def current_dispatcher() -> Dispatcher:
    return _dispatcher


def dispatch_on_commit(step_id: int) -> None:
    dispatcher = _dispatcher
    transaction.on_commit(lambda: dispatcher.dispatch(step_id))


# --- Enqueue and claim -------------------------------------------------------------------


def ensure_step(project: Project, stage: Stage, key: str, **fields: Any) -> tuple[StepRun, bool]:
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


def requeue_failed(project_id: int) -> int:
    """Put the project's failed and cancelled steps back in the queue (resume)."""
    rows = StepRun.objects.filter(
        project_id=project_id, status__in=[StepStatus.FAILED, StepStatus.CANCELLED]
    )
    step_ids = list(rows.values_list("pk", flat=True))
    rows.filter(pk__in=step_ids).update(
        status=StepStatus.QUEUED, lease_until=None, finished_at=None
    )
    for step_id in step_ids:
        dispatch_on_commit(step_id)
    return len(step_ids)


def cancel_queued(project_id: int, reason: str) -> int:
    """Cancel the project's steps that have not started; running ones finish."""
    return StepRun.objects.filter(project_id=project_id, status=StepStatus.QUEUED).update(
        status=StepStatus.CANCELLED, error=reason, finished_at=timezone.now()
    )


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
    changes: dict[str, Any] = {
        "status": status,
        "error": error[:ERROR_MAX],
        "finished_at": timezone.now(),
    }
    if detail:
        changes["detail"] = detail
    for name, value in (counters or {}).items():
        if value:
            changes[name] = F(name) + value
    StepRun.objects.filter(pk=step.pk).update(lease_until=None, **changes)
