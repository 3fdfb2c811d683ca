"""Crash recovery: SIGKILL the whole worker cluster mid-run, start a new one, and time it.

Starts the loopback fakes (300 ms a call) and a real worker cluster, and for each trial starts
two default projects, kills the cluster with SIGKILL at a random moment while steps run, starts
a new cluster at once, and prints: the seconds from the kill to the next finished step, the
seconds until every step the kill interrupted has finished again, the seconds until both
projects are done, and the duplicate rows found (sources, summaries, query links, reports).
The new cluster runs on the same machine, so it sees that the processes holding the
interrupted steps have ended and claims them at once; from another machine, STEP_LEASE_SECONDS
(default 30) would bound the wait. WORKER_TIMEOUT plays no part.

    .venv/bin/python bench/recovery.py [--trials 3]

It uses a throwaway SQLite file; BENCH_DATABASE_URL=postgres://... runs it on PostgreSQL.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# The project first, and not this folder: run as a script, bench/ would come first on the path,
# and bench/mcp.py would hide the mcp SDK that research/ imports.
sys.path[:] = [str(ROOT), *(p for p in sys.path if Path(p or ".").resolve() != ROOT / "bench")]

from bench.cluster import Cluster, wait_ready  # noqa: E402
from bench.pipeline import Fakes, configure  # noqa: E402


def start_projects(count: int, trial: int) -> list[int]:
    from django.contrib.auth import get_user_model

    from research.models import ProjectStatus
    from research.services import runs
    from tests.factories import make_project

    owner, _ = get_user_model().objects.get_or_create(username="bench")
    ids = []
    for n in range(count):
        question = f"How does SQLite WAL mode work? (trial {trial}, project {n})"
        project = make_project(owner, status=ProjectStatus.DRAFT, question=question)
        ids.append(runs.start(project, user=owner).pk)
    return ids


def duplicates(project_ids: list[int]) -> int:
    from django.db.models import Count

    from research.models import QuerySource, Report, Source, Summary

    found = 0
    for pk in project_ids:
        rows = [
            Source.objects.filter(project=pk).values("url"),
            Summary.objects.filter(query__project=pk).values("query", "source"),
            QuerySource.objects.filter(query__project=pk).values("query", "source"),
        ]
        found += sum(r.annotate(n=Count("pk")).filter(n__gt=1).count() for r in rows)
        found += max(0, Report.objects.filter(project=pk).count() - 1)
    return found


def until(predicate, timeout: float, what: str) -> float:
    started = time.monotonic()
    while not predicate():
        if time.monotonic() - started > timeout:
            raise SystemExit(f"timed out after {timeout} s waiting for {what}")
        time.sleep(0.05)
    return time.monotonic() - started


def trial(number: int, log: Path) -> tuple[float, float, float, int]:
    from django.utils import timezone

    from research.models import Project, ProjectStatus, StepRun, StepStatus

    cluster = Cluster(log)
    wait_ready(cluster)
    ids = start_projects(2, number)
    running = StepRun.objects.filter(project__in=ids, status=StepStatus.RUNNING)
    until(running.exists, 60, "a running step")
    time.sleep(random.uniform(0.0, 2.0))  # a random moment of the run
    interrupted = list(running.values_list("pk", flat=True))
    cluster.kill()
    killed_at = timezone.now()
    started = time.monotonic()
    replacement = Cluster(log)
    done_after_kill = StepRun.objects.filter(
        project__in=ids, status=StepStatus.DONE, finished_at__gt=killed_at
    )
    first = until(done_after_kill.exists, 300, "a step to finish after the kill")
    redone = StepRun.objects.filter(pk__in=interrupted).exclude(status=StepStatus.DONE)
    all_redone = (
        until(lambda: not redone.exists(), 300, "the interrupted steps") if interrupted else 0.0
    )
    left = Project.objects.filter(pk__in=ids, status__in=ProjectStatus.running())
    until(lambda: not left.exists(), 300, "the projects to finish")
    finished = time.monotonic() - started
    replacement.stop()
    failed = Project.objects.filter(pk__in=ids).exclude(status=ProjectStatus.DONE)
    for project in failed:
        raise SystemExit(f"project {project.pk} ended {project.status}: {project.error}")
    return first, all_redone, finished, duplicates(ids)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--trials", type=int, default=3)
    args = parser.parse_args()
    fakes = Fakes(llm=0.3, search=0.3, page=0.3)
    with tempfile.TemporaryDirectory() as data_dir:
        configure(fakes.urls, data_dir)
        from django.conf import settings

        print(
            f"STEP_LEASE_SECONDS {settings.STEP_LEASE_SECONDS}, WORKER_TIMEOUT "
            f"{settings.WORKER_TIMEOUT}, worker processes {settings.Q_CLUSTER['workers']}"
        )
        print(
            f"{'trial':>5} {'next step s':>11} {'interrupted redone s':>20} "
            f"{'done s':>7} {'dupes':>5}"
        )
        for number in range(1, args.trials + 1):
            first, redone, finished, dupes = trial(number, Path(data_dir) / "qcluster.log")
            print(f"{number:>5} {first:11.1f} {redone:20.1f} {finished:7.1f} {dupes:>5}")
    fakes.stop()


if __name__ == "__main__":
    main()
