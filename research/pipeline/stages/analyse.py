"""Step 7b, analyse: an analysis section's figures gathered into a dataset, computed over with
one SELECT in DuckDB, and charted.

Reads:    the Section and its part of the question; the fetched sources its queries chose
          (their stored text, sentence by sentence) and their dates.
Replaces: the Section's Dataset and its rows (each row a figure with its entity, measure,
          period, the source and the verbatim sentence that states it); the SQL, its result
          and the chart's Vega-Lite spec, on the Dataset.

Where two sources give different values for the same entity and period, both rows are kept,
and the computation reads the newer source's. The model writes the SQL from the columns and
the section's question, retried once with the reason it failed; without a model, or when it
fails twice, the computation is chosen by rules on the section's words (text/analysis/rules.py):
change, share, rank or total.
"""

from __future__ import annotations

from collections import Counter
from datetime import date

from django.db import transaction

from research.errors import ComputeRefused
from research.limits import HEADING_MAX
from research.models import Computation, Dataset, DatasetRow, Method, Project, Report, Stage
from research.pipeline.shared import datasets
from research.pipeline.shared.context import StageSpec, StepContext
from research.pipeline.shared.datasets import Gathered, Value, gather
from research.prompts import ANALYSE
from research.prompts.outputs import AnalysisSQL
from research.providers.compute import Table, select
from research.text.analysis import figure, rules
from research.text.analysis.rows import same_measure

SAMPLE_ROWS = 40  # the rows a model is shown of its dataset (it is told how many there are)


def run(ctx: StepContext) -> None:
    """The model writes the SQL from the columns and the section's question, and says how to
    chart it; refused or failed, it is asked once more with the reason; failing again, the
    rules compute instead, and the step says so."""
    prepared = _prepare(ctx)
    if not prepared:
        return
    (dataset, gathered, left), others = prepared[0], prepared[1:]
    for other, rows, _ in others:  # other currencies: by rule
        datasets.compute(other, _values(rows))
    values = _values(gathered)
    error = ""
    for _ in range(2):
        answer = _ask(ctx, dataset, values, error)
        try:
            result = select(answer.sql, [Table("dataset", datasets.COLUMNS, values)])
        except ComputeRefused as exc:
            error = exc.reason
            continue
        dataset.method, dataset.computation, dataset.sql = Method.LLM, Computation.MODEL, answer.sql
        dataset.title = answer.title.strip()[:HEADING_MAX] or dataset.title
        dataset.computed = {"columns": result.columns, "rows": result.rows}
        unit = datasets.unit_label(dataset.unit, dataset.measure)
        chart = figure.axes_spec(
            answer.chart, dataset.title, result.columns, result.rows, answer.x, answer.y, unit
        )
        if chart:
            dataset.chart_kind, dataset.chart_spec = chart
        _replace(ctx, [(dataset, gathered), *((d, g) for d, g, _ in others)])
        ctx.note(f"{len(gathered)} figures; computed by the model's SQL{left}")
        return
    dataset.method = Method.FALLBACK
    datasets.compute(dataset, values)
    _replace(ctx, [(dataset, gathered), *((d, g) for d, g, _ in others)])
    ctx.note(
        f"{len(gathered)} figures; the model's SQL failed twice ({error}); computed by rule{left}"
    )


def _ask(ctx: StepContext, dataset: Dataset, values: list, error: str) -> AnalysisSQL:
    return ctx.ask(
        ANALYSE,
        today=ctx.today,
        question=ctx.project.question,
        section=ctx.section,
        measure=dataset.measure,
        unit=dataset.unit,
        rows=values[:SAMPLE_ROWS],
        count=len(values),
        language=ctx.language,
        error=error,
    )


def run_extractive(ctx: StepContext) -> None:
    prepared = _prepare(ctx)
    if not prepared:
        return
    for dataset, gathered, _ in prepared:
        datasets.compute(dataset, _values(gathered))
    _replace(ctx, [(d, g) for d, g, _ in prepared])
    dataset, gathered, left = prepared[0]
    ctx.note(
        f"{sum(len(g) for _, g, _ in prepared)} figures from "
        f"{len({g.source.pk for _, rows, _ in prepared for g in rows})} sources; "
        f"{dataset.get_computation_display().lower()}{left}"
    )


def _prepare(ctx: StepContext) -> list[tuple[Dataset, list[Gathered], str]]:
    """The section's figures and their datasets (one a currency, the most figures' first),
    computed by rule until a model does better; none (the section's datasets removed) when
    its sources state no dated figure."""
    section = ctx.section
    words = f"{section.title} {section.goal} {ctx.project.question}"
    gathered, left_out = gather(section, words, date.fromisoformat(ctx.today))
    if not gathered:
        _replace(ctx, [])
        ctx.note("no dated figures of the asked things in the section's sources" + _left(left_out))
        return []
    units = Counter(g.row.unit for g in gathered)
    found = []
    for unit in sorted(units, key=lambda u: (-units[u], u)):
        rows = [g for g in gathered if g.row.unit == unit]
        periods = len({g.row.period for g in rows})
        computation = rules.computation_for(words, periods)
        title = _title(rows, computation) + (f" ({unit})" if len(units) > 1 else "")
        dataset = Dataset(
            project=ctx.project,
            section=section,
            title=title[:HEADING_MAX],
            measure=_measure(rows),
            unit=unit,
            method=Method.EXTRACTIVE if ctx.engine == "extractive" else ctx.method,
            computation=computation,
            sql=rules.SQL[computation],
        )
        found.append((dataset, rows, _left(left_out)))
    return found


def _left(left_out: Counter[str]) -> str:
    """The figures left out, said on the step: "; left out: 3 of Boreal Cycles, 1 ..."."""
    if not left_out:
        return ""
    said = ", ".join(f"{n} {why}" for why, n in left_out.most_common(4))
    more = sum(left_out.values()) - sum(n for _, n in left_out.most_common(4))
    return f"; left out: {said}" + (f" and {more} more" if more else "")


def _values(gathered: list[Gathered]) -> list[Value]:
    return datasets.newest(
        (g.row.entity, g.row.period, g.row.value, g.source.published, g.source.n)
        for g in gathered
        if not g.superseded
    )


def _measure(gathered: list[Gathered]) -> str:
    """The wording of the measure most of the figures use (ties by the wording itself: the
    figures come in source order, and sources are numbered as their searches finished)."""
    counts = Counter(same_measure(g.row.measure) for g in gathered if g.row.measure)
    return max(sorted(counts), key=lambda measure: counts[measure]) if counts else ""


def _title(gathered: list[Gathered], computation: str) -> str:
    measure = _measure(gathered) or "Value"
    periods = sorted({g.row.period for g in gathered})
    span = f"{periods[0]} to {periods[-1]}" if len(periods) > 1 else periods[0]
    what = {rules.CHANGE: "change", rules.SHARE: "share", rules.RANK: "ranked"}.get(computation)
    return f"{measure[:1].upper()}{measure[1:]}, {span}" + (f" ({what})" if what else "")


def _replace(ctx: StepContext, made: list[tuple[Dataset, list[Gathered]]]) -> None:
    """The section's datasets now: the former ones a report version shows are kept (not
    current), the others deleted."""
    with transaction.atomic():
        former = Dataset.objects.filter(section=ctx.section, current=True)
        shown = [d.pk for d in former if _shown(ctx.project, d.pk)]
        former.exclude(pk__in=shown).delete()
        Dataset.objects.filter(pk__in=shown).update(current=False)
        for dataset, gathered in made:
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
                    superseded=item.superseded,
                    marked=item.marked[:40] if not item.superseded else "",
                )
                for i, item in enumerate(gathered)
            )


def _shown(project: Project, dataset_id: int) -> bool:
    """Whether a version of the project's report shows the dataset's figure."""
    page = figure.dataset_page(project.pk, dataset_id)
    return Report.objects.filter(project=project, markdown__contains=page).exists()


STAGE = StageSpec(
    stage=Stage.ANALYSE, run=run, extractive=run_extractive, writes=(Dataset, DatasetRow)
)
