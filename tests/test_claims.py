"""The claim ledger: splitting a report into claims, aligning each with what it cites, and the
Check claims step (lexical always, the LLM's verification with the LLM engine)."""

from __future__ import annotations

import json
import threading

import pytest

from research.models import (
    Claim,
    ClaimReview,
    PageSnapshot,
    ProjectStatus,
    Source,
    Stage,
    StepRun,
    StepStatus,
)
from research.pipeline.engine.registry import run_step
from research.text.claims import SourceIndex, Verdict, align, split_claims
from tests.factories import add_report, make_project

TEXTS = {
    1: "Write-ahead logging lets readers and a writer work on the database at the same time. "
    "A checkpoint copies the pages from the WAL file back into the database file. By default "
    "SQLite runs a checkpoint when the WAL file reaches 1000 pages.",
    2: "The WAL file is stored next to the database with the -wal suffix. WAL mode was "
    "introduced in SQLite version 3.7.0 in July 2010. Readers never block writers in WAL mode.",
    3: "Network filesystems are not supported by WAL mode because all processes must share "
    "memory. The shared memory index is kept in a file ending in -shm.",
}
TRUE = "Write-ahead logging lets readers and a writer work on the database at the same time [1]."
INVENTED = "SQLite runs a checkpoint when the WAL file reaches 5000 pages [1]."
PLANTED = "Penguins migrate across Antarctica every winter to find food [2]."
ELSEWHERE = "WAL mode does not work over network filesystems as processes must share memory [1]."
UNCITED = "WAL mode was introduced in July 2010 in version 3.7.0 of SQLite."
REPORT = f"""# Report

## How WAL works

{TRUE} {INVENTED}
{PLANTED}

- {ELSEWHERE}

## History

{UNCITED} It is a good idea.

## References

1. [Page 1](https://example.org/1)
"""


def indexes() -> dict[int, SourceIndex]:
    return {n: SourceIndex.build(n, text) for n, text in TEXTS.items()}


def verdicts() -> dict[str, Verdict]:
    return {c.sentence: align(c, indexes()) for c in split_claims(REPORT)}


# --- Splitting -----------------------------------------------------------------------------


def test_a_report_is_split_into_its_cited_sentences_and_the_uncited_ones_stating_facts():
    found = split_claims(REPORT)
    assert [c.sentence for c in found] == [TRUE, INVENTED, PLANTED, ELSEWHERE, UNCITED]
    assert [c.citations for c in found] == [(1,), (1,), (2,), (1,), ()]
    assert [c.section for c in found] == ["How WAL works"] * 4 + ["History"]
    assert len({c.position for c in found}) == 5


def test_abbreviations_decimals_and_trailing_citation_markers_stay_inside_their_sentence():
    text = "Dr. Hipp wrote it, e.g. in 3.7.0 of 2010. [1][2] Readers wait 2.5 s [3]. Then it ends."
    found = split_claims(text)
    assert [c.sentence for c in found] == [
        "Dr. Hipp wrote it, e.g. in 3.7.0 of 2010. [1][2]",
        "Readers wait 2.5 s [3].",
    ]
    assert found[0].citations == (1, 2)


def test_an_extractive_reports_quotes_are_claims_and_its_framing_lines_are_not():
    markdown = (
        "# WAL\n\n_An extractive report: quotes selected and ordered without a language model._"
        "\n\n## Overview\n\n“Readers never block writers in WAL mode.” [2] “A checkpoint copies "
        "the pages back. It runs often.” [1]\n\n_Quotes chosen without a language model._\n"
    )
    found = split_claims(markdown)
    assert [(c.sentence, c.citations) for c in found] == [
        ("“Readers never block writers in WAL mode.” [2]", (2,)),
        ("“A checkpoint copies the pages back. It runs often.” [1]", (1,)),
    ]
    assert align(found[0], indexes()).status == "supported"


def test_a_chinese_report_is_split_at_its_full_stops_and_aligned_by_character_pairs():
    markdown = "## 概述\n\nWAL模式允许读者和写者同时工作[1]。默认在5000页时运行检查点[1]。"
    found = split_claims(markdown)
    assert [c.sentence for c in found] == [
        "WAL模式允许读者和写者同时工作[1]。",
        "默认在5000页时运行检查点[1]。",
    ]
    index = {
        1: SourceIndex.build(
            1, "在WAL模式下，读者和写者可以同时工作。当日志达到1000页时运行检查点。"
        )
    }
    supported, invented = (align(c, index) for c in found)
    assert (supported.status, supported.quote) == (
        "supported",
        "在WAL模式下，读者和写者可以同时工作。",
    )
    assert (invented.status, invented.reason) == ("unsupported", "the number 5000 is not in [1]")


# --- Lexical alignment ----------------------------------------------------------------------


def test_a_sentence_its_source_states_is_supported_with_the_sources_own_sentence():
    verdict = verdicts()[TRUE]
    assert (verdict.status, verdict.quote_n, verdict.score) == ("supported", 1, 1.0)
    assert verdict.quote == TEXTS[1].split(". ")[0] + "."


def test_a_planted_sentence_its_source_does_not_state_is_unsupported():
    verdict = verdicts()[PLANTED]
    assert verdict.status == "unsupported"
    assert verdict.score < 0.35


def test_an_invented_number_is_unsupported_naming_the_number():
    verdict = verdicts()[INVENTED]
    assert verdict.status == "unsupported"
    assert verdict.reason == "the number 5000 is not in [1]"
    assert "1000 pages" in verdict.quote  # the nearest sentence, for the reader to compare


def test_a_claim_found_only_in_another_source_says_where_it_is():
    verdict = verdicts()[ELSEWHERE]
    assert verdict.status == "unsupported"
    assert verdict.reason == "the quote is in [3], not [1]"
    assert verdict.quote_n == 3 and verdict.quote in TEXTS[3]


def test_a_negated_sentence_is_contradicted_by_a_source_saying_the_opposite():
    (claim,) = split_claims("Readers block writers in WAL mode [2].")
    verdict = align(claim, indexes())
    assert verdict.status == "contradicted"


def test_an_uncited_sentence_with_facts_is_uncited_with_the_closest_source_named():
    verdict = verdicts()[UNCITED]
    assert (verdict.status, verdict.quote_n) == ("uncited", 2)
    assert verdict.quote == "WAL mode was introduced in SQLite version 3.7.0 in July 2010."


def test_every_quote_is_a_verbatim_substring_of_its_sources_text():
    quoted = [v for v in verdicts().values() if v.quote]
    assert len(quoted) == 4
    for verdict in quoted:
        assert verdict.quote_n is not None and verdict.quote in TEXTS[verdict.quote_n]


def test_a_summarys_quote_found_in_the_text_is_a_window_and_one_not_in_it_is_not():
    index = SourceIndex.build(1, TEXTS[1], ["readers  and a writer work", "Never in the page."])
    texts = [w.text for w in index.windows]
    assert "readers and a writer work" in texts
    assert "Never in the page." not in texts


# --- The step --------------------------------------------------------------------------------


@pytest.fixture
def reported(member):
    """A project writing its report, whose three sources have stored text."""

    def make(engine: str):
        project = make_project(
            member, status=ProjectStatus.WRITING, options={"engine": engine}, language="English"
        )
        sources = []
        for n, text in TEXTS.items():
            url = f"https://example.org/{n}"
            snapshot = PageSnapshot.objects.create(url=url, title=f"Page {n}", text=text)
            sources.append(Source.objects.create(project=project, n=n, url=url, snapshot=snapshot))
        project.allocate_source_numbers(3)
        return project, add_report(project, sources, markdown=REPORT)

    return make


def check(project, report, key: str = "", **params) -> StepRun:
    step = StepRun.objects.create(
        project=project,
        stage=Stage.CLAIMS,
        key=key or f"claims:{report.pk}",
        params={"report_id": report.pk, **params},
    )
    run_step(step.pk)
    step.refresh_from_db()
    return step


def statuses(report) -> list[tuple[str, str]]:
    return list(report.claims.order_by("position").values_list("status", "method"))


def test_the_step_stores_the_ledger_of_the_report_version_without_a_model(reported, world):
    project, report = reported("extractive")
    step = check(project, report)
    assert step.status == StepStatus.DONE, step.error
    assert statuses(report) == [
        ("supported", "lexical"),
        ("unsupported", "lexical"),
        ("unsupported", "lexical"),
        ("unsupported", "lexical"),
        ("uncited", "lexical"),
    ]
    assert step.detail == (
        f"version {report.version}: 5 claims (1 supported, 1 uncited, 3 unsupported)"
    )
    assert world.llm.requests == []
    planted = report.claims.get(sentence=PLANTED)
    assert (planted.citations, list(planted.sources.values_list("n", flat=True))) == ([2], [2])
    for claim in report.claims.exclude(quote=""):
        assert claim.quote_source is not None and claim.quote in claim.quote_source.text


def test_the_model_checks_only_what_the_alignment_left_open_in_one_call_per_section(
    reported, world
):
    project, report = reported("llm")
    step = check(project, report)
    assert step.status == StepStatus.DONE, step.error
    (request,) = world.llm.requests  # the true sentence is plainly supported; numbers and
    prompt = request["messages"][1]["content"]  # misattributions are hard evidence
    assert "Penguins migrate" in prompt and "5000" not in prompt
    assert "Report section: How WAL works" in prompt
    planted = report.claims.get(sentence=PLANTED)
    assert (planted.status, planted.method, planted.reason) == (
        "unsupported",
        "llm",
        "no quote says it",
    )
    assert step.llm_calls == 1 and step.tokens_prompt > 0
    assert "1 checked by the model" in step.detail


def test_when_the_model_fails_the_lexical_verdicts_stand_and_the_step_says_so(reported, world):
    project, report = reported("llm")
    world.llm.responder = lambda request: "Sorry, I cannot answer in JSON."
    step = check(project, report)
    assert step.status == StepStatus.DONE, step.error
    assert step.detail.startswith("done with the extractive fallback")
    assert [s for s, _ in statuses(report)][:3] == ["supported", "unsupported", "unsupported"]
    assert set(report.claims.values_list("method", flat=True)) == {"lexical"}


def test_a_rerun_replaces_the_claims_and_keeps_a_review_of_a_sentence_still_there(reported, member):
    project, report = reported("extractive")
    check(project, report)
    planted = report.claims.get(sentence=PLANTED)
    Claim.objects.filter(pk=planted.pk).update(
        review=ClaimReview.DISPUTED, review_note="No penguins here.", reviewed_by=member
    )
    step = check(project, report, key=f"claims:{report.pk}:again")
    assert step.status == StepStatus.DONE, step.error
    again = report.claims.get(sentence=PLANTED)
    assert again.pk != planted.pk and report.claims.count() == 5
    assert (again.review, again.review_note, again.reviewed_by) == (
        "disputed",
        "No penguins here.",
        member,
    )


def test_a_recheck_for_one_source_replaces_only_the_claims_citing_it(reported):
    project, report = reported("extractive")
    check(project, report)
    before = dict(report.claims.values_list("sentence", "pk"))
    check(project, report, key=f"claims:{report.pk}:s2", source_n=2)
    after = dict(report.claims.values_list("sentence", "pk"))
    assert after.keys() == before.keys()
    assert [s for s in after if after[s] != before[s]] == [PLANTED]


def test_a_report_version_gone_fails_its_check_saying_which(reported):
    project, report = reported("extractive")
    report_id = report.pk
    report.delete()
    step = StepRun.objects.create(
        project=project, stage=Stage.CLAIMS, key="claims:x", params={"report_id": report_id}
    )
    run_step(step.pk)
    step.refresh_from_db()
    assert step.status == StepStatus.FAILED
    assert step.error == f"This claims step has no report version {report_id}."
    project.refresh_from_db()
    assert project.status == ProjectStatus.WRITING  # the report stands without its ledger


def test_the_prompt_holds_the_claims_as_data_with_their_quotes(reported, world):
    project, report = reported("llm")
    check(project, report)
    body = json.dumps(world.llm.requests[0]["messages"])
    assert '<claim id=\\"2\\" cites=\\"2\\">' in body


def test_each_sections_claims_go_to_the_model_at_the_same_time(transactional_db, reported, world):
    """Two sections, each with a claim the alignment leaves open: neither call is answered
    before both are in flight (a check that asked them one after the other would fall back to
    the lexical verdicts)."""
    project, report = reported("llm")
    other = "Penguins cross the ice shelf each spring to breed [2]."
    report.markdown = f"# Report\n\n## How WAL works\n\n{PLANTED}\n\n## History\n\n{other}\n"
    report.save(update_fields=["markdown"])
    both_asked = threading.Barrier(2, timeout=10)
    answer = world.llm.responder

    def responder(request):
        both_asked.wait()
        return answer(request)

    world.llm.responder = responder
    step = check(project, report)
    assert step.status == StepStatus.DONE, step.error
    assert "fallback" not in step.detail
    assert len(world.llm.requests) == 2 and step.llm_calls == 2
    assert statuses(report) == [("unsupported", "llm"), ("unsupported", "llm")]
