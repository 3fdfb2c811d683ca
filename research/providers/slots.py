"""Concurrency limits for outbound work, shared by every worker process on this machine.

Searches: SEARCH_MAX_CONCURRENCY at once. Fetches: FETCH_MAX_CONCURRENCY at once, and
FETCH_MAX_PER_HOST to any one host. MCP calls: each server's own `max_concurrency` (MCP_SERVERS)
to that server. (LLM calls have their own limit in providers/llm/.)

A slot is one of `limit` lock files under DATA_DIR/locks, held with `flock`: the kernel drops
it when its holder closes it or dies, so a killed worker never leaks a slot. Threads of one
process first queue on a semaphore of the same size, so only as many threads as there are
slots poll the files. Workers on other machines (a Redis broker) have their own DATA_DIR and
are not counted.
"""

from __future__ import annotations

import fcntl
import functools
import hashlib
import os
import random
import threading
import time
import weakref
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path

from django.conf import settings

POLL_SECONDS = (0.005, 0.02)  # between tries while every slot is taken (jittered)

_lock = threading.Lock()
# Weak values: a host's semaphore lives only while some thread holds or waits on it, so a
# long-lived worker does not keep one for every host it ever fetched from.
_semaphores: weakref.WeakValueDictionary[tuple[str, str, int], threading.BoundedSemaphore] = (
    weakref.WeakValueDictionary()
)

LIMITS = {
    "search": lambda: settings.SEARCH_MAX_CONCURRENCY,
    "fetch": lambda: settings.FETCH_MAX_CONCURRENCY,
    "fetch-host": lambda: settings.FETCH_MAX_PER_HOST,
}


def _semaphore(kind: str, key: str, limit: int) -> threading.BoundedSemaphore:
    with _lock:  # keyed by the limit too, so a changed setting takes effect
        semaphore = _semaphores.get((kind, key, limit))
        if semaphore is None:
            semaphore = _semaphores[(kind, key, limit)] = threading.BoundedSemaphore(limit)
        return semaphore


@functools.cache
def _locks_folder(data_dir: str) -> Path:
    folder = Path(data_dir) / "locks"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def _slot_files(kind: str, key: str, limit: int) -> list[Path]:
    folder = _locks_folder(str(settings.DATA_DIR))
    name = hashlib.sha256(key.encode()).hexdigest()[:16] if key else "all"
    return [folder / f"{kind}-{name}-{n}.lock" for n in range(limit)]


def _take_file(paths: list[Path]) -> int:
    """The descriptor of a lock file we now hold, waiting until one is free."""
    while True:
        for path in random.sample(paths, len(paths)):
            fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                return fd
            except BlockingIOError:
                os.close(fd)
        time.sleep(random.uniform(*POLL_SECONDS))


@contextmanager
def _slot(kind: str, key: str = "", size: int | None = None) -> Iterator[None]:
    limit = LIMITS[kind]() if size is None else size
    with _semaphore(kind, key, limit):
        fd = _take_file(_slot_files(kind, key, limit))
        try:
            yield
        finally:
            os.close(fd)  # closing releases the flock


def limit(kind: str) -> int:
    """How many of `kind`'s slots ("search", "fetch") this machine has."""
    return LIMITS[kind]()


@contextmanager
def search_slot() -> Iterator[None]:
    with _slot("search"):
        yield


@contextmanager
def one_download(url: str) -> Iterator[None]:
    """Threads of this process downloading the same address take turns, so the second finds
    the page the first stored in the page cache instead of downloading it again."""
    with _semaphore("download", url, 1):
        yield


@contextmanager
def fetch_slot(host: str) -> Iterator[None]:
    """The host's slot first: a fetch waiting for a busy host must not hold one of the
    FETCH_MAX_CONCURRENCY slots that fetches to other hosts could use meanwhile."""
    with ExitStack() as stack:
        stack.enter_context(_slot("fetch-host", host.lower()))
        stack.enter_context(_slot("fetch"))
        yield


@contextmanager
def mcp_slot(server: str, limit: int) -> Iterator[None]:
    """One of the `limit` calls at once that the MCP server `server` takes from this machine."""
    with _slot("mcp", server, limit):
        yield
