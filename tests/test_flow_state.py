"""The scheduler: its plain-SQL reads (research/pipeline/engine/state.py) against the ORM they stand
for, and what it decides to run next (research/pipeline/engine/flow.py) from a given state."""

from __future__ import annotations

import pytest

from research.models import (
    FetchStatus,
    ProjectStatus,
    Query,
    QueryOrigin,
    QuerySource,
    QueryStatus,
    Report,
    Section,
    Source,
    Stage,
    StepRun,
    StepStatus,
)
from research.pipeline.engine import flow, state
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
    sections = [
        Section.objects.create(project=project, title=f"s{i}", position=2 - i) for i in range(3)
    ]
    statuses = [QueryStatus.DONE, QueryStatus.FAILED, QueryStatus.PENDING, QueryStatus.RUNNING]
    queries = [
        Query.objects.create(
            project=project, text=f"q{i}", position=3 - i, status=status, section=sections[i % 2]
        )
        for i, status in enumerate(statuses)
    ]
    for round_, outcome in [(1, QueryStatus.FAILED), (2, QueryStatus.DONE)]:
        Query.objects.create(
            project=project,
            text=f"follow-up {round_}",
            section=sections[0],
            origin=QueryOrigin.REFLECTION,
            reflection_round=round_,
            status=outcome,
            position=9,
        )
    Query.objects.create(project=project, text="a member's own", origin=QueryOrigin.USER)
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
        project.queries.exclude(status=QueryStatus.FAILED).values_list(
            "pk", "generation", "status", "section_id"
        )
    )
    assert [tuple(q) for q in state.live_queries(project.pk)] == expected
    assert len(expected) == 5


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


def test_reflecting_sections_are_the_outline_in_order_without_a_questions_section(project):
    expected = list(project.sections.values_list("pk", flat=True))
    assert state.reflecting_sections(project.pk) == expected
    assert len(expected) == 3
    project.sections.filter(pk=expected[1]).update(reflects=False)
    assert state.reflecting_sections(project.pk) == [expected[0], expected[2]]


def test_follow_ups_are_the_sections_and_rounds_a_reflection_asked_in_failed_ones_too(project):
    expected = set(
        project.queries.filter(origin=QueryOrigin.REFLECTION).values_list(
            "section_id", "reflection_round"
        )
    )
    assert state.follow_ups(project.pk) == expected
    assert len(expected) == 2


def test_current_report_is_the_projects_current_version(project, member):
    assert state.current_report(project.pk) is None
    for version in (1, 2):
        Report.objects.filter(project=project).update(is_current=False)
        report = Report.objects.create(
            project=project, version=version, markdown="# R", style="news", language="English"
        )
    assert state.current_report(project.pk) == project.reports.current().get().pk == report.pk


# --- What runs next ----------------------------------------------------------------------


@pytest.fixture
def outline(member):
    """A researching project with two sections of one query each: section A's query is done
    (searched and ranked, nothing to read), section B's is still being searched."""
    project = make_project(
        member, status=ProjectStatus.RESEARCHING, options={"reflection_rounds": 2}
    )
    for key in ("ground", "plan"):
        StepRun.objects.create(project=project, stage=key, key=key, status=StepStatus.DONE)
    a, b = (
        Section.objects.create(project=project, title=t, position=i) for i, t in enumerate("AB")
    )
    done = Query.objects.create(project=project, section=a, text="a", position=0)
    open_ = Query.objects.create(project=project, section=b, text="b", position=1)
    _step(done, Stage.SEARCH)
    _step(done, Stage.RANK)
    _step(open_, Stage.SEARCH, StepStatus.RUNNING)
    return project, a, b


def _step(query: Query, stage: Stage, status: StepStatus = StepStatus.DONE) -> None:
    """The query's step of `stage`, keyed as the scheduler keys it, now in `status`."""
    StepRun.objects.update_or_create(
        project=query.project,
        key=f"{stage.value}:{flow.query_key(query)}",
        defaults={"stage": stage, "query": query, "status": status},
    )


def _keys(project) -> set[str]:
    return set(project.steps.values_list("key", flat=True))


def test_a_section_reflects_while_another_sections_query_is_still_open(outline):
    project, a, b = outline
    flow.advance(project.pk)
    assert f"reflect:sec{a.pk}:r1" in _keys(project)
    assert not any(key.startswith(f"reflect:sec{b.pk}") for key in _keys(project))
    assert project.queries.get(section=a).status == QueryStatus.DONE


def test_a_section_reflects_once_its_queries_are_searched_while_their_rankings_run(outline):
    project, a, b = outline
    query_b = project.queries.get(section=b)
    _step(query_b, Stage.SEARCH)
    _step(query_b, Stage.RANK, StepStatus.RUNNING)
    flow.advance(project.pk)
    assert f"reflect:sec{b.pk}:r1" in _keys(project)
    assert project.queries.get(section=b).status != QueryStatus.DONE
    assert not project.steps.filter(stage=Stage.REPORT).exists()


def test_a_follow_up_is_searched_before_its_section_reflects_again(outline):
    project, a, b = outline
    flow.advance(project.pk)
    project.steps.filter(key=f"reflect:sec{a.pk}:r1").update(status=StepStatus.DONE)
    follow_up = Query.objects.create(
        project=project,
        section=a,
        text="a again",
        origin=QueryOrigin.REFLECTION,
        reflection_round=1,
        position=2,
    )
    flow.advance(project.pk)
    assert f"search:{flow.query_key(follow_up)}" in _keys(project)
    assert f"reflect:sec{a.pk}:r2" not in _keys(project)
    project.refresh_from_db()
    assert project.reflection_round == 1
    _step(follow_up, Stage.SEARCH)
    flow.advance(project.pk)
    assert f"reflect:sec{a.pk}:r2" in _keys(project)


def test_the_report_waits_for_every_sections_reflection(outline):
    project, a, b = outline
    flow.advance(project.pk)
    project.steps.filter(key=f"reflect:sec{a.pk}:r1").update(status=StepStatus.DONE)
    flow.advance(project.pk)  # A asked nothing new: its reflection is over; B is still open
    assert not project.steps.filter(stage=Stage.REPORT).exists()
    query_b = project.queries.get(section=b)
    _step(query_b, Stage.SEARCH)
    _step(query_b, Stage.RANK)
    flow.advance(project.pk)
    assert f"reflect:sec{b.pk}:r1" in _keys(project)
    assert f"reflect:sec{a.pk}:r2" not in _keys(project)
    assert not project.steps.filter(stage=Stage.REPORT).exists()
    project.steps.filter(key=f"reflect:sec{b.pk}:r1").update(status=StepStatus.DONE)
    flow.advance(project.pk)
    assert project.steps.filter(stage=Stage.REPORT).exists()


def test_the_project_is_done_only_once_its_current_reports_claims_are_checked(outline):
    project, a, b = outline
    project.steps.exclude(key__in=["ground", "plan"]).delete()
    Query.objects.filter(project=project).update(status=QueryStatus.DONE)
    project.options = {"reflection_rounds": 0}
    project.save(update_fields=["options"])
    key = f"report:auto:{project.report_generation}"
    StepRun.objects.create(project=project, stage=Stage.REPORT, key=key, status=StepStatus.DONE)
    report = Report.objects.create(
        project=project, version=1, markdown="# R", style="news", language="English"
    )
    for query in project.queries.all():
        _step(query, Stage.SEARCH)
        _step(query, Stage.RANK)
    flow.advance(project.pk)
    claims = project.steps.get(stage=Stage.CLAIMS)
    assert (claims.key, claims.params) == (f"claims:{report.pk}", {"report_id": report.pk})
    project.refresh_from_db()
    assert project.status == ProjectStatus.RESEARCHING
    claims.status = StepStatus.DONE
    claims.save(update_fields=["status"])
    flow.advance(project.pk)
    project.refresh_from_db()
    assert project.status == ProjectStatus.DONE
