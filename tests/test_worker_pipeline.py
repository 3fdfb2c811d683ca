"""Whole runs through the real worker (`manage.py qcluster`), including a crash mid-run."""

from __future__ import annotations

import time

import pytest
from django.db.models import Count

from research.models import (
    Project,
    ProjectStatus,
    Query,
    QuerySource,
    Report,
    Source,
    StepRun,
    StepStatus,
    Summary,
)
from research.pipeline import control
from tests.factories import make_project

pytestmark = pytest.mark.worker


def wait_for(predicate, timeout: float, worker, what: str):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(0.2)
    raise AssertionError(f"timed out waiting for {what}\n{worker.log_path.read_text()[-3000:]}")


def settled(project: Project) -> bool:
    project.refresh_from_db()
    return project.status not in ProjectStatus.running()


def _start(member, **options) -> Project:
    project = make_project(
        member,
        status=ProjectStatus.DRAFT,
        question="How does SQLite WAL mode work?",
        options=options,
    )
    return control.start(project, member)


def test_the_worker_runs_a_project_to_done(world, worker, member):
    project = _start(member)
    wait_for(lambda: settled(project), 120, worker, "the project to finish")
    assert project.status == ProjectStatus.DONE, project.error
    assert project.reports.filter(is_current=True).exists()
    assert not project.steps.exclude(status=StepStatus.DONE).exists()


def test_a_worker_killed_mid_run_loses_nothing_and_duplicates_nothing(world, start_worker, member):
    world.llm.latency = 0.3
    quick = {"WORKER_TIMEOUT": 4, "WORKER_RETRY": 6}
    first = start_worker(**quick)
    project = _start(member)
    running = lambda: StepRun.objects.filter(  # noqa: E731
        project=project, stage__in=["summarize", "rank"], status=StepStatus.RUNNING
    ).exists()
    wait_for(running, 120, first, "a summarise or rank step to be running")
    first.kill()
    interrupted = list(
        StepRun.objects.filter(project=project, status=StepStatus.RUNNING).values_list(
            "pk", flat=True
        )
    )
    assert interrupted
    second = start_worker(**quick)
    wait_for(lambda: settled(project), 180, second, "the project to finish after the crash")
    assert project.status == ProjectStatus.DONE, project.error
    redone = StepRun.objects.filter(pk__in=interrupted)
    assert all(step.status == StepStatus.DONE and step.attempt >= 2 for step in redone)
    assert Query.objects.filter(project=project).count() == 6
    assert Report.objects.filter(project=project).count() == 1
    urls = Source.objects.filter(project=project).values("url").annotate(n=Count("pk"))
    assert all(row["n"] == 1 for row in urls)
    pairs = Summary.objects.filter(query__project=project).values("query", "source")
    assert pairs.annotate(n=Count("pk")).filter(n__gt=1).count() == 0
    links = QuerySource.objects.filter(query__project=project).values("query", "source")
    assert links.annotate(n=Count("pk")).filter(n__gt=1).count() == 0
