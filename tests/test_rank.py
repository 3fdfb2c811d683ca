"""The ranker reads scores on the schema's scale, scores unjudged results on their snippets,
never selects nothing, and spreads a project's queries over different pages, with a model's
ranking or without one."""

from __future__ import annotations

import json

import pytest

from research.models import QuerySource, Stage, StepStatus
from tests.fakes.behaviours import Behaving
from tests.fakes.researcher import Researcher
from tests.test_pipeline_steps import project, run, searched_query

__all__ = ["project"]  # the fixture, shared with the pipeline step tests


def selected_ranks(query) -> list[int]:
    links = QuerySource.objects.filter(query=query, selected=True).order_by("rank")
    return list(links.values_list("rank", flat=True))


def rank(project, query) -> str:
    done = run(project, Stage.RANK, f"rank:q{query.pk}", query=query)
    assert done.status == StepStatus.DONE, done.error
    return done.detail


def judging(scores: dict[int, float]):
    """A ranker that judges only the result ids given, with these scores."""
    judgements = [{"id": i, "score": s, "reason": "ok"} for i, s in scores.items()]
    return lambda request: json.dumps({"judgements": judgements})


def test_scores_given_on_a_0_to_1_scale_are_read_on_the_schemas_0_to_10(project, world):
    world.llm.responder = Behaving(Researcher(), unit_scale=True)
    query = searched_query(project)
    assert "0-10 scale" in rank(project, query)
    assert selected_ranks(query) == [1, 2]  # sources_per_query is 2
    link = QuerySource.objects.get(query=query, rank=1)
    assert link.score == pytest.approx(8.5, abs=0.1)


def test_results_the_model_did_not_judge_are_scored_on_their_snippets_ties_in_search_order(
    project, world
):
    world.llm.responder = judging({})
    query = searched_query(project)
    rank(project, query)
    assert selected_ranks(query) == [1, 2]
    reason = QuerySource.objects.get(query=query, rank=1).reason
    assert reason.startswith("The ranker gave no judgement for this; scored on its title")
    assert "BM25" in reason


def test_judged_results_come_before_unjudged_ones(project, world):
    world.llm.responder = judging({5: 9.0})
    query = searched_query(project)
    rank(project, query)
    assert selected_ranks(query) == [1, 5]


@pytest.mark.parametrize("library_score, chosen", [(4.0, [1, 6]), (2.0, [1, 2])])
def test_the_best_usable_result_of_each_searcher_is_kept_beside_the_others_best(
    project, world, library_score, chosen
):
    """The library's one result, judged lower than five web pages, still takes one of the two
    places, unless it is judged not worth reading."""
    world.llm.responder = judging({**{i: 9.0 - i / 10 for i in range(1, 6)}, 6: library_score})
    query = searched_query(project)
    QuerySource.objects.filter(query=query, rank=6).update(engine="library")
    rank(project, query)
    assert selected_ranks(query) == chosen


def test_a_query_with_results_never_selects_none(project, world):
    world.llm.responder = judging({i: 1.0 + i / 10 for i in range(1, 7)})
    query = searched_query(project)
    rank(project, query)
    assert selected_ranks(query) == [6]


def test_queries_of_one_project_prefer_pages_no_other_query_chose(project, world):
    """Every query finds the same four pages first, then four of its own, and the ranker likes
    them in that order: four queries of four sources each still reach twelve or more distinct
    pages, where picking the top four each time would read only four."""
    project.options = {**project.options, "sources_per_query": 4}
    project.save()
    base = world.searx.page_base_url.rstrip("/")

    def overlapping(query: str) -> list[dict]:
        shared = [f"{base}/page/shared-{i}" for i in range(4)]
        own = [f"{base}/page/{query.replace(' ', '-')}-{i}" for i in range(4)]
        return [{"url": url, "title": url, "content": "WAL notes"} for url in shared + own]

    world.searx.results_for = overlapping
    world.llm.responder = judging({i: 9.5 - i / 2 for i in range(1, 9)})
    queries = [searched_query(project, text=f"sqlite wal angle {i}") for i in range(4)]
    for query in queries:
        rank(project, query)
    chosen = QuerySource.objects.filter(query__in=queries, selected=True)
    assert chosen.count() == 16
    assert chosen.values("source").distinct().count() >= 12


def _four_queries_over_shared_pages(project, world) -> list:
    """Four queries whose searches put the same four strongly matching pages first, then four
    pages of their own that match less well (they share only "WAL" with the query)."""
    project.options = {**project.options, "sources_per_query": 4}
    project.save()
    base = world.searx.page_base_url.rstrip("/")

    def overlapping(query: str) -> list[dict]:
        shared = [
            {"url": f"{base}/page/shared-{i}", "title": f"SQLite WAL angle overview {i}",
             "content": "How SQLite WAL mode works, from every angle."}
            for i in range(4)
        ]  # fmt: skip
        slug = query.replace(" ", "-")
        own = [
            {"url": f"{base}/page/{slug}-{i}", "title": f"Notes {i}", "content": "More on WAL."}
            for i in range(4)
        ]
        return shared + own

    world.searx.results_for = overlapping
    return [searched_query(project, text=f"sqlite wal angle {i}") for i in range(4)]


def _distinct_pages(queries) -> int:
    chosen = QuerySource.objects.filter(query__in=queries, selected=True)
    assert chosen.count() == 16
    return chosen.values("source").distinct().count()


def test_without_a_ranking_the_queries_still_prefer_pages_no_other_query_chose(project, world):
    """The fast model echoes the schema every time: the extractive fallback ranks on the
    snippets, and prefers, as the model's ranking does, pages no other query chose."""
    world.llm.responder = Behaving(Researcher(), echo_schema=True)
    queries = _four_queries_over_shared_pages(project, world)
    for query in queries:
        detail = rank(project, query)
        assert "fallback" in detail
    assert _distinct_pages(queries) >= 8


def test_a_ranking_cut_short_scores_the_rest_on_their_snippets_and_prefers_new_pages(
    project, world
):
    """The model judges only the first two results (its answer cut at the length limit)."""
    world.llm.responder = judging({1: 9.0, 2: 8.5})
    queries = _four_queries_over_shared_pages(project, world)
    for query in queries:
        rank(project, query)
    assert _distinct_pages(queries) >= 8
    link = QuerySource.objects.filter(query=queries[0], rank=5).get()
    assert "title and snippet" in link.reason


def test_a_ranking_on_a_0_to_1_scale_cut_short_rescales_only_the_models_own_scores(project, world):
    world.llm.responder = judging({1: 0.9})
    query = searched_query(project)
    assert "0-10 scale" in rank(project, query)
    scores = dict(QuerySource.objects.filter(query=query).values_list("rank", "score"))
    assert scores[1] == pytest.approx(9.0)
    assert all(3.0 <= (scores[rank] or 0) <= 8.5 for rank in scores if rank != 1)


def extractive_results(project, question: str, text: str, shown: list[tuple[str, str]]):
    """A query of an extractive project, with these results (title, snippet) in this order."""
    from research.models import Query, Source

    project.question = question
    project.options = {**project.options, "engine": "extractive"}
    project.save(update_fields=["question", "options"])
    query = Query.objects.create(project=project, text=text)
    for rank_, (title, snippet) in enumerate(shown, start=1):
        source = Source.objects.create(project=project, n=rank_, url=f"https://w.example/{rank_}")
        QuerySource.objects.create(
            query=query, source=source, rank=rank_, title=title, snippet=snippet
        )
    return query


def test_without_a_model_a_result_stating_the_years_asked_about_is_read_first(project, world):
    question = "How has household water use in Pellham changed from 2019 to 2025?"
    shown = [
        ("Pellham water use", "Household water use in Pellham fell, the utility said."),
        ("Pellham water use", "Household water use in Pellham is metered in litres."),
        ("Pellham water use", "Household water use in Pellham: 2019 152, 2021 149, 2025 129."),
    ]
    query = extractive_results(project, question, "household water use Pellham", shown)
    rank(project, query)
    scores = {r.rank: r.score or 0.0 for r in QuerySource.objects.filter(query=query)}
    assert scores[3] == max(scores.values()) and 3 in selected_ranks(query), scores
    assert "states 3 of the years asked" in QuerySource.objects.get(query=query, rank=3).reason


def test_without_a_model_a_result_titled_with_the_latest_year_is_read_first(project, world):
    shown = [
        ("Fund II annual report 2024", "Fund performance: net IRR 14.2%."),
        ("Fund II annual report 2023", "Fund performance: net IRR 12.9%."),
        ("Fund II half-year report 2026", "Fund performance: net IRR 16.8%."),
    ]
    query = extractive_results(project, "How has Fund II performed?", "fund performance IRR", shown)
    rank(project, query)
    assert 3 in selected_ranks(query)  # sources_per_query is 2
    assert "the newest by its title (2026)" in QuerySource.objects.get(query=query, rank=3).reason
