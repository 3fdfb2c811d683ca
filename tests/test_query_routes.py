"""A search engine per query, in runs: the plan's routes, each query searching only its own, and
members changing them through the API and the query page before rerunning."""

from __future__ import annotations

import pytest

from research.models import ActivityEntry, Project, ProjectStatus, Query, Source
from research.pipeline.engine.registry import inline_dispatch
from research.services import outline
from tests.factories import make_library_document, make_project
from tests.test_pipeline_run import research, run_inline, wait_until_settled

pytest_plugins = ["tests.api_fixtures"]
pytestmark = pytest.mark.django_db(transaction=True)

QUESTION = "How does SQLite WAL mode work?"
WAL = [
    ("p. 3", "In WAL mode SQLite writes changes to a separate write-ahead log file."),
    ("p. 4", "A checkpoint copies the pages of the write-ahead log back into the database."),
]


@pytest.fixture
def manual(db):
    return make_library_document(WAL, title="SQLite manual")


def searched(world, text: str) -> list[dict[str, str]]:
    """What FakeSearx was asked for the query `text`."""
    return [params for params in world.searx.requests if params.get("q") == text]


def test_the_plans_routes_are_kept_where_the_project_has_them_and_each_query_searches_only_its_own(
    world, manual
):
    world.llm.responder.plan_routes = [
        ["library"],
        ["news:week", "scholarly"],  # this project has no scholarly source
        ["mcp:nope", 7],  # nothing it has: every source
        [],
    ]
    result, code = research(
        QUESTION, "--sources", "web,library", "--queries", "4", "--reflections", "0"
    )
    assert code == 0, result
    project = Project.objects.get(pk=result["project_id"])
    assert project.status == ProjectStatus.DONE
    words = " ".join(QUESTION.rstrip("?").split()[:6])
    routed = {q.text: q.routes for q in project.queries.all()}
    assert routed == {
        f"{words} background": ["library"],
        f"{words} current state": ["news:week"],
        f"{words} evidence": [],
        f"{words} criticism": [],
    }

    library_only = project.queries.get(text=f"{words} background")
    assert searched(world, library_only.text) == []  # no web request for it reached SearXNG
    found = Source.objects.filter(results__query=library_only)
    assert found and all(s.url.startswith("/library/documents/") for s in found)
    assert "from library" in library_only.steps.get(stage="search").detail

    [news] = searched(world, f"{words} current state")
    assert (news["categories"], news["time_range"]) == ("news", "week")
    assert all(
        r.engine == "searxng news"
        for r in project.queries.get(text=f"{words} current state").results.all()
    )

    [web] = searched(world, f"{words} evidence")
    assert "categories" not in web


def test_a_reflections_follow_up_takes_the_models_route_or_its_sections(world):
    world.llm.responder.plan_routes = [["news:month"]]
    world.llm.responder.follow_up_routes = ["news:day", "library"]  # no library here
    result, code = research(QUESTION, "--queries", "2", "--reflections", "1")
    assert code == 0, result
    follow_ups = Query.objects.filter(project_id=result["project_id"], origin="reflection")
    assert follow_ups and all(q.routes == ["news:day"] for q in follow_ups)
    for query in follow_ups:
        [asked] = searched(world, query.text)
        assert (asked["categories"], asked["time_range"]) == ("news", "day")


def test_an_extractive_plan_sends_a_question_about_this_week_to_the_news(world, settings):
    settings.LLM_MODEL = ""
    question = "What happened this week with SQLite WAL mode?"
    result, code = research(
        question, "--engine", "extractive", "--queries", "3", "--reflections", "0"
    )
    assert code == 0, result
    queries = list(Query.objects.filter(project_id=result["project_id"]))
    assert queries and all(q.routes == ["news:week"] for q in queries)
    for query in queries:
        assert [(p["categories"], p["time_range"]) for p in searched(world, query.text)] == [
            ("news", "week")
        ]


def test_a_project_without_routes_searches_every_source_as_before(world, manual):
    result, code = research(
        QUESTION, "--sources", "web,library", "--queries", "2", "--reflections", "0"
    )
    assert code == 0, result
    for query in Query.objects.filter(project_id=result["project_id"]):
        assert query.routes == []
        [asked] = searched(world, query.text)
        assert "categories" not in asked
        assert query.steps.get(stage="search").detail.endswith("from searxng + library")


# --- Members change them ---------------------------------------------------------------------


def test_routes_are_changed_through_the_api_and_checked_against_the_projects_sources(api, member):
    project = make_project(
        member, status=ProjectStatus.DRAFT, options={"sources": ["web", "library"]}
    )
    query = outline.add_query(project, text="wal checkpoints", user=member)

    body = api.patch(f"/api/queries/{query.pk}", {"routes": ["News:Week", "library"]}).json()
    assert (body["routes"], body["text"]) == (["news:week", "library"], "wal checkpoints")
    assert api.get(f"/api/queries/{query.pk}").json()["routes"] == ["news:week", "library"]
    logged = ActivityEntry.objects.filter(project=project).values_list("detail", flat=True)
    assert (
        "Changed where the query “wal checkpoints” searches from all sources to news:week, library."
        in logged
    )

    for routes, named in [
        (["scholarly"], "scholarly"),
        (["news:fortnight"], "news:fortnight"),
        ("web", None),
    ]:
        response = api.patch(f"/api/queries/{query.pk}", {"routes": routes})
        assert response.status_code == 422, routes
        error = response.json()["errors"][0]
        assert error["field"].startswith("routes")
        if named:
            assert named in error["message"]
    assert api.patch(f"/api/queries/{query.pk}", {"routes": []}).json()["routes"] == []


def test_news_routes_need_the_web(api, member):
    project = make_project(member, status=ProjectStatus.DRAFT, options={"sources": ["library"]})
    query = outline.add_query(project, text="wal checkpoints", user=member)
    response = api.patch(f"/api/queries/{query.pk}", {"routes": ["news:day"]})
    assert response.status_code == 422
    assert "news needs the source web" in response.json()["errors"][0]["message"]


def test_editing_a_querys_routes_through_the_api_reruns_it_on_them(world, member, api):
    result, _ = research(QUESTION, "--queries", "2", "--reflections", "0")
    project = Project.objects.get(pk=result["project_id"])
    query = project.queries.order_by("position").first()
    assert query is not None
    before = len(searched(world, query.text))

    project = run_inline(
        lambda: api.patch(f"/api/queries/{query.pk}", {"routes": ["news:day"]}), project
    )

    assert project.status == ProjectStatus.DONE
    query.refresh_from_db()
    assert (query.routes, query.generation) == (["news:day"], 1)
    asked = searched(world, query.text)[before:]
    assert [(p["categories"], p["time_range"]) for p in asked] == [("news", "day")]


def test_the_query_page_shows_the_routes_and_saving_them_reruns_the_query(
    world, member, member_client, manual
):
    result, _ = research(
        QUESTION, "--sources", "web,library", "--queries", "2", "--reflections", "0"
    )
    project = Project.objects.get(pk=result["project_id"])
    query = project.queries.order_by("position").first()
    assert query is not None

    page = member_client.get(f"/queries/{query.pk}/").content.decode()
    assert "Searches: all sources" in page
    for name in ("web", "news:day", "news:week", "news:month", "news:year", "library"):
        assert f'name="routes" value="{name}"' in page

    before = len(searched(world, query.text))
    with inline_dispatch() as dispatcher:
        response = member_client.post(
            f"/queries/{query.pk}/edit/",
            {"text": query.text, "routes": ["library"], "routes_shown": "1", "rerun": "1"},
        )
        assert response.status_code == 302
        project = wait_until_settled(dispatcher, project)

    assert project.status == ProjectStatus.DONE
    query.refresh_from_db()
    assert query.routes == ["library"]
    assert len(searched(world, query.text)) == before  # the rerun asked the library alone
    page = member_client.get(f"/queries/{query.pk}/").content.decode()
    assert "Searches: <code>library</code>" in page
    assert 'value="library" checked' in page


def test_the_plan_review_page_changes_a_querys_routes_and_leaves_them_when_not_shown(
    member, member_client
):
    project = make_project(
        member, status=ProjectStatus.AWAITING_REVIEW, options={"sources": ["web", "library"]}
    )
    query = outline.add_query(project, text="wal checkpoints", user=member)

    page = member_client.get(f"/projects/{project.pk}/review/").content.decode()
    assert 'name="routes" value="news:week"' in page

    form = {"text": "wal checkpoints", "routes": ["news:week"], "routes_shown": "1", "rerun": "0"}
    member_client.post(f"/queries/{query.pk}/edit/", form)
    query.refresh_from_db()
    assert query.routes == ["news:week"]

    member_client.post(
        f"/queries/{query.pk}/edit/", {"text": "wal checkpoint starvation", "rerun": "0"}
    )
    query.refresh_from_db()
    assert (query.text, query.routes) == ("wal checkpoint starvation", ["news:week"])

    response = member_client.post(
        f"/queries/{query.pk}/edit/",
        {"text": "wal", "routes": ["scholarly"], "routes_shown": "1", "rerun": "0"},
        follow=True,
    )
    assert "scholarly is not one of this project&#x27;s sources" in response.content.decode()
    query.refresh_from_db()
    assert query.routes == ["news:week"]
