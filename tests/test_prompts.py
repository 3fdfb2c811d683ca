"""The prompt registry: every prompt renders, with exactly the variables it declares."""

from __future__ import annotations

from collections.abc import Iterable
from types import SimpleNamespace
from typing import Any

import pytest
from django.template.base import FilterExpression, Node, Variable, VariableNode
from django.template.defaulttags import ForNode, IfNode, TemplateLiteral

from research.prompts import PROMPTS, REPORT, PromptError
from research.prompts.outputs import ChunkSummary

SECTION = SimpleNamespace(title="How WAL works", goal="Explain the write-ahead log")
RESULT = {
    "id": 1,
    "title": "Write-Ahead Logging",
    "url": "https://sqlite.org/wal.html",
    "snippet": "WAL mode lets readers and a writer work at once.",
    "published": None,
}
SAMPLES: dict[str, Any] = {
    "today": "2026-11-23",
    "question": "How does SQLite WAL mode work?",
    "query": "sqlite wal checkpoint",
    "language": "English",
    "results": [RESULT],
    "queries": 4,
    "min_sections": 2,
    "max_sections": 4,
    "analysis": True,
    "measure": "population",
    "unit": "",
    "rows": [["Avalon", "2023", 120000.0]],
    "count": 12,
    "error": "",
    "title": "Write-Ahead Logging",
    "text": "The WAL file grows until a checkpoint.",
    "part": 1,
    "parts": [ChunkSummary(relevant=True, summary="Checkpoints", quotes=["A checkpoint."])],
    "max_quotes": 4,
    "section": SECTION,
    "searched": ["sqlite wal"],
    "findings": [{"n": 3, "query": "sqlite wal", "text": "Readers do not block writers."}],
    "style_guide": "a professional briefing.",
    "words": 900,
    "drafts": ["## How WAL works\n\nReaders do not block writers [3]."],
    "sections": [SECTION],
    "previous": [{"title": "History", "goal": "", "queries": [{"text": "sqlite wal history"}]}],
    "feedback": "drop the history, add costs",
    "instruction": "Shorter, in plainer words",
    "sources": [
        {
            "n": 3,
            "title": "Write-Ahead Logging",
            "domain": "sqlite.org",
            "published": None,
            "findings": [{"query": "sqlite wal", "text": "Readers do not block writers."}],
        }
    ],
    "claims": [
        {
            "id": 1,
            "cites": "3",
            "sentence": "Readers do not block writers [3].",
            "quotes": [{"n": 3, "text": "Readers do not block writers."}],
        }
    ],
    "project_question": "How does SQLite WAL mode work?",
    "passages": [{"n": 3, "kind": "quote", "text": "Readers do not block writers."}],
    "routes": [{"name": "news:week", "what": "news articles of the past week"}],
    "figures": [
        {
            "id": 1,
            "n": 3,
            "caption": "WAL and rollback journal throughput",
            "alt": "-",
            "heading": "Performance",
            "title": "Write-Ahead Logging",
        }
    ],
    "per_section": 1,
    "clarified": [{"question": "Which sense of “WAL” do you mean?", "answer": "SQLite's"}],
}
# here `parts` is a count, not a list; a claim's section is its heading; a reflection's
# results are a section's search results
SAMPLES_FOR: dict[str, dict[str, Any]] = {
    "summarize": {"parts": 2},
    "figures": {"sections": [{"id": 1, "title": "How WAL works", "goal": "Its mechanism"}]},
    "claims": {"section": "How WAL works"},
    "answer": {"question": "Do readers block writers in WAL mode?"},
    "reflect": {
        "results": [
            {
                "n": 4,
                "query": "sqlite wal",
                "title": "WAL checkpoints",
                "snippet": "A checkpoint moves pages back.",
            }
        ]
    },
}


def sample(name: str) -> dict[str, Any]:
    prompt = PROMPTS[name]
    return {var: SAMPLES_FOR.get(name, {}).get(var, SAMPLES[var]) for var in prompt.variables}


@pytest.mark.parametrize("name", sorted(PROMPTS))
def test_every_prompt_renders_a_system_and_a_user_message(name):
    system, user = PROMPTS[name].render(**sample(name))
    assert (system["role"], user["role"]) == ("system", "user")
    assert system["content"] and user["content"]
    assert "%s" not in system["content"] + user["content"]


@pytest.mark.parametrize("name", sorted(PROMPTS))
def test_each_template_uses_exactly_the_variables_its_prompt_declares(name):
    prompt = PROMPTS[name]
    assert template_variables(prompt.template.nodelist) == prompt.variables


def test_a_missing_variable_is_refused_naming_it():
    variables = sample("rank")
    del variables["query"]
    with pytest.raises(PromptError, match=r"missing \['query'\]"):
        PROMPTS["rank"].render(**variables)


def test_an_unknown_variable_is_refused_naming_it():
    with pytest.raises(PromptError, match=r"unknown \['qestion'\]"):
        PROMPTS["rank"].render(**sample("rank"), qestion="typo")


def test_a_name_the_template_cannot_resolve_raises_instead_of_rendering_empty():
    variables = sample("report")
    variables["sources"] = [{k: v for k, v in SAMPLES["sources"][0].items() if k != "domain"}]
    with pytest.raises(PromptError, match="src.domain"):
        REPORT.render(**variables)


def test_an_optional_value_that_is_empty_still_renders():
    """`{% if r.published %}` on a result without a date is not a missing variable."""
    variables = sample("rank")
    variables["results"] = [{**RESULT, "published": None}]
    assert "published" not in PROMPTS["rank"].render(**variables)[1]["content"]


# --- The names a Django template reads from its context ----------------------------------


def template_variables(nodelist: Iterable[Node], bound: frozenset[str] = frozenset()) -> set[str]:
    """The top-level context names the nodes read, leaving out for-loop variables. (Django's
    template nodes are typed loosely by django-stubs, hence the Any below.)"""
    bound = bound | {"forloop"}
    found: set[str] = set()
    for node in nodelist:
        if isinstance(node, VariableNode):
            found |= _expression_names(node.filter_expression, bound)
        elif isinstance(node, ForNode):
            loop: Any = node
            found |= _expression_names(loop.sequence, bound)
            found |= template_variables(loop.nodelist_loop, bound | set(loop.loopvars))
            found |= template_variables(loop.nodelist_empty, bound)
        elif isinstance(node, IfNode):
            for condition, branch in node.conditions_nodelists:
                found |= _condition_names(condition, bound) | template_variables(branch, bound)
        else:
            for attribute in node.child_nodelists:
                found |= template_variables(getattr(node, attribute, None) or [], bound)
    return found


def _expression_names(expression: FilterExpression, bound: frozenset[str]) -> set[str]:
    variables = [expression.var] + [arg for _, args in expression.filters for _, arg in args]
    return {
        var.lookups[0]
        for var in variables
        if isinstance(var, Variable) and var.lookups and var.lookups[0] not in bound
    }


def _condition_names(condition: Any, bound: frozenset[str]) -> set[str]:
    if condition is None:
        return set()
    if isinstance(condition, TemplateLiteral):
        literal: Any = condition
        return _expression_names(literal.value, bound)
    parts = (getattr(condition, "first", None), getattr(condition, "second", None))
    return set().union(*(_condition_names(part, bound) for part in parts))
