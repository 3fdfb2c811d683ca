"""Amounts as numbers, in English and Chinese: "$1.2bn", "1,200 million", "12亿", "126,000",
"5.2%". Each becomes a value in base units with its unit ("USD", "percent", "" for a plain
count) and, when the text wrote it otherwise, the conversion made ("$1.2bn = 1,200,000,000
USD"), so that figures from different sources can be compared and computed over.

A year standing alone ("in 2024", "2024年") is a period, not an amount: `years` finds those.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

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
}
PERCENT = {"%": "percent", "percent": "percent", "per cent": "percent", "％": "percent"}
_NUMBER = r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?"
_CJK_SCALE = "万亿|千万|百万|亿|万|千"
_SCALE = r"thousand|million|billion|trillion|bn|mn|tn|k|m|b"
AMOUNT = re.compile(
    r"(?P<before>US\$|\$|€|£|¥)?\s?"
    rf"(?P<number>{_NUMBER})"
    rf"(?:\s?(?P<cjk>{_CJK_SCALE})|\s?(?P<scale>{_SCALE})\b)?"
    r"(?:\s?(?P<after>%|％|per cent|percent\b|美元|人民币|元|欧元|英镑|日元"
    r"|dollars\b|euros\b|pounds\b|USD\b|EUR\b|GBP\b|CNY\b|RMB\b|yuan\b))?",
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
        value = float(number.replace(",", "")) * SCALES.get(scale, 1.0)
        written = match.group(0).strip()
        plain = not scale and not match.group("before")
        conversion = "" if plain else f"{written} = {_spelled(value)}{' ' + unit if unit else ''}"
        found.append(Quantity(value, unit, written, match.start(), match.end(), conversion))
    return found


def years(text: str) -> list[tuple[int, int]]:
    """The years standing alone in `text`, as (year, offset)."""
    return [(int(m.group(1)), m.start()) for m in YEAR.finditer(text)]


def _unit(before: str | None, after: str | None) -> str:
    for mark in (after, before):
        if mark:
            key = mark.lower()
            return PERCENT.get(key) or CURRENCIES.get(key, "")
    return ""


def _is_year(number: str) -> bool:
    return bool(re.fullmatch(r"(?:19|20)\d\d", number))


def _spelled(value: float) -> str:
    return f"{value:,.0f}" if value == int(value) else f"{value:,.4g}"
