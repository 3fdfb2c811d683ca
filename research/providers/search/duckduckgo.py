"""DuckDuckGo and friends through the `ddgs` metasearch package: the default, needs no key. Its
news search is ddgs's `news()`."""

from __future__ import annotations

from typing import Any, Protocol

import httpx
from ddgs import DDGS
from ddgs.exceptions import DDGSException, RatelimitException, TimeoutException
from django.conf import settings

from research.providers.search.base import Hit, SearchError, SearchProvider, language_tag
from research.providers.search.retry import Retryable, with_retries

TIMELIMITS = {"day": "d", "week": "w", "month": "m", "year": "y"}
# ddgs regions are "<country>-<language>"; where the usual country is not the language code:
_COUNTRY_FOR = {"en": "us", "ja": "jp", "zh": "cn", "ko": "kr", "sv": "se", "da": "dk", "cs": "cz"}


class TextSearch(Protocol):
    def text(self, query: str, **kwargs: Any) -> list[dict[str, Any]]: ...

    def news(self, query: str, **kwargs: Any) -> list[dict[str, Any]]: ...


def region(language: str) -> str:
    """ "de-AT" -> "at-de", "ja" -> "jp-ja"; "" when the language is not recognised."""
    lang, country = language_tag(language)
    if not lang:
        return ""
    return f"{country or _COUNTRY_FOR.get(lang, lang)}-{lang}"


class DuckDuckGoProvider(SearchProvider):
    name = "duckduckgo"
    label = "DuckDuckGo"
    site_alternatives = False  # its syntax documents site: for one site, and no OR

    def __init__(
        self, *, transport: httpx.BaseTransport | None = None, client: TextSearch | None = None
    ) -> None:
        self.client = client  # ddgs has its own HTTP client, so `transport` is not used

    def fetch(self, query: str, *, max_results: int, time_range: str, language: str) -> list[Hit]:
        options = _options(max_results, time_range, language)
        found = with_retries(lambda: self._ask(query, options, news=False), self.name)
        return [
            Hit(item.get("href"), item.get("title"), item.get("body"))
            for item in found
            if isinstance(item, dict)
        ]

    def fetch_news(
        self, query: str, *, max_results: int, time_range: str, language: str
    ) -> list[Hit]:
        options = _options(max_results, time_range, language)
        found = with_retries(lambda: self._ask(query, options, news=True), self.name)
        return [
            Hit(item.get("url"), item.get("title"), item.get("body"), item.get("date"))
            for item in found
            if isinstance(item, dict)
        ]

    def _ask(self, query: str, options: dict[str, Any], *, news: bool) -> list[dict[str, Any]]:
        client = self.client or DDGS(timeout=settings.SEARCH_TIMEOUT)
        search = client.news if news else client.text
        try:
            return search(query, **options) or []
        except RatelimitException as exc:
            raise Retryable(f"DuckDuckGo is rate-limiting us: {exc}", rate_limited=True) from exc
        except TimeoutException as exc:
            raise Retryable(f"DuckDuckGo did not answer in time: {exc}") from exc
        except DDGSException as exc:
            if "no results" in str(exc).lower():
                return []
            raise SearchError(f"DuckDuckGo search failed: {exc}") from exc


def _options(max_results: int, time_range: str, language: str) -> dict[str, Any]:
    options: dict[str, Any] = {"max_results": max_results}
    if time_range:
        options["timelimit"] = TIMELIMITS[time_range]
    if area := region(language):
        options["region"] = area
    return options
