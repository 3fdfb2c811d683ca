"""News search: each web engine's news search over a period, behind the one Searcher interface.

SearXNG talks to the loopback FakeSearx (its news category); Brave, Serper and Tavily get an
httpx.MockTransport; DuckDuckGo gets a stand-in for the ddgs client.
"""

from __future__ import annotations

import datetime
import json
from typing import Any

import httpx
import pytest

from research.providers.search import SearchError, get_provider
from research.providers.search.duckduckgo import DuckDuckGoProvider
from research.providers.search.news import NewsSearcher
from tests.test_search import FakeDDGS

pytest_plugins = ["tests.search_fixtures"]
pytestmark = pytest.mark.usefixtures("no_backoff")


class Answering:
    """A MockTransport handler: records each request and answers with `payload`."""

    def __init__(self, payload: Any) -> None:
        self.payload = payload
        self.requests: list[httpx.Request] = []

    def __call__(self, request: httpx.Request) -> httpx.Response:
        self.requests.append(request)
        return httpx.Response(200, json=self.payload)

    @property
    def transport(self) -> httpx.MockTransport:
        return httpx.MockTransport(self)

    def body(self) -> dict[str, Any]:
        return json.loads(self.requests[-1].content)


def test_searxng_news_asks_the_news_category_with_the_period(searx):
    found = NewsSearcher(get_provider("searxng"), "week").search("heat pump subsidies")

    assert searx.requests == [
        {
            "q": "heat pump subsidies",
            "format": "json",
            "pageno": "1",
            "categories": "news",
            "time_range": "week",
        }
    ]
    assert [r.url for r in found] == [
        f"https://pages.example/page/news-heat-pump-subsidies-{i}" for i in (1, 2, 3, 4)
    ]
    assert found[0].engine == "searxng news"
    assert found[0].published == datetime.date.today() - datetime.timedelta(days=1)


def test_the_news_period_is_the_searchers_own_whatever_the_projects_time_range(searx):
    NewsSearcher(get_provider("searxng"), "day").search("kestrel", time_range="year")

    assert searx.requests[0]["time_range"] == "day"


def test_a_news_searcher_needs_a_period():
    with pytest.raises(ValueError, match="period"):
        NewsSearcher(get_provider("searxng"), "")


def test_brave_news_asks_its_news_endpoint_with_freshness(keys):
    answer = Answering(
        {
            "type": "news",
            "results": [
                {
                    "url": "https://n.example/1",
                    "title": "One",
                    "description": "d",
                    "age": "2 days ago",
                }
            ],
        }
    )
    provider = get_provider("brave", transport=answer.transport)

    found = NewsSearcher(provider, "month").search("kestrel", max_results=30, language="de")

    request = answer.requests[0]
    assert request.url.path == "/res/v1/news/search"
    assert dict(request.url.params) == {
        "q": "kestrel",
        "count": "30",
        "freshness": "pm",
        "search_lang": "de",
    }
    assert request.headers["x-subscription-token"] == "brave-test"
    assert [(r.url, r.engine) for r in found] == [("https://n.example/1", "brave news")]
    assert found[0].published == datetime.date.today() - datetime.timedelta(days=2)


def test_serper_news_posts_to_its_news_path(keys):
    answer = Answering(
        {
            "news": [
                {"link": "https://n.example/s", "title": "S", "snippet": "s", "date": "May 1, 2025"}
            ]
        }
    )
    provider = get_provider("serper", transport=answer.transport)

    found = NewsSearcher(provider, "day").search("kestrel", max_results=5)

    assert str(answer.requests[0].url) == "https://google.serper.dev/news"
    assert answer.body() == {"q": "kestrel", "num": 5, "tbs": "qdr:d"}
    assert [(r.url, r.published) for r in found] == [
        ("https://n.example/s", datetime.date(2025, 5, 1))
    ]


@pytest.mark.parametrize(("period", "days"), [("day", 1), ("week", 7), ("month", 30)])
def test_tavily_news_asks_the_news_topic_over_days(keys, period, days):
    answer = Answering(
        {"results": [{"url": "https://n.example/t", "title": "T", "content": "c", "score": 1}]}
    )
    provider = get_provider("tavily", transport=answer.transport)

    found = NewsSearcher(provider, period).search("kestrel", max_results=3)

    body = answer.body()
    assert (body["topic"], body["days"], body["max_results"]) == ("news", days, 3)
    assert "time_range" not in body
    assert [r.engine for r in found] == ["tavily news"]


def test_duckduckgo_news_uses_ddgs_news_with_its_timelimit():
    client = FakeDDGS(
        [
            {
                "title": "Headline",
                "url": "https://n.example/d",
                "body": "b",
                "date": "2025-04-02T10:00:00+00:00",
            }
        ]
    )

    found = NewsSearcher(DuckDuckGoProvider(client=client), "week").search("kestrel")

    assert client.calls == [("news: kestrel", {"max_results": 10, "timelimit": "w"})]
    assert [(r.url, r.published, r.engine) for r in found] == [
        ("https://n.example/d", datetime.date(2025, 4, 2), "duckduckgo news")
    ]


def test_a_failing_news_search_is_a_search_error_naming_the_engine(searx):
    searx.fail_next(500, count=3)

    with pytest.raises(SearchError, match="SearXNG answered HTTP 500"):
        NewsSearcher(get_provider("searxng"), "week").search("kestrel")
