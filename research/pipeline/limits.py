"""Per-process concurrency limits for outbound work, read from settings on first use.

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
_semaphores: dict[tuple[str, str], threading.BoundedSemaphore] = {}

LIMITS = {
    "search": lambda: settings.SEARCH_MAX_CONCURRENCY,
    "fetch": lambda: settings.FETCH_MAX_CONCURRENCY,
    "fetch-host": lambda: settings.FETCH_MAX_PER_HOST,
}


def _semaphore(kind: str, key: str = "") -> threading.BoundedSemaphore:
    with _lock:
        if (kind, key) not in _semaphores:
            _semaphores[(kind, key)] = threading.BoundedSemaphore(LIMITS[kind]())
        return _semaphores[(kind, key)]


@contextmanager
def search_slot() -> Iterator[None]:
    with _semaphore("search"):
        yield


@contextmanager
def fetch_slot(host: str) -> Iterator[None]:
    with ExitStack() as stack:
        stack.enter_context(_semaphore("fetch"))
        stack.enter_context(_semaphore("fetch-host", host.lower()))
        yield
