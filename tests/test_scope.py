"""Domain scope: the patterns, the option and the setting that hold them, and where they are
enforced one call at a time (the engines' queries, the fetch choke point). Whole runs held to
a scope are in test_scoped_runs.py."""

from __future__ import annotations

import json

import httpx
import pytest
from django.core.exceptions import ImproperlyConfigured

from research.errors import BadInput
from research.models.options import ProjectOptions
from research.pipeline.shared import library
from research.providers import http
from research.providers.search import SearchResult, get_provider
from research.services import projects
from research.text.scope import Pattern, Rule, Scope
from research_site import settings as site_settings
from tests.fakes import Route

pytest_plugins = ["tests.api_fixtures"]

# --- patterns ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "written,url",
    [
        ("example.org", "https://example.org/a"),
        ("example.org", "https://www.example.org/a"),  # a plain host is also its www. twin
        ("www.example.org", "https://example.org/"),
        ("Example.ORG.", "http://EXAMPLE.org:8080/x"),  # case, a trailing dot, a port
        ("*.example.org", "https://example.org/"),  # the host itself, and
        ("*.example.org", "https://a.b.example.org/"),  # every host under it
        ("example.org/docs/", "https://example.org/docs/intro"),
        ("*.gov.uk/guidance/", "https://www.gov.uk/guidance/x"),
        ("bücher.de", "https://xn--bcher-kva.de/"),  # an internationalised name, IDNA-encoded
        ("127.0.0.1", "http://127.0.0.1:8000/page"),
    ],
)
def test_a_pattern_covers_these_addresses(written, url):
    assert Scope.of(allow=[written]).admits(url)


@pytest.mark.parametrize(
    "written,url",
    [
        ("example.org", "https://docs.example.org/"),  # a plain host is not its subdomains
        ("example.org", "https://notexample.org/"),
        ("*.example.org", "https://example.org.evil.com/"),
        ("*.example.org", "https://badexample.org/"),
        ("example.org/docs/", "https://example.org/doc"),
        ("example.org/docs/", "https://example.org/"),
    ],
)
def test_a_pattern_leaves_out_these_addresses(written, url):
    assert not Scope.of(allow=[written]).admits(url)


@pytest.mark.parametrize(
    "written,complaint",
    [
        ("", "empty"),
        ("https://example.org", "without a scheme"),
        ("example.org:8080", "without a port"),
        ("exa mple.org", "not a domain pattern"),
        ("*", "not a domain pattern"),
        ("*.*.org", "not a domain pattern"),
        ("ex*ample.org", "not a domain pattern"),
        ("-bad.org", "not a domain pattern"),
        ("example.org/docs?x=1", "the path may hold no spaces"),
    ],
)
def test_a_bad_pattern_is_refused_saying_why(written, complaint):
    with pytest.raises(ValueError, match=complaint):
        Pattern.parse(written)


def test_a_pattern_is_written_back_in_its_plain_form():
    assert str(Pattern.parse(" *.Example.ORG/Docs/ ")) == "*.example.org/Docs/"
    assert str(Pattern.parse("www.example.org")) == "example.org"


def test_deny_lists_win_over_allow_and_each_refusal_names_its_rule():
    scope = Scope.of(
        allow=["*.example.org"], deny=["private.example.org"], site_deny=["*.spam.example.org"]
    )
    assert scope.refusal("https://www.example.org/") is None
    project_deny = scope.refusal("https://private.example.org/x")
    site_deny = scope.refusal("https://a.spam.example.org/")
    allow = scope.refusal("https://other.net/x")
    assert project_deny is not None and project_deny.rule is Rule.DENY
    assert site_deny is not None and site_deny.rule is Rule.SITE_DENY
    assert allow is not None and allow.rule is Rule.ALLOW
    assert str(allow) == "outside the project's domains: other.net (domains.allow)"
    assert "(domains.deny)" in str(project_deny)
    assert "(SEARCH_DENY_DOMAINS)" in str(site_deny)


@pytest.mark.parametrize(
    "url", ["/library/documents/3/#passage-1", "mcp://docs/pages/7", "not a url at all"]
)
def test_library_passages_and_mcp_documents_are_no_web_hosts_and_always_in_scope(url):
    assert Scope.of(allow=["example.org"], deny=["*.org"]).admits(url)


def test_the_allowed_hosts_become_site_terms_where_the_engine_documents_them():
    one = Scope.of(allow=["*.example.org", "example.org/docs/"])
    two = Scope.of(allow=["a.org", "b.org"])
    assert one.with_sites("heat pumps") == "heat pumps site:example.org"
    assert two.with_sites("heat pumps") == "heat pumps (site:a.org OR site:b.org)"
    assert two.with_sites("heat pumps", alternatives=False) == "heat pumps"  # no OR: no terms
    assert Scope.of(deny=["a.org"]).with_sites("heat pumps") == "heat pumps"
    many = Scope.of(allow=[f"site{i}.org" for i in range(11)])
    assert many.with_sites("heat pumps") == "heat pumps"  # too many to say in a query


# --- the option and the setting ----------------------------------------------------------


def test_the_domains_option_keeps_the_patterns_in_their_plain_form(settings):
    settings.SEARCH_DENY_DOMAINS = ["ads.example"]
    opts = ProjectOptions.model_validate(
        {"domains": {"allow": ["WWW.Who.int", "*.gov.uk", "who.int"], "deny": ["x.gov.uk"]}}
    )
    assert opts.domains.allow == ["who.int", "*.gov.uk"]
    assert opts.scope.refusal("https://x.gov.uk/") is not None
    assert opts.scope.refusal("https://ads.example/") is not None  # the site's list, too
    assert ProjectOptions().domains.allow == [] and not ProjectOptions().scope.allow


def test_a_bad_pattern_in_the_options_is_refused_naming_the_field(member):
    with pytest.raises(BadInput) as caught:
        projects.create_project(
            question="What is new?",
            options={"domains": {"allow": ["who.int", "https://who.int/x"]}},
            user=member,
            start=False,
        )
    assert caught.value.field == "options.domains.allow.1"
    assert "without a scheme" in caught.value.reason


def test_the_api_accepts_the_domains_option_and_refuses_an_unknown_key(api):
    body = {"question": "What is new?", "start": False}
    answer = api.post(
        "/api/projects", {**body, "options": {"domains": {"allow": ["who.int"], "deny": []}}}
    )
    assert answer.status_code == 201, answer.content
    assert answer.json()["options"]["domains"] == {"allow": ["who.int"], "deny": []}
    refused = api.post("/api/projects", {**body, "options": {"domains": {"only": ["who.int"]}}})
    assert refused.status_code == 422
    bad = api.post("/api/projects", {**body, "options": {"domains": {"deny": ["a b"]}}})
    assert bad.status_code == 422 and "domains" in bad.content.decode()


def test_the_new_project_page_takes_one_pattern_a_line(member_client):
    page = member_client.get("/projects/new/")
    assert b"Only these domains" in page.content and b"Never these domains" in page.content
    form = {
        "question": "What is new?",
        "queries": 4,
        "sources_per_query": 4,
        "reflection_rounds": 1,
        "report_style": "professional",
        "sources": ["web"],
        "engine": "extractive",
        "token_budget": 100000,
        "draft": "1",
    }
    bad = member_client.post("/projects/new/", {**form, "domains_allow": "who.int\nhttp://x"})
    assert bad.status_code == 200 and b"without a scheme" in bad.content
    made = member_client.post(
        "/projects/new/", {**form, "domains_allow": "who.int\n\n*.gov.uk\n", "domains_deny": "a.b"}
    )
    assert made.status_code == 302
    from research.models import Project

    options = Project.objects.get().options
    assert options["domains"] == {"allow": ["who.int", "*.gov.uk"], "deny": ["a.b"]}


def test_search_deny_domains_is_read_strictly(monkeypatch):
    monkeypatch.setenv("SEARCH_DENY_DOMAINS", "ads.example, *.tracker.example")
    assert site_settings.envdomains("SEARCH_DENY_DOMAINS") == ["ads.example", "*.tracker.example"]
    monkeypatch.setenv("SEARCH_DENY_DOMAINS", "ads.example,http://x")
    with pytest.raises(ImproperlyConfigured, match="SEARCH_DENY_DOMAINS"):
        site_settings.envdomains("SEARCH_DENY_DOMAINS")


# --- the engines' queries ------------------------------------------------------------------


def test_searxng_is_asked_with_the_allowed_hosts_as_site_terms(settings, fake_searx):
    settings.SEARXNG_URL = fake_searx.url
    scope = Scope.of(allow=["who.int", "*.gov.uk"])
    get_provider("searxng", scope=scope).search("heat pumps")
    assert fake_searx.requests[-1]["q"] == "heat pumps (site:who.int OR site:gov.uk)"


def test_tavily_is_given_the_domains_as_its_include_and_exclude_parameters(settings):
    settings.TAVILY_API_KEY = "test-key"
    sent = []

    def answer(request: httpx.Request) -> httpx.Response:
        sent.append(json.loads(request.content))
        return httpx.Response(200, json={"results": []})

    scope = Scope.of(allow=["who.int"], deny=["blog.who.int"], site_deny=["ads.example"])
    provider = get_provider("tavily", transport=httpx.MockTransport(answer), scope=scope)
    provider.search("heat pumps")
    assert sent[0]["query"] == "heat pumps"  # no site: terms: its parameters say it
    assert sent[0]["include_domains"] == ["who.int"]
    assert sent[0]["exclude_domains"] == ["ads.example", "blog.who.int"]


# --- the fetch choke point -----------------------------------------------------------------


@pytest.fixture
def loopback(settings):
    settings.FETCH_ALLOW_HOSTS = ["127.0.0.1"]


def test_fetch_refuses_an_address_outside_the_scope_before_connecting(loopback, fake_web):
    scope = Scope.of(allow=["example.org"])
    with pytest.raises(http.OutOfScope) as caught:
        http.fetch(f"{fake_web.url}/page/a", scope=scope)
    assert caught.value.reason == "outside the project's domains: 127.0.0.1 (domains.allow)"
    assert caught.value.blocked
    assert not fake_web.requests


def test_fetch_refuses_a_redirect_that_leaves_the_scope(loopback, fake_web):
    port = fake_web.url.rsplit(":", 1)[1]
    fake_web.routes["/leave"] = Route.redirect(f"http://localhost:{port}/page/elsewhere")
    with pytest.raises(http.OutOfScope) as caught:
        http.fetch(f"{fake_web.url}/leave", scope=Scope.of(allow=["127.0.0.1"]))
    assert caught.value.reason == (
        f"redirected to http://localhost:{port}/page/elsewhere, "
        "outside the project's domains: localhost (domains.allow)"
    )
    assert [r.path for r in fake_web.requests] == ["/leave"]  # the next hop was never asked


def test_fetch_follows_a_redirect_that_stays_in_scope(loopback, fake_web):
    fake_web.routes["/stay"] = Route.redirect("/page/inside")
    page = http.fetch(f"{fake_web.url}/stay", scope=Scope.of(allow=["127.0.0.1"]))
    assert page.final_url.endswith("/page/inside")


def test_the_search_holds_web_results_only_to_the_scope():
    def result(url: str, **more) -> SearchResult:
        return SearchResult(url, "Title", "", None, "searxng", **more)

    found = [
        result("https://who.int/a"),
        result("https://elsewhere.org/b"),
        result("/library/documents/3/#passage-1", passage_id=1),
        result("mcp://docs/pages/7", locator="mcp:docs › search"),
        result("https://doi.org/10.1/x", paper={"doi": "10.1/x"}),  # the scholarly APIs'
    ]
    kept, dropped = library.in_scope(Scope.of(allow=["who.int"]), found)
    assert [r.url for r in kept] == [found[0].url, *(r.url for r in found[2:])]
    assert dropped == {"domains.allow": 1}
    assert library.dropped_note(dropped) == (
        "1 result outside the project's domains dropped (domains.allow)"
    )
