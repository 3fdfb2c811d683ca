"""Amounts as numbers, in English and Chinese: "$1.2bn", "1,200 million", "12亿", "126,000",
"5.2%". Each becomes a value in base units with its unit ("USD", "percent", "" for a plain
count) and, when the text wrote it otherwise, the conversion made ("$1.2bn = 1,200,000,000
USD"), so that figures from different sources can be compared and computed over.

A year standing alone ("in 2024", "2024年") is a period, not an amount: `years` finds those.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal

SCALES = {
    "thousand": 1e3,
    "k": 1e3,
    "million": 1e6,
    "mn": 1e6,
    "m": 1e6,
    "billion": 1e9,
    "bn": 1e9,
    "b": 1e9,
    "trillion": 1e12,
    "tn": 1e12,
    "千": 1e3,
    "万": 1e4,
    "百万": 1e6,
    "千万": 1e7,
    "亿": 1e8,
    "万亿": 1e12,
}
CURRENCIES = {
    "$": "USD",
    "us$": "USD",
    "€": "EUR",
    "£": "GBP",
    "¥": "CNY",
    "dollars": "USD",
    "usd": "USD",
    "euros": "EUR",
    "eur": "EUR",
    "pounds": "GBP",
    "gbp": "GBP",
    "cny": "CNY",
    "rmb": "CNY",
    "yuan": "CNY",
    "美元": "USD",
    "元": "CNY",
    "人民币": "CNY",
    "欧元": "EUR",
    "英镑": "GBP",
    "日元": "JPY",
    "港元": "HKD",
    "港币": "HKD",
    "hk$": "HKD",
    "hkd": "HKD",
}
PERCENT = {"%": "percent", "percent": "percent", "per cent": "percent", "％": "percent"}
_NUMBER = r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?"
_CJK_SCALE = "万亿|千万|百万|亿|万|千"
_SCALE = r"thousand|million|billion|trillion|bn|mn|tn|k|m|b"
AMOUNT = re.compile(
    r"(?P<before>US\$|HK\$|\$|€|£|¥)?\s?"
    rf"(?P<number>{_NUMBER})"
    rf"(?:\s?(?P<cjk>{_CJK_SCALE})|\s?(?P<scale>{_SCALE})\b)?"
    r"(?:\s?(?P<after>%|％|per cent|percent\b|美元|港元|港币|人民币|元|欧元|英镑|日元"
    r"|dollars\b|euros\b|pounds\b|USD\b|EUR\b|GBP\b|CNY\b|RMB\b|HKD\b|yuan\b))?",
    re.IGNORECASE,
)
YEAR = re.compile(r"(?<![A-Za-z\d,.$€£¥])((?:19|20)\d\d)(?:年|\b)(?![.,]?\d|%)")


@dataclass(frozen=True)
class Quantity:
    value: float  # in base units: 1.2e9 for "$1.2bn"
    unit: str  # "USD", "percent"...; "" for a count
    text: str  # as written
    start: int
    end: int
    conversion: str  # "" when written plainly; else what was done ("$1.2bn = 1,200,000,000 USD")


def quantities(text: str) -> list[Quantity]:
    """The amounts in `text`, in order; years standing alone are left out."""
    found = []
    for match in AMOUNT.finditer(text):
        number = match.group("number")
        scale = (match.group("cjk") or match.group("scale") or "").lower()
        unit = _unit(match.group("before"), match.group("after"))
        if not scale and not unit and _is_year(number):
            continue
        if scale in ("m", "b", "k") and not match.group("before"):
            scale = ""  # "5 m" is five metres, "3 b" is not a billion: only "$5m" scales
        value = scaled(number.replace(",", ""), SCALES.get(scale, 1.0))
        written = match.group(0).strip()
        plain = not scale and not match.group("before")
        conversion = "" if plain else f"{written} = {spelled(value)}{' ' + unit if unit else ''}"
        found.append(Quantity(value, unit, written, match.start(), match.end(), conversion))
    return found


def scaled(number: str, scale: float) -> float:
    """The number times its scale, in decimal so that 35.8亿 is 3,580,000,000 exactly."""
    return float(Decimal(number) * Decimal(scale))


def years(text: str) -> list[tuple[int, int]]:
    """The years standing alone in `text`, as (year, offset)."""
    return [(int(m.group(1)), m.start()) for m in YEAR.finditer(text)]


RESPECTIVELY = re.compile(r"\brespectively\b|分别")


def respective_years(sentence: str, amounts: list[Quantity]) -> dict[int, str]:
    """The years a list gives its amounts in order, by the amounts' places in `amounts`:
    "2021年和2022年营收分别为3.2亿元和4.1亿元" (the years before 分别, the amounts after it),
    "In 2021 and 2022 revenue was $3.2 million and $4.1 million respectively" (the amounts
    before it, the years before them); {} when the counts differ or the units do."""
    said = RESPECTIVELY.search(sentence)
    if not said or not amounts:
        return {}
    if said.group(0) == "分别":
        part = max(sentence.rfind(mark, 0, said.start()) for mark in "；。;")
        dated = [year for year, at in years(sentence) if part < at < said.start()]
        listed = [i for i, a in enumerate(amounts) if a.start > said.start()][: len(dated)]
    else:
        before = [i for i, a in enumerate(amounts) if a.end <= said.start()]
        first = amounts[before[0]].start if before else 0
        dated = [year for year, at in years(sentence) if at < first]
        listed = before[-len(dated) :] if dated else []
    if len(dated) < 2 or len(listed) != len(dated) or len({amounts[i].unit for i in listed}) > 1:
        return {}
    return {i: str(year) for i, year in zip(listed, dated, strict=True)}


def _unit(before: str | None, after: str | None) -> str:
    for mark in (after, before):
        if mark:
            key = mark.lower()
            return PERCENT.get(key) or CURRENCIES.get(key, "")
    return ""


def _is_year(number: str) -> bool:
    return bool(re.fullmatch(r"(?:19|20)\d\d", number))


def spelled(value: float) -> str:
    """A value as the conversions and figures write it: "3,580,000,000", "12.4"."""
    return f"{value:,.0f}" if value == int(value) else f"{value:,.4g}"


# A column's name that says the unit of its cells: "Revenue ($m)", "营收（亿元）", "Share (%)",
# "Revenue, € million".
HEADER_UNIT = re.compile(r"\s*(?:[(（]\s*([^()（）]{1,16}?)\s*[)）]|[,，]\s*([^,，]{1,16}?))\s*$")
HEADER_PART = re.compile(
    r"US\$|HK\$|\$|€|£|¥|%|％|percent|万亿|千万|百万|亿|万|千|美元|港元|人民币|欧元|英镑|日元|元"
    r"|thousands?|millions?|billions?|trillions?|bn|mn|tn|usd|eur|gbp|cny|rmb|hkd|[mkb]\b",
    re.IGNORECASE,
)


UNIT_LABEL = re.compile(r"^\s*(?:单位|units?|in)\s*[:：]?\s*", re.IGNORECASE)
# What a column may count beside its scale: "万人", "万人次", "万辆", "亿元" says its currency.
COUNTED = frozenset(
    [
        "",
        *"人 人次 辆 台 吨 家 个 户 件 套 架次 标箱 标准箱 部 册 本 张 头 只 条 间".split(),
        *"所 床 座 名 位".split(),
        *"千瓦时 千瓦 兆瓦 立方米 公里 平方米 公顷 亩 teu".split(),
        *"tonnes tonne tons passengers visitors vehicles units people barrels".split(),
        *"kwh mwh gwh twh mw gw km litres hectares".split(),
    ]
)


BY_LENGTH = sorted(COUNTED, key=len, reverse=True)


def counted_after(text: str) -> str:
    """The thing an amount counts when a word of COUNTED follows it: "标箱" of "万标箱，…",
    "tonnes" of " tonnes in 2023"; "" when none does."""
    head = text.lstrip()[:12].lower()
    return next((c for c in BY_LENGTH if c and head.startswith(c) and _whole_word(head, c)), "")


def _whole_word(text: str, word: str) -> bool:
    return not word.isascii() or not text[len(word) : len(word) + 1].isalpha()


def counted_in(written: str) -> str:
    """The thing a column's unit counts: "标箱" of "万标箱", "tonnes" of "thousand tonnes"."""
    return next((c for c in BY_LENGTH if c and written.lower().endswith(c)), "")


@dataclass(frozen=True)
class HeaderUnit:
    name: str  # the column's name without its unit ("Revenue")
    scale: float  # 1e6 for "$m"
    unit: str  # "USD", "percent"; "" for a count
    written: str  # as the column writes it ("$m")


def header_unit(key: str) -> HeaderUnit | None:
    """The unit a column's name gives its cells, when it says one."""
    found = HEADER_UNIT.search(key)
    name = key[: found.start()].strip() if found else ""  # "£ million": a unit, nothing else
    written = UNIT_LABEL.sub("", (found.group(1) or found.group(2)) if found else key.strip())
    counted = counted_in(written)
    core = written[: len(written) - len(counted)]  # "亿千瓦时": 亿 of 千瓦时
    parts = [p.group(0).lower() for p in HEADER_PART.finditer(core)]
    if not parts or HEADER_PART.sub("", core).strip(" .").lower() not in COUNTED:
        return None
    scale, unit = 1.0, ""
    for part in parts:
        part = part.rstrip("s") if part.endswith(("thousands", "millions", "billions")) else part
        if part in SCALES:
            scale = SCALES[part]
        else:
            unit = PERCENT.get(part) or CURRENCIES.get(part, unit)
    return HeaderUnit(name, scale, unit, written)


def in_column(amount: Quantity, column: HeaderUnit) -> Quantity:
    """A cell's amount in its column's unit ("12.4" under "Revenue ($m)": 12,400,000 USD)."""
    digits = re.sub(r"[^\d.]", "", amount.text.split()[0] if amount.text.split() else "")
    plain = bool(digits) and abs(float(digits) - amount.value) < 1e-9 * max(1.0, amount.value)
    scale = column.scale if plain else 1.0  # "$12.4m" under "Revenue ($m)" is scaled already
    value = scaled(repr(amount.value), scale)
    unit = amount.unit or column.unit
    if scale == 1.0 and unit == amount.unit:
        return amount
    conversion = f"{amount.text} ({column.written}) = {spelled(value)}{' ' + unit if unit else ''}"
    return Quantity(value, unit, amount.text, amount.start, amount.end, conversion)


CHANGE_BEFORE = re.compile(
    r"(?:\b(?:by|added|adding|an? (?:increase|decrease|rise|fall|drop|gain|loss) of|net)\s+"
    r"|(?:增加|减少|增长|下降|净增|新增|净减|增|减|多|少)了?\s*)$",
    re.IGNORECASE,
)
REVISION = re.compile(
    r"\b(?:revised|restated|corrected|amended)\b|更正|修订|修正|调整|重述|上调|下调"
)
# "revised from 41,300", "由上年公报的351.0万人次调整为…": the old value after "from".
REVISED_FROM = re.compile(
    r"(?:\bfrom(?:\s+[a-z]+){0,3}|(?:由|从|原)[^\d，,。；;]{0,8})\s*$", re.IGNORECASE
)


FORECAST = re.compile(
    r"\b(?:expects?|expected|expecting|forecasts?|forecasted|projects?|projected|guidance"
    r"|targets?|targeting|aims? (?:for|to)|plans? to|planned|budget(?:ed)?|anticipates?"
    r"|anticipated)\b"
    r"|预计|预期|预测|目标|计划|有望|力争",
    re.IGNORECASE,
)
CLAUSE_END = re.compile(r"[,;:，；：。]")
CJK_FORECAST = re.compile(r"预计|预期|预测|有望")  # of the whole part of the sentence after it


def not_a_level_at(sentence: str, amount: Quantity) -> str:
    """Why an amount is no figure of its measure: a change ("比上年末增加3.6万人", "added
    19,000"), the old value a revision replaces in the same sentence ("revised from 41,300
    to 40,800 tonnes"), or a forecast ("expects revenue of £1,305.0 million for 2023")."""
    before = sentence[max(0, amount.start - 30) : amount.start]
    if amount.unit != "percent" and CHANGE_BEFORE.search(before):
        return "a change, not a level"
    if REVISION.search(sentence) and REVISED_FROM.search(before):
        return "the value a revision replaces"
    clause = CLAUSE_END.split(sentence[max(0, amount.start - 60) : amount.start])[-1]
    part = re.split(r"[;；。]|而|但", sentence[: amount.start])[
        -1
    ]  # "预计…，完成货物吞吐量约6.4亿吨"
    if FORECAST.search(clause) or CJK_FORECAST.search(part):
        return "a forecast, not a figure"
    return ""


def states_value(quote: str, value: float, conversion: str = "") -> bool:
    """Whether a quote states the value: as the conversion says it was written ("18.2" of
    "18.2 ($m) = 18,200,000 USD"), or as an amount the quote gives."""
    written = conversion.split(" = ")[0].split(" (")[0].strip() if conversion else ""
    if written and written in quote:
        return True
    return any(abs(q.value - value) <= 1e-9 * max(1.0, abs(value)) for q in quantities(quote))
