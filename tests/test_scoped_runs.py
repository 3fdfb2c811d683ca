"""Whole runs held to a domain scope, against FakeSearx and FakeWeb: what is dropped at search,
what the fetch refuses (redirects included), and what a project whose scope leaves nothing
says. The FakeWeb answers at 127.0.0.1 and, as another site, at localhost (its other name)."""

from __future__ import annotations

import pytest

from research.models import FetchStatus, Project, ProjectStatus
from research.services import runs
from tests.factories import make_project
from tests.test_pipeline_run import QUESTION, run_inline

pytestmark = pytest.mark.django_db(transaction=True)


def _research(member, **options) -> Project:
    project = make_project(
        member,
        status=ProjectStatus.DRAFT,
        question=QUESTION,
        options={"queries": 2, "reflection_rounds": 0, **options},
    )
    return run_inline(lambda: runs.start(project, user=member), project)


def _elsewhere(world) -> str:
    """FakeWeb's address under its other name: another site, as far as a scope can tell."""
    return world.web.url.replace("127.0.0.1", "localhost")


def _two_sites(world, first: list[dict] | None = None) -> None:
    """Each query finds three pages at 127.0.0.1 and three at localhost, after `first`."""
    default = world.searx.default_results

    def results_for(query: str) -> list[dict]:
        found = default(query)
        elsewhere = [{**r, "url": r["url"].replace("127.0.0.1", "localhost")} for r in found[3:]]
        return [*(first or []), *found[:3], *elsewhere]

    world.searx.results_for = results_for


def _hosts_asked(world) -> set[str]:
    return {request.headers["host"].split(":")[0] for request in world.web.requests}


def test_a_deny_list_covering_every_result_fetches_nothing_and_says_why(world, member):
    project = _research(member, domains={"deny": ["127.0.0.1"]})
    assert project.status == ProjectStatus.FAILED
    assert not project.sources.exists() and not world.web.requests
    assert (
        "Every search result was outside the project's domains (domains.deny dropped 18 "
        "results), so nothing was fetched" in project.error
    )  # the question's and 2 queries' 6
    assert "Change options.domains.deny to let results in." in project.error
    search = project.steps.filter(stage="search").first()
    assert search is not None and "6 results outside the project's domains dropped" in (
        search.detail
    )


def test_an_allow_list_fetches_only_its_hosts_and_refuses_a_redirect_out(world, member):
    leave = world.web.url_for("/leave")
    world.web.routes["/leave"] = world.web.routes["/redirect"].redirect(
        f"{_elsewhere(world)}/page/outside"
    )
    _two_sites(world, first=[{"url": leave, "title": "Leaving", "content": "sqlite wal"}])
    project = _research(member, domains={"allow": ["127.0.0.1"]}, sources_per_query=10)
    assert project.status == ProjectStatus.DONE, project.error
    assert _hosts_asked(world) == {"127.0.0.1"}  # never localhost, not even by the redirect
    assert not project.sources.filter(url__contains="localhost").exists()
    left = project.sources.get(url=leave)
    assert left.fetch_status == FetchStatus.BLOCKED
    assert left.fetch_reason == (
        f"redirected to {_elsewhere(world)}/page/outside, "
        "outside the project's domains: localhost (domains.allow)"
    )
    assert project.sources.fetched().count() >= 3
    notes = list(project.steps.filter(stage="search").values_list("detail", flat=True))
    assert notes and all(
        "3 results outside the project's domains dropped (domains.allow)" in n for n in notes
    )
    asked = [request["q"] for request in world.searx.requests]
    assert asked and all(q.endswith(" site:127.0.0.1") for q in asked)  # the engine's query


def test_search_deny_domains_holds_for_a_project_without_domains_of_its_own(
    world, member, settings
):
    settings.SEARCH_DENY_DOMAINS = ["localhost"]
    _two_sites(world)
    project = _research(member)
    assert project.status == ProjectStatus.DONE, project.error
    assert _hosts_asked(world) == {"127.0.0.1"}
    assert not project.sources.filter(url__contains="localhost").exists()
    note = project.steps.filter(stage="search").values_list("detail", flat=True).first()
    assert note and "3 results outside the project's domains dropped (SEARCH_DENY_DOMAINS)" in note
    assert all(" site:" not in request["q"] for request in world.searx.requests)
