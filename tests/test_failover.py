"""Failover: a query its web engine fails for good goes to the next configured engine, and the
step says so. The failing engine is FakeTavily rate-limiting past the retry budget; the next
one is FakeSearx."""

from __future__ import annotations

import pytest

from research.models import ProjectStatus, Query, Stage, StepStatus
from research.providers.search import SearchError, SearchNotConfigured, web_searcher
from research.providers.search import retry as retry_module
from research.services import runs
from tests.factories import make_project
from tests.fakes.tavily import FakeTavily
from tests.test_pipeline_run import QUESTION, run_inline

pytest_plugins = ["tests.search_fixtures"]
pytestmark = pytest.mark.usefixtures("no_backoff")


@pytest.fixture
def tavily(settings, fake_web):
    with FakeTavily(page_base_url=fake_web.url) as fake:
        settings.TAVILY_URL, settings.TAVILY_API_KEY = fake.url, "test-key"
        yield fake


@pytest.fixture
def engines(settings, tavily, fake_searx):
    """Tavily, then SearXNG; nothing else is configured."""
    settings.SEARXNG_URL = fake_searx.url
    settings.BRAVE_API_KEY = settings.SERPER_API_KEY = ""
    settings.SEARCH_FAILOVER = ["searxng"]


def test_a_query_the_engine_refuses_past_its_retries_is_asked_of_the_next(engines, tavily):
    tavily.refuses = lambda query: True
    gathered = web_searcher("tavily").gather("heat pumps")
    assert len(tavily.bodies) == retry_module.MAX_ATTEMPTS  # its whole retry budget, first
    assert gathered.results and {r.engine for r in gathered.results} == {"searxng"}
    assert gathered.by == "searxng"
    refused, used = gathered.notes
    assert refused.startswith("Tavily refused: Tavily answered HTTP 429: Your request has been")
    assert refused.endswith(f"(gave up after {retry_module.MAX_ATTEMPTS} attempts)")
    assert used == "used SearXNG"


def test_a_query_the_engine_answers_stays_with_it_and_says_nothing(engines, tavily, fake_searx):
    gathered = web_searcher("tavily").gather("heat pumps")
    assert {r.engine for r in gathered.results} == {"tavily"} and not gathered.notes
    assert not fake_searx.requests


def test_a_query_every_engine_fails_fails_with_every_reason(engines, tavily, fake_searx):
    tavily.refuses = lambda query: True
    fake_searx.fail_next(500, count=retry_module.MAX_ATTEMPTS)
    with pytest.raises(SearchError) as caught:
        web_searcher("tavily").search("heat pumps")
    reason = caught.value.reason
    assert reason.startswith("Tavily refused: Tavily answered HTTP 429")
    assert "; SearXNG refused: SearXNG answered HTTP 500" in reason


def test_without_failover_an_engines_failure_is_its_own_as_before(engines, tavily, settings):
    settings.SEARCH_FAILOVER = []
    tavily.refuses = lambda query: True
    with pytest.raises(SearchError) as caught:
        web_searcher("tavily").search("heat pumps")
    assert caught.value.reason.startswith("Tavily answered HTTP 429")


def test_a_missing_setting_of_the_projects_own_engine_stops_the_search(engines, settings):
    settings.TAVILY_API_KEY = ""
    with pytest.raises(SearchNotConfigured, match="TAVILY_API_KEY"):
        web_searcher("tavily").search("heat pumps")


def test_the_default_order_is_the_configured_engines_other_than_the_projects(settings):
    settings.SEARCH_FAILOVER = None
    settings.SEARXNG_URL, settings.BRAVE_API_KEY = "http://127.0.0.1:9", "key"
    settings.SERPER_API_KEY = settings.TAVILY_API_KEY = ""  # missing: skipped
    assert [e.name for e in web_searcher("brave").engines] == ["brave", "searxng", "duckduckgo"]
    settings.SEARCH_FAILOVER = ["duckduckgo", "serper", "brave"]
    assert [e.name for e in web_searcher("brave").engines] == ["brave", "duckduckgo"]


@pytest.mark.django_db(transaction=True)
def test_a_project_whose_engine_refuses_one_query_moves_it_and_finishes(
    world, engines, tavily, member
):

    tavily.refuses = lambda query: query.endswith("criticism")
    project = make_project(
        member,
        status=ProjectStatus.DRAFT,
        question=QUESTION,
        options={"search_provider": "tavily", "reflection_rounds": 0},
    )
    project = run_inline(lambda: runs.start(project, user=member), project)
    assert project.status == ProjectStatus.DONE, project.error
    moved = Query.objects.get(project=project, text__endswith="criticism")
    step = project.steps.get(stage=Stage.SEARCH, query=moved)
    assert step.status == StepStatus.DONE
    assert step.detail.startswith(
        "6 results from searxng; Tavily refused: Tavily answered HTTP 429"
    )
    assert step.detail.endswith("attempts); used SearXNG")
    assert {link.engine for link in moved.results.all()} == {"searxng"}
    others = project.steps.filter(stage=Stage.SEARCH).exclude(query=moved)
    assert others and all(s.detail == "6 results from tavily" for s in others)
