"""Run the web server and the django-q2 worker together; Ctrl-C stops both.

The web server is gunicorn's asgi worker (WEB_WORKERS processes) serving research_site/asgi.py:
the site, after `collectstatic` so whitenoise serves the static files, and the MCP endpoint at
/mcp. With `--dev` it is Django's autoreloading development server instead, which serves the
site alone (the MCP server is there over stdio: `manage.py mcp`). `--no-worker` serves the web
only, for a machine whose workers run elsewhere (`manage.py qcluster`).

Each child runs in its own process group. When either exits, or this process gets SIGINT or
SIGTERM, each child is terminated, and what is left of its group killed after a grace period.
On Linux the children also get SIGTERM if this process dies without cleaning up
(PR_SET_PDEATHSIG).
"""

from __future__ import annotations

import ctypes
import os
import signal
import subprocess
import sys
import time

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand

PR_SET_PDEATHSIG = 1
GRACE_SECONDS = 10
MANAGE = str(settings.BASE_DIR / "manage.py")


def _die_with_parent() -> None:
    try:
        libc = ctypes.CDLL("libc.so.6", use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGTERM)
    except OSError:  # not Linux: the signal handlers below still stop the children
        pass


def _start(args: list[str], env: dict[str, str]) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, *args],
        cwd=settings.BASE_DIR,
        env=env,
        start_new_session=True,
        preexec_fn=_die_with_parent,
    )


def _stop(children: list[subprocess.Popen], grace: float = GRACE_SECONDS) -> None:
    """SIGTERM each child (it stops its own processes: gunicorn its workers, qcluster its
    pool; a signal to the whole group leaves qcluster waiting for the dead), then SIGKILL
    what is left of each group after the grace period."""
    for child in children:
        if child.poll() is None:
            child.send_signal(signal.SIGTERM)
    deadline = time.monotonic() + grace
    for child in children:
        try:
            child.wait(timeout=max(0.1, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            pass
        try:
            os.killpg(child.pid, signal.SIGKILL)
        except ProcessLookupError:  # the group is gone: nothing was left behind
            pass
        child.wait()


def _address(host: str, port: int) -> str:
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"


def gunicorn_args(host: str, port: int) -> list[str]:
    return [
        "-m",
        "gunicorn",
        "research_site.asgi:application",
        "--bind",
        _address(host, port),
        "--worker-class",
        "asgi",
        "--asgi-lifespan",
        "on",  # starts the MCP server's session manager
        "--workers",
        str(settings.WEB_WORKERS),
        "--graceful-timeout",
        str(GRACE_SECONDS - 2),
        "--access-logfile",
        "-",
        "--no-control-socket",  # one per user by default: two servers would share it
    ]


def runserver_args(host: str, port: int) -> list[str]:
    return [MANAGE, "runserver", _address(host, port)]


class Command(BaseCommand):
    help = (
        "Start the web server (gunicorn; --dev: the autoreloading development server) and the "
        "worker together; stopping one stops both."
    )

    def add_arguments(self, parser):
        parser.add_argument("--host", default="127.0.0.1")
        parser.add_argument("--port", type=int, default=8000)
        parser.add_argument(
            "--dev",
            action="store_true",
            help="Django's development server, reloading on edits, with DEBUG on",
        )
        parser.add_argument(
            "--no-worker", action="store_true", help="the web server only (workers run elsewhere)"
        )

    def handle(self, *args, host: str, port: int, dev: bool, no_worker: bool, **opts):
        stopping = False

        def on_signal(signum, frame):
            nonlocal stopping
            stopping = True

        signal.signal(signal.SIGINT, on_signal)
        signal.signal(signal.SIGTERM, on_signal)
        if not dev:
            call_command("collectstatic", interactive=False, verbosity=0)
        env = {**os.environ, "DEBUG": "1"} if dev else dict(os.environ)
        web = runserver_args(host, port) if dev else gunicorn_args(host, port)
        children = [_start(web, env)]
        if not no_worker:
            children.append(_start([MANAGE, "qcluster"], env))
        with_worker = "" if no_worker else " with a worker"
        self.stdout.write(
            f"Dossier on http://{_address(host, port)}/{with_worker}. Ctrl-C stops everything."
        )
        self.stdout.flush()  # before the children's logs, when this goes to a file
        try:
            while not stopping and all(child.poll() is None for child in children):
                time.sleep(0.2)
        finally:
            _stop(children)
        failed = [c for c in children if c.returncode not in (0, -signal.SIGTERM, None)]
        if failed and not stopping:
            raise SystemExit(1)
