"""Gathering an analysis section's figures: the rows its sources state, read from each source's
stored text, sentence by sentence, and kept when they measure what most of them measure.

Shared by the analyse stage (both engines) and, later, by the members' edits that recompute."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

from research.models import FetchStatus, Section, Source
from research.text.analysis.rows import NAME, Row, rows_in, same_measure
from research.text.extractive.sentences import sentences
from research.text.extractive.terms import terms


@dataclass(frozen=True)
class Gathered:
    source: Source
    row: Row
    locator: str


def sources_of(section: Section) -> list[Source]:
    """The fetched sources the project's queries chose, in citation order: a figure of the
    section's measure counts wherever the research found it."""
    return list(
        Source.objects.filter(
            project=section.project_id,
            results__selected=True,
            fetch_status=FetchStatus.FETCHED,
            excluded=False,
        )
        .select_related("snapshot")
        .distinct()
        .order_by("n")
    )


def gather(section: Section, words: str) -> list[Gathered]:
    """Every dated figure the section's sources state, of the measure most of them state (the
    one `words`, the section's part of the question, names first)."""
    found = []
    for source in sources_of(section):
        text = source.text
        entity = _named(source.title)
        for sentence in sentences(text):
            quote = text[sentence.start : sentence.end]
            for row in rows_in(quote, entity=entity):
                if row.period and row.entity:
                    found.append(Gathered(source, row, source.locator or sentence.context))
    return _of_the_measure(found, words)


def _named(title: str) -> str:
    """Who a source is about by its title: its first name ("Avalon census, p. 1": Avalon),
    else its words before any punctuation."""
    name = NAME.search(title)
    if name:
        return name.group(0)
    return re.split(r"[,:：，（(—-]", title, maxsplit=1)[0].strip()[:60]


def _of_the_measure(found: list[Gathered], words: str) -> list[Gathered]:
    if not found:
        return []
    asked = set(terms(words))
    kinds = Counter(_kind(g.row) for g in found)
    best = max(kinds, key=lambda kind: (bool(set(terms(kind[1])) & asked), kinds[kind]))
    kept, seen = [], set()
    for item in found:
        key = (item.source.pk, item.row.entity, item.row.period, item.row.value)
        if _kind(item.row) == best and key not in seen:
            seen.add(key)
            kept.append(item)
    return kept


def _kind(row: Row) -> tuple[str, str]:
    measure = same_measure(row.measure)
    stems = terms(measure)
    return row.unit, stems[0] if stems else measure
