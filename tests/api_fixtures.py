"""Fixtures for the API tests; test modules load them with `pytest_plugins`."""

from __future__ import annotations

import pytest

from research.models import Note, Project, Section
from research.services.api_tokens import create_token
from tests.api_helpers import ApiClient
from tests.factories import (
    add_queries,
    add_report,
    add_sources,
    add_step,
    add_summary,
    make_project,
)


@pytest.fixture
def token(member) -> str:
    return create_token(user=member, name="tests")[1]


@pytest.fixture
def api(token) -> ApiClient:
    return ApiClient(token)


@pytest.fixture
def other_api(other_member) -> ApiClient:
    return ApiClient(create_token(user=other_member, name="tests")[1])


@pytest.fixture
def llm_configured(settings):
    """Reruns check that an LLM is configured; nothing is called (on_commit never fires)."""
    settings.LLM_MODEL = "fake-model"
    return settings


@pytest.fixture
def finished_project(member) -> Project:
    """A done project: 2 queries, 3 fetched sources, summaries, a cited report, steps, a note."""
    project = make_project(
        member,
        title="SQLite WAL",
        options={"engine": "llm"},
        tokens_prompt=1000,
        tokens_completion=200,
    )
    section = Section.objects.create(project=project, title="Basics")
    queries = add_queries(project, 2, section=section)
    sources = add_sources(project, 3)
    for source in sources[:2]:
        add_summary(queries[0], source)
    add_summary(queries[1], sources[2])
    add_report(project, sources[:2])
    add_step(project, "plan", tokens_prompt=300, tokens_completion=50, llm_calls=1)
    add_step(project, f"search:{queries[0].pk}:0", query=queries[0])
    add_step(project, f"fetch:{sources[0].pk}:0", source=sources[0])
    Note.objects.create(project=project, author=member, text="Check the WAL docs.")
    return project


@pytest.fixture
def fast_passwords(settings):
    """Members are created with a password; a fast hasher keeps each test's setup quick."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def pytest_configure(config):
    config.addinivalue_line(
        "markers", "schemathesis: property-based run of the API against its OpenAPI schema"
    )


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config, items):
    """Tests that use the `api_schema` fixture are marked `schemathesis` (`-m` can skip them)."""
    for item in items:
        if "api_schema" in getattr(item, "fixturenames", ()):
            item.add_marker("schemathesis")
