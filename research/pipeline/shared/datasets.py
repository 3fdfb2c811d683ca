"""An analysis section's dataset: gathering its figures (the rows its sources state, read from
each source's stored text, sentence by sentence, kept when they measure what most of them
measure) and computing over them (one value per entity and period, the newest source's; the
rules' SQL, or the model's stored SQL run again), with the chart drawn from the result.

Shared by the analyse stage (both engines) and by members' edits of a row, which recompute."""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, replace
from datetime import date

from research.errors import ComputeRefused
from research.models import Computation, Dataset, DatasetRow, FetchStatus, Project, Section, Source
from research.pipeline.shared import vintages
from research.providers.compute import Table, select
from research.text.analysis import figure, rules
from research.text.analysis.asked import asked_measure, asked_names
from research.text.analysis.owners import NAME, Whose, subject_of
from research.text.analysis.rows import Row, cjk_stem, same_measure
from research.text.analysis.texts import one_year, rows_of, titled
from research.text.extractive.currency import Vintage, final, first_account
from research.text.extractive.terms import is_cjk, terms
from research.text.quantities import REVISION, spelled

COLUMNS = (("entity", "VARCHAR"), ("period", "VARCHAR"), ("value", "DOUBLE"))
Value = tuple[str, str, float]  # entity, period, value: a row of the table computed over


@dataclass(frozen=True)
class Gathered:
    source: Source
    row: Row
    locator: str
    age: Vintage
    final: str = ""  # the word calling its source a last account ("final", "更正"), or ""
    superseded: str = ""  # why a newer figure replaces it; "" when it is computed with

    @property
    def marked(self) -> str:
        """What its source calls itself when it is a draft, an archive's or a first account."""
        return self.age.marked or self.age.provisional


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
        .select_related("snapshot", "document")
        .distinct()
        .order_by("n")
    )


def gather(section: Section, words: str, today: date) -> tuple[list[Gathered], Counter[str]]:
    """Every dated figure the section's sources state of a thing the question asks about (any
    named thing, when it names none), of the measure most of them state (the one `words`, the
    section's part of the question, names first); and why the others were left out, counted
    ("of Boreal Cycles": a rival's figure in the same sentence)."""
    names = asked_names(section.project.question)
    found, left_out = [], Counter[str]()
    for source in sources_of(section):
        tables = source.snapshot.tables if source.snapshot else ""
        age = vintages.of_source(source, today)
        last = final(vintages.names_of(source), source.text)
        subject = subject_of(source.title, source.text, names) if names else _named(source.title)
        whose = Whose.of_text(source.text, names, subject)
        # A page's HTML tables first, as its HTML has them; then its text (where a table that
        # extraction kept gives the same figures, counted once).
        title = source.document.title if source.document else source.title
        year = one_year(title)
        for text in (tables, source.text):
            for row, locator in rows_of(text, whose, titled(title), year):
                if row.period and row.entity:
                    found.append(Gathered(source, row, locator or source.locator, age, last))
                elif row.period and row.left_out:
                    left_out[row.left_out] += 1
    return supersede(
        _of_the_measure(found, words, asked_measure(section.project.question))
    ), left_out


def _named(title: str) -> str:
    """Who a source is about by its title: its first name ("Avalon census, p. 1": Avalon),
    else its words before any punctuation."""
    name = NAME.search(title)
    if name:
        return name.group(0)
    return re.split(r"[,:：，（(—-]", title, maxsplit=1)[0].strip()[:60]


def _of_the_measure(found: list[Gathered], words: str, measure: str = "") -> list[Gathered]:
    """The figures of the measure most of them state (one `words` names first; the asked
    Chinese `measure`'s stem and head name one: "票房" and "票房收入" of 票房收入); and, in
    that unit, figures no word measures ("from 94,800 in 2022") of an entity and period none
    of those states."""
    if not found:
        return []
    asked = set(terms(words))
    stems = {cjk_stem(measure), measure[:2]} if is_cjk(measure[:1] or " ") else set()

    def kind(row: Row) -> tuple[str, str]:
        unit, stem = kind_of(row)
        return (unit, ASKED) if stem in stems else (unit, stem)

    kinds = Counter(kind(g.row) for g in found)
    named: dict[tuple[str, str], int] = {}  # the most asked words a measure of the kind says
    for g in found:
        said = kind(g.row)
        shared = len(set(terms(g.row.measure)) & asked) + 100 * (said[1] == ASKED)
        named[said] = max(named.get(said, 0), shared)
    # Ties go by the measure itself, not by which source came first: sources are numbered in
    # the order their searches finished. A measure no word names is chosen only alone.
    best = max(kinds, key=lambda k: (bool(k[1]), named[k], kinds[k], k))
    kept, seen = [], set()
    for item in found:
        key = (item.source.pk, item.row.entity, item.row.period, item.row.value)
        if _alike(kind(item.row), best) and key not in seen:
            seen.add(key)
            kept.append(item)
    counted = _counted(kept)  # not tonnes of cargo (亿吨) beside containers (万标箱)
    kept = [g for g in _one_a_source(kept, asked) if g.row.counted in ("", counted)]
    cells = {(g.row.entity, g.row.period) for g in kept if not g.age.marked}  # not a draft's
    unsaid = [g for g in found if best[1] and kind(g.row) == (best[0], "")]
    for item in unsaid:
        key = (item.source.pk, item.row.entity, item.row.period, item.row.value)
        cell = (item.row.entity, item.row.period)
        if cell not in cells and key not in seen and item.row.counted in ("", counted):
            seen.add(key)
            kept.append(item)
    return kept


def _counted(kept: list[Gathered]) -> str:
    """The thing most of the figures count, where words say what ("标箱"); "" when none."""
    said = Counter(g.row.counted for g in kept if g.row.counted)
    return max(sorted(said), key=lambda counted: said[counted]) if said else ""


ASKED = "(asked)"  # the kind of a Chinese measure the question's measure names


def _alike(kind: tuple[str, str], best: tuple[str, str]) -> bool:
    """The best measure's kind, or that measure in another currency (each computed apart)."""
    money = kind[0] not in NOT_MONEY and best[0] not in NOT_MONEY
    return kind == best or (money and kind[1] == best[1])


NOT_MONEY = frozenset({"", "percent"})


def _one_a_source(kept: list[Gathered], asked: set[str]) -> list[Gathered]:
    """One figure a source gives a cell: where it gives two values of one measure for an
    entity and period ("常住人口386.2万人……其中，城镇常住人口253.3万人"), the one whose
    measure's words are most the asked ones, else the first; the other measures a part."""
    best: dict[tuple[int, str, str], Gathered] = {}
    for item in kept:
        key = (item.source.pk, item.row.entity, item.row.period)
        held = best.get(key)
        if held is None or _asked_words(item, asked) > _asked_words(held, asked):
            best[key] = item
    return [g for g in kept if best[(g.source.pk, g.row.entity, g.row.period)] is g]


def _asked_words(item: Gathered, asked: set[str]) -> tuple[int, int]:
    said = terms(item.row.measure)
    return len(set(said) & asked), -len(said)


def kind_of(row: Row) -> tuple[str, str]:
    """What a row's figure is compared under: its unit and its measure's stem."""
    measure = same_measure(row.measure)
    if is_cjk(measure[:1] or " "):
        return row.unit, cjk_stem(measure)
    stems = terms(_head(measure))
    return row.unit, stems[-1] if stems else measure


# Not "per": "leakage per property" is a rate, no leakage.
HEAD_END = re.compile(r"\s+(?:at|in|of|for|by|during|as|from|to|on)\s.*$|\s+\w+ed$")


COUNTED_LAST = re.compile(
    r"(?<=\w)\s+(?:numbers|number|figures|count|counts|totals?|journeys|trips)$"
)


def _head(measure: str) -> str:
    """A measure's words up to its head noun, which ends them: "terminal passengers",
    "stores" of "stores at year end", "passengers" of "passengers welcomed", "stores" of
    "number of stores"."""
    said = re.sub(r"^(?:the\s+)?(?:total\s+)?(?:number|count|amount)\s+of\s+", "", measure.lower())
    said = COUNTED_LAST.sub("", said)  # "passenger numbers": passenger
    return HEAD_END.sub("", said) or said


def supersede(gathered: list[Gathered]) -> list[Gathered]:
    """Each figure with why a newer one replaces it: where sources give an entity's figure for
    a period with different values, the newest source's stands (an unmarked source before a
    draft's, an archive's or a first account; then the later as-of date; then the later
    source) and the others are superseded by it; a value it repeats stands beside it."""
    groups: dict[tuple[str, str, str], list[int]] = {}
    for i, item in enumerate(gathered):
        groups.setdefault((item.row.entity, item.row.period, item.row.unit), []).append(i)
    found = list(gathered)
    for members in groups.values():
        best = gathered[max(members, key=lambda i: _standing(gathered[i]))]
        for i in members:
            item = gathered[i]
            if not math.isclose(item.row.value, best.row.value, rel_tol=1e-9):
                when = f" ({best.age.when})" if best.age.when else ""
                title = best.source.title or best.source.url
                why = f"restated as {spelled(best.row.value)} in “{title[:160]}”{when}"
                found[i] = replace(item, superseded=why[:300])
    return found


def _standing(item: Gathered) -> tuple:
    """How a figure ranks among those of its cell: an unmarked source's first, then one
    neither its source nor its sentence calls a first account ("据快报数据"), then a last
    account's (final figures, a correction, an annual report, a yearbook), then the later
    as-of date (a library file dated only by its upload has none)."""
    age = item.age
    when = age.as_of if age.as_of and not age.uploaded else (0, 0, 0)
    quote = item.row.quote  # "据快报数据，…"; not "…较业绩快报数据17.4亿元有所下调"
    first = age.provisional or (not REVISION.search(quote) and first_account(quote))
    # last, what names the source: its number depends on which search finished first
    return (not age.marked, not first, bool(item.final), when, item.source.title, item.locator)


def unit_label(unit: str, measure: str) -> str:
    """What a dataset's values are counted in, as an axis names it: its currency ("USD"), or
    else what it counts ("residents")."""
    return {"percent": "%"}.get(unit, unit) or measure


def unsaid_values(project: Project, sources: Iterable[Source]) -> dict[int, frozenset[float]]:
    """Each source's figures that are not its subject's now, by the source's id (the report's
    key figures and opening leave them out): those its project's datasets hold superseded by
    a newer source's, and, when the question names things, those it states of another named
    thing only ("…while rival Brannock Line carried 962,000 passengers")."""
    found: dict[int, set[float]] = {}
    rows = DatasetRow.objects.filter(dataset__project=project.pk).exclude(superseded="")
    for source_id, value in rows.values_list("source_id", "value"):
        found.setdefault(source_id, set()).add(value)
    names = asked_names(project.question)
    for source in sources if names else ():
        whose = Whose.of_text(source.text, names, subject_of(source.title, source.text, names))
        stated = [row for row, _ in rows_of(source.text, whose)]
        own = {row.value for row in stated if row.entity}
        others = {r.value for r in stated if r.left_out.startswith("of ")} - own
        found.setdefault(source.pk, set()).update(others)
    return {pk: frozenset(values) for pk, values in found.items()}


def newest(figures: Iterable[tuple[str, str, float, date | None, int]]) -> list[Value]:
    """One value per entity and period from (entity, period, value, source date, source n):
    the newest source's, by its date, then its number."""
    ordered = sorted(figures, key=lambda f: (f[3] or date.min, f[4]), reverse=True)
    chosen: dict[tuple[str, str], float] = {}
    for entity, period, value, _, _ in ordered:
        chosen.setdefault((entity, period), value)
    return [(entity, period, value) for (entity, period), value in sorted(chosen.items())]


def values_of(dataset: Dataset) -> list[Value]:
    """The table a dataset's computation reads: its rows members did not exclude, with their
    edited values."""
    rows = dataset.rows.counted().select_related("source")
    return newest((r.entity, r.period, r.current, r.source.published, r.source.n) for r in rows)


def compute(dataset: Dataset, values: list[Value]) -> None:
    """The dataset's SQL over `values` (the model's, run again; else its rule's), its result
    and chart; a model's SQL refused now falls back to the rule the words choose."""
    dataset.error, dataset.computed = "", None
    try:
        result = select(dataset.sql, [Table("dataset", COLUMNS, values)])
    except ComputeRefused as exc:
        if dataset.computation != Computation.MODEL:
            dataset.error = exc.reason
            return
        dataset.computation = rules.computation_for(dataset.title, len({v[1] for v in values}))
        dataset.sql = rules.SQL[dataset.computation]
        compute(dataset, values)
        return
    dataset.computed = {"columns": result.columns, "rows": result.rows}
    chart = _chart(dataset, values, result.columns, result.rows)
    dataset.chart_kind, dataset.chart_spec = chart if chart else ("", None)
    dataset.svg = ""  # drawn again from the new spec when next shown


def _chart(dataset: Dataset, values: list[Value], columns: list[str], rows: list) -> tuple | None:
    unit = unit_label(dataset.unit, dataset.measure)
    if dataset.computation == Computation.MODEL and dataset.chart_spec:
        encoding = dataset.chart_spec.get("encoding", {})
        x, y = encoding.get("x", {}).get("field", ""), encoding.get("y", {}).get("field", "")
        return figure.axes_spec(dataset.chart_kind, dataset.title, columns, rows, x, y, unit)
    if len({period for _, period, _ in values}) > 2:  # a series over time: lines
        return figure.series_spec(dataset.title, values, unit)
    return figure.chart_spec(dataset.title, dataset.computation, columns, rows, unit)
