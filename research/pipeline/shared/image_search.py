"""Image search in a research run (IMAGE_SEARCH, off by default): what the search stage adds.

Each section's first query (by position) that searches the web also asks the project's web
engine's image search, once: one request a section keeps the run cheap. An image result is an
image with the page it came from and its title. Its page becomes a result of the query like the
web search's (a new Source when the project lacks it; the engine named "searxng images"), so the
ranking holds the best of them beside the web's and the page is fetched and summarised like any
other; the image becomes a figure of that page's source, its title the caption, downloaded
through the choke point within the project's domains and re-encoded, once per hash
(page_figures.fetched). The report offers it as it offers the page's own figures: when the page
has findings in a section. An image whose page the engine does not say (Tavily's) or whose
page is outside the project's domains is not kept: a figure is cited by its page. An engine
without image search (DuckDuckGo, Serper) adds nothing; a failing one is named on the step and
the web's results stand.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from django.conf import settings

from research.models import Figure, Project, Query, routes
from research.pipeline.shared import page_figures
from research.providers import slots
from research.providers.search import SearchError, SearchResult, get_provider
from research.providers.search.base import ImageResult
from research.text.scope import Scope


@dataclass(frozen=True)
class Images:
    """What the image search found, kept to pages within the project's domains, and what the
    step's note says of it."""

    found: list[ImageResult] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


def wanted(query: Query, sources: list[str]) -> bool:
    """Whether `query` asks the image search: IMAGE_SEARCH is on, it searches the web, and it
    is its section's first query."""
    if not settings.IMAGE_SEARCH or query.section_id is None:
        return False
    searched = routes.searched(query.routes, sources)
    if not any(route.kind == routes.RouteKind.WEB for route in searched):
        return False
    first = (
        Query.objects.filter(section_id=query.section_id)
        .order_by("position", "id")
        .values_list("pk", flat=True)
        .first()
    )
    return first == query.pk


def search(provider: str, scope: Scope, text: str, language: str) -> Images:
    """The engine's image results for `text`, the first IMAGE_SEARCH_RESULTS with a page
    within `scope`; a failure is a note, never the query's failure."""
    engine = get_provider(provider, scope=scope)
    if not engine.image_search:
        return Images()
    wanted_count = settings.IMAGE_SEARCH_RESULTS
    try:
        with slots.search_slot():
            found = engine.search_images(text, max_results=wanted_count * 2, language=language)
    except SearchError as exc:
        return Images(notes=[f"image search failed: {exc.reason}"])
    dropped: Counter[str] = Counter()
    kept: list[ImageResult] = []
    for image in found:
        if not image.page:
            dropped["without the page it came from"] += 1
        elif scope.refusal(image.page) is not None:
            dropped["on a page outside the project's domains"] += 1
        elif len(kept) < wanted_count:
            kept.append(image)
    notes = [f"{n} image result{'s' * (n != 1)} {why}: not kept" for why, n in dropped.items()]
    return Images(kept, notes)


def pages(images: Images, results: list[SearchResult]) -> list[SearchResult]:
    """The images' pages that are not among `results` already, as results of the query."""
    known = {result.url for result in results}
    out: list[SearchResult] = []
    for image in images.found:
        if image.page not in known:
            known.add(image.page)
            out.append(SearchResult(image.page, image.title, "", None, image.engine))
    return out


def keep(project: Project, images: Images, scope: Scope) -> str:
    """Each image as a figure of its page's source (one the source has already stays as it
    is); a few words of what became of them ("1 image kept as a figure")."""
    sources = {s.url: s for s in project.sources.filter(url__in=[i.page for i in images.found])}
    outcomes: Counter[str] = Counter()
    for image in images.found:
        source = sources.get(image.page)
        if source is None:
            continue
        with slots.one_download(image.image):  # another section's search may find it too
            if source.figures.filter(url=image.image).exists():
                continue
            fields = page_figures.fetched(image.image, scope)
            _, made = Figure.objects.get_or_create(
                source=source, url=image.image, defaults={"caption": image.title, **fields}
            )
        outcomes[str(fields["status"])] += made
    if not sum(outcomes.values()):
        return ""
    total = sum(outcomes.values())
    said = ", ".join(f"{n} {status}" for status, n in outcomes.items() if n)
    return f"{total} image result{'s' * (total != 1)} as figures: {said}"
