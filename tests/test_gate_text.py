"""The gate on a model's free text (text/gate.py): each way real endpoints answer a prose
prompt with something else is named in words a member reads."""

from __future__ import annotations

from research.text.gate import Expect, hard, problems, repair

TAGS = frozenset({"source", "question", "clarifications"})
REPORT = Expect("report", "en", ("Background", "Evidence"), frozenset({1, 2, 3}), TAGS)
GOOD = (
    "# WAL mode\n\nSQLite writes changes to a separate log first [1].\n\n## Background\n\n"
    "Readers keep reading the database while a writer appends [2].\n\n## Evidence\n\n"
    "Checkpoints copy the log back into the database [3]."
)


def test_a_cited_report_with_its_sections_in_the_asked_language_passes():
    assert problems(GOOD, REPORT) == []


def test_json_instead_of_a_report_is_named_as_such():
    assert problems('["Aurora Bikes revenue grown 2020 2023", "Boreal"]', REPORT) == [
        "a JSON list, not prose"
    ]
    assert problems('{"report": "text"}', REPORT) == ["a JSON object, not prose"]


def test_a_list_of_phrases_is_no_prose():
    listed = "- Aurora Bikes revenue\n- Boreal Cycles growth\n- Cirrus Bikes margins"
    assert problems(listed, REPORT)[0] == "a list of phrases, not prose"
    posts = Expect("report", "en", (), frozenset({1, 2}), TAGS)  # a thread of cited posts
    assert problems("1. WAL keeps a separate log [1]\n2. Readers never block [2]", posts) == []


def test_the_prompts_own_tags_in_the_text_are_named():
    echoed = GOOD + '\n\n<source title="Home Depot sales miss" part="1 of 1"> More [1].'
    assert problems(echoed, REPORT) == ["it holds the prompt's own tags (<source>)"]


def test_citations_none_given_or_some_not_given_and_another_language_are_named():
    assert "it cites none of the sources it was given" in problems(
        GOOD.replace("[1]", "").replace("[2]", "").replace("[3]", ""), REPORT
    )
    stray = problems(GOOD + " Also [9].", REPORT)
    assert stray == ["it cites [9], which it was not given"] and hard(stray) == []
    chinese = Expect("report", "zh", (), frozenset({1, 2, 3}), TAGS)
    assert problems(GOOD, chinese) == ["it is not in Chinese, as asked"]


def test_a_report_without_its_planned_sections_is_refused_and_the_repair_says_why():
    flat = "SQLite writes changes to a separate log first [1], and readers go on reading [2]."
    found = problems(flat, REPORT)
    assert found == ["it drops the planned sections"]
    asked = repair(found, REPORT)
    assert "it drops the planned sections" in asked and "'## ' heading" in asked
