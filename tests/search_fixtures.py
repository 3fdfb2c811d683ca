"""Fixtures the search engines' tests share (`pytest_plugins = ["tests.search_fixtures"]`).

`no_backoff` is not autouse, as a plugin's fixtures are seen by every test: a module asks for it
with `pytestmark = pytest.mark.usefixtures("no_backoff")`.
"""

from __future__ import annotations

import pytest

from research.providers.search import retry as retry_module
from tests.fakes import FakeSearx

KEYS = {"TAVILY_API_KEY": "tvly-test", "BRAVE_API_KEY": "brave-test", "SERPER_API_KEY": "serp-test"}


@pytest.fixture
def no_backoff(monkeypatch):
    """Retries at once: the tests count attempts, not seconds."""
    monkeypatch.setattr(retry_module, "RETRY_BASE_DELAY", 0.0)


@pytest.fixture
def keys(settings):
    """A key for every engine that needs one."""
    for name, value in KEYS.items():
        setattr(settings, name, value)
    return settings


@pytest.fixture
def searx(settings):
    """A loopback SearXNG whose results are pages of https://pages.example."""
    with FakeSearx(page_base_url="https://pages.example") as fake:
        settings.SEARXNG_URL = fake.url
        yield fake
