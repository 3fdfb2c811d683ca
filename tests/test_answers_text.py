"""Follow-up answers' text: a sentence a stored source says word for word is cited to it."""

from __future__ import annotations

from research.text.answers import cite_verbatim

SOURCES = {
    1: "Intro.\nThe WAL file grows until a checkpoint copies its pages back into the database.",
    2: "Readers never block writers in WAL mode,\nwhich is the whole point of it. End.",
}
LONG = "The WAL file grows until a checkpoint copies its pages back into the database."


def test_an_uncited_sentence_that_is_part_of_a_source_is_cited_before_its_full_stop():
    text, added = cite_verbatim(f"In brief. {LONG}", SOURCES)
    assert text == f"In brief. {LONG[:-1]} [1]." and added == [1]


def test_a_sentence_holding_a_sources_sentence_is_cited_though_the_source_breaks_its_line():
    said = "As the docs put it: Readers never block writers in WAL mode, "
    said += "which is the whole point of it!"
    said = said.replace("never", "never ")  # two spaces
    text, added = cite_verbatim(said, SOURCES)
    assert text.endswith("point of it [2]!") and added == [2]


def test_a_quoted_list_item_is_cited_inside_its_quotation_marks():
    text, _ = cite_verbatim(f"- “{LONG}”", SOURCES)
    assert text == f"- “{LONG[:-1]} [1].”"


def test_cited_short_and_unsourced_sentences_are_left_as_they_are():
    said = f"{LONG[:-1]} [2]. Checkpoints copy. Nothing in any source says this long sentence here."
    assert cite_verbatim(said, SOURCES) == (said, [])
