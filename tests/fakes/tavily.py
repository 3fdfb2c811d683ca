"""FakeTavily: Tavily's search API (POST /search, a Bearer key) on 127.0.0.1.

    with FakeWeb() as web, FakeTavily(page_base_url=web.url) as tavily:
        settings.TAVILY_URL, settings.TAVILY_API_KEY = tavily.url, "test-key"

Each query gets FakeSearx's six deterministic results, in Tavily's shape. `refuses(query)`
decides which queries are rate-limited (HTTP 429, as Tavily says it: `{"detail": {"error":
...}}`, Retry-After 0), every time they are asked. `bodies` holds each request's JSON body.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tests.fakes.searx import FakeSearx
from tests.fakes.server import FakeServer, RecordedRequest, Reply

RATE_LIMITED = "Your request has been blocked due to excessive requests."


class FakeTavily(FakeServer):
    label = "FakeTavily"

    def __init__(
        self,
        *,
        page_base_url: str = "http://pages.example.invalid",
        refuses: Callable[[str], bool] = lambda query: False,
    ) -> None:
        super().__init__()
        self.refuses = refuses
        self.searx = FakeSearx(page_base_url=page_base_url)  # for its results, not served
        self.bodies: list[dict[str, Any]] = []

    def record(self, request: RecordedRequest) -> None:
        self.bodies.append(request.json() or {})

    def answer(self, request: RecordedRequest) -> Reply:
        if (request.method, request.path) != ("POST", "/search"):
            return Reply.json({"detail": {"error": "Not Found"}}, status=404)
        if not request.headers.get("authorization", "").startswith("Bearer "):
            return Reply.json({"detail": {"error": "Unauthorized: missing API key."}}, status=401)
        query = str((request.json() or {}).get("query", ""))
        if self.refuses(query):
            return Reply.json({"detail": {"error": RATE_LIMITED}}, 429, {"Retry-After": "0"})
        results = [
            {
                "title": r["title"],
                "url": r["url"],
                "content": r["content"],
                "score": r["score"],
                "published_date": r.get("publishedDate"),
            }
            for r in self.searx.default_results(query)
        ]
        return Reply.json({"query": query, "results": results, "response_time": 0.1})
