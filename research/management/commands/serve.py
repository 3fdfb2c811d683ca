"""Run the web server and the django-q2 worker together; Ctrl-C stops both.

Each child runs in its own process group. When either exits, or this process gets SIGINT or
SIGTERM, the other group is terminated (then killed after a grace period). On Linux the
children also get SIGTERM if this process dies without cleaning up (PR_SET_PDEATHSIG).
"""

from __future__ import annotations

import ctypes
import os
import signal
import subprocess
import sys
import time

from django.core.management.base import BaseCommand

PR_SET_PDEATHSIG = 1


def _die_with_parent() -> None:
    try:
        libc = ctypes.CDLL("libc.so.6", use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGTERM)
    except OSError:  # not Linux: the signal handlers below still stop the children
        pass


def _start(args: list[str]) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "manage.py", *args], start_new_session=True, preexec_fn=_die_with_parent
    )


def _stop(children: list[subprocess.Popen], grace: float = 10.0) -> None:
    for child in children:
        if child.poll() is None:
            os.killpg(child.pid, signal.SIGTERM)
    deadline = time.monotonic() + grace
    for child in children:
        try:
            child.wait(timeout=max(0.1, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            os.killpg(child.pid, signal.SIGKILL)
            child.wait()


class Command(BaseCommand):
    help = "Start the web server and the worker together; stopping one stops both."

    def add_arguments(self, parser):
        parser.add_argument("--host", default="127.0.0.1")
        parser.add_argument("--port", type=int, default=8000)

    def handle(self, *args, host: str, port: int, **opts):
        stopping = False

        def on_signal(signum, frame):
            nonlocal stopping
            stopping = True

        signal.signal(signal.SIGINT, on_signal)
        signal.signal(signal.SIGTERM, on_signal)
        children = [
            _start(["runserver", "--noreload", f"{host}:{port}"]),
            _start(["qcluster"]),
        ]
        self.stdout.write(f"Dossier on http://{host}:{port}/ with a worker. Ctrl-C stops both.")
        try:
            while not stopping and all(child.poll() is None for child in children):
                time.sleep(0.2)
        finally:
            _stop(children)
        failed = [c for c in children if c.returncode not in (0, -signal.SIGTERM, None)]
        if failed and not stopping:
            raise SystemExit(1)
