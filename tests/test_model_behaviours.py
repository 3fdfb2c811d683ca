"""Whole research runs, through the `research` command, against models that misbehave the way
real ones do. Each run ends done with a clean report, or fails quickly with a reason that names
the setting to change."""

from __future__ import annotations

import json
import re
import time
from collections import Counter

import pytest

from research.models import ModelProfile, Project, ProjectStatus, Summary
from research.output.export import report_markdown
from tests.fakes.behaviours import THOUGHT, Behaving
from tests.fakes.llm import estimate_tokens, prompt_text
from tests.fakes.researcher import Researcher, schema_name
from tests.test_pipeline_run import research

pytestmark = pytest.mark.django_db(transaction=True)

QUESTION = "How does SQLite WAL mode work?"
LEAKS = ("<think", "</think", "Let me think", THOUGHT[:30], '"properties"', "```")


def run_with(world, *flags: str, **habits) -> tuple[dict, float]:
    world.llm.responder = Behaving(Researcher(invalid_citation=3), **habits)
    started = time.monotonic()
    result, _ = research(QUESTION, "--queries", "2", "--sources-per-query", "2", *flags)
    return result, time.monotonic() - started


def assert_clean(result: dict) -> None:
    assert result["status"] == "done", result["error"]
    project = Project.objects.get(pk=result["project_id"])
    report = project.reports.get(is_current=True)
    assert report.complete, report.markdown[-300:]
    body = report.markdown.split("## References")[0]
    numbers = set(project.sources.values_list("n", flat=True))
    cited = {int(n) for n in re.findall(r"\[(\d+)\]", body)}
    assert cited and cited <= numbers, (sorted(cited), sorted(numbers))
    summaries = Summary.objects.filter(query__project=project)
    texts = [body] + [s.text for s in summaries] + [q for s in summaries for q in s.quotes]
    for leak in LEAKS:
        assert not [text for text in texts if leak in text], leak
    assert not [text for text in texts if text.lstrip().startswith("{")]


@pytest.mark.parametrize("think", ["tags", "closing_only", "reasoning_content", "reasoning"])
def test_a_reasoning_model_gives_a_clean_report(world, member, think):
    result, _ = run_with(world, think=think)
    assert_clean(result)


def test_a_model_that_thinks_past_its_output_limit_gets_more_room(world, member):
    result, _ = run_with(world, think="tags", thinking_tokens=1800, output_limit=True)
    assert_clean(result)
    limits = [request["max_tokens"] for request in world.llm.requests]
    assert 2000 in limits and 4000 in limits


@pytest.mark.parametrize("wrap", ["result", "schema"])
def test_a_model_that_wraps_its_json_gives_a_clean_report(world, member, wrap):
    result, _ = run_with(world, wrap=wrap)
    assert_clean(result)
    assert Project.objects.get(pk=result["project_id"]).queries.filter(origin="reflection")


def test_a_model_that_scores_on_a_0_to_1_scale_still_selects_pages(world, member):
    result, _ = run_with(world, unit_scale=True)
    assert_clean(result)
    assert result["fetched"] >= 4


def test_a_model_that_echoes_the_schema_fails_fast_naming_the_setting(world, member):
    result, seconds = run_with(world, "--no-fallback", echo_schema=True)
    assert result["status"] == ProjectStatus.FAILED
    assert "JSON schema of PlanOutput" in result["error"] and "LLM_MODEL" in result["error"]
    assert seconds < 60 and len(world.llm.requests) == 2


def test_a_model_that_only_thinks_fails_naming_the_settings(world, member):
    result, seconds = run_with(world, "--no-fallback", think="field_only")
    assert result["status"] == ProjectStatus.FAILED
    assert "LLM_MAX_OUTPUT_TOKENS" in result["error"] and "thinking off" in result["error"]
    assert seconds < 60


def test_a_report_that_never_ends_is_kept_but_marked_incomplete_everywhere(world, member, client):
    researcher = Researcher(invalid_citation=3)

    def endless_report(request: dict) -> object:
        answer = researcher(request)
        if schema_name(request) == "text":
            return {"content": answer, "finish_reason": "length"}
        return answer

    world.llm.responder = endless_report
    result, _ = research(QUESTION, "--queries", "2", "--sources-per-query", "2")
    assert result["status"] == "done", result["error"]
    project = Project.objects.get(pk=result["project_id"])
    report = project.reports.get(is_current=True)
    assert not report.complete
    assert report_markdown(report).count("**Incomplete.**") == 1
    client.force_login(member)
    page = client.get(f"/projects/{project.pk}/report/").content.decode()
    assert "Incomplete." in page and "incomplete</span>" in page
    body = client.get(f"/api/projects/{project.pk}/report").json()
    assert body["complete"] is False


def test_a_model_that_takes_only_max_completion_tokens_and_no_system_role_works(world, member):
    world.llm.token_param, world.llm.system_role = "max_completion_tokens", False
    world.llm.response_formats = frozenset({"json_object"})
    result, _ = run_with(world)
    assert_clean(result)
    refused = Counter(r["model"] for r in world.llm.requests if _refusable(r))
    # learnt once and kept: each of the three rungs is refused only to the calls already asking
    # when it is learnt (the plan alone for the main model; at most the two rankings and the
    # two follow-ups' rankings for the fast one), not to every call
    assert 0 < refused["fake-model"] <= 3, refused
    assert 0 < refused["fake-fast-model"] <= 12, refused
    assert len(world.llm.requests) - refused.total() > 12, refused
    profile = ModelProfile.objects.get(model="fake-fast-model").data
    learnt = (profile["rung"], profile["token_param"], profile["system_role"])
    assert learnt == ("json_object", "max_completion_tokens", False), profile


def _refusable(request: dict) -> bool:
    """A request a server that wants max_completion_tokens, no system role and json_object
    refuses."""
    roles = {message["role"] for message in request["messages"]}
    kind = (request.get("response_format") or {}).get("type")
    return "max_tokens" in request or "system" in roles or kind == "json_schema"


def test_a_rate_limit_storm_is_waited_out_as_the_server_asks(world, member):
    """LLM_MAX_RETRIES is 2 in the tests; a 3-second storm asking for 1-second waits needs more."""
    world.llm.rate_limit_for(3, retry_after="1")
    result, seconds = run_with(world)
    assert_clean(result)
    assert seconds >= 3


def test_a_4k_server_that_tells_nothing_gets_a_report_written_section_by_section(world, member):
    world.llm.context = 4096
    world.llm.responder = Behaving(Researcher(invalid_citation=3, wordy=12))
    started = time.monotonic()
    result, _ = research(QUESTION, "--queries", "6", "--sources-per-query", "4")
    seconds = time.monotonic() - started
    assert_clean(result)
    project = Project.objects.get(pk=result["project_id"])
    report = project.reports.get(is_current=True)
    assert report.markdown.startswith("# Report") and "## Conclusion" in report.markdown
    assert "written section by section" in project.steps.get(stage="report").detail
    assert max(r["max_tokens"] + _tokens(r) for r in world.llm.requests[-3:]) <= 4096
    assert seconds < 60


def test_a_run_of_8_queries_by_6_sources_fits_an_8k_server(world, member):
    world.llm.serves, world.llm.context = "vllm", 8192
    world.llm.responder = Behaving(Researcher(invalid_citation=3, wordy=6))
    result, _ = research(QUESTION, "--queries", "8", "--sources-per-query", "6")
    assert_clean(result)
    assert all(r["max_tokens"] + _tokens(r) <= 8192 for r in world.llm.requests)


def test_ollama_is_asked_within_its_default_window_not_the_models(world, member):
    """The model allows 32k, but Ollama's OpenAI endpoint serves its default 4k and would cut
    longer prompts silently: prompts are sized to 4k, and nothing is cut."""
    world.llm.serves, world.llm.model_context, world.llm.ollama_window = "ollama", 32768, 4096
    world.llm.responder = Behaving(Researcher(invalid_citation=3, wordy=12))
    result, _ = research(QUESTION, "--queries", "4", "--sources-per-query", "3")
    assert_clean(result)
    assert all(_tokens(r) <= 4096 for r in world.llm.requests)
    profile = ModelProfile.objects.get(model="fake-model").data
    assert (profile["context_tokens"], profile["num_ctx"]) == (4096, True)


def test_an_ollama_window_smaller_than_its_default_is_noticed_from_cut_prompts(world, member):
    world.llm.serves, world.llm.model_context, world.llm.ollama_window = "ollama", 32768, 2048
    world.llm.responder = Behaving(Researcher(invalid_citation=3, wordy=12))
    result, _ = research(QUESTION, "--queries", "4", "--sources-per-query", "3")
    assert_clean(result)
    sources = {p.data["context_source"] for p in ModelProfile.objects.all()}
    assert "the server cut a longer prompt" in sources


def _tokens(request: dict) -> int:
    return estimate_tokens(prompt_text(request))


def test_a_run_with_nothing_to_report_says_what_failed_before_the_report(world, member):
    researcher = Researcher()

    def no_summaries(request: dict) -> object:
        if schema_name(request) == "ChunkSummary":
            return "I would rather not."
        return researcher(request)

    world.llm.responder = no_summaries
    flags = ("--queries", "2", "--sources-per-query", "2", "--no-fallback")
    result, _ = research(QUESTION, *flags)
    assert result["status"] == "failed"
    assert "nothing to report" in result["error"]
    assert (
        "summarise steps failed: The model's answer did not match the ChunkSummary"
        in (result["error"])
    )


def test_sibling_queries_that_find_the_same_pages_still_read_many_different_ones(world, member):
    """Each query finds the same four pages first, then four of its own; the ranker likes them
    in that order. Four queries of four sources read at least twelve distinct pages."""
    base = world.searx.page_base_url.rstrip("/")

    def overlapping(query: str) -> list[dict]:
        own = query.replace(" ", "-")
        urls = [f"{base}/page/shared-{i}" for i in range(4)]
        urls += [f"{base}/page/{own}-{i}" for i in range(4)]
        return [{"url": url, "title": url, "content": "WAL and checkpoints"} for url in urls]

    researcher = Researcher(invalid_citation=3)

    def fair_ranker(request: dict) -> object:
        if schema_name(request) != "RankOutput":
            return researcher(request)
        ids = [
            int(i) for i in re.findall(r'<result id="(\d+)">', request["messages"][-1]["content"])
        ]
        return json.dumps(
            {"judgements": [{"id": i, "score": 9.5 - i / 2, "reason": "ok"} for i in ids]}
        )

    world.searx.results_for = overlapping
    world.llm.responder = fair_ranker
    result, _ = research(
        QUESTION, "--queries", "4", "--sources-per-query", "4", "--reflections", "0"
    )
    assert_clean(result)
    assert result["fetched"] >= 12


def test_a_report_answered_with_a_json_list_is_written_from_the_quotes_saying_why(
    world, member, client
):
    researcher = Researcher(invalid_citation=3)
    asked: list[str] = []

    def phrases_for_a_report(request: dict) -> object:
        if schema_name(request) == "text":
            asked.append(prompt_text(request))
            return json.dumps(["SQLite WAL mode write-ahead log", "checkpoint readers writers"])
        return researcher(request)

    world.llm.responder = phrases_for_a_report
    result, _ = research(QUESTION, "--queries", "2", "--sources-per-query", "2")
    assert result["status"] == "done", result["error"]
    assert len(asked) == 2 and "a JSON list, not prose" in asked[1]  # asked again once, saying why
    project = Project.objects.get(pk=result["project_id"])
    report = project.reports.get(is_current=True)
    assert report.engine == "fallback"
    body = report.markdown.split("## References")[0]
    assert re.search(r"\[\d+\]", body) and '["' not in body  # the quotes, cited; no JSON
    said = "The model's report was not usable (a JSON list, not prose)"
    client.force_login(member)
    assert said in client.get(f"/projects/{project.pk}/report/").content.decode()
    assert said in client.get(f"/api/projects/{project.pk}/report").json()["fallback_note"]


def test_a_report_without_citations_fails_with_the_reason_when_fallback_is_off(world):
    researcher = Researcher(invalid_citation=3)

    def uncited(request: dict) -> object:
        if schema_name(request) == "text":
            return "# Report\n\n## Background\n\nWAL mode keeps a separate log of changes.\n"
        return researcher(request)

    world.llm.responder = uncited
    result, _ = research(QUESTION, "--queries", "2", "--sources-per-query", "2", "--no-fallback")
    assert result["status"] == "failed"
    assert "it cites none of the sources it was given" in result["error"]
