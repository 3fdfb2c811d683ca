"""Health checks: the database answers, a task round-trips through the worker queue, and no
process has crashed natively (faulthandler's log, research/apps.py)."""

from __future__ import annotations

import faulthandler
import secrets
import time
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import IO

from django.conf import settings
from django.db import connection
from django_q.tasks import async_task, fetch

FAULTS_LOG = "faults.log"  # under DATA_DIR: native crashes, every thread's Python traceback


@dataclass
class Check:
    name: str
    ok: bool
    detail: str


def check_database() -> Check:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
        return Check("database", True, connection.vendor)
    except Exception as exc:  # the point is to report any failure
        return Check("database", False, str(exc))


def check_worker(wait_seconds: float = 5.0) -> Check:
    """Enqueue a ping and wait for its result: proves a worker is consuming the queue."""
    token = secrets.token_hex(4)
    started = time.monotonic()
    task_id = async_task("research.tasks.ping", token, task_name=f"ping-{token}")
    while time.monotonic() - started < wait_seconds:
        task = fetch(task_id)
        if task is not None:
            elapsed = time.monotonic() - started
            if task.success and task.result == f"pong:{token}":
                return Check("worker", True, f"ping answered in {elapsed:.2f} s")
            return Check("worker", False, f"ping failed: {task.result}")
        time.sleep(0.1)
    return Check("worker", False, f"no worker answered a ping within {wait_seconds:.0f} s")


def native_crashes() -> str:
    """What faulthandler's log holds, in a line for people; "" when no process crashed."""
    path = Path(settings.DATA_DIR) / FAULTS_LOG
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except FileNotFoundError:
        return ""
    crashes = text.count("Fatal Python error")
    if not crashes:
        return ""
    when = datetime.fromtimestamp(path.stat().st_mtime, UTC).strftime("%Y-%m-%d %H:%M UTC")
    return (
        f"{crashes} native crash{'es' if crashes != 1 else ''} recorded, the last at {when}: "
        f"every thread's traceback is in {path}"
    )


def check_crashes() -> Check:
    found = native_crashes()
    return Check("native crashes", not found, found or "none recorded")


_faults: IO[str] | None = None


def record_native_crashes() -> None:
    """A crash in a C library (a segfault, an abort) kills the process before Python can say
    where it was: faulthandler writes every thread's traceback to DATA_DIR/faults.log instead,
    in every process that starts Django (the web server, the worker cluster and the processes
    it forks, the `research` command). /health/ and the LLM page say when the file holds one
    (`native_crashes`)."""
    global _faults
    if _faults is not None or faulthandler.is_enabled():  # PYTHONFAULTHANDLER, pytest: stderr
        return
    path = Path(settings.DATA_DIR) / FAULTS_LOG
    path.parent.mkdir(parents=True, exist_ok=True)
    _faults = path.open("a", encoding="utf-8")  # kept open: faulthandler writes to its fd
    faulthandler.enable(_faults, all_threads=True)
