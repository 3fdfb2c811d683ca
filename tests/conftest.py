"""Shared fixtures: members and a signed-in client. And the suite on pytest-xdist workers (the
pyproject's `-n auto --dist load`), each with its own data directory."""

from __future__ import annotations

import os
import socket
from collections.abc import Callable
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model

# --- Parallel runs (pytest-xdist) --------------------------------------------------------


@pytest.hookimpl(optionalhook=True)  # known to pytest when xdist is loaded
def pytest_xdist_auto_num_workers(config) -> int | None:
    """`-n auto`: no workers when the run names a single file (`-n 2` asks for them), which
    seldom gains what starting them costs; else xdist's count, one per CPU (or
    PYTEST_XDIST_AUTO_NUM_WORKERS)."""
    if os.environ.get("PYTEST_XDIST_AUTO_NUM_WORKERS"):
        return None
    files = {config.invocation_params.dir / arg.split("::")[0] for arg in config.args}
    if len(files) == 1 and next(iter(files)).is_file():
        return 0
    return None


@pytest.hookimpl(optionalhook=True)  # known to pytest when xdist is loaded
def pytest_xdist_newgateway(gateway) -> None:
    """In the controller, before a worker's pytest starts (and reads the settings): the worker's
    own data directory, `$DOSSIER_DATA_DIR/<worker id>` (gw0, gw1...), for its SQLite test
    database, library, figures, lock files, static files and faults log, and for the servers
    and django-q2 workers its tests start, which inherit its environment."""
    data_dir = os.path.join(os.environ["DOSSIER_DATA_DIR"], gateway.id)
    channel = gateway.remote_exec("import os\nos.environ['DOSSIER_DATA_DIR'] = channel.receive()")
    channel.send(data_dir)
    channel.waitclose()


def pytest_configure(config) -> None:
    """A worker refuses to run on a data directory that is not its own."""
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    if worker:
        from django.conf import settings

        if Path(settings.DATA_DIR).name != worker:
            raise pytest.UsageError(
                f"xdist worker {worker} has DATA_DIR {settings.DATA_DIR}, not its own: "
                "tests/conftest.py's pytest_xdist_newgateway did not run"
            )


# --- Shared fixtures ---------------------------------------------------------------------


@pytest.fixture(autouse=True, scope="session")
def static_files_without_collectstatic():
    """Pages render here without `collectstatic` (and the live server finds static files in
    static/), so the tests name static files as DEBUG does, unhashed. The hashed names and
    whitenoise are tested on the real server, after collectstatic, in test_serve.py."""
    from django.conf import settings
    from django.test import override_settings

    plain = {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"}
    with override_settings(STORAGES={**settings.STORAGES, "staticfiles": plain}):
        yield


@pytest.fixture
def member(db):
    return get_user_model().objects.create_user("alice", password="correct horse battery")


@pytest.fixture
def other_member(db):
    return get_user_model().objects.create_user("bob", password="correct horse battery")


@pytest.fixture
def member_client(client, member):
    client.force_login(member)
    return client


class Worker:
    """A real django-q2 cluster (`manage.py qcluster`) on the test database, in a subprocess."""

    def __init__(self, env: dict, log_path):
        import subprocess
        import sys
        from pathlib import Path

        root = Path(__file__).resolve().parent.parent
        self.log_path = log_path
        self._log = open(log_path, "a")  # noqa: SIM115 - closed in stop()
        self.process = subprocess.Popen(
            [sys.executable, "manage.py", "qcluster"],
            cwd=root,
            env=env,
            stdout=self._log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )

    def kill(self) -> None:
        """SIGKILL the whole cluster at once, as a crash or an OOM kill would; returns when
        every process of it is gone (its worker processes die a moment after its main one)."""
        import os
        import signal
        import time

        os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait()
        deadline = time.monotonic() + 10
        while self.group() and time.monotonic() < deadline:
            time.sleep(0.02)

    def group(self) -> list[int]:
        """The live processes of the cluster (its process group)."""
        from pathlib import Path

        pids = []
        for entry in Path("/proc").iterdir():
            if not entry.name.isdigit():
                continue
            try:
                status = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except (FileNotFoundError, ProcessLookupError):
                continue
            if int(status[2]) == self.process.pid and status[0] != "Z":
                pids.append(int(entry.name))
        return pids

    def stop(self) -> None:
        import os
        import signal
        import subprocess

        if self.process.poll() is None:
            # SIGTERM to the cluster's main process alone, as `manage.py serve` does: it stops
            # its workers itself (a SIGTERM to the whole group leaves django-q2 hanging).
            os.kill(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        if self.group():
            os.killpg(self.process.pid, signal.SIGKILL)
        self._log.close()


def _test_database_url(connection) -> str:
    """The URL of the database this test runs on, for a worker in another process."""
    db = connection.settings_dict
    if connection.vendor == "sqlite":
        return f"sqlite:///{db['NAME']}"
    from urllib.parse import quote

    auth = f"{quote(db['USER'])}:{quote(db['PASSWORD'])}@" if db["USER"] else ""
    return f"postgres://{auth}{db['HOST'] or 'localhost'}:{db['PORT'] or 5432}/{db['NAME']}"


@pytest.fixture
def start_worker(transactional_db, tmp_path, request):
    """Start workers with extra environment; all are stopped after the test."""
    import os

    from django.db import connection

    workers = []

    def start(**extra_env) -> Worker:
        env = {
            **os.environ,
            "DATABASE_URL": _test_database_url(connection),
            "WORKER_PROCESSES": "2",
            **(request.getfixturevalue("world").env if "world" in request.fixturenames else {}),
            **{k: str(v) for k, v in extra_env.items()},
        }
        worker = Worker(env, tmp_path / "qcluster.log")
        workers.append(worker)
        return worker

    yield start
    for worker in workers:
        worker.stop()


@pytest.fixture
def worker(start_worker):
    return start_worker()


# --- Loopback fakes of the outside world -------------------------------------------------


@pytest.fixture
def fake_web():
    from tests.fakes import FakeWeb

    with FakeWeb() as web:
        yield web


@pytest.fixture
def fake_searx(fake_web):
    from tests.fakes import FakeSearx

    with FakeSearx(page_base_url=fake_web.url) as searx:
        yield searx


@pytest.fixture
def fake_llm():
    from tests.fakes import FakeLLM
    from tests.fakes.researcher import Researcher

    with FakeLLM(responder=Researcher()) as llm:
        yield llm


@pytest.fixture
def world(settings, fake_llm, fake_searx, fake_web):
    """Settings pointing Dossier at the fakes; `world.env` does the same for a subprocess."""
    from types import SimpleNamespace

    from research.providers.llm.profile import PROFILES

    values = {
        "LLM_BASE_URL": f"{fake_llm.url}/v1",
        "LLM_API_KEY": "test-key",
        "LLM_MODEL": "fake-model",
        "LLM_FAST_MODEL": "fake-fast-model",
        "LLM_MAX_RETRIES": 2,
        "LLM_TIMEOUT": 10,
        "SEARCH_PROVIDER": "searxng",
        "SEARXNG_URL": fake_searx.url,
        "FETCH_ALLOW_HOSTS": ["127.0.0.1"],
    }
    for name, value in values.items():
        setattr(settings, name, value)
    settings.SEARCH_FAILOVER = []  # a failing fake engine fails as it is: no real engine after it
    PROFILES.forget()
    env = {k: ",".join(v) if isinstance(v, list) else str(v) for k, v in values.items()}
    env["SEARCH_FAILOVER"] = "none"
    return SimpleNamespace(llm=fake_llm, searx=fake_searx, web=fake_web, env=env)


@pytest.fixture
def dns(monkeypatch) -> Callable[..., None]:
    """`dns(name, *addresses)` makes the system resolver answer `name` with those addresses."""
    zone: dict[str, list[str]] = {}

    def getaddrinfo(host, port, *args, **kwargs):
        if host not in zone:
            raise socket.gaierror(socket.EAI_NONAME, "Name or service not known")
        answers: list[tuple[socket.AddressFamily, socket.SocketKind, int, str, tuple]] = []
        for address in zone[host]:
            if ":" in address:
                answers.append((socket.AF_INET6, socket.SOCK_STREAM, 6, "", (address, port, 0, 0)))
            else:
                answers.append((socket.AF_INET, socket.SOCK_STREAM, 6, "", (address, port)))
        return answers

    monkeypatch.setattr(socket, "getaddrinfo", getaddrinfo)

    def answer(name: str, *answers: str) -> None:
        zone[name] = list(answers)

    return answer
