"""A project's status changes through one door: Project.objects.transition."""

from __future__ import annotations

import pytest

from research.models import TRANSITIONS, Project, ProjectStatus
from tests.factories import make_project


@pytest.fixture
def project(member):
    return make_project(member, status=ProjectStatus.RESEARCHING)


def test_a_transition_wins_only_from_a_status_the_new_one_may_follow(project):
    assert Project.objects.transition(project.pk, ProjectStatus.WRITING)
    assert not Project.objects.transition(project.pk, ProjectStatus.AWAITING_REVIEW)
    assert Project.objects.get(pk=project.pk).status == ProjectStatus.WRITING


def test_a_transition_from_a_stale_status_loses(project):
    assert Project.objects.transition(project.pk, ProjectStatus.CANCELLED)
    moved = Project.objects.transition(
        project.pk, ProjectStatus.WRITING, only_from=[ProjectStatus.RESEARCHING]
    )
    assert not moved
    assert Project.objects.get(pk=project.pk).status == ProjectStatus.CANCELLED


def test_a_run_that_ends_cannot_end_the_next_one_begun_meanwhile_from_the_same_status(project):
    from datetime import timedelta

    from django.utils import timezone

    first = timezone.now() - timedelta(minutes=1)
    Project.objects.filter(pk=project.pk).update(started_at=first)
    # the first run is done, and a refresh starts the next one, researching again
    assert Project.objects.transition(project.pk, ProjectStatus.DONE, of_run=first)
    assert Project.objects.transition(
        project.pk, ProjectStatus.RESEARCHING, started_at=first + timedelta(seconds=30)
    )
    # a slow pass of the first run, which read it researching, ends nothing
    late = Project.objects.transition(
        project.pk, ProjectStatus.DONE, only_from=[ProjectStatus.RESEARCHING], of_run=first
    )
    assert not late
    assert Project.objects.get(pk=project.pk).status == ProjectStatus.RESEARCHING


def test_asking_for_a_transition_the_table_does_not_allow_is_a_bug(project):
    with pytest.raises(ValueError, match="cannot move to done from cancelled"):
        Project.objects.transition(
            project.pk, ProjectStatus.DONE, only_from=[ProjectStatus.CANCELLED]
        )


def test_nothing_moves_a_project_back_to_draft_or_out_of_it_but_start_and_cancel():
    assert TRANSITIONS[ProjectStatus.DRAFT] == frozenset()
    leaving_draft = {to for to, sources in TRANSITIONS.items() if ProjectStatus.DRAFT in sources}
    assert leaving_draft == {ProjectStatus.PLANNING, ProjectStatus.CANCELLED}


def test_an_update_that_writes_the_status_is_refused(project):
    with pytest.raises(TypeError, match="only through Project.objects.transition"):
        Project.objects.filter(pk=project.pk).update(status=ProjectStatus.DONE)
    Project.objects.filter(pk=project.pk).update(title="Still allowed")
    assert Project.objects.get(pk=project.pk).title == "Still allowed"


def test_saving_a_status_changed_in_memory_is_refused(project):
    project.status = ProjectStatus.DONE
    with pytest.raises(TypeError, match="only through Project.objects.transition"):
        project.save()
    assert Project.objects.get(pk=project.pk).status == ProjectStatus.RESEARCHING


def test_saving_an_old_copy_keeps_the_status_the_door_set(project):
    """A copy read before a cancel, saved afterwards, must not bring the old status back."""
    old_copy = Project.objects.get(pk=project.pk)
    Project.objects.transition(project.pk, ProjectStatus.CANCELLED)
    old_copy.title = "Renamed"
    old_copy.save()
    fresh = Project.objects.get(pk=project.pk)
    assert (fresh.title, fresh.status) == ("Renamed", ProjectStatus.CANCELLED)


def test_the_admin_edits_a_project_without_touching_its_status(admin_client, project):
    page = admin_client.get(f"/admin/research/project/{project.pk}/change/")
    assert page.status_code == 200 and 'name="status"' not in page.content.decode()
