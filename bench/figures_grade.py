"""The grading of bench/figures.py: a run's datasets, charts and stated figures measured against
its corpus's truth (bench/figures_cases/), mechanically.

- Rows: every dataset row a computation reads (not excluded). A row is wrong when its entity is
  none of the corpus's (by any of its names, a possessive stripped), or that entity has no
  figure of the row's period, value and unit; or when it has, but only a superseded one or a
  draft's while a current one states it. A row whose value is a figure's without its scale or
  currency ("18.2" for $18.2 million) lost its unit: wrong too.
- Facts: each asked entity and period with a current figure of the asked measure; covered when
  a right row of that entity, period and value is in a dataset.
- Charts: a trend or comparison is charted when one dataset's chart holds every asked entity.
- Stated figures: what Dossier itself says a figure is, wherever a value is one of the corpus's
  figures (a value no figure has is not graded): each computed row in the report's figures
  (entity, period, value), each key-figures row (its label, value and as-of; and its cited
  source must state the value), each sentence of the body outside quotes (the overview's, a
  figure's result), and each as-of prefix on a quote. Wrong when no figure with that value is
  of the entity it names and of the period it gives, or the figure is superseded or a draft's
  while a current one says otherwise, or (key figures) the figure is of an entity not asked
  that the row does not name.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from bench.facts import CITATIONS, numbers, split_report
from bench.figures_cases import Case, Entity, Figure, fact_of
from research.text.quantities import SCALES, quantities

if TYPE_CHECKING:
    from research.models import Project

POSSESSIVE = re.compile(r"(?:['’]s?|的)$")
YEAR = re.compile(r"(?<!\d)((?:19|20)\d\d)(?!\d)")
YEAR_AFTER = re.compile(r"^\s*(?:in|for|of|as of|at the end of|by)?\s*(?:FY\s?)?((?:19|20)\d\d)")
QUOTED = re.compile(r"“[^”]*”")
PREFIXED = re.compile(
    r"\*(?:Earlier, as of|As of|此前（截至|截至)\s*([^:：*]+?)）?[:：]\*\s*“([^”]+)”", re.IGNORECASE
)
SCALE_HINT = re.compile(
    r"[(（]\s*(?:US)?[$€£¥]?\s?(thousand|million|billion|k|m|bn|mn|万|亿|百万|千万)", re.IGNORECASE
)
CURRENCY_HINT = re.compile(
    r"[(（][^)）]*(\$|€|£|¥|元|美元|欧元|英镑|USD|EUR|GBP|CNY)", re.IGNORECASE
)


@dataclass
class Graded:
    case: Case
    half: str
    status: str
    wall: float = 0.0
    rows: int = 0
    wrong_rows: list[str] = field(default_factory=list)
    stated: int = 0
    wrong_stated: list[str] = field(default_factory=list)
    covered: list[str] = field(default_factory=list)
    missed: list[str] = field(default_factory=list)
    charted: bool = False
    charts: list[str] = field(default_factory=list)
    markdown: str = ""


# --- Truth lookups ----------------------------------------------------------------------------


def _key(name: str) -> str:
    return POSSESSIVE.sub("", " ".join(name.split()).strip(" .,:;，：").lower())


def entity_of(name: str, case: Case) -> Entity | None:
    key = _key(name)
    return next((e for e in case.entities if any(_key(n) == key for n in e.names)), None)


def named_in(text: str, case: Case) -> set[str]:
    """The entities a text names (the longest name wins where names overlap: "Aurora Borealis
    Tours" is not Aurora)."""
    spans: list[tuple[int, int, str]] = []
    lower = text.lower()
    for entity in case.entities:
        for name in entity.names:
            for m in re.finditer(re.escape(name.lower()), lower):
                spans.append((m.start(), m.end(), entity.name))
    spans.sort(key=lambda s: (s[0], -(s[1] - s[0])))
    found: set[str] = set()
    reach = -1
    for start, end, owner in spans:
        if start >= reach:
            found.add(owner)
            reach = end
    return found


def close(a: float, b: float) -> bool:
    return math.isclose(a, b, rel_tol=1e-4, abs_tol=1e-9)


def with_value(case: Case, value: float, unit: str) -> list[Figure]:
    return [f for f in case.figures if f.unit == unit and close(f.value, value)]


def stale(case: Case, figure: Figure) -> bool:
    """A superseded or draft figure where a current one states that entity's measure then."""
    if figure.state == "current":
        return False
    return any(
        (f.entity, f.measure, f.period, f.state)
        == (figure.entity, figure.measure, figure.period, "current")
        and not close(f.value, figure.value)
        for f in case.figures
    )


def scaled(case: Case, value: float) -> list[Figure]:
    """Figures this bare value is, with a scale or currency it lost."""
    return [
        f
        for f in case.figures
        if f.unit not in ("", "percent") or f.value >= 1000
        if any(close(value * s, f.value) for s in (1.0, *set(SCALES.values())))
    ]


# --- Rows -------------------------------------------------------------------------------------


def row_wrong(case: Case, entity: str, period: str, value: float, unit: str) -> str:
    """Why a row is wrong, or ""."""
    known = entity_of(entity, case)
    same = with_value(case, value, unit)
    if known is None:
        owners = sorted({f.entity for f in same})
        return f"entity {entity!r} is none of the corpus's" + (
            f" (the value is {', '.join(owners)}'s)" if owners else ""
        )
    mine = [f for f in same if f.entity == known.name]
    at = [f for f in mine if f.period == period]
    if at:
        if all(stale(case, f) for f in at):
            return f"{known.name} {period}: {value:g} is {at[0].state} ({at[0].doc})"
        return ""
    if mine:
        periods = ", ".join(sorted({f.period for f in mine}))
        return f"{known.name}: {value:g} is of {periods}, not {period}"
    if same:
        return f"{known.name} {period}: {value:g} {unit} is {same[0].entity}'s ({same[0].period})"
    lost = [f for f in scaled(case, value) if f.entity == known.name and f.period == period]
    if lost and unit == "":
        return f"{known.name} {period}: {value:g} lost its unit ({lost[0].written!r})"
    return f"{known.name} {period}: no figure {value:g} {unit}"


def grade_rows(graded: Graded, datasets: list[Any]) -> list[tuple[str, str, float, str]]:
    """The right rows (entity, period, value, unit); the wrong ones listed on `graded`."""
    right = []
    for dataset in datasets:
        for row in dataset.rows.counted():
            graded.rows += 1
            why = row_wrong(graded.case, row.entity, row.period, row.value, row.unit)
            if why:
                graded.wrong_rows.append(f"{why} — “{short(row.quote)}”")
            else:
                known = entity_of(row.entity, graded.case)
                right.append((known.name, row.period, row.value, row.unit))  # type: ignore[union-attr]
    return right


def grade_facts(graded: Graded, right: list[tuple[str, str, float, str]]) -> None:
    case = graded.case
    for entity in case.asked.entities:
        for period in case.asked.periods:
            fact = fact_of(case, entity, period)
            if fact is None:
                continue
            found = any(
                (e, p, u) == (entity, period, fact.unit) and close(v, fact.value)
                for e, p, v, u in right
            )
            (graded.covered if found else graded.missed).append(f"{entity} {period}")


def grade_charts(graded: Graded, datasets: list[Any]) -> None:
    asked = set(graded.case.asked.entities)
    for dataset in datasets:
        if not dataset.chart_spec:
            continue
        values = dataset.chart_spec.get("data", {}).get("values", [])
        shown = {
            known.name
            for point in values
            for cell in point.values()
            if isinstance(cell, str) and (known := entity_of(cell, graded.case))
        }
        graded.charts.append(f"{dataset.title}: {', '.join(sorted(shown)) or 'no entity'}")
        graded.charted = graded.charted or asked <= shown


# --- Stated figures ---------------------------------------------------------------------------


def stated_wrong(case: Case, value: float, unit: str, entities: set[str], years: set[str]) -> str:
    """Why a stated value is wrong; "" when right, "-" when no figure has the value."""
    same = with_value(case, value, unit)
    if not same and unit == "":  # a bare number: graded as whichever figure it is
        same = [f for f in case.figures if close(f.value, value) and f.value >= 100]
    if not same:
        return "-"
    fits = [
        f
        for f in same
        if (not entities or f.entity in entities) and (not years or f.period in years)
    ]
    if not fits:
        f = same[0]
        said = f"{', '.join(sorted(entities)) or '-'} {', '.join(sorted(years))}"
        return f"{value:g} {unit} is {f.entity}'s of {f.period}, said of {said}"
    if all(stale(case, f) for f in fits):
        return f"{value:g} {unit} is {fits[0].state} ({fits[0].doc})"
    return ""


def grade_computed(graded: Graded, datasets: list[Any]) -> None:
    for dataset in datasets:
        computed = dataset.computed or {}
        columns = computed.get("columns", [])
        if "entity" not in columns:
            continue
        for row in computed.get("rows", []):
            cells = dict(zip(columns, row, strict=False))
            known = entity_of(str(cells["entity"]), graded.case)
            for period_key, value_key in (
                ("first_period", "first_value"),
                ("last_period", "last_value"),
                ("period", "value"),
            ):
                if period_key in cells and isinstance(cells.get(value_key), (int, float)):
                    graded.stated += 1
                    who = {known.name} if known else {str(cells["entity"])}
                    why = stated_wrong(
                        graded.case,
                        float(cells[value_key]),
                        dataset.unit,
                        who,
                        {str(cells[period_key])},
                    )
                    if why not in ("", "-"):
                        graded.wrong_stated.append(f"computed {dataset.title}: {why}")


def grade_key_figures(graded: Graded, table: str, sources: dict[int, str]) -> None:
    asked = set(graded.case.asked.entities)
    for line in table.splitlines()[2:]:
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) < 4:
            continue
        label, written, as_of, cited = cells[0], cells[1], cells[2], cells[-1]
        for amount in quantities(written)[:1]:
            value, unit = amount.value, amount.unit
            hint = SCALE_HINT.search(label)
            if hint and not amount.conversion:
                value *= SCALES.get(hint.group(1).lower(), 1.0)
            currency = CURRENCY_HINT.search(label)
            if currency and not unit:
                unit = {"$": "USD", "€": "EUR", "£": "GBP", "¥": "CNY", "元": "CNY"}.get(
                    currency.group(1), currency.group(1).upper().replace("美元", "USD")
                )
            names = named_in(label, graded.case)
            why = stated_wrong(graded.case, value, unit, names, set(YEAR.findall(as_of)))
            if why == "-":
                continue
            graded.stated += 1
            owners = {f.entity for f in with_value(graded.case, value, unit)}
            if not why and not names and not owners & asked:
                why = f"{written} is {', '.join(sorted(owners))}'s, unnamed"
            text = sources.get(next(iter(numbers(cited)), 0), "")
            if not why and amount.text.lstrip("$€£¥US").split()[0] not in text:
                why = f"{written}: its source [{cited}] does not state it"
            if why:
                graded.wrong_stated.append(f"key figure {line.strip()}: {why}")


def grade_sentences(graded: Graded, body: str) -> None:
    """The body's own sentences (outside quotes, tables, headings and captions)."""
    for prefix, quote in PREFIXED.findall(body):
        given = set(YEAR.findall(prefix))
        for amount in quantities(quote):
            why = stated_wrong(graded.case, amount.value, amount.unit, set(), given)
            if why != "-":
                graded.stated += 1
                if why:
                    graded.wrong_stated.append(f"as of {prefix}: “{short(quote)}”: {why}")
    for line in body.splitlines():
        if line.startswith(("#", "|", "!", "*", "_")) or not line.strip():
            continue
        own = QUOTED.sub(" ", CITATIONS.sub(" ", line))
        for sentence in re.split(r"(?<=[。！？])|(?<=[.!?])\s+", own):
            grade_sentence(graded, sentence)


def grade_sentence(graded: Graded, sentence: str) -> None:
    names = named_in(sentence, graded.case)
    for amount in quantities(sentence):
        after = YEAR_AFTER.match(sentence[amount.end :])
        years = {after.group(1)} if after else set(YEAR.findall(sentence))
        why = stated_wrong(graded.case, amount.value, amount.unit, names, years)
        if why == "-":
            continue
        graded.stated += 1
        if why:
            graded.wrong_stated.append(f"sentence “{short(sentence)}”: {why}")


# --- The whole ---------------------------------------------------------------------------------


def grade(project: Project, case: Case, half: str, wall: float) -> Graded:
    from bench.kinds_grade import TABLE_HEADINGS, sections, source_text

    graded = Graded(case, half, project.status, wall)
    graded.markdown = project.reports.get(is_current=True).markdown
    body, _ = split_report(graded.markdown)
    datasets = list(project.datasets.all())
    right = grade_rows(graded, datasets)
    grade_facts(graded, right)
    grade_charts(graded, datasets)
    grade_computed(graded, datasets)
    sources = {s.n: source_text(s) for s in project.sources.select_related("snapshot", "passage")}
    table = next((t for h, t in sections(body) if h in TABLE_HEADINGS), "")
    grade_key_figures(graded, table, sources)
    grade_sentences(graded, body)
    return graded


def short(text: str, limit: int = 160) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"
