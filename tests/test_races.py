"""Races on a project's status: exactly one side wins, and nothing is left half done.

Each race is run in both orders with copies of the project read before either side acted (what
two members' pages, or a page and a worker, hold), then many times on two threads with their own
database connections, released at the same moment. The status door reports every transition it
lets through; a side that loses is refused with NotAllowed and changes nothing.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from functools import partial
from typing import Any

import pytest
from django.db import connections

from research.errors import NotAllowed
from research.models import (
    Project,
    ProjectStatus,
    Query,
    QueryStatus,
    StepRun,
    StepStatus,
    status_changed,
)
from research.pipeline.engine.registry import run_step
from research.services import runs
from tests.factories import (
    add_queries,
    add_report,
    add_sources,
    add_step,
    add_summary,
    make_project,
)

ROUNDS = 12
STAGGER = 0.004  # seconds: the step takes some tens of milliseconds
pytest_plugins = ["tests.api_fixtures"]

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def transitions() -> Iterator[list[tuple[int, ProjectStatus]]]:
    """Every status change the door lets through, in order: (project id, new status)."""
    seen: list[tuple[int, ProjectStatus]] = []

    def record(sender: Any, project_id: int, status: ProjectStatus, **kwargs: Any) -> None:
        seen.append((project_id, status))

    status_changed.connect(record, weak=False)
    yield seen
    status_changed.disconnect(record)


def race(*sides: Callable[[], Any]) -> list[Any]:
    """Run each side on its own thread and connection, released together; each one's result,
    or the exception it raised."""
    barrier = threading.Barrier(len(sides))
    outcomes: list[Any] = [None] * len(sides)

    def run(index: int, side: Callable[[], Any]) -> None:
        try:
            barrier.wait()
            outcomes[index] = side()
        except Exception as exc:  # the outcome under test
            outcomes[index] = exc
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=item) for item in enumerate(sides)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return outcomes


def after(seconds: float, action: Callable[[], Any]) -> Any:
    time.sleep(seconds)
    return action()


def changes(transitions: list, project: Project) -> list[ProjectStatus]:
    return [status for project_id, status in transitions if project_id == project.pk]


# --- Cancel against a step that is finishing ---------------------------------------------


def writing_project(member) -> tuple[Project, StepRun]:
    """A project whose last step, the check of its report's claims (which asks the model), is
    queued: when it finishes, the project is done."""
    project = make_project(member, status=ProjectStatus.WRITING, options={"reflection_rounds": 0})
    query = add_queries(project, 1)[0]
    Query.objects.fail(query.pk, "Search failed: the engine was down.")  # the scheduler skips it
    source = add_sources(project, 1)[0]
    add_summary(query, source)
    add_step(project, "ground")
    add_step(project, "plan")
    add_step(project, "report:auto:0")
    report = add_report(project, [source])
    key = f"claims:{report.pk}"
    return project, add_step(
        project, key, status=StepStatus.QUEUED, params={"report_id": report.pk}
    )


def assert_one_winner(project: Project, cancel_outcome: Any, transitions: list) -> None:
    project.refresh_from_db()
    won = changes(transitions, project)
    if isinstance(cancel_outcome, NotAllowed):  # the step finished first
        assert won == [ProjectStatus.DONE] and project.status == ProjectStatus.DONE
        assert project.reports.count() == 1
    else:
        assert won == [ProjectStatus.CANCELLED] and project.status == ProjectStatus.CANCELLED
        assert not project.steps.filter(status=StepStatus.QUEUED).exists()
    assert project.finished_at is not None


def test_a_cancel_after_the_last_step_finished_is_refused(member, world, transitions):
    project, report = writing_project(member)
    page = Project.objects.get(pk=project.pk)  # the member's page, read while it was writing
    assert run_step(report.pk) == "done"
    with pytest.raises(NotAllowed, match="already done"):
        runs.cancel(page, user=member)
    assert_one_winner(project, NotAllowed(""), transitions)


def test_a_step_that_finishes_after_a_cancel_leaves_the_project_cancelled(
    member, world, transitions
):
    """The member cancels while the last step's LLM call is in flight: the running step
    finishes (its claims are kept), and the project stays cancelled."""
    project, report = writing_project(member)
    page = Project.objects.get(pk=project.pk)
    answer = world.llm.responder

    def cancel_while_writing(request: dict) -> Any:
        try:
            runs.cancel(page, user=member)
        finally:
            connections.close_all()  # the fake server's thread
        return answer(request)

    world.llm.responder = cancel_while_writing
    assert run_step(report.pk) == "done"
    assert_one_winner(project, None, transitions)
    assert project.reports.get().claims.count() == 1


def test_a_step_delivered_after_a_cancel_does_not_run(member, world, transitions):
    project, report = writing_project(member)
    runs.cancel(Project.objects.get(pk=project.pk), user=member)
    assert run_step(report.pk).startswith("not claimable")
    assert world.llm.requests == []
    assert_one_winner(project, None, transitions)


def test_cancel_racing_a_finishing_step_has_one_winner(member, world, transitions):
    """The cancel is released a little later each round, so that it lands before, during and
    after the step's work (which side wins is not asserted: only that exactly one does)."""
    for round_ in range(ROUNDS):
        project, report = writing_project(member)
        page = Project.objects.get(pk=project.pk)
        cancel = partial(after, round_ * STAGGER, partial(runs.cancel, page, user=member))
        _, cancelled = race(partial(run_step, report.pk), cancel)
        assert isinstance(cancelled, NotAllowed | Project), cancelled
        assert_one_winner(project, cancelled, transitions)


# --- Resume against resume ---------------------------------------------------------------


def failed_project(member) -> tuple[Project, StepRun]:
    """A project that failed writing its report: resuming it queues the report again."""
    project = make_project(
        member, status=ProjectStatus.FAILED, options={"reflection_rounds": 0}, error="Boom."
    )
    add_step(project, "ground")
    add_step(project, "plan")
    return project, add_step(project, "report:auto:0", status=StepStatus.FAILED, error="Boom.")


def assert_resumed_once(project: Project, report: StepRun, outcomes: list, transitions) -> None:
    refused = [outcome for outcome in outcomes if isinstance(outcome, NotAllowed)]
    assert len(refused) == 1, outcomes
    assert changes(transitions, project) == [ProjectStatus.RESEARCHING]
    report.refresh_from_db()
    project.refresh_from_db()
    assert (report.status, report.attempt) == (StepStatus.QUEUED, 1)
    assert (project.status, project.error, project.finished_at) == (
        ProjectStatus.RESEARCHING,
        "",
        None,
    )


def test_a_second_resume_from_a_page_read_before_the_first_is_refused(
    member, llm_configured, transitions
):
    project, report = failed_project(member)
    first, second = Project.objects.get(pk=project.pk), Project.objects.get(pk=project.pk)
    runs.resume(first, user=member)
    with pytest.raises(NotAllowed, match="Only a failed or cancelled project can be resumed"):
        runs.resume(second, user=member)
    assert_resumed_once(project, report, [None, NotAllowed("")], transitions)


def test_two_resumes_at_once_resume_once(member, llm_configured, transitions):
    for _ in range(ROUNDS):
        project, report = failed_project(member)
        pages = [Project.objects.get(pk=project.pk) for _ in range(2)]
        outcomes = race(*(partial(runs.resume, page, user=member) for page in pages))
        assert_resumed_once(project, report, outcomes, transitions)


# --- A rerun against cancel --------------------------------------------------------------


def researching_project(member) -> tuple[Project, Query]:
    project = make_project(member, status=ProjectStatus.RESEARCHING)
    query = add_queries(project, 1)[0]
    Query.objects.filter(pk=query.pk).update(status=QueryStatus.DONE)
    return project, query


def assert_cancel_holds(project: Project, query: Query, rerun_outcome: Any, transitions) -> None:
    """Whichever the database ordered first: a rerun after the cancel is refused and changes
    nothing; a cancel after the rerun stops the rerun's work. Never a cancelled project that
    has work queued, nor a rerun that brings a cancelled project back."""
    project.refresh_from_db()
    query.refresh_from_db()
    won = changes(transitions, project)
    assert project.status == ProjectStatus.CANCELLED and won[-1] == ProjectStatus.CANCELLED
    assert not project.steps.filter(status=StepStatus.QUEUED).exists()
    if isinstance(rerun_outcome, NotAllowed):
        assert won == [ProjectStatus.CANCELLED]
        assert (query.generation, project.report_generation) == (0, 0)
    else:
        assert won == [ProjectStatus.RESEARCHING, ProjectStatus.CANCELLED]
        assert (query.generation, project.report_generation) == (1, 1)


def test_a_rerun_from_a_page_read_before_a_cancel_is_refused(member, llm_configured, transitions):
    project, query = researching_project(member)
    page = Query.objects.select_related("project").get(pk=query.pk)
    runs.cancel(Project.objects.get(pk=project.pk), user=member)
    with pytest.raises(NotAllowed, match="cancelled"):
        runs.rerun_query(page, user=member)
    assert_cancel_holds(project, query, NotAllowed(""), transitions)


def test_a_cancel_after_a_rerun_stops_the_rerun(member, llm_configured, transitions):
    project, query = researching_project(member)
    page = Project.objects.get(pk=project.pk)
    runs.rerun_query(Query.objects.select_related("project").get(pk=query.pk), user=member)
    runs.cancel(page, user=member)
    assert_cancel_holds(project, query, None, transitions)


def test_a_rerun_racing_a_cancel_never_revives_the_project(member, llm_configured, transitions):
    for _ in range(ROUNDS):
        project, query = researching_project(member)
        page = Project.objects.get(pk=project.pk)
        query_page = Query.objects.select_related("project").get(pk=query.pk)
        rerun, cancelled = race(
            partial(runs.rerun_query, query_page, user=member),
            partial(runs.cancel, page, user=member),
        )
        assert isinstance(cancelled, Project), cancelled
        assert_cancel_holds(project, query, rerun, transitions)
