"""Brave Search: its own web index (GET /res/v1/web/search, X-Subscription-Token header), and its
news search (GET /res/v1/news/search, the same parameters) and its image search (GET
/res/v1/images/search: each result's `url` is the page, `properties.url` the image)."""

from __future__ import annotations

from typing import Any

from research.providers.search.base import Hit, ImageHit, items, language_tag
from research.providers.search.retry import HttpSearchProvider

URL = "https://api.search.brave.com/res/v1/web/search"
NEWS_URL = "https://api.search.brave.com/res/v1/news/search"
FRESHNESS = {"day": "pd", "week": "pw", "month": "pm", "year": "py"}
MAX_COUNT = 20  # the API's upper bound for count
MAX_NEWS_COUNT = 50  # the news search's
IMAGES_URL = "https://api.search.brave.com/res/v1/images/search"
MAX_IMAGES_COUNT = 200  # the image search's


class BraveProvider(HttpSearchProvider):
    name = "brave"
    label = "Brave Search"
    required_setting = "BRAVE_API_KEY"
    status_hints = {401: "check BRAVE_API_KEY", 422: "check BRAVE_API_KEY and the query"}

    def fetch(self, query: str, *, max_results: int, time_range: str, language: str) -> list[Hit]:
        params = self._params(query, min(max_results, MAX_COUNT), time_range, language)
        return _hits(items(self._get(URL, params), "web", "results"))

    def fetch_news(
        self, query: str, *, max_results: int, time_range: str, language: str
    ) -> list[Hit]:
        params = self._params(query, min(max_results, MAX_NEWS_COUNT), time_range, language)
        return _hits(items(self._get(NEWS_URL, params), "results"))

    image_search = True

    def fetch_images(self, query: str, *, max_results: int, language: str) -> list[ImageHit]:
        params = self._params(query, min(max_results, MAX_IMAGES_COUNT), "", language)
        return [
            ImageHit(_image_of(item), item.get("url"), item.get("title"))
            for item in items(self._get(IMAGES_URL, params), "results")
        ]

    def _params(
        self, query: str, count: int, time_range: str, language: str
    ) -> dict[str, str | int]:
        params: dict[str, str | int] = {"q": query, "count": count}
        if time_range:
            params["freshness"] = FRESHNESS[time_range]
        lang, _country = language_tag(language)
        if lang:
            params["search_lang"] = lang
        return params

    def _get(self, url: str, params: dict[str, str | int]) -> Any:
        headers = {"X-Subscription-Token": self.setting()}
        return self.request_json("GET", url, params=params, headers=headers)


def _hits(found: list[dict[str, Any]]) -> list[Hit]:
    return [
        Hit(
            item.get("url"),
            item.get("title"),
            item.get("description"),
            item.get("page_age") or item.get("age"),
        )
        for item in found
    ]


def _image_of(item: dict[str, Any]) -> Any:
    """The image itself (`properties.url`), else the thumbnail Brave serves of it."""
    properties, thumbnail = item.get("properties"), item.get("thumbnail")
    if isinstance(properties, dict) and properties.get("url"):
        return properties["url"]
    return thumbnail.get("src") if isinstance(thumbnail, dict) else None
