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
from research.services import runs
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
    return runs.start(project, user=member)


def test_the_worker_runs_a_project_to_done(world, worker, member):
    project = _start(member)
    wait_for(lambda: settled(project), 120, worker, "the project to finish")
    assert project.status == ProjectStatus.DONE, project.error
    assert project.reports.filter(is_current=True).exists()
    assert not project.steps.exclude(status=StepStatus.DONE).exists()


def test_a_cluster_killed_mid_run_resumes_every_project_whatever_the_worker_timeout(
    world, start_worker, member, settings
):
    """SIGKILL of the whole cluster while steps run: once their leases (3 s here) run out, a new
    cluster claims them again, although WORKER_TIMEOUT stays at its default of 600 s."""
    world.llm.latency = 0.3
    quick = {"STEP_LEASE_SECONDS": 3, "WORKER_POLL_SECONDS": 0.5}
    assert settings.WORKER_TIMEOUT >= 600
    first = start_worker(**quick)
    projects = [_start(member), _start(member)]
    interrupted = _kill_mid_step(first, projects)
    second = start_worker(**quick)
    for project in projects:
        wait_for(
            lambda p=project: settled(p), 180, second, "the projects to finish after the crash"
        )
        assert project.status == ProjectStatus.DONE, project.error
        _assert_no_duplicates(project)
    redone = StepRun.objects.filter(pk__in=interrupted)
    states = [(s.key, s.status, s.attempt, s.claimed_by, s.error) for s in redone]
    assert all(status == StepStatus.DONE and attempt >= 2 for _, status, attempt, *_ in states), (
        states
    )


def test_a_cluster_killed_and_started_again_on_the_same_machine_resumes_without_the_leases(
    world, start_worker, member
):
    """The interrupted steps' leases (600 s here) would outlast the test: the new cluster sees
    that the processes holding them have ended and claims them at once."""
    world.llm.latency = 0.3
    held = {"STEP_LEASE_SECONDS": 600, "WORKER_POLL_SECONDS": 0.5}
    first = start_worker(**held)
    project = _start(member)
    interrupted = _kill_mid_step(first, [project])
    second = start_worker(**held)
    wait_for(lambda: settled(project), 180, second, "the project to finish after the crash")
    assert project.status == ProjectStatus.DONE, project.error
    _assert_no_duplicates(project)
    redone = StepRun.objects.filter(pk__in=interrupted)
    assert all(s.status == StepStatus.DONE and s.attempt == 2 for s in redone)


def _kill_mid_step(worker, projects: list[Project]) -> list[int]:
    """SIGKILL the whole cluster once a summarise or rank step of `projects` runs; the steps
    it left running."""
    running = StepRun.objects.filter(project__in=projects, status=StepStatus.RUNNING)
    busy = running.filter(stage__in=["summarize", "rank"])
    wait_for(busy.exists, 120, worker, "a summarise or rank step to be running")
    worker.kill()
    interrupted = list(running.values_list("pk", flat=True))
    assert interrupted
    return interrupted


def _assert_no_duplicates(project: Project) -> None:
    assert Query.objects.filter(project=project).count() == 6
    assert Report.objects.filter(project=project).count() == 1
    urls = Source.objects.filter(project=project).values("url").annotate(n=Count("pk"))
    assert all(row["n"] == 1 for row in urls)
    pairs = Summary.objects.filter(query__project=project).values("query", "source")
    assert pairs.annotate(n=Count("pk")).filter(n__gt=1).count() == 0
    links = QuerySource.objects.filter(query__project=project).values("query", "source")
    assert links.annotate(n=Count("pk")).filter(n__gt=1).count() == 0


def test_a_small_project_started_after_a_big_one_is_not_starved(world, start_worker, member):
    """One worker process with four threads: a 20-query project does not hold up a 1-query
    project started after it."""
    world.llm.latency = 0.2
    worker = start_worker(WORKER_PROCESSES=1, WORKER_THREADS=4)
    big = _start(member, queries=20, reflection_rounds=0)
    wait_for(
        lambda: StepRun.objects.filter(project=big, stage="search").count() >= 10,
        120,
        worker,
        "the big project's searches to be queued",
    )
    small = _start(member, queries=1, reflection_rounds=0)
    wait_for(lambda: settled(small), 180, worker, "the small project to finish")
    assert small.status == ProjectStatus.DONE, small.error
    big.refresh_from_db()
    assert big.status in ProjectStatus.running(), "the small project waited for the big one"
    wait_for(lambda: settled(big), 240, worker, "the big project to finish")
    assert big.status == ProjectStatus.DONE, big.error


def test_one_worker_process_killed_mid_step_is_replaced_and_its_step_redone(
    world, start_worker, member
):
    import os
    import signal

    world.llm.latency = 1.5  # a summary runs far longer than the moment between seeing and killing
    worker = start_worker(STEP_LEASE_SECONDS=3, WORKER_POLL_SECONDS=0.5)
    project = _start(member)
    summarizing = StepRun.objects.filter(project=project, stage="summarize", status="running")
    step = wait_for(summarizing.first, 120, worker, "a summarise step to be running")
    pid = int(step.claimed_by.rsplit(":", 1)[1])
    assert pid in worker.group() and pid != worker.process.pid
    os.kill(pid, signal.SIGKILL)
    wait_for(lambda: settled(project), 180, worker, "the project to finish")
    assert project.status == ProjectStatus.DONE, project.error
    step.refresh_from_db()
    assert step.status == StepStatus.DONE and step.attempt >= 2
    assert step.claimed_by != f"{step.claimed_by.rsplit(':', 1)[0]}:{pid}"
    _assert_no_duplicates(project)


def test_a_worker_stopped_gracefully_finishes_its_running_steps_first(world, start_worker, member):
    """SIGTERM (a deploy, a restart): the running steps end as they would have, not by their
    leases running out; another cluster then carries the project on."""
    world.llm.latency = 1.5
    first = start_worker(STEP_LEASE_SECONDS=3, WORKER_POLL_SECONDS=0.5)
    project = _start(member)
    summarizing = StepRun.objects.filter(project=project, stage="summarize", status="running")
    step = wait_for(summarizing.first, 120, first, "a summarise step to be running")
    first.stop()
    step.refresh_from_db()
    assert step.status == StepStatus.DONE and step.attempt == 1, (step.status, step.error)
    second = start_worker(STEP_LEASE_SECONDS=3, WORKER_POLL_SECONDS=0.5)
    wait_for(lambda: settled(project), 180, second, "the project to finish")
    assert project.status == ProjectStatus.DONE, project.error
    _assert_no_duplicates(project)


def _answered(question_id: int, rounds: int = 1):
    from research.models import Question

    question = Question.objects.get(pk=question_id)
    return question if question.rounds == rounds and not question.is_open else None


def test_the_worker_answers_a_follow_up_question_from_the_stored_sources(world, worker, member):
    from research.services import questions

    project = _start(member)
    wait_for(lambda: settled(project), 120, worker, "the project to finish")
    asked = questions.ask(project, text="How do checkpoints work in WAL mode?", user=member)
    question = wait_for(lambda: _answered(asked.pk), 60, worker, "the answer")
    assert (question.status, question.covered) == ("done", True), question.error
    numbers = dict(project.sources.values_list("n", "pk"))
    assert question.citations and all(numbers[c["n"]] == c["source_id"] for c in question.citations)


def test_the_worker_researches_an_uncovered_question_and_answers_it_again(world, worker, member):
    from research.services import questions

    project = _start(member)
    wait_for(lambda: settled(project), 120, worker, "the project to finish")
    versions = project.reports.count()
    text = "What do beekeepers feed honeybees during winter?"
    asked = questions.ask(project, text=text, user=member)
    question = wait_for(lambda: _answered(asked.pk), 60, worker, "the first answer")
    assert question.covered is False
    questions.research(question, user=member)
    question = wait_for(lambda: _answered(asked.pk, rounds=2), 120, worker, "the second answer")
    assert (question.status, question.covered) == ("done", True), question.error
    project.refresh_from_db()
    assert project.status == ProjectStatus.DONE and project.reports.count() == versions
    assert question.section is not None and question.section.queries.exists()


def _refreshed(project: Project):
    from research.models import Refresh

    last = Refresh.objects.filter(project=project).first()
    return last if last is not None and last.status != "running" else None


def test_the_worker_refreshes_a_project_where_nothing_changed_without_a_new_version(
    world, worker, member
):
    from research.models import ActivityEntry
    from research.services import refreshes

    project = _start(member)
    wait_for(lambda: settled(project), 120, worker, "the project to finish")
    summaries = world.llm.responder.kinds.count("ChunkSummary")
    refreshes.start_refresh(project, user=member)
    done = wait_for(lambda: _refreshed(project), 120, worker, "the refresh")
    steps = project.steps.order_by("pk").values_list("key", "status", "started_at", "finished_at")
    said = "\n".join(f"{key} {status} {start} {end}" for key, status, start, end in steps)
    assert (done.status, done.changed) == ("done", False), f"{done.finished_at}\n{said}"
    assert project.reports.count() == 1
    assert world.llm.responder.kinds.count("ChunkSummary") == summaries
    assert ActivityEntry.objects.filter(project=project, action="refreshed").count() == 1


def test_the_worker_refreshes_a_project_where_one_page_changed_into_a_version_saying_so(
    world, worker, member
):
    from research.services import refreshes
    from tests.fakes.web import article, render_article

    project = _start(member)
    wait_for(lambda: settled(project), 120, worker, "the project to finish")
    cited = project.reports.get().cited_sources.order_by("n")[0]
    world.web.add("/" + cited.url.split("/", 3)[3], render_article(article("tidal-power")).encode())
    refreshes.start_refresh(project, user=member)
    done = wait_for(lambda: _refreshed(project), 120, worker, "the refresh")
    assert (done.status, done.changed) == ("done", True)
    report = project.reports.get(is_current=True)
    assert report.version == 2 and "## What changed since v1" in report.markdown
    assert f"[{cited.n}]" in report.markdown.split("### Changed sources (1)")[1]
