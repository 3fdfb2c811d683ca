"""Full-text search over library passages: FTS5 on SQLite, tsvector on PostgreSQL."""

from __future__ import annotations

import pytest

from research.models import Collection
from research.models.library import PassageIndex
from research.models.search import (
    MARK_END,
    MARK_START,
    parse_terms,
    search_passages,
    snippet,
)
from research.text.writing import index_text
from tests.factories import make_library_document

pytestmark = pytest.mark.django_db

WAL = (
    "The write-ahead log keeps changes in a separate file until a checkpoint copies them back "
    "into the database. Readers do not block writers, and a writer does not block readers."
)
ROLLBACK = "A rollback journal copies the original page content before it is changed."
BATTERY = "固态电池的能量密度比锂离子电池高出许多，预计二零三零年大规模量产。"


def ids(hits) -> list[int]:
    return [hit.passage.pk for hit in hits]


def test_the_passage_that_matches_more_of_the_terms_ranks_first():
    doc = make_library_document([ROLLBACK, WAL, "Nothing about databases here at all."])
    first, second, _ = doc.passages.order_by("position")
    hits = search_passages("write-ahead log checkpoint readers writers")
    assert ids(hits)[0] == second.pk
    assert first.pk not in ids(hits) or ids(hits).index(first.pk) > 0


def test_chinese_text_is_found_without_spaces_between_words():
    doc = make_library_document([BATTERY, WAL], title="电池报告")
    battery = doc.passages.get(position=0)
    assert ids(search_passages("能量密度")) == [battery.pk]
    assert ids(search_passages("固态电池的前景")) == [battery.pk]


def test_two_letter_words_are_found():
    doc = make_library_document(["The EU adopted the AI Act in 2024.", WAL])
    assert ids(search_passages("EU")) == [doc.passages.get(position=0).pk]
    assert ids(search_passages("电池")) == []


def test_words_match_their_other_forms():
    doc = make_library_document([WAL])
    assert ids(search_passages("checkpoints copying")) == [doc.passages.get().pk]


def test_only_ready_documents_are_searched():
    make_library_document([WAL], status="extracting", sha256="1" * 64)
    make_library_document([WAL], status="failed", sha256="2" * 64)
    assert search_passages("checkpoint") == []


def test_search_filters_by_collection_and_kind():
    team = Collection.objects.create(name="Team")
    in_team = make_library_document([WAL], collection=team, kind="docx")
    elsewhere = make_library_document([WAL], kind="pdf", sha256="3" * 64)
    assert {h.passage.document_id for h in search_passages("checkpoint")} == {
        in_team.pk,
        elsewhere.pk,
    }
    assert [
        h.passage.document_id for h in search_passages("checkpoint", collections=[team.pk])
    ] == [in_team.pk]
    assert [h.passage.document_id for h in search_passages("checkpoint", kinds=["pdf"])] == [
        elsewhere.pk
    ]


def test_the_index_follows_deletions_of_documents():
    doc = make_library_document([WAL])
    kept = make_library_document(["Tulips bloom in spring; a checkpoint of the season."])
    doc.delete()
    assert {h.passage.document_id for h in search_passages("checkpoint")} == {kept.pk}
    assert not PassageIndex.objects.filter(passage__document_id=doc.pk).exists()


def test_numbers_are_searchable():
    make_library_document(["Growth was 50% in Q3.", "Growth was 5 in Q3."])
    hits = search_passages("50%")
    assert [h.passage.text for h in hits] == ["Growth was 50% in Q3."]


def test_stopwords_and_punctuation_alone_find_nothing():
    make_library_document([WAL])
    assert search_passages("what is the") == []
    assert search_passages('"*)(OR NEAR') == []


def test_fts5_syntax_in_a_search_is_taken_as_words():
    make_library_document([WAL])
    assert ids(search_passages('checkpoint" OR "x')) != []


def test_the_snippet_marks_every_match_in_the_best_window():
    text = "intro " * 100 + WAL + " outro" * 100
    marked = snippet(text, parse_terms("checkpoint readers").highlights())
    assert marked.startswith("…") and marked.endswith("…")
    assert f"{MARK_START}checkpoint{MARK_END}" in marked
    assert f"{MARK_START}Readers{MARK_END}" in marked


def test_terms_drop_stopwords_and_keep_cjk_runs():
    terms = parse_terms("What is the energy density of 固态电池?")
    assert terms.words == ["energy", "density"]
    assert terms.cjk == ["固态电池"]
    assert terms.pairs() == ["固态", "态电", "电池"]
    assert index_text("用固态电池。OK") == " 用固 固态 态电 电池 。OK"


def test_the_snippet_marks_whole_words_never_the_inside_of_one():
    marked = snippet("Kestrel orange robots range far; ranges grow.", ["range"])
    assert marked == (
        f"Kestrel orange robots {MARK_START}range{MARK_END} far; {MARK_START}ranges{MARK_END} grow."
    )
    assert f"{MARK_START}电池{MARK_END}" in snippet("固态电池更安全", ["电池"])
