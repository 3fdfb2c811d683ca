"""Shared fixtures: members and a signed-in client."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model


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


@pytest.fixture
def worker(transactional_db, tmp_path):
    """The real django-q2 worker (`manage.py qcluster`) on the test database, in a subprocess."""
    import os
    import signal
    import subprocess
    import sys
    from pathlib import Path

    from django.db import connection

    root = Path(__file__).resolve().parent.parent
    env = {
        **os.environ,
        "DATABASE_URL": f"sqlite:///{connection.settings_dict['NAME']}",
        "WORKER_PROCESSES": "2",
    }
    log = open(tmp_path / "qcluster.log", "w")  # noqa: SIM115 - closed below
    process = subprocess.Popen(
        [sys.executable, "manage.py", "qcluster"],
        cwd=root,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    process.log_path = tmp_path / "qcluster.log"
    try:
        yield process
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGTERM)
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait()
        log.close()
