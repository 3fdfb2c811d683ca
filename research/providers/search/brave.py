"""Brave Search: its own web index (GET /res/v1/web/search, X-Subscription-Token header)."""

from __future__ import annotations

from research.providers.search.base import Hit, items, language_tag
from research.providers.search.retry import HttpSearchProvider

URL = "https://api.search.brave.com/res/v1/web/search"
FRESHNESS = {"day": "pd", "week": "pw", "month": "pm", "year": "py"}
MAX_COUNT = 20  # the API's upper bound for count


class BraveProvider(HttpSearchProvider):
    name = "brave"
    label = "Brave Search"
    required_setting = "BRAVE_API_KEY"
    status_hints = {401: "check BRAVE_API_KEY", 422: "check BRAVE_API_KEY and the query"}

    def fetch(self, query: str, *, max_results: int, time_range: str, language: str) -> list[Hit]:
        params: dict[str, str | int] = {"q": query, "count": min(max_results, MAX_COUNT)}
        if time_range:
            params["freshness"] = FRESHNESS[time_range]
        lang, _country = language_tag(language)
        if lang:
            params["search_lang"] = lang
        headers = {"X-Subscription-Token": self.setting()}
        data = self.request_json("GET", URL, params=params, headers=headers)
        return [
            Hit(
                item.get("url"),
                item.get("title"),
                item.get("description"),
                item.get("page_age") or item.get("age"),
            )
            for item in items(data, "web", "results")
        ]
