"""Worker step pools: leases kept by a heartbeat, fair claims, and steps run side by side."""

from __future__ import annotations

import threading
import time
from datetime import timedelta

import pytest
from django.utils import timezone

from research.models import Project, ProjectStatus, Section, Stage, StepRun, StepStatus
from research.pipeline.engine import flow, registry, runner
from research.pipeline.engine.pool import PoolDispatcher, StepPool
from research.services import runs
from tests.factories import add_queries, add_sources, add_step, make_project


def _queued(project: Project, count: int, prefix: str = "search") -> list[StepRun]:
    return [
        add_step(project, f"{prefix}:{project.pk}.{n}", status=StepStatus.QUEUED, attempt=0)
        for n in range(count)
    ]


@pytest.fixture
def projects(member):
    return [
        make_project(member, status=ProjectStatus.RESEARCHING, question=f"q{n}", options={})
        for n in range(2)
    ]


def test_a_small_project_started_later_is_claimed_before_the_rest_of_a_big_one(projects):
    big, small = projects
    running = _queued(big, 8, "fetch")
    StepRun.objects.filter(pk__in=[s.pk for s in running]).update(
        status=StepStatus.RUNNING, lease_until=timezone.now() + timedelta(seconds=30)
    )
    waiting = _queued(big, 20)
    late = _queued(small, 2)
    order = runner.fair_order()
    assert order[:2] == [late[0].pk, late[1].pk]
    assert order[2:] == [step.pk for step in waiting]


def test_projects_with_nothing_running_take_turns(projects):
    first, second = projects
    a = _queued(first, 3)
    b = _queued(second, 3)
    assert runner.fair_order() == [a[0].pk, b[0].pk, a[1].pk, b[1].pk, a[2].pk, b[2].pk]


def test_within_a_project_a_later_stage_goes_first(projects):
    fetches = _queued(projects[0], 2, "fetch")
    summary = _queued(projects[0], 1, "summarize")[0]
    assert runner.fair_order() == [summary.pk, fetches[0].pk, fetches[1].pk]


def test_a_ranking_goes_before_the_read_ahead_made_beside_it(projects):
    """Nothing waits for a read-ahead; the ranking is on the way to the report."""
    search = _queued(projects[0], 1, "search")[0]
    prefetch = _queued(projects[0], 1, "prefetch")[0]
    rank = _queued(projects[0], 1, "rank")[0]
    assert runner.fair_order() == [rank.pk, prefetch.pk, search.pk]


def test_a_claim_with_steps_waiting_behind_it_asks_for_another_thread(projects):
    _queued(projects[0], 2)
    woken: list[int] = []
    first = runner.claim_next(more=lambda: woken.append(1))
    assert len(first) == 1
    assert woken == [1]
    second = runner.claim_next(more=lambda: woken.append(2))
    assert len(second) == 1
    assert woken == [1]  # it took the last one: no thread is woken for nothing
    assert runner.claim_next(more=lambda: woken.append(3)) == []
    assert woken == [1]
    runner.unclaim(first + second)  # this process's heartbeat holds no lease after the test


def test_one_claim_takes_a_step_for_each_idle_thread_in_the_fair_order(projects):
    first, second = projects
    a, b = _queued(first, 3), _queued(second, 2)
    taken = runner.claim_next(limit=3)
    assert [step.pk for step in taken] == [a[0].pk, b[0].pk, a[1].pk]
    assert all(step.status == StepStatus.RUNNING and step.attempt == 1 for step in taken)
    assert taken[0].project == first  # with what the stage reads, as a single claim has
    rest = runner.claim_next(limit=3)
    assert [step.pk for step in rest] == [b[1].pk, a[2].pk]
    runner.unclaim(taken + rest)


def test_steps_that_wait_for_a_search_slot_are_claimed_no_further_than_the_slots_left(
    projects, settings
):
    """A search claimed while this machine's search slots are all taken would hold a thread
    only to wait; searches running on another machine take none of this one's slots."""
    settings.SEARCH_MAX_CONCURRENCY = 2
    searches = _queued(projects[0], 4, "search")
    fetch = _queued(projects[1], 1, "fetch")[0]
    elsewhere = add_step(
        projects[1],
        "search:elsewhere",
        status=StepStatus.RUNNING,
        lease_until=timezone.now() + timedelta(seconds=30),
        claimed_by="another-machine:1",
    )
    first = runner.claim_next(limit=1, room=registry.room)
    assert [step.pk for step in first] == [searches[0].pk]
    taken = runner.claim_next(limit=5, room=registry.room)
    assert {step.pk for step in taken} == {fetch.pk, searches[1].pk}  # one slot was left
    assert runner.claim_next(limit=5, room=registry.room) == []
    runner.finish(first[0], StepStatus.DONE)  # its slot is free again
    [after] = runner.claim_next(limit=5, room=registry.room)
    assert after.pk == searches[2].pk
    assert runner.claim_next(limit=5) != []  # without a room, the last one too
    runner.unclaim([*taken, after])
    runner.finish(elsewhere, StepStatus.DONE)


def test_grounding_and_discovery_wait_for_the_same_search_slots(projects, settings):
    settings.SEARCH_MAX_CONCURRENCY = 1
    ground = add_step(projects[0], "ground", status=StepStatus.QUEUED, attempt=0)
    discover = add_step(projects[1], "discover:q1", status=StepStatus.QUEUED, attempt=0)
    [first] = runner.claim_next(limit=5, room=registry.room)
    assert first.pk in (ground.pk, discover.pk)
    assert runner.claim_next(limit=5, room=registry.room) == []  # the one slot is taken
    runner.unclaim([first])


@pytest.mark.django_db(transaction=True)
def test_a_burst_of_steps_runs_each_step_once_over_threads_that_claim_for_each_other(projects):
    """Threads that wait for another's claim and take the steps it claimed for them run every
    step exactly once, and leave none claimed."""
    steps = _queued(projects[0], 15, "fetch") + _queued(projects[1], 15, "summarize")
    ran: list[int] = []
    lock = threading.Lock()

    def run(step: StepRun) -> None:
        time.sleep(0.02)
        with lock:
            ran.append(step.pk)
        runner.finish(step, StepStatus.DONE)

    pool = StepPool(run, threads=6, poll=0.1)
    try:
        pool.wake()
        deadline = time.monotonic() + 60
        while len(ran) < len(steps) and time.monotonic() < deadline:
            time.sleep(0.05)
    finally:
        pool.stop()
    assert sorted(ran) == sorted(step.pk for step in steps)
    assert set(StepRun.objects.values_list("status", flat=True)) == {StepStatus.DONE}


def test_a_step_claimed_but_never_started_goes_back_to_the_queue_unspent(projects):
    _queued(projects[0], 1)
    [step] = runner.claim_next()
    runner.unclaim([step])
    step.refresh_from_db()
    assert (step.status, step.attempt, step.lease_until) == (StepStatus.QUEUED, 0, None)
    assert runner.claim(step.pk) is not None


def test_claim_next_takes_the_fairest_step_and_leases_it(projects, settings):
    big, small = projects
    _queued(big, 5)
    StepRun.objects.filter(project=big).update(created_at=timezone.now() - timedelta(minutes=1))
    late = _queued(small, 1)[0]
    StepRun.objects.filter(project=big).exclude(key__endswith=".4").update(
        status=StepStatus.RUNNING, lease_until=timezone.now() + timedelta(seconds=30)
    )
    [step] = runner.claim_next()
    assert step.pk == late.pk
    assert step.lease_until is not None
    lease = (step.lease_until - timezone.now()).total_seconds()
    assert settings.STEP_LEASE_SECONDS - 5 < lease <= settings.STEP_LEASE_SECONDS
    runner.finish(step, StepStatus.DONE)


def _columns(row) -> list[tuple[str, object, type]]:
    return [
        (f.attname, getattr(row, f.attname), type(getattr(row, f.attname)))
        for f in type(row)._meta.concrete_fields
    ]


def test_a_claimed_step_comes_with_its_project_and_targets_as_the_orm_reads_them(
    projects, django_assert_num_queries
):
    project = projects[0]
    Project.objects.filter(pk=project.pk).update(options={"depth": 3}, started_at=timezone.now())
    section = Section.objects.create(project=project, title="Costs", reflects=True)
    [query] = add_queries(project, 1, section)
    [source] = add_sources(project, 1)
    queued = add_step(
        project, "summarize:x", status=StepStatus.QUEUED, attempt=0, query=query, source=source
    )
    step = runner.claim(queued.pk)
    assert step is not None
    read = StepRun.objects.select_related("project", "query", "source", "section").get(pk=step.pk)

    with django_assert_num_queries(0):
        assert step.section is None
        pairs = [(step, read), (step.project, read.project), (step.query, read.query)]
        pairs.append((step.source, read.source))
    for claimed, orm in pairs:
        assert _columns(claimed) == _columns(orm)
    runner.finish(step, StepStatus.DONE)


def test_a_finished_step_adds_its_counters_to_earlier_attempts_and_keeps_its_detail(projects):
    queued = _queued(projects[0], 1)[0]
    StepRun.objects.filter(pk=queued.pk).update(tokens_prompt=5, llm_calls=1)
    step = runner.claim(queued.pk)
    assert step is not None
    counters = {"tokens_prompt": 7, "tokens_completion": 0, "llm_calls": 1}

    runner.finish(step, StepStatus.DONE, detail="from the page cache", counters=counters)

    done = StepRun.objects.get(pk=step.pk)
    assert (done.status, done.detail, done.error, done.lease_until) == (
        StepStatus.DONE,
        "from the page cache",
        "",
        None,
    )
    assert (done.tokens_prompt, done.tokens_completion, done.llm_calls) == (12, 0, 2)
    assert done.started_at is not None and done.finished_at is not None
    assert done.finished_at >= done.started_at
    with pytest.raises(ValueError, match="not a step counter"):
        runner.finish(step, StepStatus.DONE, counters={"attempt": 1})


class _Recorder:
    def __init__(self):
        self.step_ids: list[int] = []

    def dispatch(self, step_id: int) -> None:
        self.step_ids.append(step_id)


def test_the_steps_a_pass_asks_for_are_stored_as_the_orm_stores_them_and_only_new_ones_are_woken(
    projects, django_capture_on_commit_callbacks
):
    project, other = projects
    [query] = add_queries(project, 1)
    [source] = add_sources(project, 1)
    done = add_step(project, "search:old", status=StepStatus.DONE)
    plan = flow.Plan(project, {})
    plan.need(Stage.SEARCH, "search:old")  # made by an earlier pass, or another worker
    plan.need(Stage.FETCH, "fetch:new", query=query, source=source, params={"force": True})
    plan.ahead(Stage.PREFETCH, "prefetch:new", query=query)
    recorder, previous = _Recorder(), runner.current_dispatcher()
    runner.use_dispatcher(recorder)
    try:
        with django_capture_on_commit_callbacks(execute=True):
            plan.enqueue_missing()
    finally:
        runner.use_dispatcher(previous)

    new = {step.key: step for step in project.steps.exclude(pk=done.pk)}
    assert sorted(recorder.step_ids) == sorted(step.pk for step in new.values())
    assert set(new) == {"fetch:new", "prefetch:new"}
    assert StepRun.objects.get(pk=done.pk).status == StepStatus.DONE
    twin = StepRun.objects.create(
        project=other,
        stage=Stage.FETCH,
        key="fetch:new",
        query=query,
        source=source,
        params={"force": True},
    )
    skip = {"id", "project_id", "created_at"}
    assert [c for c in _columns(new["fetch:new"]) if c[0] not in skip] == [
        c for c in _columns(StepRun.objects.get(pk=twin.pk)) if c[0] not in skip
    ]
    assert abs(new["fetch:new"].created_at - twin.created_at) < timedelta(seconds=5)


def test_the_heartbeat_renews_the_lease_of_a_step_this_process_runs(projects):
    step = runner.claim(_queued(projects[0], 1)[0].pk)
    assert step is not None
    StepRun.objects.filter(pk=step.pk).update(lease_until=timezone.now() - timedelta(seconds=1))
    assert StepRun.objects.claimable().filter(pk=step.pk).exists()
    assert runner.leases.renew() >= 1
    assert not StepRun.objects.claimable().filter(pk=step.pk).exists()
    runner.finish(step, StepStatus.DONE)
    assert step.pk not in runner.leases.held()


def test_a_step_running_longer_than_worker_timeout_is_not_renewed(projects, settings):
    step = runner.claim(_queued(projects[0], 1)[0].pk)
    assert step is not None
    settings.WORKER_TIMEOUT = 0  # presumed stuck at once
    assert step.pk not in runner.leases.held()
    StepRun.objects.filter(pk=step.pk).update(lease_until=timezone.now() - timedelta(seconds=1))
    runner.leases.renew()
    assert StepRun.objects.claimable().filter(pk=step.pk).exists()
    runner.finish(step, StepStatus.DONE)


def test_the_outcome_of_an_attempt_that_lost_its_lease_is_ignored(projects):
    first = runner.claim(_queued(projects[0], 1)[0].pk)
    assert first is not None
    StepRun.objects.filter(pk=first.pk).update(lease_until=timezone.now() - timedelta(seconds=1))
    second = runner.claim(first.pk)
    assert second is not None and second.attempt == first.attempt + 1
    runner.finish(first, StepStatus.FAILED, "late outcome of the stalled attempt")
    second.refresh_from_db()
    assert second.status == StepStatus.RUNNING and second.error == ""
    runner.finish(second, StepStatus.DONE)
    second.refresh_from_db()
    assert second.status == StepStatus.DONE


def test_an_expired_lease_on_the_last_attempt_is_left_to_the_watchdog(projects, settings):
    step = add_step(
        projects[0],
        "search:last",
        status=StepStatus.RUNNING,
        attempt=settings.WORKER_MAX_ATTEMPTS,
        lease_until=timezone.now() - timedelta(seconds=1),
    )
    assert runner.claim(step.pk) is None
    assert list(StepRun.objects.expired()) == [step]


@pytest.mark.django_db(transaction=True)
def test_a_pool_runs_the_network_waits_of_a_project_side_by_side(world, member):
    world.llm.latency = 0.2
    world.web.latency = 0.2
    previous = runner.current_dispatcher()
    pool = StepPool(registry.run_claimed, threads=8, poll=0.1)
    try:
        runner.use_dispatcher(PoolDispatcher(pool))
        project = make_project(member, status=ProjectStatus.DRAFT, question="How does WAL work?")
        runs.start(project, user=member)
        deadline = time.monotonic() + 120
        while project.status in ProjectStatus.running() and time.monotonic() < deadline:
            time.sleep(0.2)
            project.refresh_from_db()
    finally:
        pool.stop()
        runner.use_dispatcher(previous)
    assert project.status == ProjectStatus.DONE, project.error
    assert world.llm.peak_concurrency > 1
    assert world.web.peak_concurrency > 1
    assert not StepRun.objects.filter(project=project).exclude(status=StepStatus.DONE).exists()
    assert Stage.REPORT in set(project.steps.values_list("stage", flat=True))


def test_the_fair_order_holds_exactly_the_steps_the_orm_calls_claimable(projects, settings):
    now = timezone.now()
    states = [
        (StepStatus.QUEUED, None, 0),
        (StepStatus.QUEUED, None, settings.WORKER_MAX_ATTEMPTS),  # resumed after failures
        (StepStatus.RUNNING, now + timedelta(seconds=30), 1),
        (StepStatus.RUNNING, now - timedelta(seconds=1), 1),
        (StepStatus.RUNNING, now - timedelta(seconds=1), settings.WORKER_MAX_ATTEMPTS),
        (StepStatus.DONE, None, 1),
        (StepStatus.FAILED, None, 1),
        (StepStatus.CANCELLED, None, 0),
    ]
    for project in projects:
        for n, (status, lease, attempt) in enumerate(states):
            add_step(project, f"s:{n}", status=status, lease_until=lease, attempt=attempt)
    claimable = set(StepRun.objects.claimable().values_list("pk", flat=True))
    assert len(claimable) == 3 * len(projects)
    assert set(runner.fair_order()) == claimable
    for step_id in StepRun.objects.exclude(pk__in=claimable).values_list("pk", flat=True):
        assert runner.claim(step_id) is None
    for step_id in claimable:
        step = runner.claim(step_id)
        assert step is not None and step.claimed_by == runner.worker_name()
        runner.finish(step, StepStatus.DONE)
