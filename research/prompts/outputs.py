"""Pydantic models of every structured LLM answer. Each pairs with a prompt in research/prompts/.

Every model forbids keys it does not declare, so an answer of the wrong shape (wrapped in another
object, or the schema echoed back) fails validation instead of passing as an empty answer.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from research.limits import (
    CLARIFY_ANSWER_MAX,
    CLARIFY_QUESTION_MAX,
    GOAL_MAX,
    HEADING_MAX,
    LANGUAGE_MAX,
    QUERY_MAX,
)
from research.models import ClaimStatus, OneOf


class Answer(BaseModel):
    """An LLM answer: only the declared keys."""

    model_config = ConfigDict(extra="forbid")


def texts(value: object) -> list[str]:
    """A list of routes as a model may give it: one alone, or a list with things that are not
    text among them: the text of it."""
    values = value if isinstance(value, list) else [value]
    return [item for item in values if isinstance(item, str)]


class PlannedQuery(Answer):
    """A search and where it searches, of the routes the prompt lists (models/routes.py). The
    routes are any text here: the plan stage keeps those of the project's sources and drops the
    rest, so a wrong route never fails a plan."""

    text: str = Field(min_length=1, description="The search query.")
    routes: list[str] = Field(
        default_factory=list,
        description="Where it searches, of the routes listed; empty means every source.",
    )

    @field_validator("routes", mode="before")
    @classmethod
    def _loose_routes(cls, value: object) -> list[str]:
        return texts(value)


class PlannedSection(Answer):
    title: str = Field(min_length=1, max_length=HEADING_MAX)
    goal: str = Field("", max_length=GOAL_MAX, description="What this section must establish.")
    queries: list[PlannedQuery] = Field(
        min_length=1, description="The searches for this section, each with its routes."
    )
    analysis: bool = Field(
        False,
        description="True when this section's part of the question asks for figures compared, "
        "over time, ranked, totalled or as shares.",
    )

    @field_validator("queries", mode="before")
    @classmethod
    def _clean_queries(cls, value: object) -> list[object]:
        """Each query as an object with its text cut to QUERY_MAX; a query given as text alone
        (as models answered before routes) searches every source; a blank one is dropped."""
        items = value if isinstance(value, list) else []
        cleaned: list[object] = []
        for item in items:
            if isinstance(item, PlannedQuery):
                item = item.model_dump()
            query = {"text": item} if isinstance(item, str) else item
            if not isinstance(query, dict):
                continue
            text = query.get("text")
            if isinstance(text, str) and text.strip():
                cleaned.append({"text": text.strip()[:QUERY_MAX], "routes": query.get("routes")})
        if not cleaned:
            raise ValueError("a section needs at least one non-empty query")
        return cleaned


class PlanOutput(Answer):
    """plan.md: the outline of the report and the searches that feed each section."""

    title: str = Field(
        min_length=1, max_length=HEADING_MAX, description="A short title for the research."
    )
    language: str = Field(
        min_length=2,
        max_length=LANGUAGE_MAX,
        description="The language of the question, e.g. English.",
    )
    sections: list[PlannedSection] = Field(min_length=1, max_length=12)


class Judgement(Answer):
    id: int = Field(description="The result's id as given in the list.")
    score: float = Field(ge=0, le=10, description="Overall usefulness, 0 (useless) to 10.")
    reason: str = Field(
        max_length=500, description="One short sentence: relevance, credibility, recency."
    )


class RankOutput(Answer):
    """rank.md: a judgement for every search result, from its title and snippet only."""

    judgements: list[Judgement]


class ChunkSummary(Answer):
    """summarize.md: what one part of a source says about the query."""

    relevant: bool = Field(description="False when this text says nothing about the query.")
    summary: str = Field(
        "", description="What the text says about the query, with facts and figures."
    )
    quotes: list[str] = Field(
        default_factory=list, description="Exact sentences copied from the text that support it."
    )


class MergedSummary(Answer):
    """merge.md: one summary of a source from the summaries of its parts."""

    summary: str = Field(min_length=1)
    quotes: list[str] = Field(default_factory=list)


class ReflectOutput(Answer):
    """reflect.md: at most one follow-up search for the biggest gap in a section."""

    gap: str = Field("", description="The most important thing the section cannot yet answer.")
    query: str | None = Field(None, description="One web search that would fill it, or null.")
    routes: list[str] = Field(
        default_factory=list,
        description="Where that search looks, of the routes listed; empty means as the section's "
        "queries do.",
    )

    @field_validator("routes", mode="before")
    @classmethod
    def _loose_routes(cls, value: object) -> list[str]:
        return texts(value)

    @field_validator("query")
    @classmethod
    def _blank_is_none(cls, value: str | None) -> str | None:
        return value.strip()[:QUERY_MAX] if value and value.strip() else None


class ReportFrame(Answer):
    """report_frame.md: what frames a report written section by section."""

    title: str = Field(min_length=1, max_length=HEADING_MAX, description="The report's title.")
    summary: str = Field(min_length=1, description="A short summary of the answer, cited.")
    conclusion_heading: str = Field(
        min_length=1, max_length=HEADING_MAX, description="The closing part's heading."
    )
    conclusion: str = Field(min_length=1, description="What is established and what is not.")


class ClaimVerdict(Answer):
    id: int = Field(description="The claim's id as given in the list.")
    status: Annotated[str, OneOf.only(*ClaimStatus.verdicts())] = Field(
        description="What the quotes of the cited sources say about the claim."
    )
    reason: str = Field(max_length=300, description="One short line: why.")


class ClaimVerdicts(Answer):
    """claims.md: a verdict on every claim of one report section, from the quotes given."""

    verdicts: list[ClaimVerdict]


class QuestionAnswer(Answer):
    """answer.md: a follow-up question answered from the project's passages only."""

    covered: bool = Field(description="False when the passages do not answer the question.")
    answer: str = Field(
        "", description="The answer in Markdown, each fact followed by its source's [n]."
    )
    queries: list[str] = Field(
        default_factory=list,
        max_length=5,
        description="When not covered: up to three web searches that would find the answer.",
    )

    @field_validator("queries")
    @classmethod
    def _clean_queries(cls, value: list[str]) -> list[str]:
        return [q.strip()[:QUERY_MAX] for q in value if q and q.strip()][:3]


class AnalysisSQL(Answer):
    """analyse.md: one SELECT over the dataset that answers the section, and how to chart it."""

    sql: str = Field(min_length=1, max_length=4000, description="One DuckDB SELECT on `dataset`.")
    chart: Literal["bar", "line", "none"] = Field(
        "bar", description="bar: entities compared; line: a series over periods; none."
    )
    x: str = Field("", max_length=100, description="The result's column on the x axis.")
    y: str = Field("", max_length=100, description="The result's column on the y axis.")
    title: str = Field("", max_length=HEADING_MAX, description="The figure's short title.")


class ClarifyingQuestion(Answer):
    question: str = Field(
        min_length=3, max_length=CLARIFY_QUESTION_MAX, description="One short question."
    )
    choices: list[str] = Field(
        default_factory=list,
        max_length=8,
        description="Two to four likely answers, each a few words; none if it must be written.",
    )

    @field_validator("choices")
    @classmethod
    def _clean_choices(cls, value: list[str]) -> list[str]:
        kept = [c.strip()[:CLARIFY_ANSWER_MAX] for c in value if c and c.strip()]
        return list(dict.fromkeys(kept))[:4]


class ClarifyOutput(Answer):
    """clarify.md: whether the question must be clarified before it is planned, and how."""

    ambiguous: bool = Field(
        description="True only when a careful researcher could not plan without asking."
    )
    questions: list[ClarifyingQuestion] = Field(
        default_factory=list, max_length=6, description="At most three; none when not ambiguous."
    )


class FigureChoice(Answer):
    section: int = Field(description="The section's id as given.")
    figure: int = Field(description="The figure's id as given.")


class FigureChoices(Answer):
    """figures.md: the sources' figures a report shows, and in which section."""

    choices: list[FigureChoice] = Field(default_factory=list, max_length=50)
