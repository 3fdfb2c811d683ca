"""FakeSearx: SearXNG's JSON search API on 127.0.0.1.

    with FakeWeb() as web, FakeSearx(page_base_url=web.url) as searx:
        settings.SEARXNG_URL = searx.url
        ...  # every result links to an article FakeWeb serves

`results_for(query) -> list[dict]` decides the results; the default makes six deterministic ones
per query. A search in the category news (`categories=news`, a query's "news:week" route) is
answered by `news_for(query)`, whose default makes four recent articles at
`page_base_url`/page/news-<slug>-<i>. A search in the category images (`categories=images`) is
answered by `images_for(query)`, whose default makes two results as SearXNG gives them: the page
(`url`), the image (`img_src`, `page_base_url`/img/<slug>-<i>.png), `title` and
`thumbnail_src`. Like a SearXNG instance with only HTML enabled, a request
without `format=json` is answered 403. `requests` holds each request's query parameters.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Callable
from typing import Any
from urllib.parse import parse_qs

from tests.fakes.server import FakeServer, RecordedRequest, Reply

ResultsFor = Callable[[str], list[dict[str, Any]]]
SEARCH_PATHS = frozenset({"/search", "/"})
ENGINES = ("duckduckgo", "bing", "brave", "wikipedia", "mojeek", "qwant")
RESULTS_PER_QUERY = 6
NEWS_PER_QUERY = 4
NEWS = "news"
IMAGES = "images"
IMAGES_PER_QUERY = 2


def slugify(text: str, max_words: int = 6) -> str:
    words = re.findall(r"[a-z0-9]+", text.lower())[:max_words]
    return "-".join(words) or "query"


class FakeSearx(FakeServer):
    label = "FakeSearx"

    def __init__(
        self,
        results_for: ResultsFor | None = None,
        *,
        news_for: ResultsFor | None = None,
        images_for: ResultsFor | None = None,
        page_base_url: str = "http://pages.example.invalid",
        latency: float = 0.0,
    ) -> None:
        super().__init__(latency=latency)
        self.results_for: ResultsFor = results_for or self.default_results
        self.news_for: ResultsFor = news_for or self.default_news
        self.images_for: ResultsFor = images_for or self.default_images
        self.page_base_url = page_base_url
        self.requests: list[dict[str, str]] = []

    def default_results(self, query: str) -> list[dict[str, Any]]:
        """Six results on `page_base_url`/page/<slug>-<i>, titles and snippets using the query."""
        slug = slugify(query)
        topic = " ".join(slug.split("-"))
        base = self.page_base_url.rstrip("/")
        results = []
        for i in range(1, RESULTS_PER_QUERY + 1):
            result: dict[str, Any] = {
                "url": f"{base}/page/{slug}-{i}",
                "title": f"{topic.title()}: part {i} of an overview",
                "content": f"What is known about {topic}, and what part {i} adds to it.",
                "engine": ENGINES[(i - 1) % len(ENGINES)],
                "score": round(1.0 / i, 4),
            }
            if i % 2:  # real results carry a date only sometimes
                result["publishedDate"] = f"2024-0{i}-1{i}T08:30:00"
            results.append(result)
        return results

    def default_news(self, query: str) -> list[dict[str, Any]]:
        """Four articles of the last days on `page_base_url`/page/news-<slug>-<i>, newest first."""
        slug = slugify(query)
        topic = " ".join(slug.split("-"))
        base = self.page_base_url.rstrip("/")
        today = datetime.date.today()
        return [
            {
                "url": f"{base}/page/news-{slug}-{i}",
                "title": f"{topic.title()}: news report {i}",
                "content": f"Reported {i} days ago about {topic}.",
                "engine": "bing news",
                "category": NEWS,
                "publishedDate": f"{today - datetime.timedelta(days=i)}T07:00:00",
            }
            for i in range(1, NEWS_PER_QUERY + 1)
        ]

    def default_images(self, query: str) -> list[dict[str, Any]]:
        """Two images, each on a page of its own: `page_base_url`/page/image-<slug>-<i>."""
        slug = slugify(query)
        topic = " ".join(slug.split("-"))
        base = self.page_base_url.rstrip("/")
        return [
            {
                "url": f"{base}/page/image-{slug}-{i}",
                "img_src": f"{base}/img/{slug}-{i}.png",
                "thumbnail_src": f"{base}/img/{slug}-{i}-thumb.png",
                "title": f"{topic.title()}: picture {i}",
                "content": "",
                "engine": "bing images",
                "category": IMAGES,
                "template": "images.html",
            }
            for i in range(1, IMAGES_PER_QUERY + 1)
        ]

    def image_requests(self) -> list[dict[str, str]]:
        """The requests that searched the images category."""
        return [params for params in self.requests if params.get("categories") == IMAGES]

    def news_requests(self) -> list[dict[str, str]]:
        """The requests that searched the news category."""
        return [params for params in self.requests if params.get("categories") == NEWS]

    def record(self, request: RecordedRequest) -> None:
        self.requests.append(_params(request))

    def answer(self, request: RecordedRequest) -> Reply:
        if request.path not in SEARCH_PATHS:
            return Reply.text("Not Found", status=404, content_type="text/html")
        params = _params(request)
        if params.get("format") != "json":
            return Reply.text("<h1>403 Forbidden</h1>", status=403, content_type="text/html")
        query = params.get("q", "")
        answer_for = {NEWS: self.news_for, IMAGES: self.images_for}.get(
            params.get("categories", ""), self.results_for
        )
        results = answer_for(query) if query else []
        return Reply.json(
            {
                "query": query,
                "number_of_results": len(results),
                "results": results,
                "answers": [],
                "corrections": [],
                "infoboxes": [],
                "suggestions": [],
                "unresponsive_engines": [],
            }
        )


def _params(request: RecordedRequest) -> dict[str, str]:
    """Query parameters, and for a POST (SearXNG accepts both) the form fields too."""
    params = dict(request.query)
    if request.method == "POST" and request.body:
        form = parse_qs(request.body.decode("utf-8", "replace"))
        params.update({key: values[0] for key, values in form.items()})
    return params
