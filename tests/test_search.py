"""Search providers: one interface, normalised results, bounded retries, readable failures.

No test touches the internet: HTTP backends get an httpx.MockTransport, SearXNG talks to the
loopback FakeSearx, and DuckDuckGo gets a stand-in for the ddgs client.
"""

from __future__ import annotations

import datetime
import json
import re
import threading
import time
from typing import Any, get_args

import httpx
import pytest
from ddgs.exceptions import DDGSException, RatelimitException

from research.models.options import ProjectOptions, SearchProviderName
from research.providers.search import (
    PROVIDERS,
    SearchError,
    SearchNotConfigured,
    SearchResult,
    available_providers,
    describe,
    get_provider,
)
from research.providers.search import retry as retry_module
from research.providers.search.base import Hit, language_tag, normalise, parse_date
from research.providers.search.brave import BraveProvider
from research.providers.search.duckduckgo import DuckDuckGoProvider, region
from research.providers.search.searxng import SearxngProvider
from research.providers.search.serper import SerperProvider
from research.providers.search.tavily import TavilyProvider
from tests.fakes import FakeSearx

pytest_plugins = ["tests.search_fixtures"]
pytestmark = pytest.mark.usefixtures("no_backoff")


@pytest.fixture
def keys(keys):
    """Every engine's key (tests/search_fixtures.py), and a short timeout."""
    keys.SEARCH_TIMEOUT = 5
    return keys


class Recorder:
    """A MockTransport handler: records requests, answers from a queue (the last one repeats)."""

    def __init__(self, *answers: httpx.Response | Exception):
        self.answers = list(answers)
        self.requests: list[httpx.Request] = []

    def __call__(self, request: httpx.Request) -> httpx.Response:
        self.requests.append(request)
        answer = self.answers.pop(0) if len(self.answers) > 1 else self.answers[0]
        if isinstance(answer, Exception):
            raise answer
        return answer

    @property
    def transport(self) -> httpx.MockTransport:
        return httpx.MockTransport(self)

    def body(self, index: int = -1) -> dict[str, Any]:
        return json.loads(self.requests[index].content)

    def params(self, index: int = -1) -> dict[str, str]:
        return dict(self.requests[index].url.params)


def ok(payload: Any) -> httpx.Response:
    return httpx.Response(200, json=payload)


TAVILY_OK = {"results": [{"url": "https://a.example/t", "title": "T", "content": "c", "score": 1}]}
BRAVE_OK = {"web": {"results": [{"url": "https://a.example/b", "title": "B", "description": "d"}]}}
SERPER_OK = {"organic": [{"link": "https://a.example/s", "title": "S", "snippet": "s"}]}
HTTP_BACKENDS = [("tavily", TAVILY_OK), ("brave", BRAVE_OK), ("serper", SERPER_OK)]


class FakeDDGS:
    """Stands in for ddgs.DDGS: returns canned dicts or raises, and records the call."""

    def __init__(self, *answers: list[dict[str, Any]] | Exception):
        self.answers = list(answers)
        self.calls: list[tuple[str, dict[str, Any]]] = []

    def text(self, query: str, **kwargs: Any) -> list[dict[str, Any]]:
        self.calls.append((query, kwargs))
        answer = self.answers.pop(0) if len(self.answers) > 1 else self.answers[0]
        if isinstance(answer, Exception):
            raise answer
        return answer

    def news(self, query: str, **kwargs: Any) -> list[dict[str, Any]]:
        """ddgs's news search: answered from the same queue, recorded as ("news", query)."""
        return self.text(f"news: {query}", **kwargs)


# --- normalisation ---------------------------------------------------------------------------


def test_results_are_stripped_filtered_deduplicated_and_capped():
    hits = [
        Hit("  https://a.example/1  ", "  First\n title ", " <b>bold</b> &amp; plain  ", None),
        Hit("ftp://files.example/x", "ftp is not the web", ""),
        Hit("/relative/path", "relative", ""),
        Hit(None, "no url", ""),
        Hit("https://A.example/1#section", "same page again", ""),
        Hit("http://b.example/2", "", "no title", "2024-05-01"),
        Hit("https://c.example/3", "third", ""),
    ]

    results = normalise(hits, max_results=2, engine="brave")

    assert results == [
        SearchResult("https://a.example/1", "First title", "bold & plain", None, "brave"),
        SearchResult(
            "http://b.example/2",
            "http://b.example/2",
            "no title",
            datetime.date(2024, 5, 1),
            "brave",
        ),
    ]


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("2024-05-01", datetime.date(2024, 5, 1)),
        ("2024-05-01T23:10:00Z", datetime.date(2024, 5, 1)),
        ("2024-05-01T08:30:00.000+02:00", datetime.date(2024, 5, 1)),
        ("Wed, 01 May 2024 12:00:00 GMT", datetime.date(2024, 5, 1)),
        ("May 1, 2024", datetime.date(2024, 5, 1)),
        ("1 May 2024", datetime.date(2024, 5, 1)),
        ("3 days ago", datetime.date(2024, 6, 7)),
        ("a week ago", datetime.date(2024, 6, 3)),
        ("5 hours ago", datetime.date(2024, 6, 10)),
        ("yesterday", datetime.date(2024, 6, 9)),
        ("", None),
        (None, None),
        ("sometime last spring", None),
        (20240501, None),
    ],
)
def test_published_dates_are_parsed_from_what_apis_send(raw, expected):
    assert parse_date(raw, today=datetime.date(2024, 6, 10)) == expected


def test_language_codes_and_names_are_understood():
    assert language_tag("de-AT") == ("de", "at")
    assert language_tag("pt_BR") == ("pt", "br")
    assert language_tag("German") == ("de", "")
    assert language_tag("Klingon") == ("", "")
    assert [region(x) for x in ("en", "de-AT", "ja", "fr", "")] == [
        "us-en",
        "at-de",
        "jp-ja",
        "fr-fr",
        "",
    ]


def test_a_blank_query_returns_nothing_without_asking(keys):
    recorder = Recorder(ok(BRAVE_OK))

    assert get_provider("brave", transport=recorder.transport).search("   ") == []
    assert recorder.requests == []


def test_an_unknown_time_range_is_a_programming_error(keys):
    provider = get_provider("brave", transport=Recorder(ok(BRAVE_OK)).transport)

    with pytest.raises(ValueError, match="time_range"):
        provider.search("q", time_range="1d")


# --- each backend's request and answer -------------------------------------------------------


def test_tavily_posts_the_query_with_a_bearer_key_and_maps_results(keys):
    recorder = Recorder(
        ok(
            {
                "results": [
                    {
                        "url": "https://news.example/a",
                        "title": " Heat pumps ",
                        "content": "They work in the cold.",
                        "score": 0.9,
                        "published_date": "Wed, 01 May 2024 10:00:00 GMT",
                    }
                ]
            }
        )
    )

    results = TavilyProvider(transport=recorder.transport).search("heat pumps", max_results=50)

    request = recorder.requests[0]
    assert (request.method, str(request.url)) == ("POST", "https://api.tavily.com/search")
    assert request.headers["authorization"] == "Bearer tvly-test"
    assert recorder.body()["query"] == "heat pumps"
    assert recorder.body()["max_results"] == 20
    assert "time_range" not in recorder.body()
    assert results == [
        SearchResult(
            "https://news.example/a",
            "Heat pumps",
            "They work in the cold.",
            datetime.date(2024, 5, 1),
            "tavily",
        )
    ]


def test_brave_sends_the_token_header_and_maps_web_results(keys):
    recorder = Recorder(
        ok(
            {
                "web": {
                    "results": [
                        {
                            "url": "https://b.example/x",
                            "title": "Heat <strong>pumps</strong>",
                            "description": "Why <strong>heat pumps</strong> &amp; cold.",
                            "page_age": "2024-04-30T09:00:00",
                            "age": "April 30, 2024",
                        },
                        {"url": "https://b.example/y", "title": "Y", "age": "2 days ago"},
                    ]
                }
            }
        )
    )

    results = BraveProvider(transport=recorder.transport).search(
        "heat pumps", max_results=5, language="de"
    )

    request = recorder.requests[0]
    assert request.url.copy_with(query=None) == "https://api.search.brave.com/res/v1/web/search"
    assert request.headers["x-subscription-token"] == "brave-test"
    assert recorder.params() == {"q": "heat pumps", "count": "5", "search_lang": "de"}
    assert results[0] == SearchResult(
        "https://b.example/x",
        "Heat pumps",
        "Why heat pumps & cold.",
        datetime.date(2024, 4, 30),
        "brave",
    )
    assert results[1].published == datetime.date.today() - datetime.timedelta(days=2)


def test_serper_posts_with_the_api_key_header_and_maps_organic_results(keys):
    recorder = Recorder(
        ok(
            {
                "organic": [
                    {"link": "https://s.example/1", "title": "One", "snippet": "s1", "date": ""},
                    {"link": "https://s.example/2", "title": "Two", "date": "Mar 3, 2023"},
                ],
                "peopleAlsoAsk": [{"link": "https://elsewhere.example/"}],
            }
        )
    )

    results = SerperProvider(transport=recorder.transport).search(
        "heat pumps", max_results=7, language="en-GB"
    )

    request = recorder.requests[0]
    assert (request.method, str(request.url)) == ("POST", "https://google.serper.dev/search")
    assert request.headers["x-api-key"] == "serp-test"
    assert recorder.body() == {"q": "heat pumps", "num": 7, "hl": "en", "gl": "gb"}
    assert [r.url for r in results] == ["https://s.example/1", "https://s.example/2"]
    assert results[1].published == datetime.date(2023, 3, 3)


def test_duckduckgo_maps_ddgs_title_href_body():
    client = FakeDDGS(
        [
            {"title": "Heat pumps", "href": "https://d.example/1", "body": " A body. "},
            {"title": "Duplicate", "href": "https://d.example/1", "body": "again"},
            {"title": "No link", "body": "dropped"},
        ]
    )

    results = DuckDuckGoProvider(client=client).search("heat pumps", language="de")

    assert results == [
        SearchResult("https://d.example/1", "Heat pumps", "A body.", None, "duckduckgo")
    ]
    assert client.calls == [("heat pumps", {"max_results": 10, "region": "de-de"})]


def test_duckduckgo_no_results_is_an_empty_list():
    client = FakeDDGS(DDGSException("No results found."))

    assert DuckDuckGoProvider(client=client).search("zzzqqq") == []


def test_duckduckgo_rate_limits_are_retried_then_fail_readably():
    client = FakeDDGS(RatelimitException("202 Ratelimit"))

    with pytest.raises(SearchError, match="DuckDuckGo is rate-limiting") as caught:
        DuckDuckGoProvider(client=client).search("heat pumps")

    assert len(client.calls) == 3
    assert "gave up after 3 attempts" in caught.value.reason


def test_duckduckgo_other_errors_fail_at_once():
    client = FakeDDGS(DDGSException("engine exploded"))

    with pytest.raises(SearchError, match="engine exploded"):
        DuckDuckGoProvider(client=client).search("heat pumps")
    assert len(client.calls) == 1


# --- time ranges -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("time_range", "tavily", "brave", "serper", "ddg"),
    [
        ("day", "day", "pd", "qdr:d", "d"),
        ("week", "week", "pw", "qdr:w", "w"),
        ("month", "month", "pm", "qdr:m", "m"),
        ("year", "year", "py", "qdr:y", "y"),
    ],
)
def test_each_backend_spells_the_time_range_its_own_way(
    keys, time_range, tavily, brave, serper, ddg
):
    answers = {"tavily": TAVILY_OK, "brave": BRAVE_OK, "serper": SERPER_OK}
    sent = {}
    for name, payload in answers.items():
        recorder = Recorder(ok(payload))
        get_provider(name, transport=recorder.transport).search("q", time_range=time_range)
        sent[name] = recorder
    client = FakeDDGS([])
    DuckDuckGoProvider(client=client).search("q", time_range=time_range)

    assert sent["tavily"].body()["time_range"] == tavily
    assert sent["brave"].params()["freshness"] == brave
    assert sent["serper"].body()["tbs"] == serper
    assert client.calls[0][1]["timelimit"] == ddg


def test_no_time_range_sends_no_filter(keys):
    brave, serper = Recorder(ok(BRAVE_OK)), Recorder(ok(SERPER_OK))
    get_provider("brave", transport=brave.transport).search("q")
    get_provider("serper", transport=serper.transport).search("q")

    assert "freshness" not in brave.params()
    assert "tbs" not in serper.body()


# --- retries and failures --------------------------------------------------------------------


@pytest.mark.parametrize(("name", "payload"), HTTP_BACKENDS)
def test_it_retries_a_500_then_fails_with_the_status(keys, name, payload):
    recorder = Recorder(httpx.Response(500, json={"error": {"message": "upstream down"}}))
    provider = get_provider(name, transport=recorder.transport)

    with pytest.raises(SearchError) as caught:
        provider.search("heat pumps")

    assert len(recorder.requests) == 3
    assert f"{provider.label} answered HTTP 500: upstream down" in caught.value.reason
    assert "gave up after 3 attempts" in caught.value.reason


@pytest.mark.parametrize(("name", "payload"), HTTP_BACKENDS)
def test_a_429_is_retried_and_a_later_answer_is_used(keys, name, payload):
    recorder = Recorder(
        httpx.Response(429, headers={"Retry-After": "0"}, json={"message": "slow down"}),
        httpx.Response(503, text="busy"),
        ok(payload),
    )

    results = get_provider(name, transport=recorder.transport).search("heat pumps")

    assert len(recorder.requests) == 3
    assert len(results) == 1


def test_three_429s_fail_naming_the_rate_limit(keys):
    recorder = Recorder(httpx.Response(429, json={"message": "Too many requests"}))

    with pytest.raises(SearchError, match="Brave Search answered HTTP 429: Too many requests"):
        get_provider("brave", transport=recorder.transport).search("q")
    assert len(recorder.requests) == 3


@pytest.mark.parametrize(("name", "payload"), HTTP_BACKENDS)
def test_a_400_fails_at_once(keys, name, payload):
    recorder = Recorder(httpx.Response(400, json={"detail": {"error": "bad query"}}))
    provider = get_provider(name, transport=recorder.transport)

    expected = re.escape(f"{provider.label} answered HTTP 400: bad query")
    with pytest.raises(SearchError, match=expected):
        provider.search("heat pumps")
    assert len(recorder.requests) == 1


def test_a_401_says_which_key_to_check(keys):
    recorder = Recorder(httpx.Response(401, json={"detail": {"error": "Unauthorized"}}))

    with pytest.raises(SearchError, match="HTTP 401: Unauthorized: check TAVILY_API_KEY"):
        get_provider("tavily", transport=recorder.transport).search("q")


def test_connection_errors_and_timeouts_are_retried(keys):
    recorder = Recorder(
        httpx.ConnectError("connection refused"), httpx.ReadTimeout("slow"), ok(SERPER_OK)
    )

    results = get_provider("serper", transport=recorder.transport).search("q")

    assert len(recorder.requests) == 3
    assert [r.url for r in results] == ["https://a.example/s"]


def test_a_backend_that_never_answers_in_time_fails_saying_so(keys):
    recorder = Recorder(httpx.ReadTimeout("slow"))

    with pytest.raises(SearchError, match="Brave Search did not answer within 5s"):
        get_provider("brave", transport=recorder.transport).search("q")
    assert len(recorder.requests) == 3


def test_an_answer_that_is_not_json_is_a_search_error(keys):
    recorder = Recorder(httpx.Response(200, text="<html>captcha</html>"))

    with pytest.raises(SearchError, match="Tavily answered with something that is not JSON"):
        get_provider("tavily", transport=recorder.transport).search("q")
    assert len(recorder.requests) == 1


def test_an_answer_of_an_unexpected_shape_gives_no_results(keys):
    recorder = Recorder(ok({"web": {"results": "not a list"}}))

    assert get_provider("brave", transport=recorder.transport).search("q") == []


def test_an_engine_that_rate_limits_gets_fewer_searches_at_once_then_more_again(keys):
    keys.SEARCH_MAX_CONCURRENCY = 12  # a pace of its own: paces last as long as the process
    recorder = Recorder(
        httpx.Response(429, headers={"Retry-After": "0"}, json={"message": "slow down"}),
        httpx.Response(429, headers={"Retry-After": "0"}, json={"message": "slow down"}),
        ok(BRAVE_OK),
    )
    provider = get_provider("brave", transport=recorder.transport)
    pace = retry_module.pace_of("https://api.search.brave.com/")

    provider.search("heat pumps")
    assert pace.limit == 4  # halved by each 429, then one more for the answer

    for _ in range(10):
        provider.search("heat pumps")
    assert pace.limit == 12


def test_duckduckgo_rate_limits_slow_its_pace_too(settings):
    settings.SEARCH_MAX_CONCURRENCY = 10
    client = FakeDDGS(RatelimitException("202 Ratelimit"), [])
    pace = retry_module.pace_of("duckduckgo")

    assert DuckDuckGoProvider(client=client).search("heat pumps") == []
    assert pace.limit == 6  # 10 halved, then one more for the answer


def test_searches_beyond_the_engines_pace_wait_for_a_place(keys):
    keys.SEARCH_MAX_CONCURRENCY = 2
    arrived: list[httpx.Request] = []
    release = threading.Event()

    def answer(request: httpx.Request) -> httpx.Response:
        arrived.append(request)
        release.wait(10)
        return ok(BRAVE_OK)

    provider = get_provider("brave", transport=httpx.MockTransport(answer))
    searches = [threading.Thread(target=provider.search, args=("q",)) for _ in range(3)]
    for search in searches:
        search.start()
    deadline = time.monotonic() + 10
    while len(arrived) < 2 and time.monotonic() < deadline:
        time.sleep(0.01)
    time.sleep(0.2)  # time for a third request to arrive, if the pace let it
    assert len(arrived) == 2

    release.set()
    for search in searches:
        search.join(10)
    assert len(arrived) == 3


def test_backoff_doubles_honours_retry_after_and_is_capped(monkeypatch):
    monkeypatch.setattr(retry_module, "RETRY_BASE_DELAY", 0.5)
    monkeypatch.setattr(retry_module, "RETRY_MAX_DELAY", 10.0)

    assert [retry_module.backoff(n) for n in (1, 2, 3)] == [0.5, 1.0, 2.0]
    assert retry_module.backoff(1, retry_after=4) == 4
    assert retry_module.backoff(1, retry_after=600) == 10.0


# --- configuration ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "variable"),
    [
        ("searxng", "SEARXNG_URL"),
        ("tavily", "TAVILY_API_KEY"),
        ("brave", "BRAVE_API_KEY"),
        ("serper", "SERPER_API_KEY"),
    ],
)
def test_a_missing_setting_is_named_and_nothing_is_sent(settings, name, variable):
    setattr(settings, variable, "")
    recorder = Recorder(ok({}))

    with pytest.raises(SearchNotConfigured, match=f"{variable} is not set") as caught:
        get_provider(name, transport=recorder.transport).search("heat pumps")

    assert isinstance(caught.value, SearchError)
    assert recorder.requests == []


def test_available_providers_reports_which_are_configured(settings):
    settings.SEARXNG_URL = "http://searx.internal:8080"
    settings.TAVILY_API_KEY = ""
    settings.BRAVE_API_KEY = "key"
    settings.SERPER_API_KEY = ""

    assert available_providers() == {
        "duckduckgo": True,
        "searxng": True,
        "tavily": False,
        "brave": True,
        "serper": False,
    }
    assert describe("tavily") == "Tavily (needs TAVILY_API_KEY)"
    assert describe("brave") == "Brave Search"


# --- SearXNG over loopback -------------------------------------------------------------------


@pytest.fixture
def searx(settings):
    with FakeSearx(page_base_url="https://pages.example") as fake:
        settings.SEARXNG_URL = fake.url + "/"
        yield fake


def test_searxng_asks_for_json_with_time_range_and_language(searx):
    results = get_provider("searxng").search(
        "Heat pumps in cold climates", max_results=4, time_range="month", language="de-AT"
    )

    assert searx.requests == [
        {
            "q": "Heat pumps in cold climates",
            "format": "json",
            "pageno": "1",
            "time_range": "month",
            "language": "de-AT",
        }
    ]
    assert [r.url for r in results] == [
        f"https://pages.example/page/heat-pumps-in-cold-climates-{i}" for i in (1, 2, 3, 4)
    ]
    assert results[0].published == datetime.date(2024, 1, 11)
    assert results[1].published is None
    assert results[0].engine == "searxng"
    assert "heat pumps in cold climates" in results[0].snippet


def test_searxng_retries_a_500_then_fails_with_the_status(searx):
    searx.fail_next(500, count=3)

    with pytest.raises(SearchError, match="SearXNG answered HTTP 500"):
        SearxngProvider().search("q")
    assert searx.calls == 3


def test_searxng_recovers_when_a_retry_succeeds(searx):
    searx.fail_next(502, count=2)

    assert len(SearxngProvider().search("tides")) == 6
    assert searx.calls == 3


def test_searxng_403_explains_that_json_must_be_enabled(searx):
    searx.fail_next(403, body="<h1>Forbidden</h1>")

    with pytest.raises(SearchError, match="HTTP 403: is the json format enabled") as caught:
        SearxngProvider().search("q")
    assert searx.calls == 1
    assert "gave up" not in caught.value.reason


def test_searxng_that_cannot_be_reached_fails_after_the_retries(settings):
    with FakeSearx() as gone:
        settings.SEARXNG_URL = gone.url
    # the server is stopped: its port now refuses connections

    with pytest.raises(SearchError, match="SearXNG could not be reached"):
        SearxngProvider().search("q")


# --- registry --------------------------------------------------------------------------------


def test_the_registry_knows_every_provider_the_options_offer():
    assert set(PROVIDERS) == set(get_args(SearchProviderName)) - {""}


@pytest.mark.parametrize(
    ("name", "cls"),
    [
        ("duckduckgo", DuckDuckGoProvider),
        ("searxng", SearxngProvider),
        ("tavily", TavilyProvider),
        ("brave", BraveProvider),
        ("Serper", SerperProvider),
    ],
)
def test_get_provider_returns_the_backend_by_name(name, cls):
    assert type(get_provider(name)) is cls


def test_a_project_without_a_search_provider_uses_the_server_default(settings):
    settings.SEARCH_PROVIDER = "brave"
    options = ProjectOptions(search_provider="")
    assert isinstance(get_provider(options.provider), BraveProvider)
    assert ProjectOptions(search_provider="tavily").provider == "tavily"


def test_an_unknown_provider_lists_the_known_ones():
    with pytest.raises(SearchError, match="known providers: brave, duckduckgo, searxng, serper"):
        get_provider("altavista")


def test_get_provider_passes_the_transport_to_http_backends(keys):
    recorder = Recorder(ok(BRAVE_OK))

    get_provider("brave", transport=recorder.transport).search("q")

    assert len(recorder.requests) == 1
