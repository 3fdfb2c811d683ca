"""A report's figures: each analysis that computed a row or more, as "Figure k: title" with
its chart (`charts/<dataset id>.svg`, which the pages, the PDF and the package resolve), its
table and the result said; and the sources' figures chosen for it (report_figures.py), as "Figure k:
caption [n]" with the image (`figures/<figure id>.<ext>`) and whose it is (text/figures.py).
Each is placed under its section's heading (at the end when the report has none of that
title), and all are numbered together in the order the report shows them. The table's rows and
the sentence cite the sources of their figures as [n]; a source's figure cites its source."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from functools import partial

from research.models import Dataset, Figure, Project
from research.text import figures as source_figures
from research.text.analysis import figure
from research.text.analysis.asked import asked_names, asked_periods
from research.text.extractive.terms import language_of

# A figure to place: its section's title, and what writes its block given its number (the
# block, and the source numbers it cites).
Placed = tuple[str, Callable[[int], tuple[str, set[int]]]]


def insert(
    project: Project,
    body: str,
    empty: tuple[str, ...] = (),
    chosen: Sequence[tuple[str, Figure]] = (),
) -> tuple[str, set[int]]:
    """The body with its figures (the analyses', then `chosen`: a section's title and a
    source's figure), and the source numbers they cite. A section's `empty` line (an
    extractive report's "No source matched this section.") goes where a figure now is."""
    datasets = (
        Dataset.objects.filter(project=project, computed__isnull=False, current=True)
        .select_related("section")
        .prefetch_related("rows__source")
        .order_by("section__position", "id")
    )
    language = "zh" if language_of(body) == "zh" else "en"
    placed: list[Placed] = [
        (d.section.title if d.section else "", partial(_chart, project, d, language=language))
        for d in datasets
        if (d.computed or {}).get("rows")  # a computation of no rows shows nothing
    ]
    placed += [(title, partial(_picture, f, language=language)) for title, f in chosen]
    where = [_heading(body, title) for title, _ in placed]
    order = sorted(range(len(placed)), key=lambda i: (_at(where[i], body), i))
    blocks: dict[str, list[str]] = {}
    cited: set[int] = set()
    for number, i in enumerate(order, start=1):
        block, cites = placed[i][1](number)
        blocks.setdefault(placed[i][0] if where[i] is not None else "", []).append(block)
        cited |= cites
    for title, found in blocks.items():
        body = _under(body, title, "\n".join(found), empty)
    return body, cited


def _chart(
    project: Project, dataset: Dataset, number: int, *, language: str
) -> tuple[str, set[int]]:
    cites: dict[str, list[int]] = {}
    rows = [row for row in dataset.rows.all() if not row.excluded and not row.superseded]
    for row in rows:
        cites.setdefault(row.entity, [])
        if row.source.n not in cites[row.entity]:
            cites[row.entity].append(row.source.n)
    computed = dataset.computed or {}
    block = figure.markdown(
        figure.Figure(
            number=number,
            title=dataset.title,
            image=figure.chart_path(dataset.pk) if dataset.chart_spec else "",
            computation=dataset.computation,
            columns=computed.get("columns", []),
            rows=computed.get("rows", []),
            cites={entity: sorted(ns) for entity, ns in cites.items()},
            page=figure.dataset_page(project.pk, dataset.pk),
            missing=_missing(project.question, rows),
        ),
        language,
    )
    return block, {n for numbers in cites.values() for n in numbers}


def _missing(question: str, rows: list) -> list[tuple[str, str]]:
    """The asked things and periods (each thing of the rows and each of their periods, when the
    question names none) that no counted row states."""
    entities = asked_names(question) or tuple(dict.fromkeys(row.entity for row in rows))
    periods = asked_periods(question) or tuple(sorted({row.period for row in rows}))
    stated = {(row.entity, row.period) for row in rows}
    return [(e, p) for e in entities for p in periods if (e, p) not in stated]


def _picture(found: Figure, number: int, *, language: str) -> tuple[str, set[int]]:
    source = found.source
    block = source_figures.markdown(
        number,
        found.label,
        source_figures.path(found.pk, found.extension),
        source.n,
        source_figures.attribution(source.title, source.domain),
        language,
    )
    return block, {source.n}


def _at(where: int | None, body: str) -> int:
    return len(body) + 1 if where is None else where


def _heading(body: str, title: str) -> int | None:
    """Where the `## title` heading is in the body, or None."""
    if not title:
        return None
    found = re.search(rf"^##\s+{re.escape(title.strip())}\s*$", body, re.M | re.I)
    return found.start() if found else None


def _under(body: str, title: str, block: str, empty: tuple[str, ...] = ()) -> str:
    """`block` after the `## title` heading line (in place of the section's `empty` line, if
    that is all it says), or at the end."""
    pattern = rf"^##\s+{re.escape(title.strip())}\s*$"
    heading = re.search(pattern, body, re.M | re.I) if title else None
    if heading is None:
        return body.rstrip() + "\n\n" + block
    at, rest = heading.end(), body[heading.end() :]
    said = rest.split("\n## ", 1)[0].strip()
    if said and said in empty:
        rest = rest.replace(said, "", 1).lstrip("\n")
        rest = ("\n" + rest) if rest else ""
    return body[:at] + "\n\n" + block + rest
