"""Tavily: a search API made for LLM agents (POST {TAVILY_URL}/search, Bearer key). Its news
search is the same call with `topic: "news"`, the period given in `days`. A project's domains
go in its documented `include_domains` and `exclude_domains`, not in `site:` terms. Its image
search is the same call with `include_images` (and `include_image_descriptions`): the answer's
`images` are the query's, each an address with a description, and do not say which page they
came from."""

from __future__ import annotations

from typing import Any

from django.conf import settings

from research.providers.search.base import NEWS, Hit, ImageHit, items
from research.providers.search.retry import HttpSearchProvider

TIME_RANGES = {"day": "day", "week": "week", "month": "month", "year": "year"}
DAYS = {"day": 1, "week": 7, "month": 30, "year": 365}
MAX_COUNT = 20  # the API's upper bound for max_results


class TavilyProvider(HttpSearchProvider):
    name = "tavily"
    label = "Tavily"
    required_setting = "TAVILY_API_KEY"
    status_hints = {401: "check TAVILY_API_KEY", 432: "the plan's credit limit is used up"}

    def fetch(self, query: str, *, max_results: int, time_range: str, language: str) -> list[Hit]:
        body = self._body(query, max_results, "general")
        if time_range:
            body["time_range"] = TIME_RANGES[time_range]
        return self._post(body)

    def fetch_news(
        self, query: str, *, max_results: int, time_range: str, language: str
    ) -> list[Hit]:
        body = self._body(query, max_results, NEWS)
        if time_range:
            body["days"] = DAYS[time_range]
        return self._post(body)

    image_search = True

    def fetch_images(self, query: str, *, max_results: int, language: str) -> list[ImageHit]:
        body = self._body(query, max_results, "general")
        body.update(include_images=True, include_image_descriptions=True)
        found = self._ask(body).get("images")
        return [_image_hit(item) for item in found] if isinstance(found, list) else []

    def scoped_query(self, query: str) -> str:
        return query  # the scope goes in include_domains and exclude_domains instead

    def _body(self, query: str, max_results: int, topic: str) -> dict[str, Any]:
        body: dict[str, Any] = {
            "query": query,
            "max_results": min(max_results, MAX_COUNT),
            "search_depth": "basic",
            "topic": topic,
            "include_answer": False,
            "include_raw_content": False,
        }
        if allowed := self.scope.sites():
            body["include_domains"] = allowed
        if denied := self.scope.denied_sites():
            body["exclude_domains"] = denied
        return body

    def _post(self, body: dict[str, Any]) -> list[Hit]:
        return [
            Hit(item.get("url"), item.get("title"), item.get("content"), item.get("published_date"))
            for item in items(self._ask(body), "results")
        ]

    def _ask(self, body: dict[str, Any]) -> dict[str, Any]:
        headers = {"Authorization": f"Bearer {self.setting()}"}
        url = f"{settings.TAVILY_URL.rstrip('/')}/search"
        data = self.request_json("POST", url, json=body, headers=headers)
        return data if isinstance(data, dict) else {}


def _image_hit(item: Any) -> ImageHit:
    """An `images` entry: an address, or {url, description} with descriptions asked for."""
    if isinstance(item, dict):
        return ImageHit(item.get("url"), None, item.get("description"))
    return ImageHit(item)
