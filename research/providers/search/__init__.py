"""Web search behind one interface: `get_provider(name).search(query, ...)`.

    from research.providers.search import get_provider
    results = get_provider(options.provider).search("heat pumps", time_range="year")

Every backend returns the same normalised `SearchResult`s and fails with `SearchError`
(`SearchNotConfigured` when its URL or key is missing); the reason is readable as it stands.
"""

from __future__ import annotations

import httpx

from research.providers.search.base import (
    Searcher,
    SearchError,
    SearchNotConfigured,
    SearchProvider,
    SearchResult,
)
from research.providers.search.brave import BraveProvider
from research.providers.search.duckduckgo import DuckDuckGoProvider
from research.providers.search.failover import FailoverSearcher, failover_order
from research.providers.search.searxng import SearxngProvider
from research.providers.search.serper import SerperProvider
from research.providers.search.tavily import TavilyProvider
from research.text.scope import NO_SCOPE, Scope

__all__ = [
    "PROVIDERS",
    "SearchError",
    "SearchNotConfigured",
    "Searcher",
    "SearchProvider",
    "SearchResult",
    "available_providers",
    "describe",
    "get_provider",
    "web_searcher",
]

PROVIDERS: dict[str, type[SearchProvider]] = {
    provider.name: provider
    for provider in (
        DuckDuckGoProvider,
        SearxngProvider,
        TavilyProvider,
        BraveProvider,
        SerperProvider,
    )
}


def provider_class(name: str) -> type[SearchProvider]:
    """The class registered as `name` (the caller resolves the server's default, SEARCH_PROVIDER,
    as a project's options do)."""
    key = name.strip().lower()
    try:
        return PROVIDERS[key]
    except KeyError:
        known = ", ".join(sorted(PROVIDERS))
        raise SearchError(f"Unknown search provider {name!r}; known providers: {known}") from None


def get_provider(
    name: str, *, transport: httpx.BaseTransport | None = None, scope: Scope = NO_SCOPE
) -> SearchProvider:
    """A ready backend. `transport` replaces the network for HTTP backends (tests); `scope`,
    the project's domains, goes into its queries as the engine documents (`site:` terms or
    domain parameters)."""
    provider = provider_class(name)(transport=transport)
    provider.scope = scope
    return provider


def web_searcher(name: str, *, scope: Scope = NO_SCOPE) -> FailoverSearcher:
    """The project's web engine `name`, and after it, for a query it fails, the failover
    order's engines (failover.py)."""
    names = [name, *failover_order(provider_class(name).name, PROVIDERS)]
    return FailoverSearcher([get_provider(each, scope=scope) for each in names])


def available_providers() -> dict[str, bool]:
    """Every backend's name and whether its settings are present."""
    return {name: provider.is_configured() for name, provider in PROVIDERS.items()}


def describe(name: str) -> str:
    """A human label, with what is missing: "Brave Search (needs BRAVE_API_KEY)"."""
    provider = provider_class(name)
    if provider.is_configured():
        return provider.label
    return f"{provider.label} (needs {provider.required_setting})"
