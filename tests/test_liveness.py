"""A killed worker's steps on this machine are claimable at once, not when their leases end."""

from __future__ import annotations

import os
import subprocess
import sys
from datetime import timedelta

import pytest
from django.utils import timezone

from research.models import ProjectStatus, StepRun, StepStatus
from research.pipeline.engine import liveness, runner
from tests.factories import add_step, make_project

pytestmark = pytest.mark.skipif(not liveness.fingerprint(), reason="needs Linux's /proc")


@pytest.fixture
def project(member):
    return make_project(member, status=ProjectStatus.RESEARCHING, options={})


def _held_by(project, key: str, process: str) -> StepRun:
    return add_step(
        project,
        key,
        status=StepStatus.RUNNING,
        attempt=1,
        lease_until=timezone.now() + timedelta(seconds=600),
        claimed_process=process,
    )


def _ended_process() -> str:
    """The fingerprint of a real process of this machine that has ended and been reaped."""
    child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        process = liveness.fingerprint(child.pid)
    finally:
        child.kill()
        child.wait()
    assert process
    return process


def test_a_step_held_by_a_process_of_this_machine_that_ended_is_claimable_at_once(project):
    step = _held_by(project, "search:dead", _ended_process())
    assert not StepRun.objects.claimable().filter(pk=step.pk).exists()
    assert runner.release_dead_holders() == 1
    assert StepRun.objects.claimable().filter(pk=step.pk).exists()
    claimed = runner.claim(step.pk)
    assert claimed is not None and claimed.attempt == 2
    assert claimed.claimed_process == liveness.fingerprint()
    runner.finish(claimed, StepStatus.DONE)


def test_a_step_held_by_a_process_that_still_runs_keeps_its_lease(project):
    child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        mine = _held_by(project, "search:mine", liveness.fingerprint())
        theirs = _held_by(project, "search:theirs", liveness.fingerprint(child.pid))
        assert runner.release_dead_holders() == 0
        assert not StepRun.objects.claimable().filter(pk__in=[mine.pk, theirs.pk]).exists()
    finally:
        child.kill()
        child.wait()


def test_a_pid_now_used_by_a_later_process_counts_as_ended(project):
    boot, namespace, pid, start = liveness.fingerprint().split("/")
    earlier = f"{boot}/{namespace}/{pid}/{int(start) - 1}"
    step = _held_by(project, "search:reused", earlier)
    assert runner.release_dead_holders() == 1
    assert StepRun.objects.claimable().filter(pk=step.pk).exists()


@pytest.mark.parametrize(
    "elsewhere",
    [
        "another-boot-id/{namespace}/{pid}/1",  # another machine, or this one since rebooted
        "{boot}/pid:[1]/{pid}/1",  # another container's pid namespace: its pids are not ours
        "",  # claimed where /proc could not tell (off Linux), or before fingerprints existed
        "not a fingerprint",
    ],
)
def test_a_step_held_elsewhere_waits_for_its_lease(project, elsewhere):
    boot, namespace, _, _ = liveness.fingerprint().split("/")
    ended = _ended_process().split("/")[2]
    process = elsewhere.format(boot=boot, namespace=namespace, pid=ended)
    step = _held_by(project, "search:elsewhere", process)
    assert runner.release_dead_holders() == 0
    assert not StepRun.objects.claimable().filter(pk=step.pk).exists()


def test_a_fingerprint_names_this_machine_its_pid_namespace_and_this_process():
    boot, namespace, pid, start = liveness.fingerprint().split("/")
    assert boot == open("/proc/sys/kernel/random/boot_id").read().strip()
    assert namespace == os.readlink("/proc/self/ns/pid")
    assert int(pid) == os.getpid() and start.isdigit()
    assert not liveness.gone(liveness.fingerprint())
