"""A query's routes: where one query searches, of its project's sources.

A route is one of
- a source the project has, by its name: "web", "scholarly", "library", "mcp:NAME";
- "news:<day|week|month|year>": the project's web engine's news search over that recent period
  (it needs the source "web").

A query's `routes` are a list of them; an empty list means every source of the project, as
before routes existed. `parse` reads one route, `check` holds a member's routes to the project's
sources (ValueError naming the route and what is offered), `correct` keeps what a model's answer
got right and drops the rest, and `offered` lists every route a project's sources allow.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from django.db import models

from research.models.options import MCP_SOURCE
from research.models.statuses import SourceKind, TimeRange

NEWS_PREFIX = "news:"


class RouteKind(models.TextChoices):
    """What a route searches. A plain route is the source of the same name."""

    WEB = SourceKind.WEB.value, "The web"
    NEWS = "news", "News, over a recent period"
    SCHOLARLY = SourceKind.SCHOLARLY.value, "Scholarly works"
    LIBRARY = SourceKind.LIBRARY.value, "The team library"
    MCP = "mcp", "An MCP server"


# The periods a news route may name: every time range but "any".
NEWS_PERIODS = tuple(value for value in TimeRange.values if value)
DEFAULT_NEWS_PERIOD = TimeRange.MONTH.value


@dataclass(frozen=True)
class Route:
    kind: RouteKind
    detail: str = ""  # a news route's period; an MCP route's server name

    def __str__(self) -> str:
        if self.kind == RouteKind.NEWS:
            return f"{NEWS_PREFIX}{self.detail}"
        if self.kind == RouteKind.MCP:
            return f"{MCP_SOURCE}{self.detail}"
        return str(self.kind.value)

    @property
    def source(self) -> str:
        """The project source this route searches in: "web" for a news route."""
        return SourceKind.WEB.value if self.kind == RouteKind.NEWS else str(self)


def parse(text: str) -> Route:
    """One route from its name; ValueError saying what a route may be."""
    name = text.strip().lower() if isinstance(text, str) else ""
    if name.startswith(NEWS_PREFIX):
        period = name.removeprefix(NEWS_PREFIX)
        if period in NEWS_PERIODS:
            return Route(RouteKind.NEWS, period)
    elif name.startswith(MCP_SOURCE) and len(name) > len(MCP_SOURCE):
        return Route(RouteKind.MCP, name.removeprefix(MCP_SOURCE))
    elif name in RouteKind.values and name not in (RouteKind.NEWS, RouteKind.MCP):
        return Route(RouteKind(name))
    periods = "|".join(NEWS_PERIODS)
    raise ValueError(
        f"{text!r} is not a route: a route is one of the project's sources (web, scholarly, "
        f"library, mcp:NAME) or news:<{periods}>"
    )


def offered(sources: Iterable[str]) -> list[str]:
    """Every route the project's sources allow, in the sources' order (web's news after web)."""
    found: list[str] = []
    for source in sources:
        found.append(source)
        if source == SourceKind.WEB:
            found += [f"{NEWS_PREFIX}{period}" for period in NEWS_PERIODS]
    return found


def explain(route: str) -> str:
    """What a route searches, in a few words (for the planner's prompt and the query page)."""
    parsed = parse(route)
    if parsed.kind == RouteKind.NEWS:
        return f"news articles of the past {parsed.detail}, for recent events"
    if parsed.kind == RouteKind.MCP:
        return f"the MCP server {parsed.detail}"
    return EXPLAINED[parsed.kind]


def menu(sources: Iterable[str]) -> list[dict[str, str]]:
    """Every route the project's sources allow, each with what it searches: the planner's
    choices."""
    return [{"name": route, "what": explain(route)} for route in offered(sources)]


EXPLAINED = {
    RouteKind.WEB: "web pages, through the web search engine",
    RouteKind.SCHOLARLY: "scholarly papers (studies, trials, reviews) with their DOIs",
    RouteKind.LIBRARY: "the team's own documents",
}


def check(routes: Iterable[str], sources: Iterable[str]) -> list[str]:
    """A member's routes, each parsed and one of the project's sources, without repeats;
    ValueError naming the first that is not and what the project offers."""
    sources = list(sources)
    checked: list[str] = []
    for text in routes:
        route = parse(text)
        if route.source not in sources:
            needs = f" (news needs the source {SourceKind.WEB.value})" * (
                route.kind == RouteKind.NEWS
            )
            raise ValueError(
                f"{route} is not one of this project's sources{needs}; its routes: "
                + ", ".join(offered(sources))
            )
        checked.append(str(route))
    return list(dict.fromkeys(checked))


def correct(routes: object, sources: Iterable[str]) -> list[str]:
    """What a model said of a query's routes, kept where it names a route of the project's
    sources: anything else (an unknown name, a source the project lacks, a value that is not
    text) is dropped, and a bare "news" reads as news of the past month. Nothing left means
    every source."""
    if isinstance(routes, str):
        routes = [routes]
    if not isinstance(routes, list | tuple):
        return []
    sources = list(sources)
    kept: list[str] = []
    for text in routes:
        if isinstance(text, str) and text.strip().lower() == RouteKind.NEWS:
            text = f"{NEWS_PREFIX}{DEFAULT_NEWS_PERIOD}"
        try:
            kept += check([text], sources)
        except ValueError:
            continue
    return list(dict.fromkeys(kept))


def searched(routes: Iterable[str], sources: Iterable[str]) -> list[Route]:
    """The routes a search takes: the query's that the project still has (its sources may have
    changed since they were set), or else one route per source of the project."""
    sources = list(sources)
    chosen = [parse(route) for route in correct(list(routes), sources)]
    return chosen or [parse(source) for source in sources]


def describe(routes: Iterable[str]) -> str:
    """ "news:week, library", or "all sources" for none."""
    return ", ".join(routes) or "all sources"
