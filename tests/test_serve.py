"""`manage.py serve` (what `make run` starts) runs the web server and the worker together."""

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

ROOT = Path(__file__).resolve().parent.parent
pytestmark = pytest.mark.worker


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _children(pid: int) -> list[int]:
    out = subprocess.run(["ps", "-o", "pid=", "--ppid", str(pid)], capture_output=True, text=True)
    return [int(p) for p in out.stdout.split()]


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    state = (
        Path(f"/proc/{pid}/stat").read_text().split()[2] if Path(f"/proc/{pid}").exists() else "X"
    )
    return state != "Z"


def _wait_for_login_page(port: int, deadline: float) -> httpx.Response:
    while time.monotonic() < deadline:
        try:
            return httpx.get(f"http://127.0.0.1:{port}/accounts/login/", timeout=2)
        except httpx.TransportError:
            time.sleep(0.3)
    raise AssertionError("the web server never answered")


@pytest.fixture
def serving(tmp_path):
    """`manage.py serve` on a free port with a fresh database; yields (process, children)."""
    port = _free_port()
    env = {**os.environ, "DOSSIER_DATA_DIR": str(tmp_path)}
    env.pop("DATABASE_URL", None)
    subprocess.run([sys.executable, "manage.py", "migrate", "-v0"], cwd=ROOT, env=env, check=True)
    serve = subprocess.Popen(
        [sys.executable, "manage.py", "serve", "--port", str(port)],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        response = _wait_for_login_page(port, time.monotonic() + 60)
        assert response.status_code == 200
        yield serve, _children(serve.pid)
    finally:
        if serve.poll() is None:
            serve.kill()


def test_serve_runs_web_and_worker_and_ctrl_c_stops_both(serving):
    serve, children = serving
    assert len(children) == 2  # runserver and qcluster
    serve.send_signal(signal.SIGINT)
    serve.wait(timeout=30)
    time.sleep(0.5)
    assert not [pid for pid in children if _alive(pid)]


def test_serve_stops_the_worker_when_the_web_server_dies(serving):
    serve, children = serving
    web = next(pid for pid in children if "runserver" in Path(f"/proc/{pid}/cmdline").read_text())
    os.kill(web, signal.SIGKILL)
    assert serve.wait(timeout=30) != 0
    time.sleep(0.5)
    assert not [pid for pid in children if _alive(pid)]
