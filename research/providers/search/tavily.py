"""Tavily: a search API made for LLM agents (POST https://api.tavily.com/search, Bearer key)."""

from __future__ import annotations

from typing import Any

from research.providers.search.base import Hit, items
from research.providers.search.retry import HttpSearchProvider

URL = "https://api.tavily.com/search"
TIME_RANGES = {"day": "day", "week": "week", "month": "month", "year": "year"}
MAX_COUNT = 20  # the API's upper bound for max_results


class TavilyProvider(HttpSearchProvider):
    name = "tavily"
    label = "Tavily"
    required_setting = "TAVILY_API_KEY"
    status_hints = {401: "check TAVILY_API_KEY", 432: "the plan's credit limit is used up"}

    def fetch(self, query: str, *, max_results: int, time_range: str, language: str) -> list[Hit]:
        body: dict[str, Any] = {
            "query": query,
            "max_results": min(max_results, MAX_COUNT),
            "search_depth": "basic",
            "topic": "general",
            "include_answer": False,
            "include_raw_content": False,
        }
        if time_range:
            body["time_range"] = TIME_RANGES[time_range]
        headers = {"Authorization": f"Bearer {self.setting()}"}
        data = self.request_json("POST", URL, json=body, headers=headers)
        return [
            Hit(item.get("url"), item.get("title"), item.get("content"), item.get("published_date"))
            for item in items(data, "results")
        ]
