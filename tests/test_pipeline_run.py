"""Whole runs in-process (the `research` command's thread pool), against the loopback fakes."""

from __future__ import annotations

import itertools
import json
import re
import threading
import time
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command

from research.errors import NotAllowed
from research.models import (
    FetchStatus,
    PageSnapshot,
    Project,
    ProjectStatus,
    Query,
    QueryOrigin,
    Report,
    Source,
    StepRun,
    StepStatus,
    Summary,
)
from research.pipeline.engine.registry import inline_dispatch
from research.services import outline, runs, sources
from tests.factories import make_project
from tests.fakes.researcher import schema_name

pytestmark = pytest.mark.django_db(transaction=True)

QUESTION = "How does SQLite WAL mode work?"


def research(*args: str) -> tuple[dict, int | str | None]:
    out = StringIO()
    code: int | str | None = 0
    try:
        call_command("research", *args, "--json", stdout=out, stderr=StringIO())
    except SystemExit as exc:
        code = exc.code
    return json.loads(out.getvalue()), code


def wait_until_settled(dispatcher, project: Project, timeout: float = 60) -> Project:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        project.refresh_from_db()
        if project.status not in ProjectStatus.running() and dispatcher.idle.is_set():
            return project
        dispatcher.idle.wait(timeout=0.2)
        time.sleep(0.05)
    raise AssertionError(f"project still {project.status} after {timeout} s")


def run_inline(action, project: Project) -> Project:
    with inline_dispatch() as dispatcher:
        action()
        return wait_until_settled(dispatcher, project)


def test_the_research_command_runs_a_question_to_a_cited_report(world, member):
    result, code = research("How does SQLite WAL mode work?", "--queries", "4")
    assert code == 0, result
    assert result["status"] == "done"
    assert result["queries"] == 6  # 4 planned + 1 follow-up per section (2 sections)
    assert result["fetched"] >= 8
    assert result["summaries"] >= 8
    assert result["citations"] and result["tokens"] > 0
    project = Project.objects.get(pk=result["project_id"])
    report = project.reports.get(is_current=True)
    text = Path(result["report_path"]).read_text()
    title, body = report.markdown.split("\n", 1)  # the export says the report's title once
    assert text.startswith(title + "\n") and body.strip() in text and "## References" in text
    assert "[99]" not in report.markdown
    numbers = set(project.sources.values_list("n", flat=True))
    assert set(result["citations"]) <= numbers
    for summary in Summary.objects.filter(query__project=project, relevant=True):
        assert all(q in summary.source.snapshot.text for q in summary.quotes)
    assert not StepRun.objects.filter(project=project).exclude(status=StepStatus.DONE).exists()


def test_reflection_queries_are_researched_before_the_report(world, member):
    result, _ = research("How does SQLite WAL mode work?", "--reflections", "2")
    project = Project.objects.get(pk=result["project_id"])
    follow_ups = project.queries.filter(origin=QueryOrigin.REFLECTION)
    assert follow_ups.count() == 2  # round 2 found no new gap, so reflection ended
    assert all(q.status == "done" and q.results.exists() for q in follow_ups)
    assert project.reflection_round == 2
    report_step = StepRun.objects.get(project=project, stage="report")
    last_summary = StepRun.objects.filter(project=project, stage="summarize").latest("finished_at")
    assert report_step.started_at >= last_summary.finished_at


def test_a_section_reflects_while_another_sections_query_is_still_being_searched(world, member):
    """The search of one query of the second section is held until the first section has
    reflected: were reflection to wait for every section, it would never come."""
    search_held, released = threading.Event(), threading.Event()
    results = world.searx.results_for

    def results_for(query: str) -> list[dict]:
        if query.endswith("criticism"):
            search_held.set()
            released.wait(timeout=30)
        return results(query)

    world.searx.results_for = results_for
    project = make_project(member, status=ProjectStatus.DRAFT, question=QUESTION)
    with inline_dispatch() as dispatcher:
        runs.start(project, user=member)
        try:
            reflected = _first_reflection(project)
            assert reflected.section is not None
            held = project.queries.get(text__endswith="criticism")
            assert held.status != "done" and held.section != reflected.section
            assert not project.steps.filter(stage="report").exists()
        finally:
            released.set()
        project = wait_until_settled(dispatcher, project)
    assert search_held.is_set()  # the hold caught that query's search
    assert project.status == ProjectStatus.DONE
    assert project.steps.filter(stage="reflect").count() == 2  # one round for each section


def _first_reflection(project: Project, timeout: float = 30) -> StepRun:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        step = project.steps.filter(stage="reflect", status=StepStatus.DONE).first()
        if step is not None:
            return step
        time.sleep(0.05)
    raise AssertionError("no section reflected while another section's query was open")


def _two_queries(world, member) -> Project:
    """A project of two queries, each with pages of its own."""
    good, searches = world.searx.default_results, itertools.count()

    def results_for(query):
        n = next(searches)
        return [{**result, "url": f"{result['url']}-{n}"} for result in good(query)]

    world.searx.results_for = results_for
    return make_project(
        member,
        status=ProjectStatus.DRAFT,
        question=QUESTION,
        options={"queries": 2, "sources_per_query": 2, "reflection_rounds": 0},
    )


def test_pages_read_ahead_during_the_ranking_are_not_downloaded_again(world, member):
    """The rankings answer only once the four pages they will select are being read ahead."""
    answer = world.llm.responder

    def responder(request):
        if schema_name(request) == "RankOutput":
            deadline = time.monotonic() + 10
            while len(world.web.requests) < 4 and time.monotonic() < deadline:
                time.sleep(0.01)
        return answer(request)

    world.llm.responder = responder
    project = _two_queries(world, member)
    project = run_inline(lambda: runs.start(project, user=member), project)
    assert project.status == ProjectStatus.DONE, project.error
    paths = [request.path for request in world.web.requests]
    assert len(paths) == len(set(paths)) == 4
    fetches = project.steps.filter(stage="fetch")
    assert [step.detail for step in fetches] == ["from the page cache"] * 4
    reads = project.steps.filter(stage="prefetch")
    assert [step.detail for step in reads] == ["2 downloaded of the first 2 results"] * 2


def test_a_page_read_ahead_but_not_selected_is_neither_fetched_nor_summarised(world, member):
    answer = world.llm.responder

    def last_first(request):  # the ranking prefers the last results to the first ones
        if schema_name(request) != "RankOutput":
            return answer(request)
        ids = re.findall(r'<result id="(\d+)">', request["messages"][-1]["content"])
        scores = [{"id": int(i), "score": int(i), "reason": "Later."} for i in ids]
        return json.dumps({"judgements": scores})

    world.llm.responder = last_first
    project = _two_queries(world, member)
    project = run_inline(lambda: runs.start(project, user=member), project)
    assert project.status == ProjectStatus.DONE, project.error
    chosen = []
    for query in project.queries.all():
        links = list(query.results.select_related("source").order_by("rank"))
        for source in [link.source for link in links[:2]]:
            assert PageSnapshot.objects.filter(url=source.url).exists()  # read ahead
            assert (source.fetch_status, source.snapshot_id) == (FetchStatus.SKIPPED, None)
            assert not source.summaries.exists()
            assert not project.steps.filter(source=source).exists()
        chosen += [link.source for link in links if link.selected]
    assert len(chosen) == 4
    assert set(project.sources.fetched()) == set(chosen)
    assert Summary.objects.filter(source__in=chosen).count() == 4


def test_bad_pages_fail_their_sources_while_the_run_goes_on(world, member):
    bad = ["/binary.png", "/huge", "/wrong-charset", "/loop", "/404", "/redirect-private"]
    good = world.searx.default_results

    def results_for(query):
        urls = [
            {"url": world.web.url_for(p), "title": f"Result {p}", "content": query} for p in bad
        ]
        return urls + good(query)

    world.searx.results_for = results_for
    result, code = research("How does SQLite WAL mode work?", "--sources-per-query", "10")
    assert code == 0 and result["status"] == "done"
    project = Project.objects.get(pk=result["project_id"])
    reasons = dict(project.sources.values_list("url", "fetch_reason"))
    statuses = dict(project.sources.values_list("url", "fetch_status"))
    assert "image/png" in reasons[world.web.url_for("/binary.png")]
    assert "10 MB" in reasons[world.web.url_for("/huge")]
    assert "redirect" in reasons[world.web.url_for("/loop")].lower()
    assert "404" in reasons[world.web.url_for("/404")]
    assert statuses[world.web.url_for("/redirect-private")] == FetchStatus.BLOCKED
    assert statuses[world.web.url_for("/wrong-charset")] == FetchStatus.FETCHED


@pytest.mark.parametrize(
    ("per_host", "at_once", "expected_peak"),
    [(2, 8, 2), (16, 3, 3)],
    ids=["FETCH_MAX_PER_HOST", "FETCH_MAX_CONCURRENCY"],
)
def test_fetches_stay_within_the_limits(world, member, settings, per_host, at_once, expected_peak):
    """All 16 selected pages are on one host and each takes 50 ms, so without the limits the
    16 step threads would fetch them all at once."""
    settings.FETCH_MAX_PER_HOST, settings.FETCH_MAX_CONCURRENCY = per_host, at_once
    world.web.latency = 0.05
    good, searches = world.searx.default_results, itertools.count()

    def results_for(query):  # distinct pages for every search
        n = next(searches)
        return [{**result, "url": f"{result['url']}-{n}"} for result in good(query)]

    world.searx.results_for = results_for
    result, code = research("How does SQLite WAL mode work?", "--reflections", "0")
    assert code == 0 and result["fetched"] == 16
    assert 1 <= world.web.peak_concurrency <= expected_peak


def test_a_page_that_injects_instructions_leaves_no_such_link_in_the_report(world, member):
    good = world.searx.default_results

    def results_for(query):
        injected = {
            "url": world.web.url_for("/injection"),
            "title": "Best source",
            "content": query,
        }
        return [injected] + good(query)

    world.searx.results_for = results_for
    result, code = research("How does SQLite WAL mode work?")
    assert code == 0
    project = Project.objects.get(pk=result["project_id"])
    injection = project.sources.get(url=world.web.url_for("/injection"))
    assert injection.fetch_status == FetchStatus.FETCHED
    assert "canary.invalid" in injection.text
    report = project.reports.get(is_current=True)
    assert "canary.invalid" not in report.markdown
    assert "canary" not in Path(result["report_path"]).read_text()


def test_an_llm_run_without_an_llm_fails_at_once_naming_the_variables(world, member, settings):
    settings.LLM_MODEL = ""
    result, code = research("How does SQLite WAL mode work?", "--engine", "llm")
    assert code == 1
    assert result["status"] == "failed"
    assert "LLM_MODEL" in result["error"]
    assert world.llm.calls == 0 and world.searx.calls == 0


def test_a_token_budget_stops_the_run_cleanly_before_it_is_exceeded(world, member):
    result, code = research("How does SQLite WAL mode work?", "--token-budget", "3000")
    assert code == 1
    project = Project.objects.get(pk=result["project_id"])
    assert project.status == ProjectStatus.FAILED
    assert "Token budget exhausted" in project.error
    assert project.tokens <= 3000


def test_a_run_is_charged_its_tokens_at_the_configured_prices_and_keeps_no_reservation(
    world, member, settings
):
    from decimal import Decimal

    settings.LLM_PRICE_INPUT, settings.LLM_PRICE_OUTPUT = 2.5, 10.0  # USD per million
    result, code = research("How does SQLite WAL mode work?")
    assert code == 0
    project = Project.objects.get(pk=result["project_id"])
    assert project.tokens_prompt > 0 and project.tokens_completion > 0
    assert project.tokens_reserved == 0
    expected = (project.tokens_prompt * 2.5 + project.tokens_completion * 10.0) / 1_000_000
    assert abs(project.cost_usd - Decimal(str(expected))) < Decimal("0.0001")


def test_bad_options_are_refused_with_the_field_named(world, member):
    from django.core.management.base import CommandError

    with pytest.raises(CommandError, match="reflection_rounds"):
        call_command("research", "q", "--reflections", "9", stdout=StringIO(), stderr=StringIO())


def test_plan_review_waits_for_a_member_then_researches_the_edited_plan(world, member):
    project = make_project(
        member,
        status=ProjectStatus.DRAFT,
        question=QUESTION,
        options={"review_plan": True, "reflection_rounds": 0},
    )
    project = run_inline(lambda: runs.start(project, user=member), project)
    assert project.status == ProjectStatus.AWAITING_REVIEW
    assert not StepRun.objects.filter(project=project, stage="search").exists()
    kept = project.queries.first()
    assert kept is not None
    project.queries.exclude(pk=kept.pk).delete()
    Query.objects.create(project=project, text="wal checkpoint starvation", origin="user")
    project = run_inline(lambda: runs.approve(project, user=member), project)
    assert project.status == ProjectStatus.DONE
    assert project.plan_approved_by == member
    searched = set(
        StepRun.objects.filter(project=project, stage="search").values_list(
            "query__text", flat=True
        )
    )
    assert "wal checkpoint starvation" in searched and len(searched) == 2


def test_a_failed_run_resumes_from_the_failed_step(world, member):
    project = make_project(
        member,
        status=ProjectStatus.DRAFT,
        question=QUESTION,
        options={"reflection_rounds": 0, "fallback": False},
    )
    world.llm.fail_next(500, count=3)  # the plan's call and its two retries
    project = run_inline(lambda: runs.start(project, user=member), project)
    assert project.status == ProjectStatus.FAILED
    assert "Plan failed" in project.error and "500" in project.error
    searches_before = world.searx.calls
    project = run_inline(lambda: runs.resume(project, user=member), project)
    assert project.status == ProjectStatus.DONE, project.error
    ground = StepRun.objects.get(project=project, key="ground")
    assert ground.attempt == 1  # done steps are not run again
    assert StepRun.objects.get(project=project, key="plan").attempt == 2
    assert world.searx.calls > searches_before


def test_cancel_stops_further_steps(world, member):
    project = make_project(member, status=ProjectStatus.DRAFT, question=QUESTION)
    world.llm.latency = 0.3
    with inline_dispatch() as dispatcher:
        runs.start(project, user=member)
        while not Query.objects.filter(project=project).exists():
            time.sleep(0.05)
        runs.cancel(project, user=member)
        project = wait_until_settled(dispatcher, project)
    assert project.status == ProjectStatus.CANCELLED
    assert not StepRun.objects.filter(project=project, status__in=StepStatus.open()).exists()
    assert not Report.objects.filter(project=project).exists()
    query = project.queries.first()
    assert query is not None
    with pytest.raises(NotAllowed):
        runs.rerun_query(query, text="x", user=member)


def _finished(world, member) -> Project:
    project = make_project(
        member,
        status=ProjectStatus.DRAFT,
        question=QUESTION,
        options={"reflection_rounds": 0, "queries": 2, "sources_per_query": 2},
    )
    return run_inline(lambda: runs.start(project, user=member), project)


def test_rerunning_an_edited_query_reruns_only_that_query_and_writes_a_new_version(world, member):
    project = _finished(world, member)
    query, other = list(project.queries.order_by("position"))
    other_steps = StepRun.objects.filter(project=project, query=other).count()
    project = run_inline(
        lambda: runs.rerun_query(query, text="sqlite wal checkpoints", user=member), project
    )
    assert project.status == ProjectStatus.DONE
    query.refresh_from_db()
    assert (query.text, query.generation, query.edited_by) == ("sqlite wal checkpoints", 1, member)
    assert all("sqlite-wal-checkpoints" in r.source.url for r in query.results.all())
    assert StepRun.objects.filter(project=project, query=other).count() == other_steps
    assert list(project.reports.order_by("version").values_list("version", "is_current")) == [
        (1, False),
        (2, True),
    ]


def test_refetch_downloads_again_and_resummarize_reuses_the_cached_page(world, member):
    project = _finished(world, member)
    source = Source.objects.filter(project=project, fetch_status=FetchStatus.FETCHED).first()
    assert source is not None
    hits = len(world.web.requests)
    project = run_inline(lambda: runs.refetch_source(source, user=member), project)
    assert len(world.web.requests) == hits + 1
    hits = len(world.web.requests)
    source.refresh_from_db()
    project = run_inline(lambda: runs.resummarize_source(source, user=member), project)
    assert len(world.web.requests) == hits
    assert project.status == ProjectStatus.DONE
    assert project.reports.count() == 3


def test_a_new_report_version_can_change_style_and_language(world, member):
    project = _finished(world, member)
    project = run_inline(
        lambda: runs.new_report(project, style="academic", language="Deutsch", user=member),
        project,
    )
    report = project.reports.get(is_current=True)
    assert (report.version, report.style, report.language) == (2, "academic", "Deutsch")
    assert report.created_by == member


def test_new_work_on_a_project_whose_plan_failed_fails_again_instead_of_hanging(world, member):
    project = make_project(
        member,
        status=ProjectStatus.DRAFT,
        question=QUESTION,
        options={"reflection_rounds": 0, "fallback": False},
    )
    world.llm.fail_next(500, count=3)
    project = run_inline(lambda: runs.start(project, user=member), project)
    assert project.status == ProjectStatus.FAILED
    project = run_inline(
        lambda: outline.add_query(project, text="wal checkpoints", user=member), project
    )
    assert project.status == ProjectStatus.FAILED
    assert "Plan failed" in project.error


def test_a_source_added_by_hand_is_summarised_for_every_query_and_cited(world, member):
    project = _finished(world, member)
    url = world.web.page_url("wal-by-hand")
    source = None

    def add():
        nonlocal source
        source = sources.add_source(project, url=url, user=member)

    project = run_inline(add, project)
    assert project.status == ProjectStatus.DONE, project.error
    assert source is not None
    source.refresh_from_db()
    assert source.fetch_status == FetchStatus.FETCHED and source.added_by == member
    assert Summary.objects.filter(source=source).count() == project.queries.count()
    report = project.reports.get(is_current=True)
    assert report.version == 2 and source in report.cited_sources.all()
