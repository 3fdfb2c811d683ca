"""The key figures table of an extractive brief: a row for each quoted statement that states a
figure a measure names, up to two a section, in the report's order, a value once.

- Measure: a noun phrase naming what is measured, in the statement's words (figures.label:
  "FY2025 revenue", "Total funding", 银行借款). A table row's figure is named by its row and
  its column ("Series B (Amount)"; "Halden Robotics (FY2025 revenue)"), a record line's
  ("River: Orrin; Length: 87 km") likewise; a column that names a period ("2025年",
  "FY2025") dates the figure instead. A statement whose figure no measure names gives no row:
  never a row without one, nor one that is a sentence's start ("Arden had").
- Value: as the statement writes it, with its unit and scale, the start of its range
  ("20–80%") and its rate ("$1,720 per robot per month", "4.95元/立方米"). A date or a period is
  no value, nor is a number that is part of a name (ISO 9001, version 2.1, model K3, 5号线).
- As of: the date the statement gives for that figure, in its clause ("in 2023", "at the
  start of 2023", "FY2025", "2024年末", "as of September 2026"), or else one that opens the
  sentence ("截至2025年末，…"); else the source's date. A year after the source's own is a
  target or a maturity ("2027年到期债务"), not the figure's date.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from research.text.extractive.figures import MONTHS, Figure, figures, label, names_a_measure
from research.text.extractive.terms import is_cjk, terms
from research.text.quantities import Quantity, not_a_level_at, quantities, respective_years

TABLE_ROWS = 12
_NUMBER = r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?"
_MONTH = "(?:" + "|".join(m.capitalize() for m in MONTHS) + ")"
_YEAR = r"(?:19|20)\d\d"
# Each way of writing a period, from the most precise; the groups give (year, month, day) or
# the period as written.
_PERIODS = [
    ("day", re.compile(rf"\b({_MONTH})\s+(\d{{1,2}}),\s+({_YEAR})\b")),
    ("day", re.compile(rf"\b(\d{{1,2}})\s+({_MONTH})\s+({_YEAR})\b")),
    ("day", re.compile(rf"\b({_YEAR})-(\d\d)-(\d\d)\b")),
    ("day", re.compile(rf"({_YEAR})年(\d{{1,2}})月(\d{{1,2}})日")),
    ("month", re.compile(rf"({_YEAR})年(\d{{1,2}})月")),
    ("month", re.compile(rf"\b({_MONTH})\s+({_YEAR})\b")),
    ("written", re.compile(rf"\b(?:Q[1-4]|H[12])\s?(?:FY\s?)?{_YEAR}\b")),
    ("written", re.compile(rf"{_YEAR}年(?:第[一二三四1-4]季度|[上下]半年|末|底|初)")),
    ("fiscal", re.compile(rf"\b(?:FY\s?|fiscal\s+(?:year\s+)?)({_YEAR})\b")),
    ("edge", re.compile(rf"\b(?:(start|end|beginning|middle) of|year-(end))\s+({_YEAR})\b")),
    ("year", re.compile(rf"(?<![A-Za-z0-9_-])({_YEAR})(?:年|(?![A-Za-z0-9_-]))")),
]
_CLAUSE_END = re.compile(r"[;；。，:：()（）]|,(?!\s?\d)")
_OPENING = re.compile(  # "At the end of 2025, ...", "截至2025年末，..."
    rf"^\s*(?:(?:in|at|by|as of|as at|during|截至|截止|到)\s*)?(?:the\s+)?"
    rf"(?:(?:start|end|beginning) of\s+)?[^,，\d]{{0,12}}{_YEAR}[^,，\d]{{0,6}}[,，]",
    re.IGNORECASE,
)
_BASELINE = re.compile(  # "up 3% from 2022": the year it is compared with
    r"(?:\b(?:from|since|than|over|versus|vs\.?|compared (?:with|to))|较|比|相比)\s*$",
    re.IGNORECASE,
)
_IDENTIFIER = re.compile(
    r"(?:\b(?:ISO|IEC|version|v|model|no\.|number|room|gate|platform|line|type|phase|firmware)"
    r"|#|型号|版本|编号|第)\s?[-.]?\s?$",
    re.IGNORECASE,
)
_RATE = re.compile(
    r"(?:\s?/\s?(?:[A-Za-z²³]{1,6}\b|立方米|平方米|千瓦时|公里|公斤|小时|吨|升|度|人|户|月|年|天|日|次|台|件)"
    r"|\sper\s[a-z]+(?:\sper\s[a-z]+)?"
    r"|\san?\s(?:month|year|week|day|hour)(?!\s(?:ago|earlier|later|before)))"
)
_ORDINAL_COLUMNS = re.compile(
    r"(?:pos\.?|position|rank|ranking|place|no\.?|#|ref\.?|排名|名次|序号|编号)", re.IGNORECASE
)
_GENERIC_COLUMNS = frozenset(
    "value values figure figures data specification specifications detail details "
    "数值 数据 值 规格".split()
)
_DATE_COLUMNS = re.compile(
    r"date|as of|period|year|日期|截至|时间|年份|年度|年末|年底|期末", re.IGNORECASE
)


@dataclass(frozen=True)
class Quoted:
    quote: str
    n: int  # its source's citation number
    header: str  # a table row's header ("Round; Date; Amount"); "" for a sentence
    when: str  # its source's date; "" when unknown
    # values its source states that are not its subject's now: restated otherwise by a newer
    # source, or stated of another named thing ("…while rival Brannock Line carried 962,000")
    unsaid: frozenset[float] = frozenset()


def table(
    sections: Sequence[Sequence[Quoted]], columns: tuple[str, str, str, str], asked: str = ""
) -> str:
    """Measure | value | as of | source: the named figure of the quoted statements that have
    one (of a table's row, the one whose measure shares most words with what is `asked`: "On
    time (%)" rather than "Departures" for on-time rates; else the first), up to two a section,
    in the report's order, a value once. Not a figure its source's `unsaid` holds, nor one a
    revision in its sentence replaces."""
    rows: list[str] = []
    seen: set[str] = set()
    for own in sections:
        taken = 0
        for quoted in own:
            row = _row(quoted, seen, asked)
            if row and taken < 2 and len(rows) < TABLE_ROWS:
                rows.append(row)
                taken += 1
    if not rows:
        return ""
    head = "| " + " | ".join(columns) + " |"
    return "\n".join([head, "|---|---|---|---|", *rows])


def _row(quoted: Quoted, seen: set[str], asked: str) -> str:
    found = list(stated(quoted))
    if not found:
        return ""
    value, measure, when = max(found, key=lambda f: fit(f[1], f[0], asked))  # first of the best
    if value in seen:
        return ""
    seen.add(value)
    cells = [measure, value, when or quoted.when or "—", f"[{quoted.n}]"]
    return "| " + " | ".join(c.replace("|", "/") for c in cells) + " |"


def _replaced(sentence: str, value: str, stale: frozenset[float]) -> bool:
    """Whether a figure is one of `stale` (its source's values that are not its subject's
    now), the old value its own sentence revises ("由3,410万台上调至3,480万台"), or a
    forecast ("expects revenue of £1,305.0 million")."""
    at = sentence.find(value)
    amounts = quantities(sentence[at:]) if at >= 0 else []
    if not amounts or amounts[0].start != 0:
        return False
    amount = amounts[0]
    moved = Quantity(amount.value, amount.unit, amount.text, at, at + amount.end, "")
    why = not_a_level_at(sentence, moved)  # an old value revised, or a forecast
    gone = "revision" in why or "forecast" in why
    return gone or any(math.isclose(amount.value, v, rel_tol=1e-9) for v in stale)


RATE = re.compile(r"\brates?\b|percent|\bshare|ratio|proportion|率|占比|比例|比重", re.I)


def fit(measure: str, value: str, asked: str) -> tuple[int, bool]:
    """How well a figure answers what is asked: the words its measure shares with it, then,
    when a rate or a share is asked, whether it is a percentage."""
    shared = len(set(terms(asked)) & set(terms(measure)))
    percent = "%" in value or "%" in measure or "percent" in measure.lower()
    return shared, bool(RATE.search(asked)) and percent


def stated(quoted: Quoted) -> Iterator[tuple[str, str, str]]:
    """The statement's figures that a measure names, in order, each as (value, measure, as of);
    not those its source's `unsaid` holds, nor an old value its sentence revises."""
    for found in _stated(quoted):
        if not _replaced(quoted.quote, found[0], quoted.unsaid):
            yield found


def _stated(quoted: Quoted) -> Iterator[tuple[str, str, str]]:
    fields = _fields(quoted)
    if fields:
        yield from _named_fields(fields, quoted)
        return
    sentence = quoted.quote
    for figure in figures(sentence):
        if figure.kind in ("date", "quarter") or _IDENTIFIER.search(sentence[: figure.start]):
            continue
        measure = _untimed(label(sentence, figure))
        if names_a_measure(measure):
            yield _value(sentence, figure), measure, _as_of(sentence, figure, quoted.when)


def _fields(quoted: Quoted) -> list[tuple[str, str]]:
    """A table row's cells with their columns' names, or a record line's ("River: Orrin;
    Length: 87 km") names and values; [] for a sentence."""
    cells = re.split(r";\s*", quoted.quote)
    names = re.split(r";\s*", quoted.header) if quoted.header else []
    if names and len(names) == len(cells):
        return list(zip(names, cells, strict=True))
    pairs = [re.match(r"^([^:：]{1,40})[:：]\s*(.+)$", cell) for cell in cells]
    if len(cells) < 2 or not all(pairs):
        return []
    return [(m.group(1).strip(), m.group(2).strip()) for m in pairs if m]


def _named_fields(fields: list[tuple[str, str]], quoted: Quoted) -> Iterator[tuple[str, str, str]]:
    """Each figure of a row named by the row (its first cell without a number) and its column;
    a column naming a period dates it, the latest such column first."""
    row = next((v for _, v in fields if re.match(r"[^\W\d_]", v) and not _figured(v)), "")
    row = re.sub(r"^(?:其中|of which)\s*[:：]\s*", "", row, flags=re.IGNORECASE)
    dated = next((v for name, v in fields if _DATE_COLUMNS.search(name) and _period(v)), "")
    found = []
    for k, (name, value) in enumerate(fields):
        unit = re.search(r"[（(][^）)]*[）)]", name)
        bare = name.replace(unit.group(0), "").strip() if unit else name
        if _ORDINAL_COLUMNS.fullmatch(bare.strip()):
            continue  # a place in a table ("Pos: 2"), not an amount of anything
        period = _period(bare)
        whole = bool(period) and _period(bare, whole=True) != ""  # "2025年", not "FY2025 revenue"
        written = figures(value)
        for figure in written or _bare(value):
            if figure.kind in ("date", "quarter") or (row and value.endswith(row)):
                continue
            # A bare number is shown as written; its column names it with its unit
            # ("公允价值（亿元）: 1.3").
            column = "" if whole or name.lower() in _GENERIC_COLUMNS else name
            measure = f"{row} ({column})" if row and column else row or column
            measure += f" {unit.group(0)}" if whole and unit else ""
            if names_a_measure(measure):
                when = period or (_period(dated) if dated else quoted.when)
                found.append((-_year(period) if whole else 0, k, (figure.value, measure, when)))
            break
    periods = sorted(f for f in found if f[0])
    if found and found[0][0] and periods:  # "2024年: 16.9亿元; 2025年: 18.6亿元": the latest
        found[0] = periods[0]
    for _, _, named in found:
        yield named


def _bare(cell: str) -> list[Figure]:
    """A cell that is a number alone ("3,120", "87.5"), which its column names: a count; a
    year alone is a period."""
    if re.fullmatch(_NUMBER, cell.strip()) and not re.fullmatch(_YEAR, cell.strip()):
        return [Figure(cell.strip(), "count", "", 0)]
    return []


def _figured(text: str) -> bool:
    return any(f.kind not in ("date", "quarter") for f in figures(text))


def _period(text: str, whole: bool = False) -> str:
    """The period `text` names (`whole`: that `text` is), as the table shows it ("2026-02",
    "FY2025", "2024年末"); "" when none."""
    text = text.strip()
    for kind, pattern in _PERIODS:
        match = pattern.fullmatch(text) if whole else pattern.search(text)
        if match:
            return _written(kind, match)
    return ""


def _written(kind: str, match: re.Match) -> str:
    groups = [g for g in match.groups() if g]
    if kind == "day":
        year, month, day = _ymd(groups)
        return f"{year}-{month:02d}-{day:02d}"
    if kind == "month":
        year, month, _ = _ymd([*groups, "0"])
        return f"{year}-{month:02d}"
    if kind == "fiscal":
        return f"FY{groups[0]}"
    if kind == "edge":
        return f"{'end' if groups[0] == 'end' else groups[0]} of {groups[-1]}"
    return match.group(0) if kind == "written" else groups[0]


def _ymd(groups: list[str]) -> tuple[int, int, int]:
    """Year, month and day from a match's groups, whatever their order and a month's name."""
    year = next(int(g) for g in groups if re.fullmatch(_YEAR, g))
    named = [MONTHS.index(g.lower()) + 1 for g in groups if g.lower() in MONTHS]
    numbers = [int(g) for g in groups if g.isdigit() and not re.fullmatch(_YEAR, g)]
    if named:
        return year, named[0], numbers[0] if numbers else 0
    return year, numbers[0], numbers[1] if len(numbers) > 1 else 0


def _year(period: str) -> int:
    found = re.search(_YEAR, period)
    return int(found.group(0)) if found else 0


# A year right after a figure, maybe after the noun it counts: "38,400 tonnes in 2019",
# "52,300 residents (2024)".
_RIGHT_AFTER = re.compile(
    rf"(?:\s+[a-z][a-z-]+){{0,2}}\s+(?:in|by|as of|for|during)\s+({_YEAR})\b(?!\s*[-–])"
    rf"|\s*[（(]({_YEAR})[)）]"
)


# A year the figure is said of just before it: "由2019年的1585.2万人次降至…".
_RIGHT_BEFORE = re.compile(rf"({_YEAR})年(?:末|底|度)?的\s*$")
# A clause that only says when, right before the figure's ("…渠道：截至2022年底，澄光…").
_LEADING = re.compile(
    rf"(?:^|[:：;；。])\s*(?:(?:in|at|by|as of|as at|during|截至|截止|到)\s*)?(?:the\s+)?"
    rf"(?:(?:start|end|beginning) of\s+)?[^,，\d:：]{{0,6}}{_YEAR}[^,，\d]{{0,4}}[,，]\s*$",
    re.IGNORECASE,
)


def _as_of(sentence: str, figure: Figure, when: str) -> str:
    """The period the statement gives for the figure: the most precise in its clause (the
    nearest of those), or one opening the sentence; "" when neither (its source's date then).
    A period after its source's year is not one."""
    amounts = quantities(sentence)
    listed = respective_years(sentence, amounts)  # "2021年和2022年…分别为A和B"
    own = [i for i, a in enumerate(amounts) if a.start <= figure.start < a.end]
    if own and own[0] in listed:
        return listed[own[0]]
    end = figure.start + len(figure.value)
    starts = [m.end() for m in _CLAUSE_END.finditer(sentence, 0, figure.start)]
    start = starts[-1] if starts else 0
    stop = _CLAUSE_END.search(sentence, end)
    clause = sentence[start : stop.start() if stop else len(sentence)]
    at = figure.start - start
    limit = _year(when) or 9999
    right_after = _RIGHT_AFTER.match(sentence, end)  # "from 38,400 tonnes in 2019 to …"
    said = right_after and (right_after.group(1) or right_after.group(2))
    right_before = _RIGHT_BEFORE.search(sentence[: figure.start])  # "由2019年的1585.2万人次"
    said = said or (right_before and right_before.group(1))
    if said and _year(said) <= limit:
        return said
    for kind, pattern in _PERIODS:
        found = [
            m
            for m in pattern.finditer(clause)
            if not (at <= m.start() < at + len(figure.value))
            and _year(m.group(0)) <= limit
            and not _BASELINE.search(clause[: m.start()])
        ]
        if found:  # the nearest; of years ("between 2021 and 2024"), the last
            last = kind == "year"
            nearest = min(
                found,
                key=lambda m: (-_year(m.group(0)) if last else abs(m.start() - at), m.start()),
            )
            return _written(kind, nearest)
    opening = _OPENING.match(sentence) or _LEADING.search(sentence[:start])
    if opening and opening.end() <= figure.start:
        period = _period(opening.group(0))
        return period if _year(period) <= limit else ""
    return _year_before(sentence, figure.start, limit)


def _year_before(sentence: str, at: int, limit: int) -> str:
    """The year a Chinese sentence's part gives before the figure's clause, which says none
    ("临江港2023年集装箱吞吐量完成1,041.2万标箱，同比增长5.6%"); not one compared with."""
    if not any(map(is_cjk, sentence[:at])):
        return ""
    part = re.split(r"[;；。]", sentence[:at])[-1]
    found = [m for m in _YEAR_ALONE.finditer(part) if not _BASELINE.search(part[: m.start()])]
    year = found[-1].group(1) if found else ""
    return year if year and int(year) <= limit else ""


_YEAR_ALONE = re.compile(rf"({_YEAR})年(?!\d|度?[末底初])")


def _value(sentence: str, figure: Figure) -> str:
    """The figure as written, with the start of its range and its rate after it."""
    end = figure.start + len(figure.value)
    value = figure.value
    start = re.search(rf"(?:{_NUMBER})\s?[–-]\s?$", sentence[: figure.start])
    if start and figure.value[:1].isdigit():
        value = start.group(0) + value
    power = re.match(r"[²³]", sentence[end : end + 1])  # "318 km²"
    if power:
        value, end = value + power.group(0), end + 1
    rate = _RATE.match(sentence, end)
    return value + rate.group(0) if rate else value


def _untimed(measure: str) -> str:
    """The measure without a period it names: "Revenue in 2025" -> "Revenue"."""
    measure = re.sub(rf"\s+(?:in\s+)?(?:FY\s?)?{_YEAR}$", "", measure)
    measure = re.sub(rf"^{_YEAR}年?\s*", "", measure)
    return measure[:1].upper() + measure[1:]
