"""The queries API: list, add, read, edit, rerun, delete."""

import pytest

from research.models import ProjectStatus, Query, QueryOrigin, QuerySource, Section, StepStatus
from tests.api_helpers import count_queries
from tests.factories import add_queries, add_sources, add_step, make_project

pytest_plugins = ["tests.api_fixtures"]
pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fast_passwords")]


def test_it_lists_a_projects_queries_in_plan_order(api, finished_project):
    body = api.get(f"/api/projects/{finished_project.pk}/queries").json()
    assert body["count"] == 2
    first = body["items"][0]
    assert (first["text"], first["section"], first["origin"]) == ("query 0", "Basics", "planned")
    assert first["project_id"] == finished_project.pk


def test_listing_queries_runs_the_same_sql_queries_for_3_or_30(api, member):
    project = make_project(member)
    section = Section.objects.create(project=project, title="S")
    add_queries(project, 3, section=section)
    url = f"/api/projects/{project.pk}/queries"
    few = count_queries(lambda: api.get(url))
    add_queries(project, 27, section=section)
    Query.objects.filter(project=project).update(edited_by=member)
    many = count_queries(lambda: api.get(url))
    assert few == many <= 6


def test_adding_a_query_to_a_draft_joins_the_plan(api, member):
    project = make_project(member, status=ProjectStatus.DRAFT)
    response = api.post(f"/api/projects/{project.pk}/queries", {"text": " wal checkpoints "})
    assert response.status_code == 201
    body = response.json()
    assert (body["text"], body["origin"], body["edited_by"]) == ("wal checkpoints", "user", "alice")
    project.refresh_from_db()
    assert project.status == ProjectStatus.DRAFT


def test_adding_a_query_to_a_finished_project_researches_it(api, finished_project, llm_configured):
    response = api.post(f"/api/projects/{finished_project.pk}/queries", {"text": "wal and nfs"})
    assert response.status_code == 201
    finished_project.refresh_from_db()
    assert finished_project.status == ProjectStatus.RESEARCHING
    assert finished_project.report_generation == 1


def test_new_work_without_an_llm_is_refused_naming_the_setting(api, finished_project):
    response = api.post(f"/api/projects/{finished_project.pk}/queries", {"text": "wal and nfs"})
    assert response.status_code == 503
    assert "LLM_MODEL" in response.json()["detail"]
    finished_project.refresh_from_db()
    assert finished_project.status == ProjectStatus.DONE
    assert not finished_project.queries.filter(text="wal and nfs").exists()


def test_a_query_can_be_added_to_a_section(api, finished_project, llm_configured):
    section = finished_project.sections.get()
    response = api.post(
        f"/api/projects/{finished_project.pk}/queries", {"text": "x", "section_id": section.pk}
    )
    assert response.json()["section_id"] == section.pk


def test_a_section_of_another_project_is_refused(api, finished_project, member):
    other = Section.objects.create(project=make_project(member), title="Elsewhere")
    response = api.post(
        f"/api/projects/{finished_project.pk}/queries", {"text": "x", "section_id": other.pk}
    )
    assert response.status_code == 422
    assert "section_id" in response.json()["detail"]


def test_adding_a_query_to_a_cancelled_project_is_409(api, member):
    project = make_project(member, status=ProjectStatus.CANCELLED)
    response = api.post(f"/api/projects/{project.pk}/queries", {"text": "wal"})
    assert response.status_code == 409
    assert "cancelled" in response.json()["detail"]


@pytest.mark.parametrize("text", ["", "   ", "x" * 501])
def test_an_empty_or_too_long_query_is_refused_naming_the_field(api, finished_project, text):
    response = api.post(f"/api/projects/{finished_project.pk}/queries", {"text": text})
    assert response.status_code == 422
    assert response.json()["errors"][0]["field"] == "text"


def test_it_shows_one_query(api, finished_project):
    query = finished_project.queries.first()
    body = api.get(f"/api/queries/{query.pk}").json()
    assert (body["id"], body["text"], body["status"]) == (query.pk, query.text, "pending")


def test_editing_a_query_of_a_draft_only_changes_its_text(api, member):
    project = make_project(member, status=ProjectStatus.DRAFT)
    query = add_queries(project, 1)[0]
    response = api.patch(f"/api/queries/{query.pk}", {"text": "wal internals"})
    assert response.status_code == 200
    assert response.json()["text"] == "wal internals"
    query.refresh_from_db()
    assert (query.text, query.generation, query.edited_by_id) == ("wal internals", 0, member.pk)


def test_editing_a_query_after_research_reruns_it(api, finished_project, llm_configured):
    query = finished_project.queries.first()
    response = api.patch(f"/api/queries/{query.pk}", {"text": "wal internals"})
    assert response.status_code == 200
    body = response.json()
    assert (body["text"], body["generation"], body["status"]) == ("wal internals", 1, "pending")
    finished_project.refresh_from_db()
    assert finished_project.status == ProjectStatus.RESEARCHING


def test_editing_a_query_of_a_cancelled_project_is_409(api, member, llm_configured):
    project = make_project(member, status=ProjectStatus.CANCELLED)
    query = add_queries(project, 1)[0]
    response = api.patch(f"/api/queries/{query.pk}", {"text": "new"})
    assert response.status_code == 409
    assert "cancelled" in response.json()["detail"]
    query.refresh_from_db()
    assert query.text == "query 0"


def test_editing_refuses_unknown_fields(api, finished_project):
    query = finished_project.queries.first()
    response = api.patch(f"/api/queries/{query.pk}", {"text": "x", "origin": "user"})
    assert response.status_code == 422
    assert response.json()["errors"][0]["field"] == "origin"


def test_it_reruns_a_query_and_answers_202(api, finished_project, llm_configured):
    query = finished_project.queries.first()
    response = api.post(f"/api/queries/{query.pk}/rerun")
    assert response.status_code == 202
    assert response.json()["generation"] == 1
    finished_project.refresh_from_db()
    assert finished_project.status == ProjectStatus.RESEARCHING


def test_rerunning_a_query_of_a_cancelled_project_is_409_with_the_reason(
    api, member, llm_configured
):
    project = make_project(member, status=ProjectStatus.CANCELLED)
    query = add_queries(project, 1)[0]
    response = api.post(f"/api/queries/{query.pk}/rerun")
    assert response.status_code == 409
    assert response.json() == {"detail": "Nothing can be rerun while the project is cancelled."}


def test_rerunning_without_an_llm_is_503(api, finished_project, settings):
    settings.LLM_MODEL = ""
    query = finished_project.queries.first()
    response = api.post(f"/api/queries/{query.pk}/rerun")
    assert response.status_code == 503
    assert "LLM_MODEL" in response.json()["detail"]


def test_it_deletes_a_query(api, finished_project):
    query = finished_project.queries.first()
    assert api.delete(f"/api/queries/{query.pk}").status_code == 204
    assert not Query.objects.filter(pk=query.pk).exists()


def test_deleting_a_query_being_researched_is_409(api, member):
    project = make_project(member, status=ProjectStatus.RESEARCHING)
    query = add_queries(project, 1)[0]
    add_step(project, f"search:{query.pk}:0", query=query, status=StepStatus.RUNNING)
    response = api.delete(f"/api/queries/{query.pk}")
    assert response.status_code == 409
    assert "being researched" in response.json()["detail"]


def test_a_user_query_keeps_its_origin(api, member):
    project = make_project(member, status=ProjectStatus.DRAFT)
    body = api.post(f"/api/projects/{project.pk}/queries", {"text": "mine"}).json()
    assert Query.objects.get(pk=body["id"]).origin == QueryOrigin.USER


def test_editing_without_rerun_only_changes_the_text(api, finished_project):
    query = finished_project.queries.first()
    response = api.patch(f"/api/queries/{query.pk}", {"text": "typo fixed", "rerun": False})
    assert response.status_code == 200
    assert (response.json()["text"], response.json()["generation"]) == ("typo fixed", 0)
    finished_project.refresh_from_db()
    assert finished_project.status == ProjectStatus.DONE


def test_it_moves_a_query_up_and_down_the_plan(api, member):
    project = make_project(member, status=ProjectStatus.AWAITING_REVIEW)
    first, second = add_queries(project, 2)
    response = api.post(f"/api/queries/{second.pk}/move", {"direction": "up"})
    assert response.status_code == 200
    order = api.get(f"/api/projects/{project.pk}/queries").json()["items"]
    assert [q["id"] for q in order] == [second.pk, first.pk]
    assert api.post(f"/api/queries/{second.pk}/move", {"direction": "sideways"}).status_code == 422
    assert api.post("/api/queries/999/move", {"direction": "up"}).status_code == 404


def test_it_lists_a_querys_search_results_with_the_rankers_judgement(api, finished_project):
    query = finished_project.queries.first()
    QuerySource.objects.filter(query=query).update(score=8.5, selected=True, reason="on topic")
    body = api.get(f"/api/queries/{query.pk}/results").json()
    assert body["count"] == 2
    result = body["items"][0]
    assert (result["score"], result["selected"], result["reason"]) == (8.5, True, "on topic")
    assert result["source"]["n"] in (1, 2)


def test_listing_results_runs_the_same_sql_queries_for_3_or_30(api, member):
    project = make_project(member)
    query = add_queries(project, 1)[0]

    def add(count):
        for rank, source in enumerate(add_sources(project, count), start=100):
            QuerySource.objects.create(query=query, source=source, rank=rank)

    add(3)
    few = count_queries(lambda: api.get(f"/api/queries/{query.pk}/results"))
    add(27)
    assert count_queries(lambda: api.get(f"/api/queries/{query.pk}/results")) == few <= 6


# --- Sections ----------------------------------------------------------------------------


def test_it_adds_lists_edits_moves_and_deletes_sections(api, member):
    project = make_project(member, status=ProjectStatus.AWAITING_REVIEW)
    url = f"/api/projects/{project.pk}/sections"
    first = api.post(url, {"title": "Background", "goal": "Why it exists"})
    assert first.status_code == 201
    second = api.post(url, {"title": "Trade-offs"}).json()
    first = first.json()
    assert (first["title"], first["goal"]) == ("Background", "Why it exists")
    edited = api.patch(f"/api/sections/{first['id']}", {"goal": "History"}).json()
    assert (edited["title"], edited["goal"]) == ("Background", "History")
    moved = api.post(f"/api/sections/{second['id']}/move", {"direction": "up"})
    assert moved.status_code == 200
    assert [s["id"] for s in api.get(url).json()["items"]] == [second["id"], first["id"]]
    query = add_queries(project, 1, section=Section.objects.get(pk=first["id"]))[0]
    assert api.delete(f"/api/sections/{first['id']}").status_code == 204
    query.refresh_from_db()
    assert query.section_id is None  # the query stays in the plan


def test_a_section_is_marked_an_analysis_or_not_and_a_patch_without_it_keeps_it(api, member):
    project = make_project(member, status=ProjectStatus.AWAITING_REVIEW)
    url = f"/api/projects/{project.pk}/sections"
    made = api.post(url, {"title": "Growth", "analysis": True}).json()
    assert made["analysis"] is True
    kept = api.patch(f"/api/sections/{made['id']}", {"goal": "By city"}).json()
    assert kept["analysis"] is True
    off = api.patch(f"/api/sections/{made['id']}", {"analysis": False}).json()
    assert off["analysis"] is False and Section.objects.get(pk=made["id"]).analysis is False
    assert api.patch(f"/api/sections/{made['id']}", {"analysis": "maybe"}).status_code == 422


def test_a_section_needs_a_title(api, member):
    project = make_project(member, status=ProjectStatus.DRAFT)
    response = api.post(f"/api/projects/{project.pk}/sections", {"title": "  "})
    assert response.status_code == 422
    assert response.json()["errors"][0]["field"] == "title"


def test_listing_sections_runs_the_same_sql_queries_for_3_or_30(api, member):
    project = make_project(member)

    def add(count):
        for i in range(count):
            Section.objects.create(project=project, title=f"S{i}", position=i)

    add(3)
    few = count_queries(lambda: api.get(f"/api/projects/{project.pk}/sections"))
    add(27)
    assert count_queries(lambda: api.get(f"/api/projects/{project.pk}/sections")) == few <= 6
