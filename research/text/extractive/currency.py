"""Which of two sources is the newer, and which statements a newer source has superseded.

A source's vintage comes from its names (file name, title, folder), its text and its date:
- marked as superseded: its names say archive, archived, superseded, draft, old, obsolete, or a
  version below 1 ("v0.3") (归档, 草稿, 旧版, 已被取代 in Chinese), or its text opens by
  saying it is superseded, archived, obsolete, replaced or no longer valid (已废止, 已停产);
- as of: the latest of its publication date, the years its names carry ("Annual Report 2025",
  "Q4 FY2025") and the dates its text gives up to its publication date (a later one is looked
  ahead to), or up to today when it has none; failing those, the day a library document was
  uploaded.

A statement is outdated when a newer source states the same measure (figures of the same kind,
in words the two share, a name such as "K3" counting twice) with another value: the newest is
stated as current, the older only as history. A marked source is older than any unmarked one;
between two unmarked ones, the one dated earlier is older; undated, neither is.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date

from research.text.extractive.figures import dates_in, figures
from research.text.extractive.terms import is_cjk, terms
from research.text.records import record_pairs

_MARKS = re.compile(
    r"(?<![^\W_])(archive[sd]?|superseded|draft|old|obsolete|outdated|deprecated|v0(?:\.\d+)+)"
    r"(?![^\W_])|(归档|存档|档案|草稿|旧版|旧文件|往期|已被取代|已作废|过期)",
    re.IGNORECASE,
)
_TEXT_MARKS = re.compile(
    r"\b(superseded|archived|obsolete|(?:has|have)\s+been\s+replaced|no\s+longer\s+(?:valid|"
    r"current|in\s+force))\b|(已被取代|已归档|已作废|已废止|草稿|已停产)",
    re.I,
)
# What a first account calls itself, which a later, final one replaces: a provisional
# bulletin, a preliminary assessment, an interim update, an initial recall statement, a flash
# estimate, a rumour (初步评估, 快报, 业绩预告, 融资传闻). Unlike a mark, it says nothing until a
# newer account exists (editions.py): the only account of a year stands.
_PROVISIONAL = re.compile(
    r"(?<![^\W_])(provisional|preliminary|rumou?rs?|snapshot"
    r"|(?:early|flash|advance)[ ](?:estimates?|reports?|figures|bulletin)"
    r"|(?:interim|initial)[ ](?:[a-z]+[ ])?(?:update|statement|findings|assessment|review"
    r"|report|estimate))(?![^\W_])|(初步|快报|预告|预估|传闻|初稿|征求意见稿)",
    re.IGNORECASE,
)
# What a document of plans calls itself: what it says is to come, not what is (a proposal, a
# growth strategy, a feasibility study, an appeal to extend a line; 规划, 方案). Not a
# consultation's summary nor a business case, which say what was decided.
_PROSPECTIVE = re.compile(
    r"(?<![^\W_])(proposals?|proposed|(?:development|growth|business|strategic|corporate|master|"
    r"improvement|action|investment|local)[ ]plan|strategy|feasibility|planning[ ]application|"
    r"extension[ ]appeal)(?![^\W_])"
    r"|(规划|发展战略|可行性研究|征求意见稿|实施方案)",
    re.IGNORECASE,
)
# What a last account calls itself, which replaces first ones of the same figures: final or
# revised figures, a restatement, a correction, audited accounts, an annual report (更正, 修订).
_FINAL = re.compile(
    r"(?<![^\W_])(final|revised|revision|restated|restatement|corrected|correction|audited"
    r"|annual[ ]report|statistical[ ]bulletin|yearbook|statistical[ ](?:tables?|abstract))"
    r"(?![^\W_])|(更正|修订|修正|最终|审计|年度报告|年报|统计公报|统计表|年鉴)",
    re.IGNORECASE,
)
YEAR = re.compile(r"(?<!\d)((?:19|20)\d\d)(?!\d)")
MIN_SHARED = 2  # content words two statements of one measure share at least
MIN_SHARED_CJK = 4  # character pairs, in Chinese, Japanese or Korean


@dataclass(frozen=True)
class Vintage:
    marked: str  # the word that marks the source as superseded ("draft", "v0.3"), or ""
    as_of: tuple[int, int, int] | None  # (year, month, day); 0 for an unknown month or day
    provisional: str = ""  # the word that calls it a first account ("preliminary", 快报), or ""
    uploaded: bool = False  # dated only by its upload to the library, not by what it says
    prospective: str = ""  # the word that calls it a plan ("proposal", "strategy", 规划), or ""

    def older_than(self, other: Vintage) -> bool:
        if bool(self.marked) != bool(other.marked):
            return bool(self.marked)
        if self.as_of is None or other.as_of is None:
            return False
        return _coarsest(self.as_of, other.as_of) < _coarsest(other.as_of, self.as_of)

    @property
    def said(self) -> str:
        """`when`, when the source says it: not the day a library file was uploaded."""
        return "" if self.uploaded else self.when

    @property
    def when(self) -> str:
        """The date as a reader reads it: 2026-06-30, 2026-06 or 2026 ("" when unknown)."""
        if self.as_of is None:
            return ""
        year, month, day = self.as_of
        parts = [f"{year}", f"{month:02d}" if month else "", f"{day:02d}" if month and day else ""]
        return "-".join(part for part in parts if part)


def _coarsest(day: tuple[int, int, int], other: tuple[int, int, int]) -> tuple[int, ...]:
    """`day` as precise as both dates are: February 2026 is not older than February 10, 2026."""
    if not (day[1] and other[1]):
        return day[:1]
    return day[:2] if not (day[2] and other[2]) else day


def first_account(sentence: str) -> str:
    """The word by which a sentence calls its figures a first account ("据快报数据", "on
    preliminary figures", "初步统计"), or ""."""
    found = _PROVISIONAL.search(sentence)
    return found.group(0).lower() if found else ""


def final(names: Sequence[str], text: str) -> str:
    """The word by which a source calls itself a last account ("final figures", "更正公告"),
    in its names or its opening; "" when none."""
    spaced = " ".join(names).replace("_", " ").replace("-", " ")
    found = _FINAL.search(spaced) or _FINAL.search(text[:300])
    return found.group(0) if found else ""


def vintage(
    names: Sequence[str],
    text: str,
    published: date | None,
    today: date,
    fallback: date | None = None,
) -> Vintage:
    """The vintage of a source with these names (file name, title, folder), text and date;
    `fallback` dates it when nothing else does (a library document's upload)."""
    named = " ".join(names)
    spaced = named.replace("_", " ").replace("-", " ")
    mark = _marked(names) or _TEXT_MARKS.search(text[:300])
    first = _PROVISIONAL.search(spaced)
    ahead = _PROSPECTIVE.search(spaced)
    # A dated source is of its date: a later date in its text is one it looks ahead to
    # ("all best-by dates to June 2024" in a summary published in November 2023).
    until = published or today
    found = [(int(y), 0, 0) for y in YEAR.findall(named) if int(y) <= today.year]
    found += [d for d in dates_in(text[:5000]) if d <= (until.year, until.month, until.day)]
    if published:
        found.append((published.year, published.month, published.day))
    uploaded = bool(fallback and not found)
    if fallback and not found:
        found.append((fallback.year, fallback.month, fallback.day))
    return Vintage(
        mark.group(0).lower() if mark else "",
        max(found) if found else None,
        first.group(0).lower() if first else "",
        uploaded,
        ahead.group(0).lower() if ahead else "",
    )


def _marked(names: Sequence[str]) -> re.Match[str] | None:
    """The mark a source's names give; "old" only in a file's or folder's name
    (price-list-old.pdf, old/), not a title's words ("Old railway reborn as greenway")."""
    for name in names:
        words = name.replace("_", " ").replace("-", " ")
        for mark in _MARKS.finditer(words):
            if mark.group(0).lower() != "old" or " " not in name.strip():
                return mark
    return None


def measures(sentence: str) -> tuple[frozenset, frozenset[str], frozenset[str]]:
    """A statement's figures as (kind, unit, amount), its content words (no numbers, but names
    made of letters and digits: "K3", "v2", which tell things apart best) and the years it
    names."""
    stated = figures(sentence)
    found = frozenset((f.kind, f.unit, f.amount) for f in stated if f.kind != "date")
    found |= _by_year(sentence)
    years = frozenset(YEAR.findall(sentence))
    for figure in sorted(stated, key=lambda f: -f.start):  # "万美元" says nothing of the measure
        sentence = sentence[: figure.start] + " " + sentence[figure.start + len(figure.value) :]
    words = frozenset(t for t in terms(sentence) if not _NUMBERISH.match(t))
    return found, words, years


def _by_year(line: str) -> frozenset:
    """A record line's bare amounts under year columns ("£m: Revenue; 2023: 203.1"), which
    name no unit of their own: figures of the row's measure."""
    pairs = record_pairs(line) or []
    return frozenset(
        ("number", "", value)
        for key, value in pairs
        if YEAR.fullmatch(key) and re.fullmatch(r"-?[\d,]*\.?\d+", value)
    )


_NUMBERISH = re.compile(r"^(?:[\d.,]+|[qh][1-4]|fy\d+|\d+[a-z]{1,2})$")
_NAME = re.compile(r"^(?=.*\d)(?=.*[a-z])[a-z\d]+$")


def restates(older: str, newer: str, common: frozenset[str] = frozenset()) -> float:
    """How alike `newer` and `older` are when `newer` states a measure `older` states with a
    value `older` does not give (a figure of the same kind and counted word), in words the two
    share beyond the `common` ones (a subject's name); 0.0 when it does not, or when the two
    name years and none the same ("Year: 2019; Book loans: 1.84 million" is no older value of
    2022's row: it is another year's)."""
    return _restates(measures(older), measures(newer), common)


def _restates(older: tuple, newer: tuple, common: frozenset[str], later: bool = False) -> float:
    """As `restates`; with `later`, a statement of later years only updates one of earlier
    years ("£m: Revenue; 2023: 203.1; 2024: 214.6" beside 2019's and 2020's)."""
    (old_figures, old_words, old_years), (new_figures, new_words, new_years) = older, newer
    if old_years and new_years and not old_years & new_years:
        if not (later and max(old_years) < min(new_years)):
            return 0.0  # of other years: a series, not an update
    old_keys = {(kind, unit) for kind, unit, _ in old_figures}
    new_keys = {(kind, unit) for kind, unit, _ in new_figures}
    units = {unit for _, unit in old_keys & new_keys if unit}
    both = (old_words & new_words) - common - units
    shared = len(both) + len(units) + sum(1 for word in both if _NAME.match(word))
    union = len(old_words | new_words)
    if not union:
        return 0.0  # bare figures ("$45." and "$50."): nothing says they measure one thing
    if any(is_cjk(word) for word in both):  # character pairs: more, and shared by chance
        if shared < MIN_SHARED_CJK or shared < 0.5 * min(len(old_words), len(new_words)):
            return 0.0
    elif (shared < MIN_SHARED and not (later and old_words == new_words)) or (
        shared < 0.2 * union and shared < 0.6 * min(len(old_words), len(new_words))
    ):
        return 0.0  # (two rows of one measure by years may share its one word: "Revenue")
    old_values = {value for _, _, value in old_figures}
    if not any((k, u) in old_keys and v not in old_values for k, u, v in new_figures):
        return 0.0
    return shared / union


def outdated(
    statements: Sequence[tuple[str, Vintage]],
    common: frozenset[str] = frozenset(),
    only: int | None = None,
    later: bool = False,
    items: Sequence[str] = (),
) -> dict[int, list[int]]:
    """For each statement (of the first `only`) a newer source's statement supersedes, those
    newer statements (by index), the most alike first; with `later`, a newer source's
    statement of later years supersedes one of earlier years too (a question that asks no
    change over time wants the latest years, not a series). `items` names the thing each
    statement of a list is about (Known.item): one item's figure is no update of another's
    ("Aria 2; …; £279" of "Corvane Aria Lite: … £149")."""
    measured = [measures(text) for text, _ in statements]
    found: dict[int, list[int]] = {}
    for i, (_, age) in enumerate(statements[:only]):
        if not measured[i][0]:
            continue
        alike = {
            j: _restates(measured[i], measured[j], common, later)
            for j, (_, other_age) in enumerate(statements)
            if j != i and age.older_than(other_age) and not _other_items(items, i, j)
        }
        newer = sorted((j for j, score in alike.items() if score > 0), key=lambda j: (-alike[j], j))
        if newer:
            found[i] = newer
    return found


def _other_items(items: Sequence[str], i: int, j: int) -> bool:
    """Whether two statements are of two items of a list: both name one, and neither name
    holds the other ("Aria 2" is "Corvane Aria 2", not "Corvane Aria Lite")."""
    a, b = (items[k].casefold() if k < len(items) else "" for k in (i, j))
    return bool(a and b) and a not in b and b not in a
