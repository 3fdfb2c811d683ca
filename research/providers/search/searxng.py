"""SearXNG: a self-hosted metasearch instance at SEARXNG_URL, through its JSON search API. Its
news search is the same call in the category "news" (`categories=news`), its image search in the
category "images", whose results give the page as `url` and the image as `img_src`."""

from __future__ import annotations

from typing import Any

from research.providers.search.base import IMAGES, NEWS, Hit, ImageHit, items, language_tag
from research.providers.search.retry import HttpSearchProvider

TIME_RANGES = {"day": "day", "week": "week", "month": "month", "year": "year"}


class SearxngProvider(HttpSearchProvider):
    name = "searxng"
    label = "SearXNG"
    required_setting = "SEARXNG_URL"
    status_hints = {
        403: "is the json format enabled in the instance's settings.yml (search: formats)?",
    }

    image_search = True

    def fetch(self, query: str, *, max_results: int, time_range: str, language: str) -> list[Hit]:
        return _hits(self._search(query, time_range, language, {}))

    def fetch_news(
        self, query: str, *, max_results: int, time_range: str, language: str
    ) -> list[Hit]:
        return _hits(self._search(query, time_range, language, {"categories": NEWS}))

    def fetch_images(self, query: str, *, max_results: int, language: str) -> list[ImageHit]:
        found = self._search(query, "", language, {"categories": IMAGES})
        return [ImageHit(item.get("img_src"), item.get("url"), item.get("title")) for item in found]

    def _search(
        self, query: str, time_range: str, language: str, extra: dict[str, str]
    ) -> list[dict[str, Any]]:
        params: dict[str, str | int] = {"q": query, "format": "json", "pageno": 1, **extra}
        if time_range:
            params["time_range"] = TIME_RANGES[time_range]
        lang, country = language_tag(language)
        if lang:
            params["language"] = f"{lang}-{country.upper()}" if country else lang
        url = self.setting().rstrip("/") + "/search"
        return items(self.request_json("GET", url, params=params), "results")


def _hits(found: list[dict[str, Any]]) -> list[Hit]:
    return [
        Hit(item.get("url"), item.get("title"), item.get("content"), item.get("publishedDate"))
        for item in found
    ]
