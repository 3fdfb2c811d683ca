"""The answer that opens an extractive report: sentences built from the figures its quotes state,
each figure cited to the quote it comes from, so the claim ledger checks every number in them
like any other.

- A comparison across named things: for each measure the question asks of them, the highest
  and the lowest with their figures ("Of the 3 compared, Quillfeather Automation had the
  highest FY2025 revenue ($112.4M [2]) and Stannard Motion the lowest ($27.9M [1]).").
  Each thing's figure comes from its own section's quotes, the first that states a figure of
  that measure in the unit most of them share, and is its own (a row or sentence naming it).
  Only when every thing has one: the highest of those found is not the highest.
- A trend: a measure stated for two or more years gives its first and last values, rising or
  falling ("Visitors rose from 212,000 in 2019 [3] to 640,900 in 2025 [1]."); the years the
  question asks come first.
- Nothing is computed that no source states (no percentage change of our own): the ledger
  would find no quote for it.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from research.text.extractive import key_figures
from research.text.extractive.asks import YEARS, asks_trend
from research.text.extractive.aspects import subject_names, subject_part
from research.text.extractive.key_figures import Quoted, stated
from research.text.extractive.names import Named
from research.text.extractive.terms import terms
from research.text.quantities import quantities
from research.text.writing import is_cjk

_WHOLE_YEAR = re.compile(r"^(?:FY\s?)?(?:19|20)\d\d(?:年(?:末|底|全年)?)?$")
_MEASURES = re.compile(r"\s*(?:,\s*|\band\b|\bas well as\b|和|与|及|以及|、)\s*")
_UNIT = re.compile(r"[（(]([^()（）]{1,12})[）)]\)?$")
_QUIET = frozenset(terms("the number of amount level total their its 的 数量"))


@dataclass(frozen=True)
class Figure:
    measure: str  # as the quote names it
    value: str  # as the quote writes it
    amount: float  # in base units
    unit: str  # "USD", "percent", "" for a count
    when: str  # the period the quote gives it; "" when it gives none
    n: int  # the source's citation number
    quote: str


@dataclass(frozen=True)
class Phrases:
    """How the sentences read in the report's language: one figure a sentence, its words those
    of the row or sentence it comes from, so the claim ledger aligns each with its quote."""

    scoped: str  # a measure with the period the question puts on all the things
    highest: str  # of three or more
    lowest: str
    higher: str  # of two
    lower: str
    first: str  # a trend's first value
    rose: str  # and its last, risen
    fell: str  # or fallen


PHRASES = {
    "en": Phrases(
        scoped="{measure} ({scope})",
        highest="{name} has the highest {measure}: {value}.",
        lowest="{name} has the lowest {measure}: {value}.",
        higher="{name} has the higher {measure}: {value}.",
        lower="{name} has the lower {measure}: {value}.",
        first="{measure} stood at {value} in {year}{cite}.",
        rose="{measure} rose to {value} in {year}{cite}.",
        fell="{measure} fell to {value} in {year}{cite}.",
    ),
    "zh": Phrases(
        scoped="{measure}（{scope}）",
        highest="{measure}最高的是{name}：{value}。",
        lowest="{measure}最低的是{name}：{value}。",
        higher="{measure}较高的是{name}：{value}。",
        lower="{measure}较低的是{name}：{value}。",
        first="{year}年{measure}为{value}{cite}。",
        rose="{year}年{measure}增至{value}{cite}。",
        fell="{year}年{measure}降至{value}{cite}。",
    ),
}


def figures_of(quotes: Sequence[Quoted]) -> list[Figure]:
    """The figures the quotes state with a measure that names them, in the quotes' order; a
    figure's period only when its quote gives one (not its source's date)."""
    found = []
    for quoted in quotes:
        for value, measure, when in stated(quoted):
            if when == quoted.when and when not in quoted.quote:
                when = ""  # its source's date, which the quote does not give: not the figure's
            shown = _with_unit(value, measure)
            amounts = quantities(shown) or quantities(value)  # "71.8 %": a percentage
            if amounts:
                amount = amounts[0]
                found.append(
                    Figure(measure, shown, amount.value, amount.unit, when, quoted.n, quoted.quote)
                )
    return found


def _with_unit(value: str, measure: str) -> str:
    """A table's bare number with the unit its column gives ("12.4", "Mean flow (m³/s)":
    "12.4 m³/s"; "1.3", "公允价值（亿元）": "1.3亿元")."""
    unit = _UNIT.search(measure)
    if not re.fullmatch(r"[\d.,]+", value) or unit is None:
        return value
    inner = unit.group(1).strip()
    if not _unit_like(inner):  # "Carran International (Departures)": a column, no unit
        return value
    return f"{value}{inner}" if is_cjk(inner[:1] or " ") or inner == "%" else f"{value} {inner}"


UNIT_WORDS = frozenset(
    "km m cm mm kg g t mw gw kw kwh mwh gwh wh minutes minute mins min hours hour hrs h days "
    "day weeks years litres liters l ml people persons rooms beds units miles mph seconds sec "
    "s ms cumecs hectares ha acres tonnes tons thousands thousand millions million billions "
    "billion bn mn k usd eur gbp cny rmb points pts".split()
)


def _unit_like(text: str) -> bool:
    """Whether a parenthesised part names a unit ("%", "m³/s", "minutes", "万人", "thousands"),
    not a column ("Departures")."""
    return (
        is_cjk(text[:1] or " ")
        or re.search(r"[^A-Za-z\s]", text) is not None
        or all(word in UNIT_WORDS for word in text.lower().split())
    )


def answer(
    question: str,
    named: Named | None,
    sections: Sequence[tuple[str, Sequence[Quoted]]],
    language: str,
) -> list[str]:
    """The opening's sentences: a comparison's for each asked measure, else a trend's; [] when
    the quotes state no figures to build them from."""
    phrases = PHRASES.get(language, PHRASES["en"])
    if named is not None:
        built = _comparison(named, sections, phrases)
        if built:
            return built
    if not asks_trend(question):
        return []
    everything = [figure for _, quotes in sections for figure in figures_of(quotes)]
    return _trend(question, everything, phrases)


def _asked_measures(named: Named) -> list[str]:
    """The measures a comparison asks ("length and mean annual flow": two)."""
    parts = [p.strip() for p in _MEASURES.split(named.measure) if p and p.strip()]
    asked = [p for p in parts if set(terms(p)) - _QUIET]
    return asked or ([named.measure] if named.measure else [])


def _comparison(
    named: Named, sections: Sequence[tuple[str, Sequence[Quoted]]], phrases: Phrases
) -> list[str]:
    owned = {name: _owned(name, named.names, sections) for name in named.names}
    years = set(YEARS.findall(named.scope))
    if years:  # the period the question puts on all of them: no figure of another year
        owned = {
            name: [
                f for f in figures if not YEARS.search(f.when) or set(YEARS.findall(f.when)) & years
            ]
            for name, figures in owned.items()
        }
    sentences = []
    for measure in _asked_measures(named) or [""]:
        wanted = set(terms(measure)) - _QUIET
        chosen = _one_each(owned, wanted, measure)
        if len(chosen) == len(named.names):  # the highest of some would mislead
            shown = phrases.scoped.format(measure=measure, scope=named.scope)
            shown = shown if measure and named.scope else measure
            sentences += _ranked_sentences(shown, chosen, phrases)
    return sentences


def _owned(
    name: str, names: Sequence[str], sections: Sequence[tuple[str, Sequence[Quoted]]]
) -> list[Figure]:
    """The figures of the sections headed by `name` ("Aurora Bikes: revenue 2021–2023") that
    are its own: not a table row that names something else ("Skell Water (Length)" in the
    Keddle's section is a tributary's), nor a sentence that names another of the things and
    not this one."""
    found = [
        figure
        for title, quotes in sections
        if title == name or title.startswith((f"{name}:", f"{name}："))
        for figure in figures_of(quotes)
        if _owns(name, names, figure)
    ]
    # Those that name it first: "Fourth-quarter revenue was $31.7M" may be anyone's quarter.
    return sorted(found, key=lambda figure: name.lower() not in figure.quote.lower())


def _owns(name: str, names: Sequence[str], figure: Figure) -> bool:
    """Whether the figure is `name`'s: a table row's that names it, else a sentence's whose
    nearest named thing before the figure is it, or that names none of the things."""
    row = re.match(r"^(.+?) [(（]", figure.measure)
    if row and row.group(1) in figure.quote:  # a table row's name
        return name.lower() in row.group(1).lower()
    quote = figure.quote.lower()
    if not any(other.lower() in quote for other in names):
        return True
    at = next((a.start for a in quantities(figure.quote) if a.value == figure.amount), -1)
    if at < 0:
        return name.lower() in quote
    part = re.split(r"[;；。]", quote[:at])[
        -1
    ]  # "…江大附院门急诊人次达428.9万人次": not 第一人民医院's
    before = [(part.rfind(other.lower()), other) for other in names if other.lower() in part]
    return bool(before) and max(before)[1] == name


def _one_each(owned: dict[str, list[Figure]], wanted: set[str], asked: str) -> dict[str, Figure]:
    """Each thing's figure of the measure (its words overlap the wanted ones most, or any
    measure when none is asked; a percentage first when a rate or share is asked: "On time
    (%)" before "Departures" for on-time departure rates), in the unit most of the things'
    figures share."""

    def fit(figure: Figure) -> tuple[int, bool]:
        return key_figures.fit(figure.measure, figure.value, asked)

    matching = {
        name: sorted(
            (f for f in figures if not wanted or fit(f)[0]), key=lambda f: fit(f), reverse=True
        )
        for name, figures in owned.items()
    }
    units = Counter(figures[0].unit for figures in matching.values() if figures)
    if not units:
        return {}
    unit = max(sorted(units), key=lambda u: units[u])
    chosen = {}
    for name, figures in matching.items():
        first = next((f for f in figures if f.unit == unit), None)
        if first is not None:
            chosen[name] = first
    return chosen


def _ranked_sentences(measure: str, chosen: dict[str, Figure], phrases: Phrases) -> list[str]:
    order = sorted(chosen, key=lambda name: -chosen[name].amount)
    high, low = order[0], order[-1]
    if chosen[high].amount == chosen[low].amount:
        return []
    measure = measure or _column(chosen[high].measure, chosen)
    measure = re.sub(r"^the\s+", "", _lower_first(measure))
    top, bottom = (
        (phrases.highest, phrases.lowest) if len(chosen) > 2 else (phrases.higher, phrases.lower)
    )
    return [
        top.format(name=high, measure=measure, value=_cited(chosen[high])),
        bottom.format(name=low, measure=measure, value=_cited(chosen[low])),
    ]


def _column(measure: str, chosen: dict[str, Figure]) -> str:
    """A table row's measure without the row's name when the row is a compared thing's
    ("Redbourne Rovers (Average)": average), as the sentence names the thing itself."""
    row = re.match(r"^(.+?) [(（](.+)[)）]$", measure)
    return row.group(2) if row and row.group(1) in chosen else measure


def _trend(question: str, figures: list[Figure], phrases: Phrases) -> list[str]:
    """First and last values of the asked measure stated for two or more whole years."""
    asked_years = [int(y) for y in YEARS.findall(question)]
    wanted = set(terms(question)) - _QUIET
    names = subject_names(question)  # whose measure it is: "Park cabins let" are no visitors
    named = set(terms(names)) if names != subject_part(question) else set()
    wanted = _singular((wanted - named) or wanted)
    yearly = [f for f in figures if _WHOLE_YEAR.match(f.when) and wanted & _words(f.measure)]
    groups: dict[tuple[str, str], dict[int, Figure]] = {}  # by unit and wording, by year
    for figure in yearly:
        year = int(YEARS.search(figure.when).group(1))  # type: ignore[union-attr]
        groups.setdefault((figure.unit, _wording(figure.measure)), {}).setdefault(year, figure)
    best = max(  # the measure the question names most nearly, then the one of most years
        sorted(groups),
        key=lambda key: (len(wanted & _words(key[1])), len(groups[key])),
        default=None,
    )
    if best is None or len(groups[best]) < 2:
        return []
    by_year = groups[best]
    first, last = _ends(sorted(by_year), asked_years)
    start, end = by_year[first], by_year[last]
    if start.amount == end.amount:
        return []
    template = phrases.rose if end.amount > start.amount else phrases.fell
    measure = _upper_first(_unitless(start.measure))
    return [
        phrases.first.format(measure=measure, value=start.value, year=first, cite=f" [{start.n}]"),
        template.format(measure=measure, value=end.value, year=last, cite=f" [{end.n}]"),
    ]


def _words(measure: str) -> set[str]:
    return _singular(set(terms(measure)))


def _singular(words: set[str]) -> set[str]:
    """Words without a plural's "s": "visitor numbers" asks for "Visitors"."""
    return {w[:-1] if len(w) > 3 and w.endswith("s") and not w.endswith("ss") else w for w in words}


def _unitless(measure: str) -> str:
    """ "Visitors (thousands)" -> "Visitors": the unit is shown with the value."""
    return _UNIT.sub("", measure).strip() or measure


def _wording(measure: str) -> str:
    """A measure's words without its unit or period: the same measure, whatever row says it."""
    bare = re.sub(r"[（(][^()（）]*[）)]|(?:FY\s?)?(?:19|20)\d\d年?", " ", measure)
    return " ".join(terms(bare))


def _ends(years: list[int], asked: list[int]) -> tuple[int, int]:
    """The first and last years: the ones the question asks when both were stated."""
    stated_asked = [y for y in asked if y in years]
    if len(set(stated_asked)) >= 2:
        return min(stated_asked), max(stated_asked)
    return years[0], years[-1]


def _cited(figure: Figure) -> str:
    return f"{figure.value} [{figure.n}]"


def _lower_first(text: str) -> str:
    return text[:1].lower() + text[1:] if text[:2] != text[:2].upper() else text


def _upper_first(text: str) -> str:
    return text[:1].upper() + text[1:]
