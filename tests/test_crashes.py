"""A native crash leaves every thread's traceback in DATA_DIR/faults.log, in any process that
starts Django, and /health/ and the LLM page say so."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from research.services.health import FAULTS_LOG

ROOT = Path(__file__).resolve().parent.parent
CRASH = """
import ctypes, threading, time, django
django.setup()
threading.Thread(target=time.sleep, args=(30,), name="reader", daemon=True).start()
ctypes.string_at(0)  # a NULL read: SIGSEGV, as lxml used by two threads at once gave
"""


def _crash(data_dir: Path) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONFAULTHANDLER"}
    env |= {"DJANGO_SETTINGS_MODULE": "research_site.settings", "DOSSIER_DATA_DIR": str(data_dir)}
    return subprocess.run(
        [sys.executable, "-c", CRASH], cwd=ROOT, env=env, capture_output=True, timeout=120
    )


@pytest.fixture
def crashed(tmp_path, settings) -> Path:
    result = _crash(tmp_path)
    assert result.returncode < 0, result.stderr.decode()  # killed by its signal
    settings.DATA_DIR = tmp_path
    return tmp_path / FAULTS_LOG


def test_a_process_that_crashes_natively_leaves_every_threads_traceback(crashed):
    log = crashed.read_text()
    assert "Fatal Python error: Segmentation fault" in log
    assert "string_at" in log and "Thread 0x" in log  # the crashing thread, and the others


def test_the_health_and_llm_pages_say_a_process_crashed(crashed, client, member):
    client.force_login(member)
    health = client.get("/health/").content.decode()
    assert "1 native crash recorded" in health and str(crashed) in health
    assert "1 native crash recorded" in client.get("/llm/").content.decode()


def test_without_a_crash_the_pages_say_nothing_of_one(client, member, settings, tmp_path):
    settings.DATA_DIR = tmp_path
    client.force_login(member)
    assert "none recorded" in client.get("/health/").content.decode()
    assert "native crash" not in client.get("/llm/").content.decode()
