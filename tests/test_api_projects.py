"""The projects API: list, create, read, delete, start, cancel, approve, resume, steps."""

import pytest

from research.models import Note, Project, ProjectStatus, StepStatus
from tests.api_helpers import count_queries
from tests.factories import (
    add_queries,
    add_report,
    add_sources,
    add_step,
    add_summary,
    make_project,
)

pytest_plugins = ["tests.api_fixtures"]
pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fast_passwords")]


# --- List --------------------------------------------------------------------------------


def test_it_lists_projects_newest_first_with_a_count(api, member):
    first = make_project(member, question="first")
    second = make_project(member, question="second")
    body = api.get("/api/projects").json()
    assert body["count"] == 2
    assert [p["id"] for p in body["items"]] == [second.pk, first.pk]
    assert body["items"][0]["owner"] == "alice"


def test_it_paginates_projects_with_limit_and_offset(api, member):
    ids = [make_project(member, question=f"q{i}").pk for i in range(5)]
    body = api.get("/api/projects", {"limit": 2, "offset": 1}).json()
    assert body["count"] == 5
    assert [p["id"] for p in body["items"]] == ids[::-1][1:3]


def test_it_refuses_a_limit_above_the_maximum_naming_the_field(api, member):
    response = api.get("/api/projects", {"limit": 1000})
    assert response.status_code == 422
    assert "limit" in response.json()["detail"]


def test_it_filters_projects_by_status_owner_and_text(api, member, other_member):
    done = make_project(member, question="WAL checkpoints")
    draft = make_project(other_member, status=ProjectStatus.DRAFT, question="B-trees")
    Note.objects.create(project=draft, author=member, text="pages and fanout")

    def ids(**params):
        return [p["id"] for p in api.get("/api/projects", params).json()["items"]]

    assert ids(status="draft") == [draft.pk]
    assert ids(owner="alice") == [done.pk]
    assert ids(owner="nobody") == []
    assert ids(q="checkpoint") == [done.pk]
    assert ids(q="fanout") == [draft.pk]  # notes are searched too


def test_it_refuses_an_unknown_status_filter(api):
    response = api.get("/api/projects", {"status": "sleeping"})
    assert response.status_code == 422
    assert response.json()["errors"][0]["field"] == "status"


def _populate(member, count: int) -> None:
    for i in range(count):
        project = make_project(member, question=f"question {i}")
        query = add_queries(project, 1)[0]
        source = add_sources(project, 1)[0]
        add_summary(query, source)
        add_report(project, [source])
        Note.objects.create(project=project, author=member, text="n")


def test_listing_projects_runs_the_same_sql_queries_for_3_or_30(api, member):
    _populate(member, 3)
    few = count_queries(lambda: api.get("/api/projects"))
    _populate(member, 27)
    many = count_queries(lambda: api.get("/api/projects"))
    assert few == many <= 5


# --- Create ------------------------------------------------------------------------------


def test_it_creates_a_draft_that_does_not_run(api, member):
    response = api.post("/api/projects", {"question": "  Why is the sky blue? ", "start": False})
    assert response.status_code == 201
    body = response.json()
    project = Project.objects.get(pk=body["id"])
    assert (body["status"], project.status) == ("draft", "draft")
    assert project.question == "Why is the sky blue?"
    assert project.owner == member
    assert body["options"]["queries"] == 4  # defaults filled in
    assert not project.steps.exists()


def test_it_creates_and_starts_a_project_with_options(api, llm_configured):
    response = api.post(
        "/api/projects",
        {"question": "Why is the sky blue?", "options": {"queries": 2}, "start": True},
    )
    assert response.status_code == 201
    body = response.json()
    assert body["status"] == "planning"
    assert body["options"]["queries"] == 2
    assert body["started_at"] is not None


def test_starting_an_llm_project_without_an_llm_fails_it_with_the_reason(api, settings):
    settings.LLM_MODEL = ""
    options = {"engine": "llm"}
    body = api.post("/api/projects", {"question": "Why?", "options": options}).json()
    assert body["status"] == "failed"
    assert "LLM_MODEL" in body["error"]


def test_without_an_llm_a_project_is_extractive_by_default_and_starts(api, settings):
    settings.LLM_MODEL = ""
    body = api.post("/api/projects", {"question": "Why?", "start": True}).json()
    assert (body["status"], body["engine"], body["options"]["engine"]) == (
        "planning",
        "extractive",
        "extractive",
    )


@pytest.mark.parametrize(
    ("options", "field"),
    [
        ({"queries": 99}, "options.queries"),
        ({"report_style": "limerick"}, "options.report_style"),
        ({"colour": "blue"}, "options.colour"),
    ],
)
def test_a_bad_option_is_refused_naming_the_field(api, options, field):
    response = api.post("/api/projects", {"question": "Why?", "options": options})
    assert response.status_code == 422
    body = response.json()
    assert field in body["detail"]
    assert field in [e["field"] for e in body["errors"]]
    assert not Project.objects.exists()


@pytest.mark.parametrize("body", [{}, {"question": "   "}, {"question": "Why?", "begin": True}])
def test_a_missing_empty_or_unknown_field_is_refused(api, body):
    response = api.post("/api/projects", body)
    assert response.status_code == 422
    assert response.json()["errors"]


def test_values_of_the_wrong_json_type_are_refused(api):
    for body in (
        {"question": "Why?", "start": 0},
        {"question": "Why?", "options": {"queries": "4"}},
        {"question": 42},
    ):
        assert api.post("/api/projects", body).status_code == 422, body


def test_an_integral_float_counts_as_an_integer(api):
    body = {"question": "Why?", "options": {"queries": 3.0}, "start": False}
    assert api.post("/api/projects", body).json()["options"]["queries"] == 3


def test_nul_characters_are_refused(api, finished_project):
    assert api.post("/api/projects", {"question": "Why\x00?"}).status_code == 422
    assert api.get("/api/projects", {"q": "a\x00b"}).status_code == 422


def test_a_body_that_is_not_json_is_refused(api):
    response = api.client.post(
        "/api/projects", "{oops", content_type="application/json", headers=api.headers
    )
    assert response.status_code == 400
    assert "detail" in response.json()


# --- Read and delete ---------------------------------------------------------------------


def test_it_shows_a_project_with_counts_tokens_and_report_version(api, finished_project):
    body = api.get(f"/api/projects/{finished_project.pk}").json()
    assert body["status"] == "done"
    assert body["counts"] == {
        "queries": 2,
        "sources": 3,
        "fetched": 3,
        "summaries": 3,
        "notes": 1,
        "claims": 0,
        "unsupported": 0,
    }
    assert body["tokens"] == {"prompt": 1000, "completion": 200, "total": 1200}
    assert body["report_version"] == 1
    assert body["report_created_at"]
    assert body["owner"] == "alice"
    assert body["title"] == "SQLite WAL"


def test_a_non_numeric_or_huge_id_is_refused(api):
    assert api.get("/api/projects/abc").status_code == 422
    assert api.get("/api/projects/99999999999999999999999").status_code == 422


def test_deleting_a_project_moves_it_to_the_trash(api, finished_project):
    response = api.delete(f"/api/projects/{finished_project.pk}")
    assert response.status_code == 200
    assert "Moved to the trash" in response.json()["detail"]
    assert Project.objects.trashed().filter(pk=finished_project.pk).exists()


def test_deleting_a_running_project_cancels_it_and_moves_it_to_the_trash(api, member):
    project = make_project(member, status=ProjectStatus.RESEARCHING)
    response = api.delete(f"/api/projects/{project.pk}")
    assert response.status_code == 200
    assert response.json()["project"]["status"] == "cancelled"
    project.refresh_from_db()
    assert project.in_trash and project.status == ProjectStatus.CANCELLED


# --- Start, cancel, approve, resume ------------------------------------------------------


def test_it_starts_a_draft(api, member, llm_configured):
    project = make_project(member, status=ProjectStatus.DRAFT)
    response = api.post(f"/api/projects/{project.pk}/start")
    assert response.status_code == 200
    assert response.json()["status"] == "planning"


def test_starting_a_project_twice_is_409(api, finished_project):
    response = api.post(f"/api/projects/{finished_project.pk}/start")
    assert response.status_code == 409
    assert "Only a draft can be started" in response.json()["detail"]


def test_it_cancels_a_running_project_and_its_queued_steps(api, member):
    project = make_project(member, status=ProjectStatus.RESEARCHING)
    step = add_step(project, "plan", status=StepStatus.QUEUED)
    response = api.post(f"/api/projects/{project.pk}/cancel")
    assert response.status_code == 200
    assert response.json()["status"] == "cancelled"
    step.refresh_from_db()
    assert step.status == StepStatus.CANCELLED


def test_cancelling_a_finished_project_is_409(api, finished_project):
    response = api.post(f"/api/projects/{finished_project.pk}/cancel")
    assert response.status_code == 409
    assert "already done" in response.json()["detail"]


def test_it_approves_a_plan_awaiting_review(api, member):
    project = make_project(member, status=ProjectStatus.AWAITING_REVIEW)
    add_queries(project, 2)
    response = api.post(f"/api/projects/{project.pk}/approve")
    assert response.status_code == 200
    assert response.json()["status"] == "researching"
    project.refresh_from_db()
    assert project.plan_approved_by == member


def test_approving_a_project_not_awaiting_review_is_409(api, finished_project):
    response = api.post(f"/api/projects/{finished_project.pk}/approve")
    assert response.status_code == 409
    assert "awaiting review" in response.json()["detail"]


def test_approving_an_empty_plan_is_409(api, member):
    project = make_project(member, status=ProjectStatus.AWAITING_REVIEW)
    response = api.post(f"/api/projects/{project.pk}/approve")
    assert response.status_code == 409
    assert "no queries" in response.json()["detail"]


def test_it_resumes_a_cancelled_project(api, member, llm_configured):
    project = make_project(member, status=ProjectStatus.CANCELLED)
    add_step(project, "plan")
    response = api.post(f"/api/projects/{project.pk}/resume")
    assert response.status_code == 200
    assert response.json()["status"] == "researching"


def test_resuming_a_done_project_is_409(api, finished_project, llm_configured):
    response = api.post(f"/api/projects/{finished_project.pk}/resume")
    assert response.status_code == 409


def test_resuming_without_an_llm_is_503_naming_the_setting(api, member, settings):
    settings.LLM_MODEL = ""
    project = make_project(member, status=ProjectStatus.FAILED, options={"engine": "llm"})
    response = api.post(f"/api/projects/{project.pk}/resume")
    assert response.status_code == 503
    assert "LLM_MODEL" in response.json()["detail"]


def test_an_extractive_project_resumes_without_an_llm(api, member, settings):
    settings.LLM_MODEL = ""
    project = make_project(member, status=ProjectStatus.FAILED, options={"engine": "extractive"})
    response = api.post(f"/api/projects/{project.pk}/resume")
    assert response.status_code == 200 and response.json()["status"] == "planning"


# --- Steps -------------------------------------------------------------------------------


def test_it_lists_the_steps_with_progress_errors_and_tokens(api, finished_project):
    add_step(finished_project, "report:1", status=StepStatus.FAILED, error="LLM said no")
    body = api.get(f"/api/projects/{finished_project.pk}/steps").json()
    assert body["count"] == 4
    plan, search, fetch, report = body["items"]
    assert (plan["stage"], plan["status"], plan["attempt"]) == ("plan", "done", 1)
    assert plan["tokens"] == {"prompt": 300, "completion": 50, "total": 350}
    assert search["query_id"] and fetch["source_id"]
    assert (report["status"], report["error"]) == ("failed", "LLM said no")


def test_it_filters_steps_by_stage_and_status(api, finished_project):
    url = f"/api/projects/{finished_project.pk}/steps"
    assert [s["stage"] for s in api.get(url, {"stage": "search"}).json()["items"]] == ["search"]
    assert api.get(url, {"status": "failed"}).json()["count"] == 0


def test_listing_steps_runs_the_same_sql_queries_for_3_or_30(api, member):
    project = make_project(member)
    for i in range(3):
        add_step(project, f"fetch:{i}")
    few = count_queries(lambda: api.get(f"/api/projects/{project.pk}/steps"))
    for i in range(3, 30):
        add_step(project, f"fetch:{i}")
    many = count_queries(lambda: api.get(f"/api/projects/{project.pk}/steps"))
    assert few == many <= 6
