"""The watchdog: no step or project stays running forever."""

from datetime import timedelta

import pytest
from django.utils import timezone
from django_q.models import OrmQ

from research.models import ProjectStatus, Query, Stage, StepRun, StepStatus
from research.pipeline.engine.sweeper import sweep
from tests.factories import make_project


@pytest.fixture
def project(member, world):
    return make_project(member, status=ProjectStatus.RESEARCHING, question="q", options={})


def test_a_step_whose_worker_died_every_time_fails_with_a_reason(project, settings):
    query = Query.objects.create(project=project, text="wal")
    long_ago = timezone.now() - timedelta(seconds=settings.Q_CLUSTER["retry"] + 60)
    step = StepRun.objects.create(
        project=project,
        stage=Stage.SEARCH,
        key="search:x",
        query=query,
        status=StepStatus.RUNNING,
        attempt=3,
        lease_until=long_ago,
    )
    sweep()
    step.refresh_from_db()
    assert step.status == StepStatus.FAILED
    assert "stopped responding 3 times" in step.error
    query.refresh_from_db()
    assert query.status == "failed"


def test_a_fatal_step_that_died_fails_the_project(project, settings):
    long_ago = timezone.now() - timedelta(seconds=settings.Q_CLUSTER["retry"] + 60)
    StepRun.objects.create(
        project=project,
        stage=Stage.PLAN,
        key="plan",
        status=StepStatus.RUNNING,
        attempt=3,
        lease_until=long_ago,
    )
    sweep()
    project.refresh_from_db()
    assert project.status == ProjectStatus.FAILED
    assert "Plan failed" in project.error


def test_a_step_still_within_its_retries_is_left_for_redelivery(project, settings):
    long_ago = timezone.now() - timedelta(seconds=settings.Q_CLUSTER["retry"] + 60)
    step = StepRun.objects.create(
        project=project,
        stage=Stage.PLAN,
        key="plan",
        status=StepStatus.RUNNING,
        attempt=1,
        lease_until=long_ago,
    )
    sweep()
    step.refresh_from_db()
    assert step.status == StepStatus.RUNNING


def test_a_forgotten_queued_step_is_dispatched_again(project, settings):
    step = StepRun.objects.create(project=project, stage=Stage.GROUND, key="ground")
    StepRun.objects.filter(pk=step.pk).update(
        created_at=timezone.now() - timedelta(seconds=settings.Q_CLUSTER["retry"] + 60)
    )
    before = OrmQ.objects.count()
    sweep()
    assert OrmQ.objects.count() == before + 1


def test_the_sweep_is_scheduled_every_minute(db):
    from django_q.models import Schedule

    schedule = Schedule.objects.get(name="dossier-sweep")
    assert (schedule.func, schedule.schedule_type, schedule.minutes) == (
        "research.tasks.sweep",
        "I",
        1,
    )


def test_a_refresh_whose_compare_step_died_fails_with_its_project_and_says_why(project, settings):
    from research.models import Refresh, RefreshStatus

    refresh = Refresh.objects.create(project=project)
    long_ago = timezone.now() - timedelta(seconds=settings.Q_CLUSTER["retry"] + 60)
    StepRun.objects.create(
        project=project,
        stage=Stage.CHANGES,
        key=f"changes:r{refresh.pk}",
        status=StepStatus.RUNNING,
        attempt=3,
        lease_until=long_ago,
        params={"refresh_id": refresh.pk},
    )
    sweep()
    project.refresh_from_db()
    refresh.refresh_from_db()
    assert project.status == ProjectStatus.FAILED
    assert "Compare with the last version failed" in project.error
    assert (refresh.status, refresh.changed) == (RefreshStatus.FAILED, None)
