"""`manage.py serve` (what `make run` starts): gunicorn and whitenoise with DEBUG off, the worker
beside them, HTTPS behind a proxy; `--dev` (what `make dev` starts): the reloading server."""

from __future__ import annotations

import os
import random
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest

ROOT = Path(__file__).resolve().parent.parent
pytestmark = pytest.mark.worker


def _free_port() -> int:
    """A free loopback port for a server in another process, below the kernel's ephemeral range:
    a port bound to 0 and let go can be handed, before that server binds it, to a connection or
    a port-0 server of this process or another (another pytest-xdist worker's), which the
    kernel never does with a port outside that range."""
    ephemeral = int(Path("/proc/sys/net/ipv4/ip_local_port_range").read_text().split()[0])
    while True:
        port = random.randrange(max(1024, ephemeral - 16384), ephemeral)
        with socket.socket() as sock:
            try:
                sock.bind(("127.0.0.1", port))
            except OSError:  # in use
                continue
            return port


def _children(pid: int) -> list[int]:
    out = subprocess.run(["ps", "-o", "pid=", "--ppid", str(pid)], capture_output=True, text=True)
    return [int(p) for p in out.stdout.split()]


def _descendants(pid: int) -> list[int]:
    found = []
    for child in _children(pid):
        found += [child, *_descendants(child)]
    return found


def _wait_for_descendants(pid: int, more_than: int, deadline: float) -> list[int]:
    """The process tree once it has grown past `more_than` (qcluster starts its pool late)."""
    found = _descendants(pid)
    while len(found) <= more_than and time.monotonic() < deadline:
        time.sleep(0.2)
        found = _descendants(pid)
    return found


def _cmdline(pid: int) -> list[str]:
    return Path(f"/proc/{pid}/cmdline").read_text().split("\0")


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    state = (
        Path(f"/proc/{pid}/stat").read_text().split()[2] if Path(f"/proc/{pid}").exists() else "X"
    )
    return state != "Z"


def _wait_for_login_page(url: str, deadline: float, **kwargs) -> httpx.Response:
    while time.monotonic() < deadline:
        try:
            return httpx.get(f"{url}/accounts/login/", timeout=2, **kwargs)
        except httpx.TransportError:
            time.sleep(0.3)
    raise AssertionError("the web server never answered")


@dataclass
class Serving:
    process: subprocess.Popen
    url: str
    data_dir: Path

    def web(self) -> int:
        """The web server's process: gunicorn's master, or runserver's reloader."""
        markers = ("gunicorn", "runserver")
        return next(
            pid
            for pid in _children(self.process.pid)
            if any(marker in _cmdline(pid) for marker in markers)
        )

    def stop(self) -> int:
        self.process.send_signal(signal.SIGTERM)
        return self.process.wait(timeout=30)


@pytest.fixture(scope="module")
def migrated(tmp_path_factory) -> Path:
    """A data directory with a migrated database, copied by each test (migrating takes a while)."""
    data_dir = tmp_path_factory.mktemp("migrated")
    env = {**os.environ, "DOSSIER_DATA_DIR": str(data_dir)}
    env.pop("DATABASE_URL", None)
    subprocess.run([sys.executable, "manage.py", "migrate", "-v0"], cwd=ROOT, env=env, check=True)
    return data_dir / "dossier.sqlite3"


@pytest.fixture
def start_serve(tmp_path, migrated) -> Iterator[Callable[..., Serving]]:
    """`manage.py serve ARGS` on a free port with a fresh database and extra environment."""
    started: list[subprocess.Popen] = []

    def start(*args: str, probe_headers: dict[str, str] | None = None, **extra: str) -> Serving:
        port = _free_port()
        shutil.copy(migrated, tmp_path / migrated.name)
        env = {**os.environ, "DOSSIER_DATA_DIR": str(tmp_path), **extra}
        env.pop("DATABASE_URL", None)
        with open(tmp_path / "serve.log", "a") as log:  # the children keep their own copy
            serve = subprocess.Popen(
                [sys.executable, "manage.py", "serve", "--port", str(port), *args],
                cwd=ROOT,
                env=env,
                stdout=log,
                stderr=subprocess.STDOUT,
            )
        started.append(serve)
        url = f"http://127.0.0.1:{port}"
        response = _wait_for_login_page(url, time.monotonic() + 60, headers=probe_headers)
        assert response.status_code == 200, response.text
        return Serving(serve, url, tmp_path)

    yield start
    for serve in started:
        if serve.poll() is None:
            serve.kill()  # its children get SIGTERM as their parent dies (PR_SET_PDEATHSIG)
            serve.wait()


def test_serve_runs_gunicorn_asgi_serving_the_site_and_mcp_and_the_worker_and_sigterm_stops_all(
    start_serve,
):
    serving = start_serve(WEB_WORKERS="1", WEB_THREADS="3")
    children = _children(serving.process.pid)
    assert len(children) == 2  # gunicorn and qcluster
    web = _cmdline(serving.web())
    assert web[web.index("--worker-class") + 1] == "asgi"
    assert web[web.index("--workers") + 1] == "1"
    assert "research_site.asgi:application" in web
    assert len(_children(serving.web())) == 1  # WEB_WORKERS gunicorn workers
    assert httpx.get(f"{serving.url}/accounts/login/").status_code == 200
    mcp = httpx.post(f"{serving.url}/mcp", json={"jsonrpc": "2.0", "id": 1, "method": "ping"})
    assert mcp.status_code == 401  # the MCP endpoint, beside the site, wants a token
    assert mcp.headers["www-authenticate"].startswith("Bearer")
    everything = _wait_for_descendants(serving.process.pid, 4, time.monotonic() + 60)
    assert len(everything) > 4  # gunicorn's worker, qcluster's pool
    assert serving.stop() == 0
    assert not [pid for pid in everything if _alive(pid)]


def test_whitenoise_serves_hashed_static_files_cached_for_ever_with_debug_off(start_serve):
    serving = start_serve(DEBUG="0")
    page = httpx.get(f"{serving.url}/accounts/login/").text
    match = re.search(r'"(/static/research/(app\.[0-9a-f]{12}\.css))"', page)
    assert match, "the page does not link the hashed stylesheet"
    hashed = httpx.get(f"{serving.url}{match.group(1)}")
    assert hashed.status_code == 200
    assert hashed.headers["cache-control"] == "max-age=315360000, public, immutable"
    collected = serving.data_dir / "staticfiles" / "research" / match.group(2)
    assert hashed.content == collected.read_bytes()
    plain = httpx.get(f"{serving.url}/static/research/app.css")
    assert plain.status_code == 200
    assert "immutable" not in plain.headers["cache-control"]
    assert httpx.get(f"{serving.url}/static/research/nothing.css").status_code == 404
    serving.stop()


def test_serve_stops_the_worker_when_the_web_server_dies(start_serve):
    serving = start_serve()
    everything = _wait_for_descendants(serving.process.pid, 4, time.monotonic() + 60)
    os.kill(serving.web(), signal.SIGKILL)
    assert serving.process.wait(timeout=30) != 0
    assert not [pid for pid in everything if _alive(pid)]


def test_serve_dev_runs_the_reloading_development_server_with_debug_on(start_serve):
    serving = start_serve("--dev", DEBUG="0")  # --dev turns DEBUG on for its children
    response = httpx.get(f"{serving.url}/accounts/login/")
    assert response.headers["server"].startswith("WSGIServer")
    assert '/static/research/app.css"' in response.text  # DEBUG names static files unhashed
    assert httpx.get(f"{serving.url}/static/research/app.css").status_code == 200
    assert len(_children(serving.web())) == 1  # the reloader runs the server in a child
    everything = _descendants(serving.process.pid)
    assert serving.stop() == 0
    assert not [pid for pid in everything if _alive(pid)]


def test_https_behind_a_tls_proxy_redirects_plain_http_and_sends_hsts(start_serve):
    proxied = {"X-Forwarded-Proto": "https"}
    serving = start_serve("--no-worker", probe_headers=proxied, HTTPS="1", TRUST_PROXY="1")
    assert len(_children(serving.process.pid)) == 1  # gunicorn only
    plain = httpx.get(f"{serving.url}/accounts/login/")
    assert plain.status_code == 301
    assert plain.headers["location"] == f"https://{serving.url[7:]}/accounts/login/"
    secure = httpx.get(f"{serving.url}/accounts/login/", headers=proxied)
    assert secure.status_code == 200
    hsts = secure.headers["strict-transport-security"]
    assert hsts == "max-age=31536000; includeSubDomains; preload"
    cookie = [part.strip().lower() for part in secure.headers["set-cookie"].split(";")]
    assert cookie[0].startswith("csrftoken=") and "secure" in cookie
    serving.stop()
