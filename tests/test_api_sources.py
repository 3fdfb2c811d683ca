"""The sources API: list, add by URL, read with text and summaries, flags, refetch, resummarise."""

import pytest

from research.models import FetchStatus, PageSnapshot, ProjectStatus, Source, Stage, StepRun
from research.pipeline.engine.registry import run_step
from tests.api_helpers import count_queries
from tests.factories import add_queries, add_sources, add_summary, make_project

pytest_plugins = ["tests.api_fixtures"]
pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fast_passwords")]


def test_it_lists_sources_by_citation_number(api, finished_project):
    body = api.get(f"/api/projects/{finished_project.pk}/sources").json()
    assert body["count"] == 3
    assert [s["n"] for s in body["items"]] == [1, 2, 3]
    first = body["items"][0]
    for field in ("id", "n", "url", "title", "fetch_status", "excluded", "pinned"):
        assert field in first
    assert first["fetch_status"] == "fetched"
    assert "text" not in first  # the text is on the source's own page


def test_listing_sources_runs_the_same_sql_queries_for_3_or_30(api, member):
    project = make_project(member)
    add_sources(project, 3, user=member)
    url = f"/api/projects/{project.pk}/sources"
    few = count_queries(lambda: api.get(url))
    add_sources(project, 27, user=member)
    many = count_queries(lambda: api.get(url))
    assert few == many <= 6


def test_it_adds_a_source_by_url_pinned_and_pending(api, finished_project, llm_configured):
    url = "https://sqlite.org/wal.html"
    response = api.post(f"/api/projects/{finished_project.pk}/sources", {"url": url})
    assert response.status_code == 201
    body = response.json()
    assert (body["url"], body["n"], body["fetch_status"]) == (url, 4, "pending")
    assert (body["pinned"], body["added_by"], body["domain"]) == (True, "alice", "sqlite.org")
    finished_project.refresh_from_db()
    assert finished_project.status == ProjectStatus.RESEARCHING


def test_adding_the_same_url_twice_is_409(api, finished_project):
    url = finished_project.sources.first().url
    response = api.post(f"/api/projects/{finished_project.pk}/sources", {"url": url})
    assert response.status_code == 409
    assert "already a source" in response.json()["detail"]


def test_adding_a_source_to_a_cancelled_project_is_409(api, member):
    project = make_project(member, status=ProjectStatus.CANCELLED)
    response = api.post(f"/api/projects/{project.pk}/sources", {"url": "https://a.example/"})
    assert response.status_code == 409


@pytest.mark.parametrize("url", ["ftp://a.example/", "sqlite.org", "", "https://" + "a" * 2000])
def test_a_url_that_is_not_http_is_refused_naming_the_field(api, finished_project, url):
    response = api.post(f"/api/projects/{finished_project.pk}/sources", {"url": url})
    assert response.status_code == 422
    assert response.json()["errors"][0]["field"] == "url"


@pytest.mark.parametrize(
    ("address", "words"),
    [
        ("::127.0.0.1", "127.0.0.1 (embedded in ::7f00:1, an IPv4-compatible address) is loopback"),
        ("::ffff:0:7f00:1", "127.0.0.1 (embedded in ::ffff:0:7f00:1, an IPv4-translated address)"),
        ("fec0::1", "fec0::1 is deprecated site-local (RFC 3879)"),
        ("64:ff9b:1::7f00:1", "64:ff9b:1::7f00:1 is local-use IPv4/IPv6 translation (RFC 8215)"),
    ],
)
def test_a_source_at_a_refused_ipv6_address_is_refused_and_nothing_is_stored(
    api, finished_project, settings, address, words
):
    settings.FETCH_ALLOW_HOSTS = []
    before = (finished_project.sources.count(), PageSnapshot.objects.count())
    url = f"http://[{address}]/admin"
    response = api.post(f"/api/projects/{finished_project.pk}/sources", {"url": url})
    assert response.status_code == 422
    [error] = response.json()["errors"]
    assert error["field"] == "url"
    assert error["message"].startswith(f"This address cannot be fetched: {words}")
    assert "FETCH_ALLOW_HOSTS" in error["message"]
    assert (finished_project.sources.count(), PageSnapshot.objects.count()) == before
    assert not PageSnapshot.objects.filter(url=url).exists()
    finished_project.refresh_from_db()
    assert finished_project.status == ProjectStatus.DONE


@pytest.mark.parametrize(
    "address", ["::127.0.0.1", "::ffff:0:7f00:1", "fec0::1", "64:ff9b:1::7f00:1", "10.1.2.3"]
)
def test_a_source_whose_host_name_resolves_to_a_refused_address_is_refused_and_nothing_is_stored(
    api, finished_project, settings, dns, address
):
    settings.FETCH_ALLOW_HOSTS = []
    dns("intranet.example.test", address)
    before = finished_project.sources.count()
    url = "http://intranet.example.test/admin"
    response = api.post(f"/api/projects/{finished_project.pk}/sources", {"url": url})
    assert response.status_code == 422
    [error] = response.json()["errors"]
    assert error["field"] == "url"
    assert error["message"].startswith("This address cannot be fetched: intranet.example.test")
    assert "FETCH_ALLOW_HOSTS" in error["message"]
    assert finished_project.sources.count() == before


def test_a_source_whose_host_name_does_not_resolve_yet_is_added_and_checked_when_fetched(
    api, finished_project, llm_configured, dns
):
    llm_configured.FETCH_ALLOW_HOSTS = []
    response = api.post(
        f"/api/projects/{finished_project.pk}/sources", {"url": "http://later.example.test/"}
    )
    assert response.status_code == 201
    source = Source.objects.get(pk=response.json()["id"])
    dns("later.example.test", "10.1.2.3")  # by the time the worker fetches it
    step = StepRun.objects.create(
        project=finished_project, stage=Stage.FETCH, key=f"fetch:{source.pk}:0", source=source
    )
    run_step(step.pk)
    source.refresh_from_db()
    assert source.fetch_status == FetchStatus.BLOCKED
    assert source.fetch_reason.startswith("later.example.test")
    assert "10.1.2.3" in source.fetch_reason and "FETCH_ALLOW_HOSTS" in source.fetch_reason
    assert (source.snapshot, source.text) == (None, "")


def test_a_source_at_an_allowed_address_is_added(api, finished_project, llm_configured):
    llm_configured.FETCH_ALLOW_HOSTS = ["fec0::/10"]
    url = "http://[fec0::1]/intranet"
    response = api.post(f"/api/projects/{finished_project.pk}/sources", {"url": url})
    assert response.status_code == 201
    assert response.json()["url"] == url


def test_it_shows_a_source_with_its_text_and_summaries(api, finished_project):
    source = finished_project.sources.get(n=1)
    body = api.get(f"/api/sources/{source.pk}").json()
    assert body["text"] == "Text of 1."
    assert len(body["summaries"]) == 1
    summary = body["summaries"][0]
    assert summary["query"] == "query 0"
    assert summary["quotes"] == ["Text of 1."]
    assert summary["relevant"] is True


def test_showing_a_source_runs_a_fixed_number_of_sql_queries(api, member):
    project = make_project(member)
    source = add_sources(project, 1)[0]
    for query in add_queries(project, 3):
        add_summary(query, source)
    few = count_queries(lambda: api.get(f"/api/sources/{source.pk}"))
    for query in add_queries(project, 20):
        add_summary(query, source)
    assert count_queries(lambda: api.get(f"/api/sources/{source.pk}")) == few


def test_an_unfetched_source_has_no_text(api, member):
    source = add_sources(make_project(member), 1, fetched=False)[0]
    body = api.get(f"/api/sources/{source.pk}").json()
    assert (body["text"], body["summaries"]) == ("", [])


def test_it_excludes_and_pins_a_source(api, finished_project, member):
    source = finished_project.sources.get(n=2)
    body = api.patch(f"/api/sources/{source.pk}", {"excluded": True}).json()
    assert (body["excluded"], body["pinned"]) == (True, False)
    body = api.patch(f"/api/sources/{source.pk}", {"pinned": True, "excluded": False}).json()
    assert (body["excluded"], body["pinned"]) == (False, True)
    source.refresh_from_db()
    assert source.updated_by == member


def test_flags_must_be_booleans(api, finished_project):
    source = finished_project.sources.first()
    response = api.patch(f"/api/sources/{source.pk}", {"excluded": "maybe"})
    assert response.status_code == 422
    assert response.json()["errors"][0]["field"] == "excluded"


def test_it_refetches_a_source(api, finished_project, llm_configured):
    source = finished_project.sources.first()
    response = api.post(f"/api/sources/{source.pk}/refetch")
    assert response.status_code == 202
    body = response.json()
    assert (body["fetch_status"], body["generation"]) == ("pending", 1)
    steps = StepRun.objects.filter(project=finished_project, stage="fetch", source=source)
    assert {"force": True} in [step.params for step in steps]


def test_it_resummarizes_a_fetched_source(api, finished_project, llm_configured):
    source = finished_project.sources.first()
    response = api.post(f"/api/sources/{source.pk}/resummarize")
    assert response.status_code == 202
    assert response.json()["fetch_status"] == "fetched"


def test_resummarizing_an_unfetched_source_is_409(api, member, llm_configured):
    source = add_sources(make_project(member), 1, fetched=False)[0]
    response = api.post(f"/api/sources/{source.pk}/resummarize")
    assert response.status_code == 409
    assert "refetch it first" in response.json()["detail"]


@pytest.mark.parametrize("action", ["refetch", "resummarize"])
def test_redoing_a_source_of_a_draft_is_409(api, member, llm_configured, action):
    project = make_project(member, status=ProjectStatus.DRAFT)
    source = add_sources(project, 1)[0]
    response = api.post(f"/api/sources/{source.pk}/{action}")
    assert response.status_code == 409
    Source.objects.filter(pk=source.pk, fetch_status=FetchStatus.FETCHED).get()
