"""Queue mechanics: enqueue a step, dispatch it, claim it (compare-and-set), record its outcome.

A step is enqueued by creating its StepRun with a unique key (stage, target, generation), so
enqueueing twice is harmless. Delivery is at least once: a claimed step holds a short lease
(STEP_LEASE_SECONDS) that a heartbeat thread of the process running it renews. A worker killed
mid-step stops renewing it; once the lease has run out the step is claimable again, and the next
claim reruns it, replacing its own outputs. A worker process on the killed one's machine ends the
lease at once, since it can tell that the claimer has ended (release_dead_holders). Each claim
counts an attempt, and an outcome is recorded only by the attempt that still holds the step.
This module writes every step status; it knows no stage (pipeline/engine/registry.py runs them).
"""

from __future__ import annotations

import logging
import os
import queue
import socket
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import timedelta
from typing import Any, Protocol

from django.conf import settings
from django.db import IntegrityError, close_old_connections, connection, connections, transaction
from django.db.models import F, Q
from django.utils import timezone

from research.limits import ERROR_MAX
from research.models import Project, Stage, StepRun, StepStatus
from research.models.loading import Loader
from research.pipeline.engine import liveness

log = logging.getLogger(__name__)


def worker_name() -> str:
    """host:pid of this process (read each time: worker processes are forked)."""
    return f"{host()}:{os.getpid()}"


def host() -> str:
    """This machine's name, as worker names begin with it."""
    return socket.gethostname()


# --- Dispatch ----------------------------------------------------------------------------


class Dispatcher(Protocol):
    def dispatch(self, step_id: int) -> None: ...


class QueueDispatcher:
    """The normal way: one django-q2 task per step."""

    def dispatch(self, step_id: int) -> None:
        from django_q.tasks import async_task

        # Only a wake-up call (the step is in the database): its result is not worth a row.
        async_task("research.tasks.run_step", step_id, task_name=f"step-{step_id}", save=False)


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


def use_dispatcher(dispatcher: Dispatcher) -> None:
    """Route this process's dispatches through `dispatcher` from now on (a worker's step pool)."""
    global _dispatcher
    _dispatcher = dispatcher


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
    ).exclude(stage__in=Stage.beside_run())
    step_ids = list(rows.values_list("pk", flat=True))
    rows.filter(pk__in=step_ids).update(
        status=StepStatus.QUEUED, lease_until=None, finished_at=None
    )
    for step_id in step_ids:
        dispatch_on_commit(step_id)
    return len(step_ids)


def redo(project_id: int, key: str, params: dict) -> bool:
    """Put the project's finished step `key` back in the queue with new `params` (a plan
    re-made with a member's feedback); False when it is not finished (queued or running)."""
    rows = StepRun.objects.filter(
        project_id=project_id, key=key, status__in=[StepStatus.DONE, StepStatus.FAILED]
    )
    step_id = rows.values_list("pk", flat=True).first()
    if step_id is None or not rows.filter(pk=step_id).update(
        status=StepStatus.QUEUED, params=params, lease_until=None, finished_at=None, error=""
    ):
        return False
    dispatch_on_commit(step_id)
    return True


def cancel_queued(project_id: int, reason: str) -> int:
    """Cancel the project's steps that have not started; running ones finish. Steps beside
    the run (a question's answer) are not the run's to cancel."""
    rows = StepRun.objects.filter(project_id=project_id, status=StepStatus.QUEUED)
    return rows.exclude(stage__in=Stage.beside_run()).update(
        status=StepStatus.CANCELLED, error=reason, finished_at=timezone.now()
    )


# The claim, the fair order and a step's outcome run around every step, so they are plain SQL
# (as the scheduler's reads in state.py are), and they earn it: in bench/concurrency.py (six
# projects on a worker cluster, 16 rounds side by side on 2026-11-25), built through the ORM
# they made the six projects' wall time 8.32 s against 7.12 s with this SQL (14%), and the
# workers' CPU 8.45 s against 6.85 s. They state StepRun.objects.claimable() (queued, or
# running under an expired lease with attempts left); tests/test_step_pool.py checks them
# against it.
CLAIM = """
    UPDATE research_steprun
    SET status = %s, started_at = %s, finished_at = NULL, lease_until = %s,
        attempt = attempt + 1, error = '', claimed_by = %s, claimed_process = %s
    WHERE id IN ({ids}) AND (status = %s OR (status = %s AND lease_until < %s AND attempt < %s))
    RETURNING id
"""

OPEN_STEPS = """
    SELECT id, project_id, stage, status = %s, lease_until < %s, attempt, claimed_by
    FROM research_steprun
    WHERE status IN (%s, %s) ORDER BY id LIMIT %s
"""

# Within a project, a step of a later stage goes first: it finishes work already begun (a page
# fetched waits for its summary) instead of starting more. Reading ahead goes just after the
# ranking made with it: nothing waits for the read-ahead, and the ranking is on the way to the
# report.
DEPTH: dict[str, float] = {stage.value: depth for depth, stage in enumerate(Stage)}
DEPTH[Stage.PREFETCH.value] = DEPTH[Stage.RANK.value] - 0.5

# A claimed step comes with its project and targets, read in one SELECT built once per process
CLAIMED = Loader(StepRun, ("project", "query", "source", "section"))


def claim(step_id: int) -> StepRun | None:
    """Compare-and-set: queued (or running under an expired lease) becomes running, here, under
    a lease this process's heartbeat renews until the step finishes."""
    claimed = claim_many([step_id])
    return claimed[0] if claimed else None


def claim_many(step_ids: list[int]) -> list[StepRun]:
    """`claim` for several steps in one statement (one wait for the database's write lock
    instead of one per step): those still claimable, in the order given."""
    if not step_ids:
        return []
    now = timezone.now()
    lease = now + timedelta(seconds=settings.STEP_LEASE_SECONDS)
    at = connection.ops.adapt_datetimefield_value
    queued, running = StepStatus.QUEUED.value, StepStatus.RUNNING.value
    sql = CLAIM.format(ids=", ".join(["%s"] * len(step_ids)))
    with connection.cursor() as cursor:
        cursor.execute(
            sql,
            [running, at(now), at(lease), worker_name(), liveness.fingerprint(), *step_ids]
            + [queued, running, at(now), settings.WORKER_MAX_ATTEMPTS],
        )
        won = {row[0] for row in cursor.fetchall()}
    if not won:
        return []
    found = {step.pk: step for step in CLAIMED.load(list(won))}
    steps = [found[step_id] for step_id in step_ids if step_id in found]
    for step in steps:
        leases.hold(step)
    return steps


def unclaim(steps: list[StepRun]) -> None:
    """Claimed steps that never started go back to the queue, their claim not counted as an
    attempt (a pool stopping with steps handed to threads that did not take them); a watcher
    with an idle thread finds them."""
    for step in steps:
        leases.release(step)
        StepRun.objects.filter(pk=step.pk, attempt=step.attempt, status=StepStatus.RUNNING).update(
            status=StepStatus.QUEUED, attempt=F("attempt") - 1, lease_until=None, started_at=None
        )


def release_dead_holders() -> int:
    """End now the leases of running steps whose claiming process, on this machine, has ended
    (liveness.gone): a killed worker's steps are claimable at once instead of when their
    leases run out. Only a lease still running is ended, and only for the attempt seen, so a
    step claimed again meanwhile is left alone. Returns how many were released."""
    now = timezone.now()
    held = StepRun.objects.filter(status=StepStatus.RUNNING, lease_until__gt=now).exclude(
        claimed_process=""
    )
    released = 0
    for step_id, attempt, process in held.values_list("pk", "attempt", "claimed_process"):
        if liveness.gone(process):
            released += StepRun.objects.filter(
                pk=step_id, attempt=attempt, status=StepStatus.RUNNING, lease_until__gt=now
            ).update(lease_until=now)
    if released:
        log.info("released %d steps whose worker process on this machine has ended", released)
    return released


_claiming = threading.Lock()


class Room:
    """How many more steps of each stage may start now. The steps of a stage that waits for
    one of a few slots per machine (the search engine's) are claimed no further than the
    slots this machine has left: a step claimed beyond them would hold a thread only to wait,
    while steps of other stages (a ranking, a page's fetch) wait for a thread. The steps
    running on this machine, whether already in their slot or only claimed, count against them."""

    def __init__(self, slots: dict[str, str], limits: dict[str, int]):
        self._slots = slots  # stage -> the slot kind its steps wait for
        self._free = dict(limits)  # slot kind -> slots of this machine not counted yet
        self._here = f"{host()}:"

    def running(self, stage: str, claimed_by: str) -> None:
        """Count a step running under a live lease."""
        kind = self._slots.get(stage)
        if kind is not None and claimed_by.startswith(self._here):
            self._free[kind] = self._free.get(kind, 0) - 1

    def take(self, stage: str) -> bool:
        """Whether a step of `stage` may start now, counting it if so."""
        kind = self._slots.get(stage)
        if kind is None:
            return True
        if self._free.get(kind, 0) <= 0:
            return False
        self._free[kind] -= 1
        return True


def claim_next(
    limit: int = 1,
    more: Callable[[], object] = lambda: None,
    room: Callable[[], Room] | None = None,
) -> list[StepRun]:
    """Claim up to `limit` claimable steps, the fairest to run next (none when there is none),
    within the `room` there is now when given; when other steps wait after them, call `more`
    (the pool wakes another thread for them).

    A process's threads take turns: racing each other for the same step would only turn into
    refused UPDATEs, each waiting for the database's write lock. When several threads are idle,
    one claim takes a step for each of them, in one statement: in a burst (a ranking's fetches,
    many projects at once) claims one by one would each wait for the write lock in turn."""
    with _claiming:
        order = fair_order(room=room() if room else None)
        while order:
            batch, order = order[:limit], order[limit:]
            steps = claim_many(batch)
            if steps:
                if order:
                    more()
                return steps
    return []


def fair_order(window: int = 500, room: Room | None = None) -> list[int]:
    """Claimable steps, round-robin across projects: a project's k-th waiting step ranks as if
    k more of its steps were running, so a project started later is not stuck behind every step
    of a big one started before it. Within a project, later stages first, then the order the
    steps were made in. With a `room`, only the steps that fit in it, in that order."""
    queued, running = StepStatus.QUEUED.value, StepStatus.RUNNING.value
    now = connection.ops.adapt_datetimefield_value(timezone.now())
    with connection.cursor() as cursor:
        cursor.execute(OPEN_STEPS, [queued, now, queued, running, window])
        rows = cursor.fetchall()
    load: dict[int, int] = {}
    waiting = []
    for step_id, project_id, stage, is_queued, expired, attempt, claimed_by in rows:
        if is_queued or (expired and attempt < settings.WORKER_MAX_ATTEMPTS):
            waiting.append((-DEPTH.get(stage, 0), step_id, project_id, stage))
        elif not expired:
            load[project_id] = load.get(project_id, 0) + 1
            if room is not None:
                room.running(stage, claimed_by)
    ranked = []
    for _, step_id, project_id, stage in sorted(waiting):
        rank = load.get(project_id, 0)
        load[project_id] = rank + 1
        ranked.append((rank, step_id, stage))
    return [step_id for _, step_id, stage in sorted(ranked) if room is None or room.take(stage)]


FINISH = """
    UPDATE research_steprun SET status = %s, error = %s, finished_at = %s, lease_until = NULL{more}
    WHERE id = %s AND attempt = %s
"""
COUNTERS = ("tokens_prompt", "tokens_completion", "llm_calls")  # what `finish` adds up


def finish(
    step: StepRun,
    status: StepStatus,
    error: str = "",
    detail: str = "",
    counters: dict[str, int] | None = None,
) -> None:
    """Record the outcome (plain SQL, as the claim: it runs after every step); `counters`
    (token and call counts, COUNTERS) add to what earlier attempts recorded."""
    more: list[str] = []
    values: list[Any] = []
    if detail:
        more.append("detail = %s")
        values.append(detail)
    for name, value in (counters or {}).items():
        if name not in COUNTERS:
            raise ValueError(f"{name!r} is not a step counter")
        if value:
            more.append(f"{name} = {name} + %s")
            values.append(value)
    leases.release(step)
    # Only the attempt that holds the step records its outcome: if this worker stalled past its
    # lease and another claimed the step since, that attempt's outcome is the one that counts.
    at = connection.ops.adapt_datetimefield_value(timezone.now())
    with connection.cursor() as cursor:
        cursor.execute(
            FINISH.format(more="".join(f", {part}" for part in more)),
            [status.value, error[:ERROR_MAX], at, *values, step.pk, step.attempt],
        )


# --- Leases ------------------------------------------------------------------------------


class Leases:
    """The steps this process runs, and the heartbeat that keeps their leases.

    A daemon thread renews every held lease each third of STEP_LEASE_SECONDS, in one UPDATE. A
    step that has run longer than WORKER_TIMEOUT is not renewed: it is presumed stuck, its lease
    runs out and another worker claims it (its late outcome is then ignored, see `finish`)."""

    def __init__(self) -> None:
        self._held: dict[int, tuple[int, float]] = {}  # step id -> (attempt, claimed at)
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None

    def hold(self, step: StepRun) -> None:
        with self._lock:
            self._held[step.pk] = (step.attempt, time.monotonic())
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._beat, name="leases", daemon=True)
                self._thread.start()

    def release(self, step: StepRun) -> None:
        with self._lock:
            if self._held.get(step.pk, (None,))[0] == step.attempt:
                del self._held[step.pk]

    def held(self) -> dict[int, int]:
        """Step id -> attempt, for the steps whose leases this process renews."""
        limit = time.monotonic() - settings.WORKER_TIMEOUT
        with self._lock:
            return {pk: attempt for pk, (attempt, at) in self._held.items() if at > limit}

    def renew(self) -> int:
        """Extend the held leases now; returns how many were extended."""
        held = self.held()
        if not held:
            return 0
        mine = Q()
        for step_id, attempt in held.items():
            mine |= Q(pk=step_id, attempt=attempt)
        lease = timedelta(seconds=settings.STEP_LEASE_SECONDS)
        return StepRun.objects.filter(mine, status=StepStatus.RUNNING).update(
            lease_until=timezone.now() + lease
        )

    def _beat(self) -> None:
        while True:
            time.sleep(settings.STEP_LEASE_SECONDS / 3)
            try:
                self.renew()
            except Exception:  # the database away for a moment: the next beat tries again
                log.warning("could not renew step leases", exc_info=True)
            finally:  # one short connection per beat: none is left open between beats
                connections.close_all()


leases = Leases()
