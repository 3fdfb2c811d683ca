"""A report's figures: each analysis that computed something, as "Figure k: title" with its
chart (`charts/<dataset id>.svg`, which the pages, the PDF and the package resolve), its table
and the result said, placed under its section's heading (at the end when the report has none
of that title). The table's rows and the sentence cite the sources of their figures as [n]."""

from __future__ import annotations

import re

from research.models import Dataset, Project
from research.text.analysis import figure
from research.text.extractive.terms import language_of


def insert(project: Project, body: str, empty: tuple[str, ...] = ()) -> tuple[str, set[int]]:
    """The body with its figures, and the source numbers they cite. A section's `empty` line
    (an extractive report's "No source matched this section.") goes where a figure now is."""
    datasets = (
        Dataset.objects.filter(project=project, computed__isnull=False)
        .select_related("section")
        .prefetch_related("rows__source")
        .order_by("section__position", "id")
    )
    language = "zh" if language_of(body) == "zh" else "en"
    cited: set[int] = set()
    for number, dataset in enumerate(datasets, start=1):
        cites: dict[str, list[int]] = {}
        for row in dataset.rows.all():
            if not row.excluded:
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
            ),
            language,
        )
        body = _under(body, dataset.section.title if dataset.section else "", block, empty)
        cited |= {n for numbers in cites.values() for n in numbers}
    return body, cited


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
