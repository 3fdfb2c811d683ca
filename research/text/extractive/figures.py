"""Figures in a sentence, in English and Chinese: sums of money, shares, counts, quarters, dates.

A figure is what a reader of a brief looks for: "$18.4 million", "31%", "1,240 robots",
"Q4 2026", "June 30, 2026", "1840万美元", "14个城市". Each has a kind, and a count has the word
it counts, so that two sentences can be told to state the same kind of measure; `label` names
the measure a figure gives (the words before it in its clause, or the label before a colon).
Dates (written in full, "February 2026", or 2026年2月) also date a text: `dates_in`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from research.text.extractive.terms import STOPWORDS, terms
from research.text.writing import CJK

MONTHS = (
    "january february march april may june july august september october november december"
).split()
_MONTH = "(?:" + "|".join(m.capitalize() for m in MONTHS) + ")"
_NUMBER = r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?"
_MEASURE_WORDS = "台|项|家|座|名|位|人|次|辆|款|份|周|天"
_SCALE = r"(?:\s?(?:million|billion|thousand|trillion|bn|mn|m|k)\b)?"
_PATTERNS = [
    ("date", rf"\b{_MONTH}\s+\d{{1,2}},\s+\d{{4}}\b|\b\d{{4}}-\d{{2}}-\d{{2}}\b"),
    ("date", r"\d{4}年\d{1,2}月(?:\d{1,2}日)?"),
    ("quarter", r"\b(?:Q[1-4]|H[12])\s?(?:FY\s?)?\d{4}\b"),
    ("quarter", r"\d{4}年(?:第[一二三四1-4]季度|[上下]半年)"),
    ("date", rf"\b{_MONTH}\s+\d{{4}}\b"),
    ("money", rf"(?:US|A|C)?[$€£¥]\s?(?:{_NUMBER}){_SCALE}"),
    ("money", rf"(?:{_NUMBER})\s?(?:万|亿|千万|百万)?(?:美元|元|人民币|欧元|英镑|日元)"),
    ("money", rf"(?:{_NUMBER}){_SCALE}\s(?:dollars|euros|pounds|USD|EUR|GBP|CNY|RMB)\b"),
    ("percent", rf"(?:{_NUMBER})\s?%|百分之[零一二三四五六七八九十百点]+"),
    ("count", rf"(?:{_NUMBER})\s?(?:万|亿)?(?:个月|个[{CJK}]{{1,2}}|{_MEASURE_WORDS})"),
    ("count", rf"(?<![\w.$€£¥])(?:{_NUMBER}){_SCALE}\s(?:[a-z][a-z-]+)(?:\s(?:in|of)\s[a-z]+)?"),
]
FIGURE = re.compile("|".join(f"(?P<{kind}{i}>{p})" for i, (kind, p) in enumerate(_PATTERNS)))
_AMOUNT = re.compile(r"\d+(?:\.\d+)?|million|billion|thousand|trillion|万|亿|%")
_YEAR_LIKE = re.compile(r"^(?:19|20)\d\d$")
_NOT_COUNTED = frozenset(
    "per percent of to and or in on at a the than times million billion thousand trillion".split()
)
_CLAUSE = re.compile(r",(?!\d)|[;:(，；：（]|\band\b|\bwhile\b|\bwhich\b|以及|并且|而")


@dataclass(frozen=True)
class Figure:
    value: str  # as the sentence writes it
    kind: str  # date, quarter, money, percent, count
    unit: str  # what a count counts ("robot", "城市"); "" for other kinds
    start: int  # where it starts in the sentence

    @property
    def amount(self) -> str:
        """The number it states, with its scale ("18.4 million", "1840万"), as compared."""
        return " ".join(_AMOUNT.findall(self.value.replace(",", "")))

    @property
    def key(self) -> tuple[str, str]:
        """What kind of measure it gives: two figures with the same key can be compared."""
        return self.kind, self.unit


def figures(sentence: str) -> list[Figure]:
    """The figures of a sentence, in order; a year alone ("in 2026") is not one."""
    found = []
    for match in FIGURE.finditer(sentence):
        kind = re.sub(r"\d+$", "", match.lastgroup or "")
        value = match.group(0).strip()
        unit = _unit(value, sentence[match.end() : match.end() + 2]) if kind == "count" else ""
        if kind == "count" and (not unit or _YEAR_LIKE.match(value.split()[0])):
            continue  # "2024 survey": a year, not a count
        found.append(Figure(value, kind, unit, match.start()))
    return found


def _unit(value: str, after: str) -> str:
    """The word a count counts: "1,240 robots in service" -> "robot"; "14个城市" -> "城市";
    "1240台机器人" -> "台机器" (its measure word and the characters after it)."""
    cjk = re.search(f"[{CJK}]+$", value)
    if cjk:
        word = cjk.group(0)
        if word.startswith("个") and len(word) > 1:
            return word[1:]
        return word + "".join(re.findall(f"[{CJK}]", after))
    words = value.split()
    noun = next((w for w in words[1:] if w.isalpha() and w not in _NOT_COUNTED), "")
    if not noun or noun in STOPWORDS or noun in MONTHS:
        return ""
    stems = terms(noun)
    return stems[0] if stems else ""


def states_figures(sentence: str) -> bool:
    return any(f.kind != "date" for f in figures(sentence))


def label(sentence: str, figure: Figure) -> str:
    """The measure `figure` gives, in the sentence's words: the label before a colon that the
    figure follows ("Gross margin: 31%"), else the words of its clause before it ("Fleet Plus
    costs")."""
    before = sentence[: figure.start]
    colon = re.match(r"^\s*([^:：]{2,60})[:：]", sentence)
    between = sentence[colon.end() : figure.start] if colon else ""
    if colon and len(colon.group(1).split()) <= 6 and len(between.split()) <= 2:
        return _tidy(colon.group(1))  # "Revenue: $15.2 million", not "Funding: the runway is"
    clause = _CLAUSE.split(before)[-1] if before.strip() else ""
    if re.search(f"[{CJK}]", clause):
        return _tidy(clause[-12:])
    words = _trimmed(clause.split())
    if len(words) < 2:  # "piloting in Q4 2026": the clause says too little; the words before
        words = _trimmed(re.sub(r"[,;:()]", " ", before).split())
    return _tidy(" ".join(words[-6:]))


def _trimmed(words: list[str]) -> list[str]:
    while words and words[-1].lower() in _TRAILING:
        words.pop()
    return words


_TRAILING = frozenset(
    "a an the of for to in on at by with from as is are was were be to about around nearly "
    "over under up down than its their our".split()
)


def _tidy(text: str) -> str:
    text = text.strip(" \t.,;:-–—“”\"'")
    if text.count("(") != text.count(")") or text.startswith(")"):
        text = text.strip("()（）")
    text = re.sub(r"^(?:the|a|an)\s+", "", text, flags=re.I)
    return text[:1].upper() + text[1:]


def dates_in(text: str) -> list[tuple[int, int, int]]:
    """The dates written in full or as a month and year, as (year, month, day); day 0 for a
    month and year."""
    found = []
    for match in re.finditer(rf"\b({_MONTH})\s+(?:(\d{{1,2}}),\s+)?(\d{{4}})\b", text):
        month = MONTHS.index(match.group(1).lower()) + 1
        found.append((int(match.group(3)), month, int(match.group(2) or 0)))
    for match in re.finditer(r"\b(\d{4})-(\d{2})-(\d{2})\b", text):
        found.append((int(match.group(1)), int(match.group(2)), int(match.group(3))))
    for match in re.finditer(r"(\d{4})年(\d{1,2})月(?:(\d{1,2})日)?", text):
        found.append((int(match.group(1)), int(match.group(2)), int(match.group(3) or 0)))
    return [d for d in found if 1 <= d[1] <= 12 and 0 <= d[2] <= 31]
