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
from dataclasses import dataclass, replace

from research.text.analysis.owners import CLAUSE_BREAK, NAME, Owner, Whose, other_name
from research.text.extractive.terms import STOPWORDS
from research.text.quantities import (
    CURRENCIES,
    HeaderUnit,
    Quantity,
    counted_after,
    counted_in,
    header_unit,
    in_column,
    not_a_level_at,
    quantities,
    respective_years,
    years,
)
from research.text.writing import CJK

# Words around an amount that say nothing of what it measures.
NOT_MEASURES = frozenset(
    "was were is are be been had has have reached grew grown rose fell stood totalled totaled "
    "increased decreased declined climbed dropped amounted counted numbered went came "
    "up down about "
    "around nearly approximately some roughly almost just over under more less than it its "
    "their by to from of in at on per year years and or with "
    "thousand million billion trillion bn mn dollars euros pounds yuan percent cent".split()
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
    r"(?:为|达到|达|是|约|增至|增长到|增长至|升至|降至|减至|有|共|总计|合计|约为|分别"
    r"|上调至|下调至|上调|下调|调整为|更正为|修正为|修订为|至|完成|实现|录得"
    r"|人民币|港币|港元|美元|欧元|英镑|日元)+$"
)


@dataclass(frozen=True)
class Row:
    entity: str  # "" when it is of no asked thing (then `left_out` says why)
    measure: str
    value: float
    unit: str
    period: str  # "2024"; "" when the sentence dates nothing
    quote: str  # the sentence, as the source says it
    conversion: str  # what was done to the amount as written; "" when nothing
    left_out: str = ""  # why it is nobody's asked: "of Boreal Cycles", "... named as one subject"
    counted: str = ""  # the thing its amount counts, when a word says: "标箱", "tonnes"


def rows_in(
    sentence: str,
    *,
    entity: str = "",
    measure: str = "",
    whose: Whose | None = None,
    year: str = "",
) -> list[Row]:
    """The rows this sentence states, each of the entity its clause states it of (`whose`
    tells; without it, any name, else `entity`); `measure` stands in when it does not say;
    `year` is the year its text is of, which "全年", "this year" name."""
    whose = whose or Whose(subject=entity)
    found: list[Row] = []
    amounts = quantities(sentence)
    respective = respective_years(sentence, amounts)
    last: Owner | None = None  # whose the sentence's amount before was
    for i, amount in enumerate(amounts):
        previous = found[-1].measure if found else ""
        listed = i in respective and i - 1 in respective  # "分别为301.7万千瓦和385.4万千瓦"
        said = previous if listed else _measure(sentence, amount, whose.common, previous)
        owner = whose.of(sentence, amount.start)
        if last is not None and not owner.said:  # "…临江市2023年末为412.7万人，2022年末为…"
            owner = last
        last = owner
        not_a_level = not_a_level_at(sentence, amount)
        if not_a_level and owner.entity:
            owner = Owner("", why=not_a_level)
        found.append(
            Row(
                entity=owner.entity,
                measure=said or measure,
                value=amount.value,
                unit=amount.unit,
                period=respective.get(i)
                or _earlier(sentence, amount, year)
                or _period(sentence, amount)
                or _whole(sentence, amount, year),
                quote=sentence,
                conversion=amount.conversion,
                left_out=owner.why,
                counted=counted_after(sentence[amount.end :]),
            )
        )
    return found


def _unyeared(name: str) -> str:
    return YEARS_IN_NAME.sub("", name).strip(" -–:：")


YEARS_IN_NAME = re.compile(r"(?:FY\s?)?(?:19|20)\d\d(?:年度?|\b)", re.IGNORECASE)


def _named_by(unit: HeaderUnit | None) -> str:
    """What a table's title says its numbers measure ("Terminal passengers, final figures
    (thousands)": terminal passengers)."""
    return re.split(r"[,，:：;；]", unit.name)[0].strip() if unit else ""


def _period(sentence: str, amount: Quantity) -> str:
    """The year right after the amount ("120,000 residents in 2023"), else the last one before
    it in its clause ("In 2023 ... was 120,000"), else the first after it in its clause, else
    the last before it in its part of the sentence (not across a semicolon), else the one
    that opens the sentence ("2023年，…")."""
    right_after = AFTER.match(sentence, amount.end)
    if right_after:
        return right_after.group(1) or right_after.group(2)
    start, end = _clause(sentence, amount)
    dated = years(sentence)
    part = max(sentence.rfind(";", 0, amount.start), sentence.rfind("；", 0, amount.start))
    before = [year for year, at in dated if part < at < amount.start]
    in_clause = [year for year, at in dated if start <= at < amount.start]
    after = [y for y, at in dated if amount.end <= at < end and not _aside(sentence, amount, at)]
    opening = OPENING_YEAR.match(sentence)  # "2023年，本行实现…；实现净利润16.9亿元"
    chosen = in_clause[-1:] or after[:1] or before[-1:]
    if chosen:
        return str(chosen[0])
    return opening.group(1) if opening and opening.end() <= amount.start else ""


# The year before the one a sentence is of: "€268.3 million a year earlier", "上年为…".
EARLIER = re.compile(
    r"\s*(?:[a-z]+\s+)?(?:a year (?:earlier|before|ago)|(?:in\s+)?the (?:previous|prior) year)\b"
)
CJK_EARLIER = re.compile(r"(?:上年|去年|上一年)(?:同期|全年)?(?:为|的|是)?$")


def _earlier(sentence: str, amount: Quantity, year: str) -> str:
    """The year before the sentence's (the last it names before the amount, else `year`) when
    the amount is said of the year before it; else ""."""
    if not (EARLIER.match(sentence, amount.end) or CJK_EARLIER.search(sentence[: amount.start])):
        return ""
    named = [y for y, at in years(sentence) if at < amount.start]
    base = named[-1] if named else int(year) if year else 0
    return str(base - 1) if base else ""


# The year a text is of, named without its number: "极峰汽车全年交付15.3万辆".
THE_YEAR = re.compile(r"全年|本年度|本年|今年|\b(?:full[- ]year|for the year|this year)\b", re.I)


def _whole(sentence: str, amount: Quantity, year: str) -> str:
    """`year`, when the amount's clause names the year without its number; else ""."""
    start = _clause(sentence, amount)[0]
    return year if year and THE_YEAR.search(sentence, start, amount.start) else ""


def _aside(sentence: str, amount: Quantity, at: int) -> bool:
    """Whether the year at `at` dates another amount in brackets of its own after this one:
    "86.9万人（2022年末：79.3万人）" (not "52,300 residents (2024)")."""
    if not re.search(r"[（(][^)）]*$", sentence[amount.end : at]):
        return False
    inside = re.match(r"[^)）]*", sentence[at:])
    return bool(inside and re.search(r"[:：]|\d[^)）]*\d", inside.group(0)[4:]))


OPENING_YEAR = re.compile(
    r"\s*(?:(?:in|by|as of|during)\s+)?(?:截至|到)?((?:19|20)\d\d)(?:年(?:末|底|度)?)?\s*[,，]",
    re.IGNORECASE,
)


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


def _measure(sentence: str, amount: Quantity, common: frozenset[str], previous: str) -> str:
    """The noun right after the amount ("126,000 residents"); else what the sentence's amount
    before it measures ("up from 120,000"); else the last content word of its clause before
    it, past the phrases that place it ("the population of Avalon was 120,000", "earned net
    profit of", "阿瓦隆人口为12万"); "" when none says."""
    after = re.match(r"\s*([a-z][a-z-]{2,}|[A-Z]{2,5}\b(?!\s+[A-Z]))", sentence[amount.end :])
    if (
        after
        and after.group(1) not in NOT_MEASURES
        and after.group(1) not in STOPWORDS
        and not after.group(1).endswith("ed")  # "the 3,418,000 carried in 2022": a verb
        and after.group(1).lower() not in UNITS_OF_MEASURE  # "186,400 tonnes" of what?
    ):
        return after.group(1)  # "126,000 residents", "1.15 million TEU"
    before = sentence[_clause(sentence, amount)[0] : amount.start]
    cjk = _cjk_measure(before) if re.search(f"[{CJK}]", before) else ""
    if cjk or previous:  # "…；实现归属于本行股东的净利润16.9亿元": 净利润; "up from 120,000"
        return cjk or previous
    if not re.search(r"[A-Za-z]{3}|[\u3400-\u9fff]", before):  # "Revenue for 2023: £1.88 billion"
        before = sentence[: amount.start]
    if re.search(f"[{CJK}]", before):
        return _cjk_measure(before)
    names = " ".join(other_name(m, common) for m in NAME.findall(before)).split()
    bare = PREPOSITIONAL.sub(" ", before)  # "ticket income at the castle reached": ticket income
    content = [
        w
        for w in re.findall(r"[A-Za-z][A-Za-z-]+", bare)
        if w.lower() not in NOT_MEASURES
        and w.lower() not in STOPWORDS
        and w not in names
        and not w.lower().endswith("ed")
        and w.lower() not in UNITS_OF_MEASURE
    ]
    if len(content) > 1 and content[-1].lower() in COUNTING:  # "Passenger numbers rose to"
        return f"{content[-2]} {content[-1]}".lower()
    return content[-1].lower() if content else ""


# Units an amount is measured in, which say how much, not of what.
UNITS_OF_MEASURE = frozenset(
    "tonnes tonne tons kg kwh mwh gwh twh mw gw km litres liters hectares barrels".split()
)
# Words that say only "how many" of the noun before them: "passenger numbers", "visitor count".
COUNTING = frozenset("numbers number figures count counts total totals".split())


# What stands between two amounts of one measure: the first's unit and a joining word.
CJK_BETWEEN = re.compile(r"^[万亿千百元美港币人次辆台吨家个户%％]*[和及与、至到或]?$")


def _cjk_measure(before: str) -> str:
    """The measure a Chinese clause names right before its amount: the words after the last
    的 ("实现归属于本行股东的净利润": 净利润), from the action counted ("累计交付新车": 交付新车),
    else its last two characters ("阿瓦隆人口为": 人口); "" when fewer."""
    before = CJK_VERBS.sub("", before.rstrip())
    before = CJK_WHEN.sub("", before)  # "风电装机规模截至2023年末达到": 风电装机规模
    run = re.search(f"([{CJK}]+)$", before)
    if not run:
        return ""
    said = CJK_VERBS.sub("", run.group(1)).split("的")[-1]
    said = CJK_BETWEEN.sub("", said)  # "3.2亿元和4.1亿元": nothing of its own before 4.1
    action = CJK_ACTIONS.search(said)
    if action:
        return said[action.start() :][:8]
    core = CJK_COUNTING.sub("", said)  # "装机规模": 装机
    said = core if len(core) >= 2 else said
    return said[-2:] if len(said) >= 2 else ""


# When a Chinese clause says its figure is, between the measure and the amount.
CJK_WHEN = re.compile(
    r"(?:截至|截止|到)?(?:(?:19|20)\d\d年)?(?:末|底|初|度|全年|同期|上半年|下半年|当年)$"
    r"|(?:截至|截止|到)?(?:19|20)\d\d年$"
)


# A phrase that places or owns what is measured, not what it is: "at the castle", "of Avalon".
PREPOSITIONAL = re.compile(
    r"\b(?:at|in|of|for|from|on|by|across|within)\s+(?:the\s+|its\s+|their\s+)?"
    r"(?:[A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*)*|[a-z][\w-]*)"
)


# A Chinese measure names what it measures last (年末常住人口: 人口); words after it that say
# only "how many" or "how much" (门店数量: 门店) and the synonyms of one measure go.
CJK_COUNTING = re.compile(r"(?:数量|总数|总量|总额|金额|规模|容量|人次|人数|数)$")
CJK_SAME = {
    "收入": "营收",
    "业额": "营收",
    "营业": "营收",
    "总值": "gdp",
    "销量": "销售",
    "溢利": "利润",  # Hong Kong's word for profit
}
# What is done that a count measures, whatever it is done to: 交付新车20.6万辆, 交付量.
CJK_ACTIONS = re.compile(r"交付|销售|出货|生产|产量|接待|吞吐|发送|运送|完成|签约|新增")


def cjk_stem(measure: str) -> str:
    """What a Chinese measure is compared under: the action it counts (交付新车, 交付量:
    交付), else its last two characters after any word of counting (营业收入 and 营收 alike:
    营收; 门店数量: 门店)."""
    found = CJK_ACTIONS.findall(measure)  # "完成集装箱吞吐量": 吞吐, not 完成
    actions = [a for a in found if a != "完成"] or found
    if actions:
        return CJK_SAME.get(actions[-1], actions[-1])
    core = CJK_COUNTING.sub("", measure.strip()) or measure.strip()
    stem = core[-2:]
    return CJK_SAME.get(stem, stem)


def same_measure(measure: str) -> str:
    """The name a measure is compared under: residents, inhabitants and people count a
    population; sales and turnover are revenue."""
    word = measure.lower()
    return SYNONYMS.get(word, word)


LABEL_HEADERS = re.compile(
    r"^\s*(?:measure|metric|indicator|item|line item|kpi|figure|项目|指标|科目|类别)\s*$", re.I
)
UNIT_AFTER = re.compile(r"\s*[（(][^）)]{1,16}[）)]\s*$")  # a column's unit none scales
CCY = re.compile(r"^\s*(?:currency|ccy|币种|货币)\s*$", re.IGNORECASE)
PERIOD_KEYS = re.compile(r"^(?:year|date|period|fy|fiscal year|年份|年度|日期|时期|年)$", re.I)


def rows_in_record(
    pairs: list[tuple[str, str]],
    quote: str,
    *,
    entity: str = "",
    measure: str = "",
    whose: Whose | None = None,
    unit: HeaderUnit | None = None,
) -> list[Row]:
    """The rows of one record: its first field that is neither a number nor a year names the
    entity (`whose` tells whether it is an asked thing; a measure's name there, "Revenue
    ($m)", names the measure instead); a field named like a year or date, or holding one,
    gives the period; every other number is a row, measured by its field's name and in the
    unit that name gives ("Revenue ($m)": 12.4 is $12,400,000), else the one its row's or its
    table's first column's name gives ("机场（单位：万人次）"), else `unit` (its table's
    title's); a field named by a year is that year's value: a wide table, "City: Avalon;
    2023: 120000; 2024: 126000")."""
    whose = whose or Whose(subject=entity)
    period, named, amounts, money = _fields(pairs)
    table = next((u for key, _ in pairs[:1] if (u := header_unit(key))), None)
    # a first column of measures: named so ("Measure", "项目"), or by its unit alone ("(€ m)")
    labels = bool(pairs) and (LABEL_HEADERS.match(pairs[0][0]) or (table and not table.name))
    # "Revenue; 2022: 16.8; 2023: 18.2"; "Key figures: Harvest (thousand tonnes); 2023: 142.7"
    if named and (labels or not whose.is_name(named) or header_unit(named)):
        measure, named = measure or named, ""
    row_unit = header_unit(measure) if measure else None
    owner, why = whose.of_cell(named)
    rows = []
    for key, amount in amounts:
        key_year = years(key)
        own = header_unit(key)
        column = own or row_unit or table or unit
        amount = in_column(amount, column) if column else amount
        if money and not amount.unit:
            amount = replace(amount, unit=money)
        called = own.name if own else UNIT_AFTER.sub("", key)  # "在校生（人）": 在校生
        # "2023年交付量（万辆）": 交付量; else the row's or the table's measure
        said = (measure or _unyeared(called) or _named_by(unit)) if key_year else called
        rows.append(
            Row(
                entity=owner,
                measure=(row_unit.name if row_unit and key_year else said).lower(),
                value=amount.value,
                unit=amount.unit,
                period=str(key_year[0][0]) if key_year else period,
                quote=quote,
                conversion=amount.conversion,
                left_out=why,
                counted=counted_in(column.written) if column else "",
            )
        )
    return rows


def _fields(pairs: list[tuple[str, str]]) -> tuple[str, str, list[tuple[str, Quantity]], str]:
    """A record's period, its first field naming something, its fields holding one amount
    each, and the currency a "Currency: GBP" field gives its amounts."""
    period, named, amounts, money = "", "", [], ""
    for key, value in pairs:
        found = quantities(value)
        year = years(value)
        if CCY.match(key):
            money = CURRENCIES.get(value.strip().lower(), "")
        elif PERIOD_KEYS.match(key) or (year and not found):
            period = period or (str(year[0][0]) if year else value)
        elif found and len(found) == 1:
            amounts.append((key, found[0]))
        elif not found and not year and not named:
            named = value
    return period, named, amounts, money
