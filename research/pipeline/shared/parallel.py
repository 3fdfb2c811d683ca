"""Work a step does on several items at once: a long page's parts, a report's sections, the
claims of each section, the pages read ahead. Each waits on the network, so threads overlap the
waits; the LLM and download slots still bound how many calls are in flight."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import TypeVar

from django.conf import settings
from django.db import connection

T = TypeVar("T")
R = TypeVar("R")


def at_once(work: Callable[[T], R], items: Sequence[T], *, limit: int | None = None) -> list[R]:
    """`work` on every item at the same time, at most `limit` threads (LLM_MAX_CONCURRENCY by
    default), the results in the items' order. A single item runs on the calling thread; each
    other thread closes its own database connection when its item is done. The first error
    raised is raised here, once every item has ended."""
    if len(items) < 2:
        return [work(item) for item in items]

    def own_thread(item: T) -> R:
        try:
            return work(item)
        finally:
            connection.close()

    threads = min(len(items), limit or settings.LLM_MAX_CONCURRENCY)
    with ThreadPoolExecutor(max_workers=threads) as pool:
        return list(pool.map(own_thread, items))
