"""Serper: Google results as JSON (POST https://google.serper.dev/search, X-API-KEY header), and
Google News the same way (POST https://google.serper.dev/news)."""

from __future__ import annotations

from typing import Any

from research.providers.search.base import Hit, items, language_tag
from research.providers.search.retry import HttpSearchProvider

URL = "https://google.serper.dev/search"
NEWS_URL = "https://google.serper.dev/news"
TBS = {"day": "qdr:d", "week": "qdr:w", "month": "qdr:m", "year": "qdr:y"}
MAX_COUNT = 100


class SerperProvider(HttpSearchProvider):
    name = "serper"
    label = "Serper (Google)"
    required_setting = "SERPER_API_KEY"
    status_hints = {401: "check SERPER_API_KEY", 403: "check SERPER_API_KEY and its credits"}

    def fetch(self, query: str, *, max_results: int, time_range: str, language: str) -> list[Hit]:
        return self._post(URL, "organic", query, max_results, time_range, language)

    def fetch_news(
        self, query: str, *, max_results: int, time_range: str, language: str
    ) -> list[Hit]:
        return self._post(NEWS_URL, "news", query, max_results, time_range, language)

    def _post(
        self, url: str, key: str, query: str, max_results: int, time_range: str, language: str
    ) -> list[Hit]:
        body: dict[str, Any] = {"q": query, "num": min(max_results, MAX_COUNT)}
        if time_range:
            body["tbs"] = TBS[time_range]
        lang, country = language_tag(language)
        if lang:
            body["hl"] = lang
        if country:
            body["gl"] = country
        headers = {"X-API-KEY": self.setting()}
        data = self.request_json("POST", url, json=body, headers=headers)
        return [
            Hit(item.get("link"), item.get("title"), item.get("snippet"), item.get("date"))
            for item in items(data, key)
        ]
