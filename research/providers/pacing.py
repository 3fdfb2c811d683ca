"""How fast to ask an endpoint: adaptive concurrency, and how long to wait before asking again.

Each endpoint (an LLM's, a search engine's) gets a `Pace`: at most `limit` calls in flight from
this process, starting at the maximum its caller sets (LLM_MAX_CONCURRENCY,
SEARCH_MAX_CONCURRENCY). A 429 halves the limit (so does an LLM call that times out or gets a
503: llm/calls.py); every success lets it grow by one again, up to the maximum. The wait after
a failure honours the server's `retry-after-ms` or `Retry-After` (seconds or an HTTP date), with
a little jitter so that waiting workers do not return together, and is otherwise an exponential
backoff with jitter. An API that asks for a gap between requests (arXiv's three seconds,
PubMed's three requests a second) gets a `Spacing` as well.
"""

from __future__ import annotations

import email.utils
import random
import threading
import time
from collections.abc import Iterator, Mapping
from contextlib import contextmanager

BACKOFF_BASE = 0.5  # seconds before the first retry without a Retry-After
BACKOFF_CAP = 30.0


class Pace:
    """At most `limit` calls at once; halved when the endpoint is overloaded, grown by one on
    each success."""

    def __init__(self, maximum: int) -> None:
        self.maximum = self.limit = max(1, maximum)
        self.in_flight = 0
        self._turn = threading.Condition()

    @contextmanager
    def slot(self) -> Iterator[None]:
        with self._turn:
            while self.in_flight >= self.limit:
                self._turn.wait()
            self.in_flight += 1
        try:
            yield
        finally:
            with self._turn:
                self.in_flight -= 1
                self._turn.notify()

    def slow_down(self) -> None:
        with self._turn:
            self.limit = max(1, self.limit // 2)

    def speed_up(self) -> None:
        with self._turn:
            if self.limit < self.maximum:
                self.limit += 1
                self._turn.notify()


class Spacing:
    """At least `interval` seconds between the starts of calls to one endpoint from this
    process: the pace an API's documentation asks for ("one request every three seconds")."""

    def __init__(self, interval: float) -> None:
        self.interval = max(0.0, interval)
        self._next = 0.0
        self._lock = threading.Lock()

    def turn(self, now: float) -> float:
        """How long a call asking at `now` (a monotonic time) waits for its turn; the next
        call's turn comes `interval` after this one's."""
        with self._lock:
            start = max(now, self._next)
            self._next = start + self.interval
        return start - now

    def wait(self) -> None:
        delay = self.turn(time.monotonic())
        if delay > 0:
            time.sleep(delay)


_lock = threading.Lock()
_paces: dict[tuple[str, int], Pace] = {}
_spacings: dict[tuple[str, float], Spacing] = {}


def spacing_for(endpoint: str, interval: float) -> Spacing:
    """This process's spacing of calls to `endpoint`."""
    with _lock:
        return _spacings.setdefault((endpoint, interval), Spacing(interval))


def pace_for(endpoint: str, maximum: int) -> Pace:
    """This process's pace for `endpoint` (a new one when the maximum setting changed)."""
    with _lock:
        return _paces.setdefault((endpoint, maximum), Pace(maximum))


def retry_after(headers: Mapping[str, str]) -> float | None:
    """The wait the server asked for, in seconds, if it asked."""
    lowered = {key.lower(): value for key, value in headers.items()}
    for name, scale in (("retry-after-ms", 0.001), ("retry-after", 1.0)):
        raw = lowered.get(name, "").strip()
        if not raw:
            continue
        try:
            return max(0.0, float(raw) * scale)
        except ValueError:
            pass
        try:
            when = email.utils.parsedate_to_datetime(raw)
        except (TypeError, ValueError):
            continue
        return max(0.0, when.timestamp() - time.time())
    return None


def delay(attempt: int, headers: Mapping[str, str] | None = None) -> float:
    """How long to wait before retry `attempt` (0 for the first)."""
    asked = retry_after(headers or {})
    if asked is not None:
        return asked + random.uniform(0, min(1.0, asked * 0.1))
    return min(BACKOFF_CAP, BACKOFF_BASE * 2**attempt) * random.uniform(0.5, 1.0)
