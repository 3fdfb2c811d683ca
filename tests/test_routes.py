"""A query's routes, without a run: the names and their parsing, a member's routes held to the
project's sources, a model's corrected, and the extractive planner's rule."""

from __future__ import annotations

import pytest

from research.models import routes
from research.pipeline.stages.plan import routes_by_rule
from research.prompts.outputs import PlannedSection, ReflectOutput
from research.text.extractive.venues import asks_for_papers, news_period

WEB_LIBRARY = ["web", "library"]
EVERY = ["web", "scholarly", "library", "mcp:docs"]


@pytest.mark.parametrize(
    ("name", "kind", "detail", "source"),
    [
        ("web", "web", "", "web"),
        ("News:Week", "news", "week", "web"),
        ("scholarly", "scholarly", "", "scholarly"),
        ("library", "library", "", "library"),
        ("mcp:docs", "mcp", "docs", "mcp:docs"),
    ],
)
def test_a_route_is_parsed_into_its_kind_and_the_source_it_searches(name, kind, detail, source):
    route = routes.parse(name)
    assert (route.kind, route.detail, route.source) == (kind, detail, source)
    assert str(route) == name.lower()


@pytest.mark.parametrize("name", ["news", "news:fortnight", "news:", "mcp:", "images", "", "web:x"])
def test_a_name_that_is_no_route_is_refused_saying_what_a_route_is(name):
    with pytest.raises(ValueError, match="news:<day|week|month|year>"):
        routes.parse(name)


def test_a_projects_sources_offer_their_routes_with_the_webs_news_after_the_web():
    assert routes.offered(WEB_LIBRARY) == [
        "web",
        "news:day",
        "news:week",
        "news:month",
        "news:year",
        "library",
    ]
    assert routes.offered(["library"]) == ["library"]
    assert [choice["name"] for choice in routes.menu(["scholarly"])] == ["scholarly"]
    assert "past week" in routes.explain("news:week")


def test_a_members_routes_must_be_of_the_projects_sources():
    assert routes.check(["library", "news:week", "library"], WEB_LIBRARY) == [
        "library",
        "news:week",
    ]
    assert routes.check([], WEB_LIBRARY) == []
    with pytest.raises(ValueError, match="scholarly is not one of this project's sources"):
        routes.check(["scholarly"], WEB_LIBRARY)
    with pytest.raises(ValueError, match=r"\(news needs the source web\); its routes: library"):
        routes.check(["news:day"], ["library"])


def test_a_models_routes_keep_what_the_project_has_and_drop_the_rest():
    assert routes.correct(["library", "scholarly", "news:week", "mcp:nope"], WEB_LIBRARY) == [
        "library",
        "news:week",
    ]
    assert routes.correct("library", WEB_LIBRARY) == ["library"]
    assert routes.correct(["news"], WEB_LIBRARY) == ["news:month"]
    assert routes.correct([7, None, {"route": "web"}], WEB_LIBRARY) == []
    assert routes.correct({"web": True}, WEB_LIBRARY) == []


def test_a_search_takes_the_querys_routes_or_every_source_when_none_is_left():
    assert [str(r) for r in routes.searched(["news:week"], WEB_LIBRARY)] == ["news:week"]
    assert [str(r) for r in routes.searched([], WEB_LIBRARY)] == WEB_LIBRARY
    # the project no longer searches the library: the query searches what the project has
    assert [str(r) for r in routes.searched(["library"], ["web"])] == ["web"]


# --- The plan's answer ---------------------------------------------------------------------


def test_a_planned_query_is_text_alone_or_an_object_with_routes_of_any_shape():
    section = PlannedSection.model_validate(
        {
            "title": "Evidence",
            "queries": [
                "wal benchmarks",
                {"text": " wal trials ", "routes": "scholarly"},
                {"text": "wal news", "routes": ["news:week", 3, None]},
                {"text": "  "},
                {"text": "wal notes", "routes": None, "why": "a key the model added"},
            ],
        }
    )
    assert [(q.text, q.routes) for q in section.queries] == [
        ("wal benchmarks", []),
        ("wal trials", ["scholarly"]),
        ("wal news", ["news:week"]),
        ("wal notes", []),
    ]


def test_a_reflections_routes_are_optional_and_loose():
    assert ReflectOutput.model_validate({"query": "x"}).routes == []
    assert ReflectOutput.model_validate({"query": "x", "routes": "library"}).routes == ["library"]


# --- The extractive planner's rule ---------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "What do recent studies say about intermittent fasting?",
        "Clinical trials of GLP-1 drugs",
        "the evidence for four-day weeks",
        "a meta-analysis of remote work",
        "the paper that introduced transformers",
    ],
)
def test_words_of_research_ask_for_papers(text):
    assert asks_for_papers(text)


@pytest.mark.parametrize(
    ("text", "period"),
    [
        ("What is the latest on the Kestrel merger?", "month"),
        ("What happened this week in the chip market?", "week"),
        ("What did the central bank decide today?", "day"),
        ("recent news about heat pumps", "month"),
        ("How does SQLite WAL mode work?", ""),
        ("The history of the printing press", ""),
    ],
)
def test_words_of_recent_events_ask_for_the_news_of_a_period(text, period):
    assert news_period(text) == period


def test_the_rule_routes_papers_to_scholarly_and_recent_events_to_news_of_the_projects_sources():
    assert routes_by_rule("recent studies of fasting", EVERY) == ["scholarly"]
    assert routes_by_rule("the latest on Kestrel", EVERY) == ["news:month"]
    assert routes_by_rule("this week's trials", EVERY) == ["scholarly", "news:week"]
    assert routes_by_rule("How does SQLite WAL mode work?", EVERY) == []


def test_the_rule_names_nothing_the_project_lacks():
    assert routes_by_rule("recent studies of fasting", WEB_LIBRARY) == []
    assert routes_by_rule("what happened today", ["library", "scholarly"]) == []
