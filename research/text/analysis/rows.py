"""The rows of a dataset read from sentences: for each amount a sentence states, who it is of
(the entity), what it measures, its value and unit, and the period it is for, with the sentence
as the row's quote.

"Avalon had 126,000 residents in 2024, up from 120,000 in 2023." gives two rows: Avalon,
residents, 126,000 in 2024, and 120,000 in 2023. The period is the year in the amount's clause,
else the last year before it in the sentence; the entity is the last name before it, else the
one the caller knows the text is about (a document's title); the measure is the noun the
amount counts, else the first content word before it ("the population of Avalon was 120,000":
population; "阿瓦隆人口为12万": 人口).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from research.text.extractive.figures import MONTHS
from research.text.extractive.terms import STOPWORDS
from research.text.quantities import Quantity, quantities, years
from research.text.writing import CJK

NAME = re.compile(r"\b[A-Z][\w'’-]*(?:\s+(?:of\s+)?[A-Z][\w'’-]*)*")
CLAUSE_BREAK = re.compile(
    r"[;:，；：。]|,(?!\d)|\b(?:up from|down from|compared with|against|while|whereas|but)\b"
)
# Words around an amount that say nothing of what it measures.
NOT_MEASURES = frozenset(
    "was were is are be been had has have reached grew grown rose fell stood totalled totaled "
    "increased decreased declined climbed dropped amounted counted numbered went came "
    "up down about "
    "around nearly approximately some roughly almost just over under more less than it its "
    "their by to from of in at on per year years".split()
)
# A year just after an amount, maybe after the noun it counts: "126,000 residents in 2024".
AFTER = re.compile(
    r"(?:\s+[a-z][a-z-]+)?\s+(?:in|by|as of|for|at the end of|during)\s+((?:19|20)\d\d)\b"
    r"|\s*[（(]((?:19|20)\d\d)[)）]"
)
SYNONYMS = {
    "residents": "population",
    "inhabitants": "population",
    "people": "population",
    "citizens": "population",
    "居民": "人口",
    "sales": "revenue",
    "turnover": "revenue",
    "营业": "营收",
}
CJK_VERBS = re.compile(
    r"(?:为|达到|达|是|约|增至|增长到|增长至|升至|降至|减至|有|共|总计|合计|约为)+$"
)


@dataclass(frozen=True)
class Row:
    entity: str
    measure: str
    value: float
    unit: str
    period: str  # "2024"; "" when the sentence dates nothing
    quote: str  # the sentence, as the source says it
    conversion: str  # what was done to the amount as written; "" when nothing


def rows_in(sentence: str, *, entity: str = "", measure: str = "") -> list[Row]:
    """The rows this sentence states; `entity` and `measure` stand in when it does not say."""
    found: list[Row] = []
    for amount in quantities(sentence):
        said = _measure(sentence, amount) or (found[-1].measure if found else "")
        found.append(
            Row(
                entity=_entity(sentence, amount) or entity,
                measure=said or measure,
                value=amount.value,
                unit=amount.unit,
                period=_period(sentence, amount),
                quote=sentence,
                conversion=amount.conversion,
            )
        )
    return found


def _period(sentence: str, amount: Quantity) -> str:
    """The year right after the amount ("120,000 residents in 2023"), else the last one before
    it in its clause ("In 2023 ... was 120,000"), else the first after it in its clause, else
    the last before it in the sentence."""
    right_after = AFTER.match(sentence, amount.end)
    if right_after:
        return right_after.group(1) or right_after.group(2)
    start, end = _clause(sentence, amount)
    dated = years(sentence)
    before = [year for year, at in dated if at < amount.start]
    in_clause = [year for year, at in dated if start <= at < amount.start]
    after = [year for year, at in dated if amount.end <= at < end]
    chosen = in_clause[-1:] or after[:1] or before[-1:]
    return str(chosen[0]) if chosen else ""


def _clause(sentence: str, amount: Quantity) -> tuple[int, int]:
    """Where the amount's clause starts and ends in the sentence."""
    start, end = 0, len(sentence)
    for brk in CLAUSE_BREAK.finditer(sentence):
        if brk.end() <= amount.start:
            start = brk.end()
        elif brk.start() >= amount.end:
            end = brk.start()
            break
    return start, end


def _entity(sentence: str, amount: Quantity) -> str:
    names = [
        m.group(0)
        for m in NAME.finditer(sentence[: amount.start])
        if m.group(0).lower() not in STOPWORDS and m.group(0).lower() not in MONTHS
    ]
    return names[-1] if names else ""


def _measure(sentence: str, amount: Quantity) -> str:
    after = re.match(r"\s*([a-z][a-z-]{2,})", sentence[amount.end :])
    if after and after.group(1) not in NOT_MEASURES and after.group(1) not in STOPWORDS:
        return after.group(1)  # "126,000 residents"
    before = sentence[: amount.start]
    cjk = re.search(f"([{CJK}]+)$", before.rstrip())
    if cjk:
        said = CJK_VERBS.sub("", cjk.group(1))
        return said[-2:] if len(said) >= 2 else ""
    names = " ".join(NAME.findall(before)).split()
    content = [
        w
        for w in re.findall(r"[A-Za-z][A-Za-z-]+", before)
        if w.lower() not in NOT_MEASURES and w.lower() not in STOPWORDS and w not in names
    ]
    return content[0].lower() if content else ""


def same_measure(measure: str) -> str:
    """The name a measure is compared under: residents, inhabitants and people count a
    population; sales and turnover are revenue."""
    word = measure.lower()
    return SYNONYMS.get(word, word)


PERIOD_KEYS = re.compile(r"^(?:year|date|period|fy|fiscal year|年份|年度|日期|时期|年)$", re.I)


def rows_in_record(
    pairs: list[tuple[str, str]], quote: str, *, entity: str = "", measure: str = ""
) -> list[Row]:
    """The rows of one record: its first field that is neither a number nor a year names the
    entity; a field named like a year or date, or holding one, gives the period; every other
    number is a row, measured by its field's name (a field named by a year is that year's
    value: a wide table, "City: Avalon; 2023: 120000; 2024: 126000")."""
    period, named, amounts = "", "", []
    for key, value in pairs:
        found = quantities(value)
        year = years(value)
        if PERIOD_KEYS.match(key) or (year and not found):
            period = period or (str(year[0][0]) if year else value)
        elif found and len(found) == 1:
            amounts.append((key, found[0]))
        elif not found and not year and not named:
            named = value
    rows = []
    for key, amount in amounts:
        key_year = years(key)
        rows.append(
            Row(
                entity=named or entity,
                measure=measure if key_year else key.lower(),
                value=amount.value,
                unit=amount.unit,
                period=str(key_year[0][0]) if key_year else period,
                quote=quote,
                conversion=amount.conversion,
            )
        )
    return rows
