"""A project's options: a validated pydantic model with defaults, stored as JSON on the row."""

from __future__ import annotations

from typing import Annotated, Literal

from django.conf import settings
from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    ValidationInfo,
    field_validator,
)

from research.limits import ID_MAX, LANGUAGE_MAX
from research.models.statuses import (
    Analysis,
    CitationStyle,
    Engine,
    OneOf,
    RefreshEvery,
    ReportLength,
    ReportStyle,
    SourceKind,
    TimeRange,
)
from research.text.scope import Pattern, Scope

ReportStyleName = Annotated[str, OneOf.of(ReportStyle)]
CitationStyleName = Annotated[str, OneOf.of(CitationStyle)]
ReportLengthName = Annotated[str, OneOf.of(ReportLength)]
TimeRangeName = Annotated[str, OneOf.of(TimeRange)]
EngineName = Annotated[str, OneOf.of(Engine)]
# "web", "library", or "mcp:NAME": an MCP server declared in MCP_SERVERS (checked below).
MCP_SOURCE = "mcp:"
SourceName = Annotated[
    str, Field(pattern=rf"^({'|'.join(SourceKind.values)}|{MCP_SOURCE}[a-z0-9][a-z0-9_-]*)$")
]
RefreshName = Annotated[str, OneOf.of(RefreshEvery)]
AnalysisName = Annotated[str, OneOf.of(Analysis)]
# The search backends are registered in research/providers/search/ (each class's `name`), which
# the models must not import (it brings the network stack into every process): a test holds
# these names equal to the registry's.
SearchProviderName = Literal["", "duckduckgo", "searxng", "tavily", "brave", "serper"]


def _domain_pattern(value: str) -> str:
    """The pattern as stored: "*.Example.ORG " becomes "*.example.org" (text/scope.py)."""
    return str(Pattern.parse(value))


DomainPattern = Annotated[str, Field(max_length=300), AfterValidator(_domain_pattern)]


class Domains(BaseModel):
    """Where on the web a project searches and reads (README: Scoped research)."""

    model_config = ConfigDict(extra="forbid")

    allow: list[DomainPattern] = Field(
        default_factory=list,
        max_length=100,
        description="Only these: a host (example.org, also www.example.org), a host and every "
        "host under it (*.example.org), or either with a path prefix (example.org/docs/); "
        "empty means the whole web.",
    )
    deny: list[DomainPattern] = Field(
        default_factory=list,
        max_length=100,
        description="Never these, written as in allow; they win over allow.",
    )

    @field_validator("allow", "deny")
    @classmethod
    def _distinct(cls, values: list[str]) -> list[str]:
        return list(dict.fromkeys(values))


def default_engine() -> str:
    """The LLM when one is configured; otherwise the extractive engine, which needs none."""
    return Engine.LLM.value if settings.LLM_MODEL else Engine.EXTRACTIVE.value


class ProjectOptions(BaseModel):
    model_config = ConfigDict(extra="forbid")

    queries: int = Field(4, ge=1, le=20, description="Search queries in the plan, in all.")
    sources_per_query: int = Field(
        4, ge=1, le=10, description="Sources kept per query after ranking, then fetched."
    )
    reflection_rounds: int = Field(
        1, ge=0, le=3, description="Rounds of looking for gaps and searching again."
    )
    report_style: ReportStyleName = Field(
        ReportStyle.PROFESSIONAL.value, description="How the report reads."
    )
    length: ReportLengthName = Field(
        ReportLength.STANDARD.value,
        description="About how long the report is: brief (400 words), standard (900) or long "
        "(1,800).",
    )
    language: str = Field(
        "",
        max_length=LANGUAGE_MAX,
        description="Report language; empty means the question's language.",
    )
    search_provider: SearchProviderName = Field(
        "", description="Search backend; empty means the server's default."
    )
    time_range: TimeRangeName = Field(
        TimeRange.ANY.value, description="Only results from this recent period."
    )
    sources: list[SourceName] = Field(
        default_factory=lambda: [SourceKind.WEB.value],
        min_length=1,
        description='Where every query searches: "web", "library" (the team documents), '
        '"scholarly" (papers: SCHOLARLY_PROVIDERS), and "mcp:NAME" for each MCP server the admin '
        "declared (MCP_SERVERS), in any combination.",
    )
    collections: list[Annotated[int, Field(ge=1, le=ID_MAX)]] = Field(
        default_factory=list,
        max_length=100,
        description="With the library: the collections searched, by id; empty means all.",
    )
    clarify: bool = Field(
        default_factory=lambda: settings.CLARIFY_DEFAULT,
        description="After the first search, ask up to three clarifying questions when the "
        "question is ambiguous (senses that differ, or no time or place where one is needed), "
        "and wait for the answers before planning.",
    )
    review_plan: bool = Field(False, description="Stop after planning so a member can edit it.")
    engine: EngineName = Field(
        default_factory=default_engine,
        description="Who plans, reads and writes: the LLM, or the extractive engine (quotes "
        "chosen and ordered without a language model).",
    )
    fallback: bool = Field(
        True,
        description="When an LLM step fails for good, do it with the extractive engine instead, "
        "and say so on the step and in the report.",
    )
    analysis: AnalysisName = Field(
        Analysis.AUTO.value,
        description="auto: a section whose part of the question asks for figures (a comparison, "
        "a trend or growth, a ranking, a total or a share) gathers them from its sources into a "
        "dataset, computes over it and charts it; off: never.",
    )
    citation_style: CitationStyleName = Field(
        CitationStyle.NUMERIC.value,
        description="How the references are written: numeric (Dossier's own list), apa, "
        "chicago-author-date, ieee or gb-t-7714; the [n] markers stay in every style.",
    )
    refresh: RefreshName = Field(
        RefreshEvery.NEVER.value,
        description="Refresh the finished project on this schedule; empty for never.",
    )
    domains: Domains = Field(
        default_factory=Domains,
        description="Where on the web the project searches and reads: allow (only these) and "
        "deny (never these), each a list of patterns (example.org, *.example.org, "
        "example.org/docs/). Library passages and MCP documents are not held to it.",
    )
    token_budget: int = Field(
        default_factory=lambda: settings.DEFAULT_TOKEN_BUDGET,
        ge=1000,
        le=50_000_000,
        description="The run stops cleanly before it uses more LLM tokens than this.",
    )

    @field_validator("language")
    @classmethod
    def _strip(cls, value: str) -> str:
        return value.strip()

    @field_validator("sources", "collections")
    @classmethod
    def _distinct(cls, values: list) -> list:
        return list(dict.fromkeys(values))

    @field_validator("sources")
    @classmethod
    def _configured(cls, values: list[str], info: ValidationInfo) -> list[str]:
        """An MCP server must be declared; a stored project's may have gone since (its searches
        then fail saying so), so options read back from a row are not held to this."""
        if info.context and info.context.get("stored"):
            return values
        declared = [server["name"] for server in settings.MCP_SERVERS]
        for value in values:
            name = value.removeprefix(MCP_SOURCE)
            if value.startswith(MCP_SOURCE) and name not in declared:
                known = ", ".join(f"{MCP_SOURCE}{n}" for n in declared) or "none"
                raise ValueError(
                    f"{value} is not a configured MCP server (MCP_SERVERS); configured: {known}"
                )
        return values

    @property
    def mcp_servers(self) -> list[str]:
        """The names of the MCP servers the project searches ("docs" for "mcp:docs")."""
        return [s.removeprefix(MCP_SOURCE) for s in self.sources if s.startswith(MCP_SOURCE)]

    @property
    def searches_web(self) -> bool:
        return SourceKind.WEB in self.sources

    @property
    def searches_library(self) -> bool:
        return SourceKind.LIBRARY in self.sources

    @property
    def searches_scholarly(self) -> bool:
        return SourceKind.SCHOLARLY in self.sources

    @property
    def provider(self) -> str:
        return self.search_provider or settings.SEARCH_PROVIDER

    @property
    def scope(self) -> Scope:
        """The project's domains with the site's (SEARCH_DENY_DOMAINS), as search and fetch
        hold addresses to them."""
        return Scope.of(
            allow=self.domains.allow,
            deny=self.domains.deny,
            site_deny=settings.SEARCH_DENY_DOMAINS,
        )

    @property
    def uses_llm(self) -> bool:
        return self.engine == Engine.LLM
