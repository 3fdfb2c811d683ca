"""Each pipeline step on its own, against the loopback fakes (LLM, SearXNG, pages)."""

from __future__ import annotations

import json
import threading

import pytest

from research.models import (
    FetchStatus,
    PageSnapshot,
    ProjectStatus,
    Query,
    QueryOrigin,
    QuerySource,
    Report,
    Section,
    Source,
    Stage,
    StepRun,
    StepStatus,
    Summary,
)
from research.pipeline.engine.registry import run_step
from tests.factories import force_status, make_project
from tests.fakes.llm import prompt_text
from tests.fakes.researcher import NOT_IN_PAGE


@pytest.fixture
def project(member, world):
    return make_project(
        member,
        status=ProjectStatus.RESEARCHING,
        question="How does SQLite WAL mode work?",
        options={"queries": 4, "sources_per_query": 2},
        language="English",
    )


def step(project, stage, key, **targets) -> StepRun:
    """The step with this key: the scheduler may have queued it already after the last step."""
    found, _ = StepRun.objects.update_or_create(
        project=project, key=key, defaults={"stage": stage, "status": StepStatus.QUEUED, **targets}
    )
    return found


def run(project, stage, key, **targets) -> StepRun:
    created = step(project, stage, key, **targets)
    run_step(created.pk)
    created.refresh_from_db()
    return created


def _planned_by_rule(project, question: str, **options) -> StepRun:
    """The question grounded and planned by the extractive engine (with these options)."""
    project.question = question
    project.options = {**project.options, "engine": "extractive", **options}
    project.save(update_fields=["question", "options"])
    run(project, Stage.GROUND, "ground")
    done = run(project, Stage.PLAN, "plan")
    assert done.status == StepStatus.DONE, done.error
    return done


def searched_query(project, text="sqlite wal mode") -> Query:
    query = Query.objects.create(project=project, text=text)
    assert run(project, Stage.SEARCH, f"search:{query.pk}", query=query).status == "done"
    return query


def test_a_plan_whose_llm_fails_is_made_by_the_extractive_fallback_and_says_so(project, world):
    run(project, Stage.GROUND, "ground")
    world.llm.responder = lambda request: "I am sorry, I cannot answer in JSON."
    done = run(project, Stage.PLAN, "plan")
    assert done.status == StepStatus.DONE
    assert done.detail.startswith("done with the extractive fallback")
    assert "did not match the PlanOutput format" in done.detail
    assert project.queries.count() == 4 and project.sections.exists()


def test_the_extractive_plan_gives_each_part_the_question_asks_for_a_section(project, world):
    done = _planned_by_rule(
        project,
        "Prepare a brief on SQLite: its WAL mode, checkpoints, locking, file format, "
        "and known limits.",
    )
    assert done.detail == "5 sections, 5 queries from the 5 parts the question asks for"
    sections = list(project.sections.order_by("position"))
    assert [s.title for s in sections] == [
        "WAL mode",
        "Checkpoints",
        "Locking",
        "File format",
        "Known limits",
    ]
    for section, part in zip(sections, ["WAL mode", "checkpoints", "locking"], strict=False):
        (query,) = section.queries.values_list("text", flat=True)
        assert query.lower().endswith(part.lower()) and query != part
    assert not world.llm.requests


def test_no_section_is_titled_with_a_piece_of_the_question_that_cuts_its_subjects_name(
    project, world
):
    question = (
        "How has annual electricity generation at the Caddow Bank offshore wind farm "
        "changed between 2020 and 2024?"
    )
    _planned_by_rule(project, question)
    titles = list(project.sections.order_by("position").values_list("title", flat=True))
    assert titles[0].startswith("Annual electricity generation at the Caddow Bank")
    assert not any(t.lower().startswith(("bank ", "caddow ")) for t in titles), titles


def test_a_why_question_is_planned_as_causes_what_happened_and_what_followed(project, world):
    done = _planned_by_rule(project, "Why did the Qingshi storage plant catch fire in June 2025?")
    assert done.detail.endswith("from the 3 parts a why question asks for"), done.detail
    sections = list(project.sections.order_by("position"))
    assert [s.title for s in sections] == ["Causes", "What happened", "Consequences and response"]
    first = sections[0].queries.order_by("position")[0].text
    assert "Qingshi storage plant" in first and "cause" in first


def test_a_question_about_one_thing_titles_no_section_with_a_piece_of_the_asking(project, world):
    _planned_by_rule(project, "How much water can Hallam Reservoir hold?")
    titles = list(project.sections.order_by("position").values_list("title", flat=True))
    assert titles[0] == "How much water can Hallam Reservoir hold"  # what is asked, as asked
    assert not [t for t in titles[1:] if {"can", "much", "how"} & set(t.lower().split())]
    first = project.sections.order_by("position")[0].queries.order_by("position")[0].text
    assert "capacity" in first.split()  # the documents' word for what it holds


def test_a_chinese_plan_searches_each_part_with_the_name_the_question_opens_with(project, world):
    _planned_by_rule(
        project,
        "请为启衡医疗健康产业基金二期撰写尽职调查简报：基金规模、费用条款、投资团队。",
    )
    firsts = [s.queries.order_by("position")[0].text for s in project.sections.all()]
    assert firsts == [
        "启衡医疗健康产业基金二期 基金规模 资产 总额 余额",  # a fund's size is money, not an area
        "启衡医疗健康产业基金二期 费用条款",
        "启衡医疗健康产业基金二期 投资团队 董事长 总经理 首席执行官 创始人",
    ]


@pytest.mark.parametrize(
    "analysis, marked", [("auto", ["Revenue growth", "Market share"]), ("off", [])]
)
def test_the_extractive_plan_marks_the_parts_that_ask_for_figures_as_analyses(
    project, world, analysis, marked
):
    _planned_by_rule(
        project,
        "Prepare a brief on Kestrel: its history, revenue growth and market share.",
        analysis=analysis,
    )
    titles = project.sections.order_by("position").values_list("title", flat=True)
    assert list(titles) == ["History", "Revenue growth", "Market share"]
    assert list(project.sections.filter(analysis=True).values_list("title", flat=True)) == marked


def test_a_question_that_asks_for_figures_as_a_whole_has_its_first_section_analysed(project, world):
    _planned_by_rule(project, "Compare the population growth from 2023 to 2024 of six cities")
    flags = list(project.sections.order_by("position").values_list("analysis", flat=True))
    assert flags[0] is True and not any(flags[1:])


def test_the_models_plan_marks_its_analysis_sections_and_is_told_it_may(project, world):
    from tests.fakes.researcher import Researcher, analysing

    world.llm.responder = analysing(Researcher())
    run(project, Stage.GROUND, "ground")
    assert run(project, Stage.PLAN, "plan").status == StepStatus.DONE
    flags = list(project.sections.order_by("position").values_list("analysis", flat=True))
    assert flags[0] is True and not any(flags[1:])
    asked = next(r for r in world.llm.requests if "outline of the report" in json.dumps(r))
    assert "Set `analysis` to true" in json.dumps(asked)


def test_ground_stores_the_question_search_results_on_its_step(project, world):
    done = run(project, Stage.GROUND, "ground")
    assert done.status == StepStatus.DONE, done.error
    assert len(done.output["results"]) == 6
    assert world.searx.requests[0]["q"] == project.question


def test_plan_writes_sections_and_exactly_the_asked_number_of_queries(project, world):
    run(project, Stage.GROUND, "ground")
    done = run(project, Stage.PLAN, "plan")
    assert done.status == StepStatus.DONE, done.error
    assert Section.objects.filter(project=project).count() == 2
    assert Query.objects.filter(project=project, origin=QueryOrigin.PLANNED).count() == 4
    project.refresh_from_db()
    assert project.language == "English"
    assert project.title.startswith("Research:")
    request = world.llm.requests[-1]
    assert request["response_format"]["json_schema"]["name"] == "PlanOutput"
    assert "Snippet" not in request["messages"][0]["content"]  # results go in the user message


def test_a_step_that_fails_still_records_the_llm_calls_and_tokens_it_used(project, world):
    project.options = {**project.options, "fallback": False}
    project.save()
    run(project, Stage.GROUND, "ground")
    world.llm.responder = lambda request: "I am sorry, I cannot answer in JSON."
    failed = run(project, Stage.PLAN, "plan")
    assert failed.status == StepStatus.FAILED
    assert "did not match the PlanOutput format" in failed.error
    assert failed.llm_calls == 2 and failed.tokens > 0  # the answer and the retry
    project.refresh_from_db()
    assert project.tokens == failed.tokens


def test_plan_rerun_replaces_its_own_outline(project):
    run(project, Stage.GROUND, "ground")
    run(project, Stage.PLAN, "plan")
    StepRun.objects.filter(key="plan").update(status=StepStatus.QUEUED)
    run_step(StepRun.objects.get(key="plan").pk)
    assert Section.objects.filter(project=project).count() == 2
    assert Query.objects.filter(project=project).count() == 4


def test_search_makes_one_source_per_url_and_links_it_to_each_query(project, world):
    first = searched_query(project, "sqlite wal mode")
    second = searched_query(project, "sqlite wal mode")  # same results, second query
    assert Source.objects.filter(project=project).count() == 6
    assert QuerySource.objects.filter(query=first).count() == 6
    assert QuerySource.objects.filter(query=second).count() == 6
    numbers = sorted(Source.objects.filter(project=project).values_list("n", flat=True))
    assert numbers == [1, 2, 3, 4, 5, 6]


def test_search_passes_the_time_range_to_the_backend(project, world):
    project.options = {**project.options, "time_range": "week"}
    project.save()
    searched_query(project)
    assert world.searx.requests[-1]["time_range"] == "week"


def test_a_search_backend_error_fails_that_query_with_the_reason(project, world):
    world.searx.fail_next(500, count=5)
    query = Query.objects.create(project=project, text="sqlite wal mode")
    done = run(project, Stage.SEARCH, "search:x", query=query)
    assert done.status == StepStatus.FAILED
    assert "500" in done.error
    query.refresh_from_db()
    assert query.status == "failed" and "500" in query.error
    project.refresh_from_db()
    assert project.status == ProjectStatus.RESEARCHING  # one failed query does not stop the run


def test_rank_keeps_the_best_k_on_snippets_and_stores_every_reason(project, world):
    query = searched_query(project)
    done = run(project, Stage.RANK, "rank:x", query=query)
    assert done.status == StepStatus.DONE, done.error
    links = list(QuerySource.objects.filter(query=query).order_by("rank"))
    assert [link.selected for link in links] == [True, True, False, False, False, False]
    assert all(link.reason for link in links)
    best, worst = links[0].score, links[-1].score
    assert best is not None and worst is not None and best > worst
    prompt = world.llm.requests[-1]["messages"][1]["content"]
    assert "<search_results>" in prompt and "<source" not in prompt
    skipped = Source.objects.filter(project=project, fetch_status=FetchStatus.SKIPPED).count()
    assert skipped == 4


def test_fetch_stores_a_snapshot_and_a_second_project_reuses_it(project, member, world):
    url = world.web.page_url("sqlite-wal-mode-1")
    source = Source.objects.create(project=project, n=1, url=url)
    done = run(project, Stage.FETCH, "fetch:1", source=source)
    assert done.status == StepStatus.DONE, done.error
    source.refresh_from_db()
    assert source.fetch_status == FetchStatus.FETCHED
    assert "sqlite" in source.text.lower()
    other = make_project(member, status=ProjectStatus.RESEARCHING, question="q")
    again = Source.objects.create(project=other, n=1, url=url)
    hits = len(world.web.requests)
    run(other, Stage.FETCH, "fetch:1", source=again)
    again.refresh_from_db()
    assert again.snapshot_id == source.snapshot_id
    assert len(world.web.requests) == hits  # not fetched again
    assert PageSnapshot.objects.count() == 1


@pytest.mark.django_db(transaction=True)  # its downloads run on threads of their own
def test_reading_ahead_fills_the_page_cache_and_leaves_the_sources_as_they_were(project, world):
    query = searched_query(project)
    bad = Source.objects.create(project=project, n=99, url=world.web.url_for("/404"))
    QuerySource.objects.filter(query=query, rank=2).update(source=bad)
    done = run(project, Stage.PREFETCH, "prefetch:x", query=query)
    assert done.status == StepStatus.DONE, done.error
    assert done.detail == "1 downloaded, 1 unreadable of the first 2 results"
    first = QuerySource.objects.get(query=query, rank=1).source
    assert PageSnapshot.objects.filter(url=first.url).exists()
    assert PageSnapshot.objects.count() == 1  # only the first two results were read
    for source in Source.objects.filter(project=project):
        assert (source.fetch_status, source.snapshot_id, source.fetch_reason) == (
            FetchStatus.PENDING,
            None,
            "",
        )
    fetched = run(project, Stage.FETCH, "fetch:1", source=first)
    assert fetched.detail == "from the page cache"


def test_a_read_ahead_that_ends_leaves_the_scheduler_alone(project):
    """Nothing waits for it, so there is nothing new to decide (a search's end, by contrast,
    has the scheduler queue the project's first steps)."""
    query = Query.objects.create(project=project, text="sqlite wal mode")
    done = run(project, Stage.PREFETCH, "prefetch:x", query=query)
    assert done.status == StepStatus.DONE, done.error
    assert list(project.steps.values_list("key", flat=True)) == ["prefetch:x"]
    run(project, Stage.SEARCH, f"search:{query.pk}", query=query)
    assert project.steps.filter(key="ground").exists()


@pytest.mark.parametrize(
    "path,expected",
    [
        ("/binary.png", "image/png"),
        ("/huge", "10 MB"),
        ("/loop", "redirect"),
        ("/404", "404"),
    ],
)
def test_a_bad_page_fails_its_source_with_a_reason(project, world, path, expected):
    source = Source.objects.create(project=project, n=1, url=world.web.url_for(path))
    done = run(project, Stage.FETCH, "fetch:1", source=source)
    assert done.status == StepStatus.FAILED
    source.refresh_from_db()
    assert source.fetch_status == FetchStatus.FAILED
    assert expected.lower() in source.fetch_reason.lower()
    assert expected.lower() in done.error.lower()


def test_a_page_with_a_wrong_charset_is_still_read(project, world):
    source = Source.objects.create(project=project, n=1, url=world.web.url_for("/wrong-charset"))
    done = run(project, Stage.FETCH, "fetch:1", source=source)
    assert done.status == StepStatus.DONE, done.error
    source.refresh_from_db()
    assert source.text.strip()


def test_fetch_refuses_a_private_address_as_blocked(project, world, settings):
    settings.FETCH_ALLOW_HOSTS = []
    source = Source.objects.create(project=project, n=1, url=world.web.page_url("a-page"))
    done = run(project, Stage.FETCH, "fetch:1", source=source)
    assert done.status == StepStatus.FAILED
    source.refresh_from_db()
    assert source.fetch_status == FetchStatus.BLOCKED


@pytest.mark.parametrize(
    ("host", "words"),
    [
        ("[::127.0.0.1]", "127.0.0.1 (embedded in ::7f00:1, an IPv4-compatible address)"),
        (
            "[::ffff:0:7f00:1]",
            "127.0.0.1 (embedded in ::ffff:0:7f00:1, an IPv4-translated address)",
        ),
        ("[fec0::1]", "fec0::1 is deprecated site-local (RFC 3879)"),
        ("[64:ff9b:1::7f00:1]", "64:ff9b:1::7f00:1 is local-use IPv4/IPv6 translation (RFC 8215)"),
    ],
)
def test_fetch_refuses_the_ipv6_forms_of_loopback_and_stores_no_page(
    project, world, settings, host, words
):
    """A source added before the API checked its address, or one the worker fetches again."""
    settings.FETCH_ALLOW_HOSTS = []
    url = f"http://{host}:{world.web.port}/page/sqlite-wal-mode-1"
    source = Source.objects.create(project=project, n=1, url=url)
    asked = len(world.web.paths)
    done = run(project, Stage.FETCH, "fetch:1", source=source)
    assert len(world.web.paths) == asked
    assert done.status == StepStatus.FAILED
    assert words in done.error
    source.refresh_from_db()
    assert source.fetch_status == FetchStatus.BLOCKED
    assert source.fetch_reason.startswith(words) and "FETCH_ALLOW_HOSTS" in source.fetch_reason
    assert (source.snapshot, source.text) == (None, "")
    assert not PageSnapshot.objects.exists()


def _fetched_source(project, world, slug="sqlite-wal-mode-1") -> Source:
    source = Source.objects.create(project=project, n=1, url=world.web.page_url(slug))
    run(project, Stage.FETCH, "fetch:1", source=source)
    source.refresh_from_db()
    return source


def test_summarize_keeps_only_quotes_that_are_exact_passages_of_the_source(project, world):
    query = Query.objects.create(project=project, text="sqlite wal mode")
    source = _fetched_source(project, world)
    done = run(project, Stage.SUMMARIZE, "summarize:1", query=query, source=source)
    assert done.status == StepStatus.DONE, done.error
    summary = Summary.objects.get(query=query, source=source)
    assert summary.relevant
    assert summary.quotes and all(q in source.text for q in summary.quotes)
    assert NOT_IN_PAGE not in summary.quotes
    assert summary.quotes_dropped == 1
    assert done.tokens_prompt > 0 and done.llm_calls == 1
    assert summary.tokens == done.tokens_prompt + done.tokens_completion


@pytest.mark.django_db(transaction=True)  # chunks are summarised on threads with connections
def test_summarize_splits_a_long_page_into_chunks_and_merges_them(project, world, settings):
    settings.LLM_CONTEXT_TOKENS = 2000  # chunks of about 500 tokens
    paragraphs = "".join(
        f"<p>Paragraph {i} explains how the write-ahead log keeps readers and writers apart, "
        f"with checkpoint number {i} moving pages back into the database file. "
        f"{'Detail. ' * 40}</p>"
        for i in range(12)
    )
    world.web.add(
        "/long",
        f"<html><head><title>Long</title></head><body><article>{paragraphs}"
        "</article></body></html>".encode(),
    )
    query = Query.objects.create(project=project, text="sqlite wal mode")
    source = Source.objects.create(project=project, n=1, url=world.web.url_for("/long"))
    run(project, Stage.FETCH, "fetch:1", source=source)
    source.refresh_from_db()
    done = run(project, Stage.SUMMARIZE, "summarize:1", query=query, source=source)
    assert done.status == StepStatus.DONE, done.error
    kinds = world.llm.responder.kinds
    assert kinds.count("ChunkSummary") > 1 and kinds[-1] == "MergedSummary"
    summary = Summary.objects.get(query=query, source=source)
    assert all(q in source.text for q in summary.quotes)


def test_reflect_adds_at_most_one_follow_up_query_per_section(project, world):
    section = Section.objects.create(project=project, title="Background", position=0)
    Query.objects.create(project=project, section=section, text="sqlite wal mode")
    done = run(project, Stage.REFLECT, "reflect:1", section=section, params={"round": 1})
    assert done.status == StepStatus.DONE, done.error
    follow_ups = Query.objects.filter(project=project, origin=QueryOrigin.REFLECTION)
    assert [q.text for q in follow_ups] == ["Background latest findings"]
    assert follow_ups[0].reflection_round == 1
    StepRun.objects.filter(pk=done.pk).update(status=StepStatus.QUEUED)  # delivered again
    run_step(done.pk)
    assert Query.objects.filter(project=project, origin=QueryOrigin.REFLECTION).count() == 1


def test_reflect_reads_the_best_search_results_of_its_sections_queries_before_any_summary(
    project, world
):
    """It runs while the pages are read: a result that shares no word with its query is left
    out, and a source already summarised stands as its summary, not as its snippet."""
    world.searx.results_for = lambda query: [
        {"url": f"https://a.example/{i}", "title": title, "content": snippet}
        for i, (title, snippet) in enumerate(
            [
                ("WAL checkpoints", "How sqlite wal mode checkpoints pages."),
                ("Bakery hours", "Open daily from seven."),
                ("Readers and writers", "In wal mode readers do not block writers."),
            ]
        )
    ]
    section = Section.objects.create(project=project, title="Background", position=0)
    query = Query.objects.create(project=project, section=section, text="sqlite wal mode")
    assert run(project, Stage.SEARCH, "search:1", query=query).status == "done"
    read = Source.objects.get(project=project, url="https://a.example/2")
    Summary.objects.create(query=query, source=read, text="Readers never wait for writers.")
    done = run(project, Stage.REFLECT, "reflect:1", section=section, params={"round": 1})
    assert done.status == StepStatus.DONE, done.error
    prompt = prompt_text(world.llm.requests[-1])
    results = prompt.split("Results being read:")[1]
    assert "WAL checkpoints: How sqlite wal mode checkpoints pages." in results
    assert "Bakery" not in prompt
    assert "Readers and writers" not in results
    assert "Readers never wait for writers." in prompt.split("Results being read:")[0]


def test_the_extractive_reflection_counts_what_the_snippets_cover_as_found(project, world):
    world.searx.results_for = lambda query: [
        {"url": "https://a.example/", "title": "Sqlite checkpoints", "content": "Sqlite wal."}
    ]
    project.options = {**project.options, "engine": "extractive"}
    project.save(update_fields=["options"])
    section = Section.objects.create(project=project, title="Checkpoints", position=0)
    query = Query.objects.create(project=project, section=section, text="sqlite checkpoints")
    run(project, Stage.SEARCH, "search:1", query=query)
    done = run(project, Stage.REFLECT, "reflect:1", section=section, params={"round": 1})
    assert done.status == StepStatus.DONE, done.error
    assert done.output["query"] is None and done.detail == "no new query needed"
    assert not world.llm.requests


def _summarised(project, world) -> Source:
    query = Query.objects.create(project=project, text="sqlite wal mode")
    source = _fetched_source(project, world)
    run(project, Stage.SUMMARIZE, "summarize:1", query=query, source=source)
    return source


def test_report_cites_by_number_removes_made_up_citations_and_appends_references(project, world):
    source = _summarised(project, world)
    done = run(project, Stage.REPORT, "report:auto:0")
    assert done.status == StepStatus.DONE, done.error
    report = Report.objects.get(project=project)
    assert report.is_current and report.version == 1
    assert "[99]" not in report.markdown
    assert report.citations_removed == 1
    assert "## References" in report.markdown
    assert "[1] " in report.markdown and source.url in report.markdown
    assert list(report.cited_sources.values_list("n", flat=True)) == [1]
    prompt = world.llm.requests[-1]["messages"][1]["content"]
    assert source.text[:200] not in prompt  # summaries, never raw pages


def test_the_llm_report_is_asked_for_its_length_and_told_each_sources_date_and_version(
    project, world
):
    source = _summarised(project, world)
    source.title = "Pricing sheet v0.3, March 2025"
    source.save(update_fields=["title"])
    run(project, Stage.REPORT, "report:manual:x", params={"length": "brief"})
    prompt = " ".join(prompt_text(world.llm.requests[-1]).split())
    assert "about 400 words in all" in prompt
    assert 'as_of="2025' in prompt and 'superseded="v0.3"' in prompt
    assert "state the newest (latest `as_of`, not superseded) as current" in prompt


def test_report_versions_accumulate_with_one_current(project, world):
    _summarised(project, world)
    run(project, Stage.REPORT, "report:auto:0")
    run(project, Stage.REPORT, "report:manual:x", params={"style": "news", "language": "Deutsch"})
    reports = list(Report.objects.filter(project=project).order_by("version"))
    assert [r.version for r in reports] == [1, 2]
    assert [r.is_current for r in reports] == [False, True]
    assert (reports[1].style, reports[1].language) == ("news", "Deutsch")


@pytest.mark.django_db(transaction=True)  # the sections are written on threads of their own
def test_a_report_written_section_by_section_writes_its_sections_at_once(project, world, settings):
    """Each section's call waits until the other's has arrived too (or gives up after a few
    seconds): written one after the other, they would never meet."""
    settings.LLM_CONTEXT_TOKENS = 2000  # far too small for every finding in one prompt
    for position, title in enumerate(["Background", "Evidence"]):
        section = Section.objects.create(project=project, title=title, position=position)
        query = Query.objects.create(project=project, section=section, text=title)
        for n in range(position * 10 + 1, position * 10 + 11):  # 20 findings in all
            source = Source.objects.create(project=project, n=n, url=f"https://example.com/{n}")
            Summary.objects.create(query=query, source=source, text="Pages move. " * 100)
    met = threading.Barrier(2, timeout=5)
    answer = world.llm.responder

    def responder(request):
        if "Write this section only" in request["messages"][0]["content"]:
            met.wait()
        return answer(request)

    world.llm.responder = responder
    done = run(project, Stage.REPORT, "report:auto:0")
    assert done.status == StepStatus.DONE, done.error
    assert "written section by section" in done.detail and not met.broken
    report = Report.objects.get(project=project)
    assert report.markdown.index("## Background") < report.markdown.index("## Evidence")


def test_report_without_any_summary_fails_the_run_with_a_reason(project, world):
    done = run(project, Stage.REPORT, "report:auto:0")
    assert done.status == StepStatus.FAILED
    project.refresh_from_db()
    assert project.status == ProjectStatus.FAILED
    assert "nothing to report" in project.error


def test_a_step_of_a_cancelled_project_does_not_run(project, world):
    force_status(project, ProjectStatus.CANCELLED)
    done = run(project, Stage.GROUND, "ground")
    assert done.status == StepStatus.CANCELLED
    assert world.searx.requests == []


def test_a_step_claimed_by_another_worker_is_not_run_twice(project, world):
    queued = step(project, Stage.GROUND, "ground")
    StepRun.objects.filter(pk=queued.pk).update(status=StepStatus.RUNNING)
    from datetime import timedelta

    from django.utils import timezone

    StepRun.objects.filter(pk=queued.pk).update(lease_until=timezone.now() + timedelta(minutes=5))
    assert run_step(queued.pk).startswith("not claimable")
    StepRun.objects.filter(pk=queued.pk).update(lease_until=timezone.now() - timedelta(seconds=1))
    assert run_step(queued.pk) == "done"  # the lease ran out: its worker died


def test_ranking_and_summaries_use_the_fast_model_and_the_plan_the_main_one(project, world):
    run(project, Stage.GROUND, "ground")
    run(project, Stage.PLAN, "plan")
    query = Query.objects.filter(project=project).first()
    assert query is not None
    run(project, Stage.SEARCH, f"search:q{query.pk}.0", query=query)
    run(project, Stage.RANK, f"rank:q{query.pk}.0", query=query)
    models = [r["model"] for r in world.llm.requests]
    assert models == ["fake-model", "fake-fast-model"]


def test_the_plan_detects_the_question_language_and_summaries_use_it(project, world):
    project.question = "SQLite 的 WAL 模式如何工作？"
    project.language = ""
    project.save()
    run(project, Stage.GROUND, "ground")
    run(project, Stage.PLAN, "plan")
    project.refresh_from_db()
    assert project.language == "中文"
    query = Query.objects.create(project=project, text="sqlite wal")
    source = _fetched_source(project, world)
    run(project, Stage.SUMMARIZE, "summarize:zh", query=query, source=source)
    assert "Write the summary in 中文" in world.llm.requests[-1]["messages"][0]["content"]
