"""A worker process's step pool: threads that claim steps from the database and run them.

A step mostly waits on the network (the model, a search engine, a page), so one process runs up
to WORKER_THREADS of them at once instead of holding a whole process per wait. Threads claim
steps themselves, fairly across projects (runner.claim_next), so a django-q2 task is only a
wake-up call: a task lost with a dead worker's prefetch loses nothing, because every step is
still in the database, and a watcher thread looks there every WORKER_POLL_SECONDS for steps that
nobody woke a thread for, including steps whose lease ran out when their worker died.

Steps made by a step of this process are woken here when a thread is idle, without a round trip
through the broker; otherwise the broker wakes another process (or machine). A thread that
claims a step while others wait behind it wakes the next idle thread, so a burst of steps takes
every idle thread of the process within a few claims. One thread claims at a time; threads that
finish a step meanwhile wait for its claim, which takes a step for each of them too. A search is
claimed only while the machine has a search slot left (runner.Room), so no thread holds a step
only to wait for a slot while other steps wait for a thread.
"""

from __future__ import annotations

import logging
import threading
import time
from collections import deque
from collections.abc import Callable

from django.conf import settings
from django.db import close_old_connections, connections

from research.models import StepRun
from research.pipeline.engine import runner

log = logging.getLogger(__name__)


class StepPool:
    def __init__(
        self,
        run: Callable[[StepRun], object],
        threads: int,
        poll: float,
        tend: Callable[[], object] | None = None,
        room: Callable[[], runner.Room] | None = None,
    ):
        self._run = run
        self._room = room
        self._poll = poll
        self._tend = tend
        lock = threading.Lock()
        self._cond = threading.Condition(lock)  # idle threads wait on it for a wake-up
        self._claim_done = threading.Condition(lock)  # threads waiting for a claim, on this
        self._claiming = False  # a thread of this pool is claiming, for itself and the waiting
        self._waiting = 0  # threads waiting for that claim to hand them a step
        self._rounds = 0  # claims started by this pool so far
        self._empty_round = 0  # the number of the last claim that found fewer steps than asked
        self._idle = 0
        self._wakes = 0  # wake-ups not yet taken by a thread
        self._claimed: deque[StepRun] = deque()  # claimed for a thread that was woken for it
        self._stopping = False
        self._threads = [
            threading.Thread(target=self._work, name=f"step-{n}") for n in range(threads)
        ]
        self._threads.append(threading.Thread(target=self._watch, name="watch"))
        for thread in self._threads:
            thread.start()

    def wake(self) -> bool:
        """Ask an idle thread to look for work. False when every thread is busy."""
        with self._cond:
            if self._wakes >= self._idle:
                return False
            self._wakes += 1
            self._cond.notify()
            return True

    def stop(self, timeout: float = 30.0) -> None:
        """Take no new steps, let the running ones finish and the threads end (a process that
        exits without this leaves its steps to lease expiry, which is also safe)."""
        with self._cond:
            self._stopping = True
            self._cond.notify_all()
        deadline = time.monotonic() + timeout
        for thread in self._threads:
            thread.join(max(0.0, deadline - time.monotonic()))

    def _release_unstarted(self) -> None:
        """Steps handed to this pool's threads that none started go back to the queue: a
        stopping pool (stop(), or the process's main thread gone) takes no new step."""
        with self._cond:
            unstarted, self._claimed = list(self._claimed), deque()
        try:
            runner.unclaim(unstarted)
        except Exception:  # the database away: their leases run out instead
            log.warning("could not put unstarted steps back in the queue", exc_info=True)

    def _wait_for_wake(self) -> bool:
        with self._cond:
            self._idle += 1
            try:
                while not self._wakes and not self._stopping:
                    self._cond.wait()
                if self._stopping:
                    return False
                self._wakes -= 1
                return True
            finally:
                self._idle -= 1

    def _work(self) -> None:
        try:
            while self._wait_for_wake():
                self._drain()
        finally:
            self._release_unstarted()  # the pool is stopping
            connections.close_all()

    def _drain(self) -> None:
        """Run claimable steps until there are none (or the pool stops)."""
        while not self._stopping:
            try:
                close_old_connections()  # as Django does around a request
                step = self._next()
                if step is None:
                    return
                self._run(step)
            except Exception:  # a bug in a step must not kill the thread silently
                log.exception("a step crashed its thread")

    def _next(self) -> StepRun | None:
        """A step claimed for this thread by another, else one claimed now: with a step for
        each idle thread, handed to them. When more steps wait, the next idle thread is woken
        for them: a burst of new steps (a ranking's fetches) spreads over the idle threads at
        once, whichever process made it, instead of one step per thread finishing or per poll.
        (A step handed over but not started when the process dies waits for its lease.)

        One thread of the pool claims at a time, and a thread that finishes a step while
        another claims waits for that claim, which takes a step for it too: claims one after
        another would each wait for the one before (and for the database's write lock)."""
        with self._cond:
            arrived = self._rounds  # a claim started before now may not see this thread's steps
            while True:
                if self._claimed:
                    return self._claimed.popleft()
                if self._stopping or self._empty_round > arrived:
                    return None  # a claim started since this thread came found no step left
                if not self._claiming:
                    break
                self._waiting += 1
                try:
                    self._claim_done.wait()
                finally:
                    self._waiting -= 1
            self._claiming = True
            self._rounds += 1
            round_ = self._rounds
            want = 1 + max(0, self._idle - self._wakes) + self._waiting
        return self._claim(want, round_)

    def _claim(self, want: int, round_: int) -> StepRun | None:
        """Claim up to `want` steps: the first for this thread, the rest handed to the threads
        waiting for this claim, then to idle ones, woken for them. A waiting thread that gets
        none goes idle only if this claim started after it came: a claim that started before
        may have read the queue before that thread's own new steps were committed."""
        steps: list[StepRun] = []
        try:
            steps = runner.claim_next(limit=want, more=self.wake, room=self._room)
        finally:
            with self._cond:
                self._claiming = False
                if len(steps) < want:
                    self._empty_round = round_
                self._claimed.extend(steps[1:])
                waiting = self._waiting
                self._claim_done.notify_all()
        for _ in steps[1 + waiting :]:
            self.wake()
        return steps[0] if steps else None

    def _watch(self) -> None:
        """Every `poll` seconds, wake a thread if steps wait that nobody woke one for. On its
        first pass, then every STEP_LEASE_SECONDS, also release the steps of this machine's
        ended worker processes (runner.release_dead_holders: a killed cluster started again,
        or a killed worker process replaced, resumes their steps at once) and `tend` (advance
        projects a dead worker left stalled).

        When the process's main thread ends (django-q2 stops or recycles the worker process),
        the pool takes no new step and its threads end once their steps are done: they are not
        daemons, so the process exits only then, and no step is cut off to wait for its lease."""
        tended: float | None = None
        while not self._stopping:
            time.sleep(self._poll)
            if not threading.main_thread().is_alive():
                with self._cond:
                    self._stopping = True
                    self._cond.notify_all()
                break
            try:
                close_old_connections()
                if tended is None or time.monotonic() - tended > settings.STEP_LEASE_SECONDS:
                    tended = time.monotonic()
                    runner.release_dead_holders()
                    if self._tend:
                        self._tend()
                if self._idle > self._wakes and (
                    self._claimed or StepRun.objects.claimable().exists()
                ):
                    self.wake()
            except Exception:  # the database away for a moment: look again next time
                log.warning("the step pool could not look for work", exc_info=True)
                connections.close_all()
        connections.close_all()


class PoolDispatcher:
    """Wakes an idle thread of this process's pool. When every thread is busy, the step waits
    in the database: the next thread here to finish a step claims it, or the watcher of another
    worker process (or machine) with an idle thread finds it within WORKER_POLL_SECONDS. A
    message through the queue would only cost writes for a wake-up that arrives no sooner."""

    def __init__(self, pool: StepPool):
        self.pool = pool

    def dispatch(self, step_id: int) -> None:
        self.pool.wake()


_pool: StepPool | None = None


def start(
    run: Callable[[StepRun], object],
    tend: Callable[[], object] | None = None,
    room: Callable[[], runner.Room] | None = None,
) -> StepPool:
    """Start this process's pool (once) and route this process's dispatches through it."""
    global _pool
    if _pool is None:
        _pool = StepPool(run, settings.WORKER_THREADS, settings.WORKER_POLL_SECONDS, tend, room)
        runner.use_dispatcher(PoolDispatcher(_pool))
    return _pool


def current() -> StepPool | None:
    return _pool
