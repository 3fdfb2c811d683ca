"""Which of the sources' figures a report version shows, and under which section.

Offered: the kept figures (page_figures.py) of the sources the report draws on (not excluded,
with findings), none a member hid. The LLM engine asks the model (prompts/figures.md), giving
it each figure's caption, alt text and heading; the extractive engine, and the LLM engine when
the model fails, choose by caption relevance (text/figures.choose). Either way a section shows
at most REPORT_FIGURES_PER_SECTION, and only figures of sources with findings in it. A figure a
member added is shown whatever was chosen: in the section whose findings its source has and
whose words it shares most, or else at the end.
"""

from __future__ import annotations

import logging
from collections.abc import Hashable, Sequence
from typing import Any

from django.conf import settings

from research.errors import ProviderFailed
from research.models import Figure, FigureChoice, Project
from research.pipeline.shared.context import StepContext
from research.prompts import FIGURES
from research.text import figures as text_figures

log = logging.getLogger(__name__)
ANSWER_TOKENS = 600

Chosen = Sequence[tuple[str, Figure]]


def offered(project: Project) -> list[Figure]:
    rows = Figure.objects.offered().filter(
        source__project=project, source__summaries__relevant=True
    )
    return list(rows.distinct().select_related("source").order_by("source__n", "position"))


def choose(ctx: StepContext, sections: list[Any], sources: list[dict], *, model: bool) -> Chosen:
    """The figures the report shows, each with the title of the section it goes under
    (`sections`: the report's, with pk, title and goal; `sources`: with their findings)."""
    figures = offered(ctx.project)
    if not figures:
        return []
    per = settings.REPORT_FIGURES_PER_SECTION
    found_in = _sections_of(sources)
    parts = _parts(sections, sources)
    titles = {section.pk: section.title for section in sections}
    picks: dict[Hashable, list[int]] | None = {}
    candidates = [f for f in figures if f.choice != FigureChoice.ADDED]
    if per and candidates:
        picks = _by_model(ctx, sections, candidates, per) if model else None
        if picks is None:
            picks = text_figures.choose(parts, _offer(candidates, found_in), per)
    by_id = {f.pk: f for f in figures}
    chosen = [(titles[key], by_id[pk]) for key, pks in (picks or {}).items() for pk in pks]
    for figure in figures:
        if figure.choice == FigureChoice.ADDED:
            chosen.append((_home(parts, titles, figure, found_in), figure))
    return chosen


def _sections_of(sources: list[dict]) -> dict[int, frozenset[Hashable]]:
    """Each source's number: the sections it has findings in."""
    return {s["n"]: frozenset(finding["section_id"] for finding in s["findings"]) for s in sources}


def _parts(sections: list[Any], sources: list[dict]) -> list[text_figures.Part]:
    """Each section as its title, goal and the queries its findings answer."""
    queries: dict[Hashable, set[str]] = {}
    for source in sources:
        for finding in source["findings"]:
            queries.setdefault(finding["section_id"], set()).add(finding["query"])
    return [
        text_figures.Part(
            section.pk,
            " ".join([section.title, section.goal, *sorted(queries.get(section.pk, ()))]),
        )
        for section in sections
    ]


def _offer(figures: list[Figure], found_in: dict[int, frozenset[Hashable]]) -> list:
    return [
        text_figures.Offered(f.pk, f.label, f.heading, found_in.get(f.source.n, frozenset()))
        for f in figures
    ]


def _home(parts: list, titles: dict, figure: Figure, found_in: dict) -> str:
    """The section a member's figure goes under: of those its source has findings in, the one
    whose words it shares most, or the first; else the one it fits best; else none (the
    end)."""
    own = found_in.get(figure.source.n, frozenset())
    for where in (own, frozenset(titles)):
        offer = [text_figures.Offered(figure.pk, figure.label, figure.heading, where)]
        ranked = text_figures.choose(parts, offer, 1)
        if ranked:
            return titles[next(iter(ranked))]
        if where is own and any(key in own for key in titles):
            return titles[next(key for key in titles if key in own)]
    return ""


def _by_model(
    ctx: StepContext, sections: list[Any], figures: list[Figure], per: int
) -> dict[Hashable, list[int]] | None:
    """The model's choice, held to the ids it was given and to `per` a section; None when the
    model failed (the caller chooses by relevance)."""
    if not figures:
        return {}
    ids = {i: section for i, section in enumerate(sections, start=1)}
    listed = [
        {
            "id": i,
            "n": f.source.n,
            "caption": f.caption or "-",
            "alt": f.alt or "-",
            "heading": f.heading or "-",
            "title": f.source.title or f.source.url,
        }
        for i, f in enumerate(figures, start=1)
    ]
    rows = [{"id": i, "title": s.title, "goal": s.goal} for i, s in ids.items()]
    try:
        answer = ctx.ask(
            FIGURES,
            max_tokens=ANSWER_TOKENS,
            question=ctx.project.question,
            per_section=per,
            sections=rows,
            figures=listed,
        )
    except ProviderFailed as exc:
        log.warning("figures chosen by relevance: the model failed: %s", exc.reason)
        return None
    picks: dict[Hashable, list[int]] = {}
    used: set[int] = set()
    for choice in answer.choices:
        if choice.section not in ids or not 1 <= choice.figure <= len(figures):
            continue
        room = picks.setdefault(ids[choice.section].pk, [])
        figure = figures[choice.figure - 1].pk
        if figure not in used and len(room) < per:
            room.append(figure)
            used.add(figure)
    return {key: pks for key, pks in picks.items() if pks}
