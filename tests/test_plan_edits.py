"""Every edit of a project's plan, on the pages or through the API, reaches the project's
activity log with the member who made it."""

from __future__ import annotations

from research.models import ActivityAction, ActivityEntry, ProjectStatus, Query, Section
from research.services.api_tokens import create_token
from tests.api_helpers import ApiClient
from tests.factories import make_project


def _log(project) -> list[tuple[str, str]]:
    entries = ActivityEntry.objects.filter(project=project, action=ActivityAction.PLAN_EDITED)
    return [(entry.actor.get_username(), entry.detail) for entry in entries.order_by("at", "id")]


def test_each_edit_of_the_plan_on_the_pages_is_logged_with_its_author(member, member_client):
    project = make_project(member, status=ProjectStatus.AWAITING_REVIEW)
    base = f"/projects/{project.pk}"
    member_client.post(f"{base}/sections/add/", {"title": "Costs", "goal": "What it costs"})
    costs = Section.objects.get(project=project, title="Costs")
    member_client.post(f"{base}/sections/add/", {"title": "History"})
    member_client.post(
        f"{base}/sections/edit/",
        {"section": costs.pk, "title": "Running costs", "goal": "", "analysis": "1"},
    )
    assert Section.objects.get(pk=costs.pk).analysis is True
    member_client.post(f"{base}/sections/down/", {"section": costs.pk})
    member_client.post(f"{base}/queries/add/", {"text": "heat pump prices", "section": costs.pk})
    query = Query.objects.get(project=project, text="heat pump prices")
    member_client.post(f"/queries/{query.pk}/edit/", {"text": "heat pump prices 2026"})
    member_client.post(f"/queries/{query.pk}/delete/")
    member_client.post(f"{base}/sections/delete/", {"section": costs.pk})

    assert _log(project) == [
        ("alice", "Added the section “Costs”."),
        ("alice", "Added the section “History”."),
        ("alice", "Changed the title, goal and analysis mark of the section “Costs”."),
        ("alice", "Moved the section “Running costs” down."),
        ("alice", "Added the query “heat pump prices” to the section “Running costs”."),
        ("alice", "Changed the query “heat pump prices” to “heat pump prices 2026”."),
        ("alice", "Deleted the query “heat pump prices 2026”."),
        ("alice", "Deleted the section “Running costs”."),
    ]
    page = member_client.get(f"{base}/").content.decode()
    assert "Edited the plan by alice" in page and "Deleted the section “Running costs”." in page


def test_each_edit_of_the_plan_through_the_api_is_logged_with_its_author(member, other_member):
    project = make_project(member, status=ProjectStatus.AWAITING_REVIEW)
    api = ApiClient(create_token(user=other_member)[1])
    section = api.post(f"/api/projects/{project.pk}/sections", {"title": "Costs"}).json()
    api.patch(f"/api/sections/{section['id']}", {"goal": "Prices and running costs"})
    api.post(f"/api/projects/{project.pk}/queries", {"text": "heat pumps"})
    query = api.post(
        f"/api/projects/{project.pk}/queries", {"text": "boilers", "section_id": section["id"]}
    ).json()
    api.post(f"/api/queries/{query['id']}/move", {"direction": "up"})
    api.post(f"/api/queries/{query['id']}/move", {"direction": "up"})  # first already: no change
    api.delete(f"/api/queries/{query['id']}")
    api.delete(f"/api/sections/{section['id']}")

    assert _log(project) == [
        ("bob", "Added the section “Costs”."),
        ("bob", "Changed the goal of the section “Costs”."),
        ("bob", "Added the query “heat pumps”."),
        ("bob", "Added the query “boilers” to the section “Costs”."),
        ("bob", "Moved the query “boilers” up."),
        ("bob", "Deleted the query “boilers”."),
        ("bob", "Deleted the section “Costs”."),
    ]


def test_an_edit_that_is_refused_leaves_no_trace_in_the_log(member, member_client):
    project = make_project(member, status=ProjectStatus.AWAITING_REVIEW)
    member_client.post(f"/projects/{project.pk}/sections/add/", {"title": "   "})
    assert _log(project) == [] and not project.sections.exists()
