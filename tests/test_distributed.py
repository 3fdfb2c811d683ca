"""The distributed engine: two worker clusters sharing Redis and PostgreSQL, one killed mid-run.

Runs only with REDIS_URL set and DATABASE_URL on PostgreSQL, as `bash .ci/distributed` does
(it installs and starts both); otherwise it is skipped, saying so.
"""

from __future__ import annotations

import os
import socket

import pytest
from django.db import connection

from research.models import ProjectStatus, Stage, StepRun, StepStatus
from tests.test_worker_pipeline import _assert_no_duplicates, _start, settled, wait_for

pytestmark = [pytest.mark.worker, pytest.mark.distributed]


@pytest.fixture(autouse=True)
def _needs_redis_and_postgresql(transactional_db):
    if not os.environ.get("REDIS_URL") or connection.vendor != "postgresql":
        pytest.skip(
            "needs REDIS_URL and DATABASE_URL=postgres://...: run `bash .ci/distributed`, which "
            "installs and starts Redis and PostgreSQL"
        )


def _names(worker) -> set[str]:
    """host:pid of every process of a cluster, as the steps it claims record them."""
    host = socket.gethostname()
    return {f"{host}:{pid}" for pid in worker.group()}


def test_two_clusters_finish_four_projects_when_one_is_killed_mid_run(world, start_worker, member):
    world.llm.latency = 0.3
    # 4 threads a process, so that the four projects' steps spread over both clusters (at the
    # default 32, one process can take them all and the first cluster may never run a summary)
    quick = {"STEP_LEASE_SECONDS": 3, "WORKER_POLL_SECONDS": 0.5, "WORKER_THREADS": 4}
    doomed, survivor = start_worker(**quick), start_worker(**quick)
    projects = [_start(member) for _ in range(4)]
    doomed_names = set()

    def doomed_is_busy() -> bool:
        doomed_names.update(_names(doomed))
        running = StepRun.objects.filter(project__in=projects, status=StepStatus.RUNNING)
        return running.filter(claimed_by__in=doomed_names, stage="summarize").exists()

    wait_for(doomed_is_busy, 120, doomed, "the first cluster to run a summarise step")
    doomed.kill()
    interrupted = list(
        StepRun.objects.filter(
            project__in=projects, status=StepStatus.RUNNING, claimed_by__in=doomed_names
        ).values_list("pk", flat=True)
    )
    assert interrupted
    for project in projects:
        wait_for(lambda p=project: settled(p), 240, survivor, "every project to finish")
        assert project.status == ProjectStatus.DONE, project.error
        _assert_no_duplicates(project)
    # A read-ahead is waited for by nothing: the survivor may finish the project before the dead
    # cluster's lease on it runs out (it is then claimed again, and cancelled).
    redone = StepRun.objects.filter(pk__in=interrupted).exclude(stage=Stage.PREFETCH)
    states = [(s.key, s.status, s.attempt, s.claimed_by) for s in redone]
    assert all(
        status == StepStatus.DONE and attempt >= 2 and by not in doomed_names
        for _, status, attempt, by in states
    ), states
