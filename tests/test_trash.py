"""The trash on the pages: deleting moves a project there, any member restores it, its owner or
an admin deletes it for good, and the watchdog task purges it after TRASH_DAYS; each goes to the
activity log."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.utils import timezone

from research import tasks
from research.errors import Forbidden, NotAllowed
from research.models import (
    ActivityAction,
    ActivityEntry,
    Note,
    Project,
    ProjectStatus,
    Query,
    Source,
    StepRun,
    StepStatus,
)
from research.services import trash
from tests.factories import add_queries, add_step, make_project

pytest_plugins = ["tests.api_fixtures"]
pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fast_passwords")]


def _client(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def bob(other_member) -> Client:
    return _client(other_member)


@pytest.fixture
def admin_user(db):
    return get_user_model().objects.create_user("carol", password="x" * 12, is_staff=True)


def _trashed(project: Project, user, days_ago: float = 0) -> Project:
    """`project` moved to the trash by `user`, `days_ago` days ago."""
    trash.trash(project, user=user)
    if days_ago:
        moment = timezone.now() - timedelta(days=days_ago)
        Project.objects.filter(pk=project.pk).update(deleted_at=moment)
    project.refresh_from_db()
    return project


# --- Moving to the trash -------------------------------------------------------------------


def test_deleting_another_members_project_moves_it_to_the_trash_keeping_every_row(
    bob, other_member, finished_project
):
    rows_before = (finished_project.queries.count(), finished_project.sources.count())
    response = bob.post(f"/projects/{finished_project.pk}/delete/", follow=True)
    assert "was moved to the trash" in response.content.decode()
    finished_project.refresh_from_db()
    assert finished_project.deleted_by == other_member
    assert finished_project.deleted_at is not None
    assert (finished_project.queries.count(), finished_project.sources.count()) == rows_before
    entry = ActivityEntry.objects.get()
    assert (entry.action, entry.actor, entry.project) == (
        ActivityAction.TRASHED,
        other_member,
        finished_project,
    )


def test_trashing_a_running_project_cancels_it_first_so_no_step_runs_on(member):
    project = make_project(member, status=ProjectStatus.RESEARCHING)
    queued = add_step(project, "search:1:0", status=StepStatus.QUEUED)
    trash.trash(project, user=member)
    project.refresh_from_db()
    queued.refresh_from_db()
    assert project.status == ProjectStatus.CANCELLED and project.in_trash
    assert queued.status == StepStatus.CANCELLED
    assert "cancelled first" in ActivityEntry.objects.get().detail


def test_a_project_in_the_trash_leaves_the_list_and_the_search(member_client, member):
    kept = make_project(member, question="WAL checkpoints kept")
    gone = _trashed(make_project(member, question="WAL checkpoints gone"), member)
    listed = member_client.get("/").content.decode()
    found = member_client.get("/", {"q": "checkpoints"}).content.decode()
    for page in (listed, found):
        assert f"/projects/{kept.pk}/" in page
        assert f"/projects/{gone.pk}/" not in page


def test_the_page_of_a_project_in_the_trash_says_who_moved_it_there_and_offers_restore(
    member_client, other_member, finished_project
):
    _trashed(finished_project, other_member)
    response = member_client.get(f"/projects/{finished_project.pk}/")
    page = response.content.decode()
    assert response.status_code == 404
    assert "This project is in the trash" in page and "bob moved it there" in page
    assert f'action="/projects/{finished_project.pk}/restore/"' in page
    assert "Delete for good" in page  # alice owns it


def test_the_pages_of_what_is_in_a_trashed_project_are_not_found(member_client, finished_project):
    query = finished_project.queries.first()
    source = finished_project.sources.first()
    assert query is not None and source is not None
    _trashed(finished_project, finished_project.owner)
    pk = finished_project.pk
    for path in (
        f"/projects/{pk}/sources/",
        f"/projects/{pk}/report/",
        f"/projects/{pk}/report/export.md",
        f"/projects/{pk}/review/",
        f"/projects/{pk}/progress/",
        f"/queries/{query.pk}/",
        f"/sources/{source.pk}/",
    ):
        assert member_client.get(path).status_code == 404, path


def test_a_project_in_the_trash_cannot_be_run_rerun_or_edited(member_client, member):
    project = _trashed(make_project(member, status=ProjectStatus.FAILED), member)
    query = add_queries(project, 1)[0]
    response = member_client.post(f"/projects/{project.pk}/resume/", follow=True)
    assert "is in the trash" in response.content.decode()
    response = member_client.post(f"/queries/{query.pk}/rerun/", follow=True)
    assert f"No query with id {query.pk}." in response.content.decode()
    member_client.post(f"/projects/{project.pk}/queries/add/", {"text": "more"})
    member_client.post("/notes/add/", {"target": f"project:{project.pk}", "text": "hi"})
    project.refresh_from_db()
    assert project.status == ProjectStatus.FAILED
    assert project.queries.count() == 1 and not Note.objects.exists()
    assert StepRun.objects.count() == 0


def test_the_status_door_does_not_move_a_project_in_the_trash(member):
    project = _trashed(make_project(member, status=ProjectStatus.FAILED), member)
    assert not Project.objects.transition(project.pk, ProjectStatus.RESEARCHING)
    assert not Project.objects.running().exists()


# --- Restore ---------------------------------------------------------------------------


def test_any_member_restores_a_project_as_it_was(bob, member, other_member, finished_project):
    _trashed(finished_project, member)
    response = bob.post(f"/projects/{finished_project.pk}/restore/", follow=True)
    page = response.content.decode()
    assert response.status_code == 200 and "was restored" in page
    finished_project.refresh_from_db()
    assert not finished_project.in_trash and finished_project.status == ProjectStatus.DONE
    actions = list(ActivityEntry.objects.order_by("at", "id").values_list("action", "actor"))
    assert actions == [
        (ActivityAction.TRASHED, member.pk),
        (ActivityAction.RESTORED, other_member.pk),
    ]
    assert "Restored from the trash by bob" in page  # the project page's activity log


def test_a_project_whose_days_in_the_trash_are_over_cannot_be_restored(member, settings):
    settings.TRASH_DAYS = 30
    project = _trashed(make_project(member), member, days_ago=31)
    with pytest.raises(NotAllowed, match="30 days"):
        trash.restore(project, user=member)


def test_restoring_a_project_that_is_not_in_the_trash_is_not_found(member_client, member):
    project = make_project(member)
    assert member_client.post(f"/projects/{project.pk}/restore/").status_code == 302
    assert not ActivityEntry.objects.exists()
    assert member_client.get(f"/projects/{project.pk}/").status_code == 200


# --- Delete for good ---------------------------------------------------------------------


def test_a_member_cannot_delete_another_members_project_for_good(
    bob, other_member, finished_project
):
    _trashed(finished_project, other_member)
    response = bob.post(f"/projects/{finished_project.pk}/purge/", follow=True)
    assert "owner (alice) or an admin can delete it for good" in response.content.decode()
    assert Project.objects.filter(pk=finished_project.pk).exists()
    with pytest.raises(Forbidden) as refused:
        trash.purge(finished_project, user=other_member)
    assert refused.value.http_status == 403


@pytest.mark.parametrize("who", ["owner", "admin"])
def test_the_owner_or_an_admin_deletes_a_project_for_good_and_the_log_keeps_it(
    who, member, admin_user, finished_project
):
    user = member if who == "owner" else admin_user
    _trashed(finished_project, member)
    pk, question = finished_project.pk, str(finished_project)
    response = _client(user).post(f"/projects/{pk}/purge/", follow=True)
    assert "was deleted for good" in response.content.decode()
    assert not Project.objects.filter(pk=pk).exists()
    assert not Query.objects.filter(project=pk).exists()
    assert not Source.objects.filter(project=pk).exists()
    purge = ActivityEntry.objects.purges().get()
    assert (purge.project, purge.project_ref, purge.project_label) == (None, pk, question)
    assert purge.actor == user
    assert ActivityEntry.objects.count() == 2  # the move to the trash is still there too


def test_a_project_with_a_step_still_finishing_is_not_deleted_for_good_yet(member):
    project = make_project(member, status=ProjectStatus.RESEARCHING)
    add_step(project, "search:1:0", status=StepStatus.RUNNING)
    _trashed(project, member)
    with pytest.raises(NotAllowed, match="still finishing"):
        trash.purge(project, user=member)
    assert Project.objects.filter(pk=project.pk).exists()


def test_a_live_project_is_not_deleted_for_good_from_the_trash_page(member_client, member):
    project = make_project(member)
    member_client.post(f"/projects/{project.pk}/purge/")
    assert Project.objects.filter(pk=project.pk).exists()


# --- The trash page ----------------------------------------------------------------------


def test_the_trash_lists_who_deleted_what_when_and_the_days_left(
    member_client, member, other_member, settings
):
    settings.TRASH_DAYS = 30
    mine = _trashed(make_project(member, question="mine"), other_member, days_ago=10)
    theirs = _trashed(make_project(other_member, question="theirs"), member, days_ago=1.5)
    make_project(member, question="still live")
    page = member_client.get("/trash/").content.decode()
    assert "still live" not in page
    mine_row = page.split(f'id="trashed-{mine.pk}"')[1].split("</tr>")[0]
    theirs_row = page.split(f'id="trashed-{theirs.pk}"')[1].split("</tr>")[0]
    assert "bob" in mine_row and ">20<" in mine_row and "Delete for good" in mine_row
    assert "alice" in theirs_row and ">29<" in theirs_row and "Delete for good" not in theirs_row
    assert page.index(f"trashed-{theirs.pk}") < page.index(f"trashed-{mine.pk}")  # newest first


def test_the_trash_page_lists_what_was_deleted_for_good(member_client, member):
    project = _trashed(make_project(member, question="An old question"), member)
    trash.purge(project, user=member)
    page = member_client.get("/trash/").content.decode()
    assert "The trash is empty" in page
    assert "An old question" in page.split('id="purged"')[1]


# --- Automatic purge ---------------------------------------------------------------------


def test_the_watchdog_task_purges_projects_in_the_trash_longer_than_trash_days(
    member, settings, finished_project
):
    settings.TRASH_DAYS = 30
    expired = _trashed(finished_project, member, days_ago=30.1)
    recent = _trashed(make_project(member, question="recent"), member, days_ago=29.9)
    pk = expired.pk
    assert "1 projects purged" in tasks.sweep()
    assert not Project.objects.filter(pk=pk).exists()
    assert Project.objects.filter(pk=recent.pk).exists()
    purge = ActivityEntry.objects.purges().get()
    assert purge.project_ref == pk and purge.actor is None
    assert purge.detail == "Automatic after 30 days in the trash."
    assert "0 projects purged" in tasks.sweep()


def test_the_trash_window_follows_the_setting(member, settings):
    settings.TRASH_DAYS = 2
    project = _trashed(make_project(member), member, days_ago=2.5)
    assert trash.days_left(project) == 0
    assert trash.purge_expired() == 1
    assert "after 2 days" in ActivityEntry.objects.purges().get().detail


def test_admins_read_the_activity_log_and_the_trashed_projects_in_the_admin(member):
    admin = get_user_model().objects.create_superuser("root", password="x" * 12)
    _trashed(make_project(member, question="in the admin"), member)
    client = _client(admin)
    log = client.get("/admin/research/activityentry/")
    assert log.status_code == 200 and "in the admin" in log.content.decode()
    listed = client.get("/admin/research/project/", {"deleted_at__isempty": "0"})
    assert listed.status_code == 200 and "in the admin" in listed.content.decode()


def test_deleting_in_the_django_admin_goes_through_the_trash_too(member):
    superuser = get_user_model().objects.create_superuser("root", password="x" * 12)
    client = _client(superuser)
    project = make_project(member, status=ProjectStatus.DONE, question="kept?")
    url = f"/admin/research/project/{project.pk}/delete/"
    client.post(url, {"post": "yes"})
    project.refresh_from_db()
    assert project.deleted_at is not None and project.deleted_by == superuser
    client.post(url, {"post": "yes"})
    assert not Project.objects.filter(pk=project.pk).exists()
    actions = list(ActivityEntry.objects.values_list("action", flat=True).order_by("pk"))
    assert actions == [ActivityAction.TRASHED, ActivityAction.PURGED]
