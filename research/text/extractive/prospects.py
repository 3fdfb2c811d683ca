"""Whether a statement says what is expected rather than what is so, and whether a question
asks what is expected.

A planning notice says the bridge "would begin in 2023 and is expected to open in spring
2024"; an order's announcement that the ferry "is planned to carry 550 passengers"; a
hospital's advert that it 拟招聘护理人员120名. Asked when the bridge opened or what the ferry
carries, those figures are no answer once their year is past: what happened is. A statement
is prospective when each figure or year it gives follows a word of expectation in its sentence
("will be", "would cost", is expected to, proposes, provisionally; 拟, 预计, 将于), not the
future of what someone does with what is so ("will buy new rings with its £18,500 grant");
"The company, which employs 412 staff, plans to hire 60 more" states a fact before its plan,
and is kept. A question asks what is expected when it says so itself (will, plan, forecast,
upcoming, next year; 计划, 预计, 将), or asks how a process goes, which its procedures write in
the future ("Your application will be reviewed within 10 working days").

A source of a year before the period a comparison asks about (a 2022 review, asked to compare
2023) speaks of earlier years only: `of_the_period` leaves it out.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from research.text.extractive import explanations
from research.text.extractive.aspects import aspects, sub_questions
from research.text.extractive.currency import YEAR
from research.text.extractive.evidence import Known
from research.text.extractive.figures import figures
from research.text.extractive.names import named_things
from research.text.extractive.sentences import sentences

EXPECTING = re.compile(
    r"\b(?:(?:will|would|shall)\s+(?:not\s+|now\s+|also\s+|then\s+)?(?:be|cost|open|close|"
    r"carry|reach|begin|start|serve|have|hold|run|employ|create|add|rise|fall|grow|increase|"
    r"decrease|take|last|complete|finish|launch|offer|stop)|"
    r"(?:is|are|was|were)\s+(?:now\s+)?(?:expected|planned|due|set|scheduled|projected|forecast|estimated|proposed|intended|likely)\s+to|"
    r"propose[sd]?|subject\s+to\s+approval|provisionally|aims?\s+to)\b|"
    r"拟|预计|预期|计划于|计划在|计划到|计划将|将于|将在|将会|将要|即将|有望|规划建设|力争|需经[^，。；]{0,12}批准",
    re.IGNORECASE,
)
ASKS_AHEAD = re.compile(
    r"\b(?:will|would|plans?|planned|planning|forecasts?|expected|expects?|upcoming|future|"
    r"next|launching|proposed|proposals?|outlook|projected|projections?|targets?|scheduled|"
    r"going\s+to|this\s+(?:summer|autumn|fall|winter|spring|year))\b|"
    r"计划|预计|将|未来|规划|明年|下一步|即将|拟|目标|展望",
    re.IGNORECASE,
)


def asks_ahead(question: str) -> bool:
    """Whether a question asks what is planned or expected, or how a process goes."""
    return ASKS_AHEAD.search(question) is not None or explanations.angles(question) == (
        explanations.HOW
    )


def stale(quote: str, now: int) -> bool:
    """Whether a quote only says what was expected by a year before `now` (the year of the
    newest source): every sentence of it that gives figures gives them after a word of
    expectation, and the latest year it names is past. What then happened is what newer
    sources say; an expectation of no year, or of one still ahead, is kept."""
    stated = [s.text for s in sentences(quote)] or [quote]
    figured = [(s, at) for s in stated if (at := _stated_at(s))]  # figures found once
    if not figured or not all(_expected(s, at) for s, at in figured):
        return False
    years = [int(m[0]) for m in YEAR.finditer(quote)]
    return bool(years) and max(years) < now


def _stated_at(sentence: str) -> list[int]:
    """Where the sentence's figures, and its years, start."""
    return [f.start for f in figures(sentence)] + [m.start() for m in YEAR.finditer(sentence)]


# A figure of what was, after one expected: "will reach 505,000, up from 471,000 last year".
WAS = re.compile(
    r"\b(?:up|down)\s+from\b|\bcompared\s+(?:with|to)\b|\blast\s+year\b|比上年|较上年|同比", re.I
)


def _expected(sentence: str, stated_at: list[int]) -> bool:
    mark = EXPECTING.search(sentence)
    if mark is None or WAS.search(sentence, mark.end()):
        return False
    return all(at >= mark.start() for at in stated_at)


def planned(quote: str, source: Known) -> bool:
    """Whether a quote of a document of plans (a proposal, a strategy: Vintage.prospective)
    says what is to come: a word of expectation ("would make the greenway 31.6 km long") or a
    year after the document's own ("Pollard Hill Primary; 198; September 2027" in a 2026
    strategy). What such a document says of what is ("The trust runs six schools") is kept."""
    if not source.vintage.prospective:
        return False
    year = (source.vintage.as_of or (0,))[0]
    later = year and any(int(y) > year for y in YEAR.findall(quote))
    unit = source.units.get(quote)  # under "Our ambitions", "发展目标": what it aims at
    return bool(later or EXPECTING.search(quote) or unit and AIMS.search(unit.context))


# What a plan's heading calls what it aims at: its goals, targets, ambitions and tasks.
AIMS = re.compile(
    r"\b(?:aims?|ambitions?|targets?|goals?|objectives?|priorities|vision|what we will do)\b"
    r"|目标|愿景|重点任务|主要任务|力争",
    re.IGNORECASE,
)


# A part of a year a figure may be of: 前三季度, 上半年, "the first half", Q3, "nine months".
PART_OF_YEAR = re.compile(
    r"前[一二三两]季度|[一二三四]季度|上半年|下半年|1\s*[-—–~至]\s*\d{1,2}\s*月|前\d{1,2}个月|"
    r"\b(?:first|second)\s+half\b|\b(?:first|second|third|fourth)\s+quarter\b|\bH[12]\b|"
    r"\bQ[1-4]\b|\bnine\s+months\b|\byear[-\s]to[-\s]date\b|\bhalf[-\s]year\b",
    re.IGNORECASE,
)


def asks_one_year(question: str) -> bool:
    """Whether a question asks one year's figures of its things ("…2024年的地区生产总值…各是多少"):
    it names one year, and no part of it, nothing to come, and not several parts (one part's
    year is not another's), unless it compares named things."""
    if len(set(YEAR.findall(question))) != 1 or asks_ahead(question) or quarter(question):
        return False
    return not PART_OF_YEAR.search(question) and (
        not aspects(question) or bool(named_things(question))
    )


def of_another_period(quote: str) -> bool:
    """Whether a quote states no figure of a whole year (for a question that asks_one_year):
    each sentence of it that gives figures gives them for part of a year ("前三季度，全市地区生产
    总值4,701.5亿元") or as an expectation ("2025年…预期目标…增长5.5%左右")."""
    stated = [s.text for s in sentences(quote)] or [quote]
    figured = [(s, at) for s in stated if (at := _amounts_at(s))]
    return bool(figured) and all(PART_OF_YEAR.search(s) or _expected(s, at) for s, at in figured)


def _amounts_at(sentence: str) -> list[int]:
    """Where the sentence's amounts start (not its dates: 2025年…预期目标 names its year)."""
    return [f.start for f in figures(sentence) if f.kind != "date"]


def of_the_period(question: str, named: set[int], sources: Mapping[int, Known]) -> set[int]:
    """The sources that may speak of the period a comparison puts after its list ("compare
    … in 2023", "… from 2022 to 2024"), which applies to every thing compared, that another
    question spans ("since 2022", "from 2019 to 2024", 2022年以来), or the one year a question
    of one part names ("Which exhibitions are on in 2025?"), to its quarter when it names one
    (a first quarter's report beside "2024年第二季度"): one of a year before the
    first year the period names (a 2022 review, a 2021 results page) speaks only of earlier
    years, and is left out while a source of the period remains. Other questions keep every
    source: a brief's "2024 revenue" is one part of it; and a why or how question's, as a
    cause comes before what it caused."""
    compared = named_things(question)
    dated = {n: year for n in named if (year := period(sources[n]))}
    newest = max(dated.values(), default=0)
    scope = compared.scope if compared else " ".join(m[0] for m in SPAN.finditer(question))
    years = YEAR.findall(question)
    if not scope and len(set(years)) == 1 and not aspects(question) and not sub_questions(question):
        scope = years[0]  # "博川市博物馆2025年有哪些临时展览": the whole question's year
    asked = [int(y) for y in YEAR.findall(scope) if int(y) <= newest]
    if not asked or asks_ahead(question) or explanations.angles(question):
        return named
    kept = {n for n in named if dated.get(n, newest) >= min(asked)}
    if len(set(asked)) == 1 and (wanted := quarter(question)):  # 2024年第二季度, not Q1's report
        kept -= {
            n for n in kept if dated.get(n) == asked[0] and 0 < _quarter_of(sources[n]) < wanted
        }
    elif len(set(asked)) == 1 and not PART_OF_YEAR.search(question):  # the year's, not Q3's
        part = {
            n
            for n in kept
            if dated.get(n) == asked[0]  # a Q1 2026 bulletin may give 2025's figures
            and PART_OF_YEAR.search(f"{sources[n].title} {sources[n].address}")
        }
        kept -= part if kept - part else set()
    return kept if kept & set(dated) else named


QUARTERS = (
    ("一", "first", "1"),
    ("二", "second", "2"),
    ("三", "third", "3"),
    ("四", "fourth", "4"),
)
QUARTER = re.compile(
    r"第?([一二三四])季度|\b(first|second|third|fourth)\s+quarter\b|\bQ([1-4])\b|\b([1-4])Q\b",
    re.IGNORECASE,
)


def quarter(text: str) -> int:
    """The one quarter a text names (第二季度, "the second quarter", Q2); 0 for none or several."""
    found = {
        k + 1
        for m in QUARTER.finditer(text)
        for k, names in enumerate(QUARTERS)
        if (m[1] or m[2] or m[3] or m[4] or "").lower() in names
    }
    return found.pop() if len(found) == 1 else 0


def _quarter_of(source: Known) -> int:
    """The quarter a source's title or address names ("2024年第一季度报告-摘要.md")."""
    return quarter(f"{source.title} {source.address}")


# A period a question spans, which applies to all it asks: since 2022, from 2019 to 2024,
# between 2020 and 2024, 2022年以来, 2019年至2024年 (not "in 2024", which may be one part's).
SPAN = re.compile(
    r"\bsince\s+(?:19|20)\d\d\b|\b(?:from|between)\s+(?:19|20)\d\d\s+(?:to|and|until|through)\s+"
    r"(?:19|20)\d\d\b|(?:19|20)\d\d年?(?:以来|至今|起|(?:至|到)(?:19|20)\d\d年?)",
    re.IGNORECASE,
)


def spanned(question: str) -> range:
    """The years a question spans ("from 2019 to 2024": 2019 to 2024; "since 2022": 2022 and
    every year after); empty when it spans none."""
    found = [int(y) for m in SPAN.finditer(question) for y in YEAR.findall(m[0])]
    if not found:
        return range(0)
    return range(min(found), (max(found) if len(found) > 1 else 9999) + 1)


def period(source: Known) -> int:
    """The year a source speaks of: the latest its names give ("annual-review-2022.html",
    published in 2023, reviews 2022) up to the year it is dated (a "strategy 2018–2028" of
    2018 speaks of 2018, and plans the rest), else the year it is dated; 0 when unknown."""
    dated = (source.vintage.as_of or (0,))[0]
    named = [int(y) for y in YEAR.findall(f"{source.title} {source.address}")]
    named = [y for y in named if not dated or y <= dated]
    return max(named) if named else dated
