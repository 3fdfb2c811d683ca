"""The trash in the API: DELETE moves a project there, GET /api/trash lists it, any member
restores it, and DELETE /api/trash/{id} deletes it for good (its owner or an admin)."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from research.models import ActivityAction, ActivityEntry, Project, ProjectStatus
from research.services.api_tokens import create_token
from tests.api_helpers import ApiClient
from tests.factories import make_project

pytest_plugins = ["tests.api_fixtures"]
pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fast_passwords")]


@pytest.fixture
def admin_api(db) -> ApiClient:
    admin = get_user_model().objects.create_user("carol", password="x" * 12, is_superuser=True)
    return ApiClient(create_token(user=admin, name="tests")[1])


def _ids(api: ApiClient, path: str, **params) -> list[int]:
    return [row["id"] for row in api.get(path, params).json()["items"]]


def test_delete_answers_that_the_project_is_in_the_trash_and_how_to_restore_it(
    other_api, finished_project, settings
):
    settings.TRASH_DAYS = 30
    response = other_api.delete(f"/api/projects/{finished_project.pk}")
    assert response.status_code == 200
    body = response.json()
    assert "Moved to the trash" in body["detail"] and "30 days" in body["detail"]
    assert f"/api/projects/{finished_project.pk}/restore" in body["detail"]
    assert body["project"]["deleted_by"] == "bob" and body["project"]["owner"] == "alice"
    assert body["project"]["days_left"] == 30
    assert body["project"]["can_purge"] is False  # bob does not own it


def test_a_project_in_the_trash_is_gone_from_lists_search_and_reads(api, finished_project):
    api.delete(f"/api/projects/{finished_project.pk}")
    pk = finished_project.pk
    assert _ids(api, "/api/projects") == []
    assert _ids(api, "/api/projects", q="SQLite") == []
    response = api.get(f"/api/projects/{pk}")
    assert response.status_code == 404
    assert "is in the trash: alice moved it there" in response.json()["detail"]
    query = finished_project.queries.first()
    source = finished_project.sources.first()
    assert query is not None and source is not None
    for path in (
        f"/api/projects/{pk}/queries",
        f"/api/projects/{pk}/sources",
        f"/api/projects/{pk}/report",
        f"/api/projects/{pk}/report/export?format=md",
        f"/api/projects/{pk}/steps",
        f"/api/queries/{query.pk}",
        f"/api/sources/{source.pk}",
        f"/api/notes?target=project:{pk}",
    ):
        assert api.get(path).status_code == 404, path


def test_a_project_in_the_trash_cannot_be_run_rerun_or_edited(api, member):
    project = make_project(member, status=ProjectStatus.FAILED)
    query = project.queries.create(text="wal")
    api.delete(f"/api/projects/{project.pk}")
    for path in (
        f"/api/projects/{project.pk}/resume",
        f"/api/projects/{project.pk}/report",
        f"/api/queries/{query.pk}/rerun",
    ):
        assert api.post(path).status_code == 404, path
    assert api.patch(f"/api/queries/{query.pk}", {"text": "new"}).status_code == 404
    assert api.delete(f"/api/projects/{project.pk}").status_code == 404
    project.refresh_from_db()
    assert project.status == ProjectStatus.FAILED and project.steps.count() == 0


def test_the_trash_lists_deleted_projects_with_who_when_and_whether_you_may_purge(
    api, other_api, member, other_member
):
    mine = make_project(member, question="mine")
    theirs = make_project(other_member, question="theirs")
    make_project(member, question="live")
    other_api.delete(f"/api/projects/{mine.pk}")
    api.delete(f"/api/projects/{theirs.pk}")
    body = api.get("/api/trash").json()
    assert body["count"] == 2
    rows = {row["question"]: row for row in body["items"]}
    assert [row["id"] for row in body["items"]] == [theirs.pk, mine.pk]
    assert rows["mine"]["deleted_by"] == "bob" and rows["mine"]["can_purge"] is True
    assert rows["theirs"]["deleted_by"] == "alice" and rows["theirs"]["can_purge"] is False
    assert rows["mine"]["purge_at"] > rows["mine"]["deleted_at"]


def test_any_member_restores_a_project(api, other_api, finished_project):
    api.delete(f"/api/projects/{finished_project.pk}")
    response = other_api.post(f"/api/projects/{finished_project.pk}/restore")
    assert response.status_code == 200
    assert response.json()["status"] == "done" and response.json()["counts"]["queries"] == 2
    assert _ids(api, "/api/projects") == [finished_project.pk]
    assert api.get("/api/trash").json()["count"] == 0
    assert other_api.post(f"/api/projects/{finished_project.pk}/restore").status_code == 404


def test_a_member_cannot_delete_another_members_project_for_good(other_api, finished_project):
    other_api.delete(f"/api/projects/{finished_project.pk}")
    response = other_api.delete(f"/api/trash/{finished_project.pk}")
    assert response.status_code == 403
    assert "owner (alice) or an admin" in response.json()["detail"]
    assert Project.objects.filter(pk=finished_project.pk).exists()


def test_the_owner_deletes_a_project_for_good(api, other_api, finished_project):
    other_api.delete(f"/api/projects/{finished_project.pk}")
    assert api.delete(f"/api/trash/{finished_project.pk}").status_code == 204
    assert not Project.objects.filter(pk=finished_project.pk).exists()
    purge = ActivityEntry.objects.purges().get()
    assert purge.project is None and purge.project_ref == finished_project.pk
    assert purge.actor is not None and purge.actor.get_username() == "alice"


def test_an_admin_deletes_any_project_for_good(admin_api, api, finished_project):
    api.delete(f"/api/projects/{finished_project.pk}")
    assert admin_api.get("/api/trash").json()["items"][0]["can_purge"] is True
    assert admin_api.delete(f"/api/trash/{finished_project.pk}").status_code == 204
    assert not Project.objects.exists()
    assert list(ActivityEntry.objects.values_list("action", flat=True)) == [
        ActivityAction.PURGED,
        ActivityAction.TRASHED,
    ]


def test_a_live_project_is_not_deleted_for_good(api, finished_project):
    response = api.delete(f"/api/trash/{finished_project.pk}")
    assert response.status_code == 404
    assert response.json()["detail"] == f"No project with id {finished_project.pk} in the trash."
    assert Project.objects.filter(pk=finished_project.pk).exists()
