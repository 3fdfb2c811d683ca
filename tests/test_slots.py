"""Fetch and search limits hold across worker processes, and a killed worker frees its slots."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from research.providers import slots

ROOT = Path(__file__).resolve().parent.parent

HOLDER = """
import json, sys, threading, time
import django
django.setup()
from research.providers import slots

def say(line):
    # One write per line: print() writes the text and its newline separately, so lines
    # from two threads could run together.
    sys.stdout.write(line + "\\n")
    sys.stdout.flush()

def hold():
    with slots.fetch_slot("Example.test"):
        start = time.time()
        say("held")
        time.sleep(float(sys.argv[2]))
        say(json.dumps([start, time.time()]))

threads = [threading.Thread(target=hold) for _ in range(int(sys.argv[1]))]
for thread in threads:
    thread.start()
for thread in threads:
    thread.join()
"""


def holders(tmp_path: Path, threads: int, seconds: float, **env: str) -> subprocess.Popen:
    environment = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "research_site.settings",
        "DOSSIER_DATA_DIR": str(tmp_path),
        "DEBUG": "1",
        **env,
    }
    return subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(threads), str(seconds)],
        cwd=ROOT,
        env=environment,
        stdout=subprocess.PIPE,
        text=True,
    )


def most_at_once(intervals: list[tuple[float, float]]) -> int:
    events = sorted([(start, 1) for start, _ in intervals] + [(end, -1) for _, end in intervals])
    running = peak = 0
    for _, change in events:
        running += change
        peak = max(peak, running)
    return peak


def test_two_worker_processes_share_the_per_host_limit(tmp_path):
    """Each process alone would let two of its three threads in; together only two may be."""
    processes = [holders(tmp_path, 3, 0.3, FETCH_MAX_PER_HOST="2") for _ in range(2)]
    intervals = []
    for process in processes:
        out, _ = process.communicate(timeout=60)
        assert process.returncode == 0
        intervals += [tuple(json.loads(line)) for line in out.splitlines() if line != "held"]
    assert len(intervals) == 6
    assert most_at_once(intervals) == 2


def test_a_killed_worker_frees_its_slot(tmp_path, settings):
    settings.DATA_DIR = tmp_path
    settings.FETCH_MAX_PER_HOST = 1
    process = holders(tmp_path, 1, 60, FETCH_MAX_PER_HOST="1")
    assert process.stdout is not None
    assert process.stdout.readline().strip() == "held"
    process.send_signal(signal.SIGKILL)
    process.wait(timeout=10)
    started = time.monotonic()
    with slots.fetch_slot("example.test"):
        waited = time.monotonic() - started
    assert waited < 5  # not the 60 s the killed holder meant to keep it


def test_a_long_lived_worker_keeps_no_semaphore_for_hosts_it_is_done_with(tmp_path, settings):
    settings.DATA_DIR = tmp_path
    for n in range(50):
        with slots.fetch_slot(f"host{n}.example"):
            pass
    assert not [key for key in slots._semaphores.keys() if key[0] == "fetch-host"]
