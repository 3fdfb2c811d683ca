"""Per-process concurrency limits for outbound work, read from settings.

Searches: SEARCH_MAX_CONCURRENCY at once. Fetches: FETCH_MAX_CONCURRENCY at once, and
FETCH_MAX_PER_HOST to any one host. (LLM calls have their own limit in providers/llm.py.)
Across worker processes, WORKER_PROCESSES bounds the number of steps running at all.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager

from django.conf import settings

_lock = threading.Lock()
_semaphores: dict[tuple[str, str, int], threading.BoundedSemaphore] = {}

LIMITS = {
    "search": lambda: settings.SEARCH_MAX_CONCURRENCY,
    "fetch": lambda: settings.FETCH_MAX_CONCURRENCY,
    "fetch-host": lambda: settings.FETCH_MAX_PER_HOST,
}


def _semaphore(kind: str, key: str = "") -> threading.BoundedSemaphore:
    limit = LIMITS[kind]()
    with _lock:  # keyed by the limit too, so a changed setting takes effect
        if (kind, key, limit) not in _semaphores:
            _semaphores[(kind, key, limit)] = threading.BoundedSemaphore(limit)
        return _semaphores[(kind, key, limit)]


@contextmanager
def search_slot() -> Iterator[None]:
    with _semaphore("search"):
        yield


@contextmanager
def fetch_slot(host: str) -> Iterator[None]:
    """The host's slot first: a fetch waiting for a busy host must not hold one of the
    FETCH_MAX_CONCURRENCY slots that fetches to other hosts could use meanwhile."""
    with ExitStack() as stack:
        stack.enter_context(_semaphore("fetch-host", host.lower()))
        stack.enter_context(_semaphore("fetch"))
        yield
