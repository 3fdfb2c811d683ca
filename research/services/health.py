"""Health checks: the database answers and a task round-trips through the worker queue."""

from __future__ import annotations

import secrets
import time
from dataclasses import dataclass

from django.db import connection
from django_q.tasks import async_task, fetch


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
