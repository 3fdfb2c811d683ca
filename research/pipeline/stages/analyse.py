"""Step 7b, analyse: an analysis section's figures gathered into a dataset, computed over with
one SELECT in DuckDB, and charted.

Reads:    the Section and its part of the question; the fetched sources its queries chose
          (their stored text, sentence by sentence) and their dates.
Replaces: the Section's Dataset and its rows (each row a figure with its entity, measure,
          period, the source and the verbatim sentence that states it); the SQL, its result
          and the chart's Vega-Lite spec, on the Dataset.

Where two sources give different values for the same entity and period, both rows are kept,
and the computation reads the newer source's. The computation is chosen by rules on the
section's words (text/analysis/rules.py): change, share, rank or total.
"""

from __future__ import annotations

from datetime import date

from django.db import transaction

from research.errors import ComputeRefused
from research.models import Dataset, DatasetRow, Method, Stage
from research.pipeline.shared.context import StageSpec, StepContext
from research.pipeline.shared.datasets import Gathered, gather
from research.providers.compute import Table, select
from research.text.analysis import figure, rules
from research.text.analysis.rows import same_measure

COLUMNS = (("entity", "VARCHAR"), ("period", "VARCHAR"), ("value", "DOUBLE"))


def run(ctx: StepContext) -> None:
    run_extractive(ctx)


def run_extractive(ctx: StepContext) -> None:
    section = ctx.section
    words = f"{section.title} {section.goal}"
    gathered = gather(section, f"{words} {ctx.project.question}")
    if not gathered:
        _replace(ctx, None, [])
        ctx.note("no dated figures in the section's sources")
        return
    periods = len({g.row.period for g in gathered})
    computation = rules.computation_for(f"{words} {ctx.project.question}", periods)
    dataset = Dataset(
        project=ctx.project,
        section=section,
        title=_title(gathered, computation),
        measure=same_measure(gathered[0].row.measure),
        unit=gathered[0].row.unit,
        method=Method.EXTRACTIVE if ctx.engine == "extractive" else ctx.method,
        computation=computation,
        sql=rules.SQL[computation],
    )
    _compute(dataset, gathered)
    _replace(ctx, dataset, gathered)
    ctx.note(
        f"{len(gathered)} figures from {len({g.source.pk for g in gathered})} sources; "
        f"{dataset.get_computation_display().lower()}"
    )


def _compute(dataset: Dataset, gathered: list[Gathered]) -> None:
    """The SQL's result over the newest source's value of each entity and period, and the
    chart drawn from it; a refused computation is kept as the dataset's error."""
    values = _newest(gathered)
    try:
        result = select(dataset.sql, [Table("dataset", COLUMNS, values)])
    except ComputeRefused as exc:
        dataset.error = exc.reason
        return
    dataset.computed = {"columns": result.columns, "rows": result.rows}
    periods = {g.row.period for g in gathered}
    chart: tuple[str, dict] | None
    if len(periods) > 2:  # a series over time: lines of each entity's values
        chart = figure.series_spec(dataset.title, values)
    else:
        chart = figure.chart_spec(dataset.title, dataset.computation, result.columns, result.rows)
    if chart:
        dataset.chart_kind, dataset.chart_spec = chart


def _newest(gathered: list[Gathered]) -> list[tuple[str, str, float]]:
    """One value per entity and period: the newest source's (by its date, then its number)."""
    ordered = sorted(
        gathered, key=lambda g: (g.source.published or date.min, g.source.n), reverse=True
    )
    chosen: dict[tuple[str, str], float] = {}
    for item in ordered:
        chosen.setdefault((item.row.entity, item.row.period), item.row.value)
    return [(entity, period, value) for (entity, period), value in sorted(chosen.items())]


def _title(gathered: list[Gathered], computation: str) -> str:
    measure = same_measure(gathered[0].row.measure) or "Value"
    periods = sorted({g.row.period for g in gathered})
    span = f"{periods[0]} to {periods[-1]}" if len(periods) > 1 else periods[0]
    what = {rules.CHANGE: "change", rules.SHARE: "share", rules.RANK: "ranked"}.get(computation)
    return f"{measure[:1].upper()}{measure[1:]}, {span}" + (f" ({what})" if what else "")


def _replace(ctx: StepContext, dataset: Dataset | None, gathered: list[Gathered]) -> None:
    with transaction.atomic():
        Dataset.objects.filter(section=ctx.section).delete()
        if dataset is None:
            return
        dataset.save()
        DatasetRow.objects.bulk_create(
            DatasetRow(
                dataset=dataset,
                source=item.source,
                position=i,
                entity=item.row.entity[:200],
                measure=item.row.measure[:200],
                value=item.row.value,
                unit=item.row.unit,
                period=item.row.period,
                quote=item.row.quote,
                locator=item.locator[:500],
                conversion=item.row.conversion[:300],
            )
            for i, item in enumerate(gathered)
        )


STAGE = StageSpec(
    stage=Stage.ANALYSE, run=run, extractive=run_extractive, writes=(Dataset, DatasetRow)
)
