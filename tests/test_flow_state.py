"""The scheduler's plain-SQL reads (research/pipeline/state.py) against the ORM they stand for."""

from __future__ import annotations

import pytest

from research.models import (
    FetchStatus,
    ProjectStatus,
    Query,
    QuerySource,
    QueryStatus,
    Source,
    Stage,
    StepRun,
    StepStatus,
)
from research.pipeline import state
from tests.factories import make_project

pytestmark = pytest.mark.django_db


@pytest.fixture
def project(member):
    """Two projects with queries, sources and links in every state the reads filter on; the
    other project's rows must never show up."""
    projects = [
        make_project(member, status=ProjectStatus.RESEARCHING, question=f"q{i}") for i in range(2)
    ]
    for project in projects:
        _fill(project, member)
    return projects[0]


def _fill(project, member) -> None:
    statuses = [QueryStatus.DONE, QueryStatus.FAILED, QueryStatus.PENDING, QueryStatus.RUNNING]
    queries = [
        Query.objects.create(project=project, text=f"q{i}", position=3 - i, status=status)
        for i, status in enumerate(statuses)
    ]
    sources = [
        Source.objects.create(
            project=project,
            n=n,
            url=f"https://{project.pk}.example/{n}",
            generation=n % 2,
            fetch_status=[FetchStatus.FETCHED, FetchStatus.PENDING, FetchStatus.FAILED][n % 3],
            excluded=n == 3,
            added_by=member if n in (4, 5) else None,
        )
        for n in range(1, 7)
    ]
    for rank, source in enumerate(sources, start=1):
        for query in queries[:3]:
            QuerySource.objects.create(
                query=query, source=source, rank=7 - rank, selected=rank % 2 == 1
            )
    for key, status in [("ground", StepStatus.DONE), ("plan", StepStatus.FAILED)]:
        StepRun.objects.create(project=project, stage=Stage.PLAN, key=key, status=status)


def test_step_statuses_are_the_projects_step_keys_and_statuses(project):
    expected = dict(project.steps.values_list("key", "status"))
    assert state.step_statuses(project.pk) == expected
    assert expected == {"ground": "done", "plan": "failed"}


def test_live_queries_are_those_not_failed_in_outline_order(project):
    expected = list(
        project.queries.exclude(status=QueryStatus.FAILED).values_list("pk", "generation", "status")
    )
    assert [tuple(q) for q in state.live_queries(project.pk)] == expected
    assert len(expected) == 3


def test_selected_sources_are_each_querys_selected_links_best_first(project):
    expected: dict[int, list[tuple]] = {}
    links = QuerySource.objects.filter(
        query__project=project, selected=True, source__excluded=False
    ).values_list("query_id", "source_id", "source__generation", "source__fetch_status")
    for query_id, *source in links:
        expected.setdefault(query_id, []).append(tuple(source))
    got = {q: [tuple(s) for s in refs] for q, refs in state.selected_sources(project.pk).items()}
    assert got == expected
    assert sorted(len(refs) for refs in got.values()) == [2, 2, 2]  # source 3 is excluded


def test_added_sources_are_the_ones_a_member_added_and_did_not_exclude(project):
    expected = list(
        project.sources.filter(added_by__isnull=False, excluded=False).values_list(
            "pk", "generation", "fetch_status"
        )
    )
    assert [tuple(s) for s in state.added_sources(project.pk)] == expected
    assert len(expected) == 2
