"""Data migrations: rows stored by earlier versions read the same afterwards."""

from __future__ import annotations

import datetime

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def back_to_the_latest():
    yield
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())


def migrate(target: tuple[str, str]):
    executor = MigrationExecutor(connection)
    executor.migrate([target])
    executor.loader.build_graph()
    return executor.loader.project_state([target]).apps


def test_a_search_result_stored_before_0022_keeps_what_its_source_showed():
    old = migrate(("research", "0021_lockouts"))
    user = old.get_model("auth", "User").objects.create(username="m")
    project = old.get_model("research", "Project").objects.create(question="q?", owner_id=user.pk)
    query = old.get_model("research", "Query").objects.create(project=project, text="q", position=1)
    source = old.get_model("research", "Source").objects.create(
        project=project,
        n=1,
        url="https://example.org/a",
        title="A page",
        snippet="What it says",
        published=datetime.date(2026, 1, 2),
    )
    old.get_model("research", "QuerySource").objects.create(query=query, source=source, rank=1)
    new = migrate(("research", "0022_query_result_shown"))
    link = new.get_model("research", "QuerySource").objects.get()
    assert (link.title, link.snippet, link.published) == (
        "A page",
        "What it says",
        datetime.date(2026, 1, 2),
    )
