"""The prompts: each a file in this folder, paired here with the model of its answer.

A prompt file holds the system message, then a line `=== user ===`, then the user message. It is
rendered with Django's template engine (no str.format), and page text always goes in as data
between tags, never as instructions.

Each `Prompt` below names its file, the pydantic model its answer must validate against
(`research/prompts/outputs.py`; none for the report and a section's rewrite, which are free
Markdown) and the variables it takes. Rendering refuses a missing or an unknown variable, and a
name the template uses but cannot resolve (`{{ r.titel }}`) raises instead of rendering as an
empty string.
tests/test_prompts.py renders every prompt and checks each template uses exactly the variables
declared for it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any, Generic, TypeVar

from django.template import Context, Engine, Template
from pydantic import BaseModel

from research.prompts.outputs import (
    AnalysisSQL,
    ChunkSummary,
    ClaimVerdicts,
    ClarifyOutput,
    FigureChoices,
    MergedSummary,
    PlanOutput,
    QuestionAnswer,
    RankOutput,
    ReflectOutput,
    ReportFrame,
)

PROMPTS_DIR = Path(__file__).resolve().parent
SEPARATOR = "=== user ==="
T = TypeVar("T", bound=BaseModel)


class PromptError(TypeError):
    """A prompt rendered with the wrong variables: a bug in the calling stage or the template."""


class _Unresolved(str):
    """What Django renders for a name it cannot resolve. It raises instead: Django formats
    `string_if_invalid` with the name when it contains "%s"."""

    def __mod__(self, name: object) -> str:
        raise PromptError(f"the template uses {name!r}, which the context does not have")


_engine = Engine(dirs=[str(PROMPTS_DIR)], autoescape=False, string_if_invalid=_Unresolved("%s"))


@dataclass(frozen=True)
class Prompt(Generic[T]):
    """A prompt file, the variables it takes and the model its answer must match."""

    name: str
    variables: frozenset[str]
    output: type[T] | None = None  # None: the answer is free text

    @cached_property
    def template(self) -> Template:
        return _engine.get_template(f"{self.name}.md")

    def render(self, **variables: Any) -> list[dict]:
        """The chat messages, with exactly the declared variables filled in."""
        missing, unknown = self.variables - variables.keys(), variables.keys() - self.variables
        if missing or unknown:
            raise PromptError(
                f"prompt {self.name}.md takes {sorted(self.variables)}; "
                f"missing {sorted(missing)}, unknown {sorted(unknown)}"
            )
        text = self.template.render(Context(variables, autoescape=False))
        system, _, user = text.partition(SEPARATOR)
        if not user:
            raise PromptError(f"prompt {self.name}.md has no '{SEPARATOR}' line")
        return [
            {"role": "system", "content": system.strip()},
            {"role": "user", "content": user.strip()},
        ]


def _tags() -> frozenset[str]:
    """The tags the prompt files wrap their data in (<source …>, <question>): a model's free
    text that holds one echoed the prompt (text/gate.py)."""
    found = set()
    for path in PROMPTS_DIR.glob("*.md"):
        found |= set(re.findall(r"</?([a-z_]{3,30})(?=[\s>])", path.read_text("utf-8")))
    return frozenset(found)


TAGS = _tags()


def _prompt(name: str, output: type[T] | None, *variables: str) -> Prompt[T]:
    return Prompt(name, frozenset(variables), output)


PLAN = _prompt(
    "plan",
    PlanOutput,
    "today",
    "question",
    "results",
    "queries",
    "min_sections",
    "max_sections",
    "language",
    "analysis",
    "routes",
    "previous",
    "feedback",
    "clarified",
)
CLARIFY = _prompt("clarify", ClarifyOutput, "today", "question", "results", "language")
RANK = _prompt("rank", RankOutput, "today", "question", "query", "results")
ANALYSE = _prompt(
    "analyse",
    AnalysisSQL,
    "today",
    "question",
    "section",
    "measure",
    "unit",
    "rows",
    "count",
    "language",
    "error",
)
SUMMARIZE = _prompt(
    "summarize",
    ChunkSummary,
    "question",
    "query",
    "title",
    "text",
    "part",
    "parts",
    "max_quotes",
    "language",
)
MERGE = _prompt("merge", MergedSummary, "query", "parts", "max_quotes", "language")
REFLECT = _prompt(
    "reflect",
    ReflectOutput,
    "today",
    "question",
    "section",
    "searched",
    "findings",
    "results",
    "routes",
)
REPORT: Prompt[BaseModel] = _prompt(
    "report", None, "today", "question", "language", "style_guide", "words", "sections", "sources"
)

REPORT_SECTION: Prompt[BaseModel] = _prompt(
    "report_section",
    None,
    "today",
    "question",
    "language",
    "style_guide",
    "words",
    "section",
    "sources",
)
REPORT_FRAME = _prompt(
    "report_frame", ReportFrame, "today", "question", "language", "style_guide", "drafts"
)
# One section rewritten as a member asked: free Markdown, the section's text without its heading.
REWRITE: Prompt[BaseModel] = _prompt(
    "rewrite", None, "today", "question", "language", "instruction", "section", "text", "sources"
)

FIGURES = _prompt("figures", FigureChoices, "question", "sections", "figures", "per_section")
CLAIMS = _prompt("claims", ClaimVerdicts, "question", "section", "claims")
ANSWER = _prompt(
    "answer", QuestionAnswer, "today", "language", "project_question", "question", "passages"
)

PROMPTS: dict[str, Prompt[Any]] = {
    prompt.name: prompt
    for prompt in (
        CLARIFY,
        PLAN,
        RANK,
        ANALYSE,
        SUMMARIZE,
        MERGE,
        REFLECT,
        REPORT,
        REPORT_SECTION,
        REPORT_FRAME,
        REWRITE,
        FIGURES,
        CLAIMS,
        ANSWER,
    )
}


def output_models() -> list[type[BaseModel]]:
    """The model of every structured answer."""
    return [prompt.output for prompt in PROMPTS.values() if prompt.output is not None]


def load_all() -> None:
    """Compile every prompt now (the worker's warm-up) rather than inside the first steps."""
    for prompt in PROMPTS.values():
        _ = prompt.template
