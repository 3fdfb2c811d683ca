"""Which sources are earlier editions of another: the same publisher's report of a series
("Emergency department performance: March 2019" beside "…: March 2025", in one folder or
under one address), of which the newest speaks for the series. A question that asks how
things changed reads every edition; any other reads the newest, and an earlier one only where
nothing else answers (as a source marked superseded is read).
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from research.text.extractive.currency import YEAR
from research.text.extractive.evidence import Known
from research.text.extractive.figures import MONTHS
from research.text.extractive.terms import is_cjk

_DATED = re.compile(
    r"\b(?:" + "|".join(MONTHS) + r"|q[1-4]|h[12]|fy)\b|\d+|[年月日季度第]", re.IGNORECASE
)
MIN_WORDS, MIN_CJK = 2, 4  # a series' title, its dates aside: "Report" names no series


def earlier_editions(sources: Mapping[int, Known]) -> set[int]:
    """The sources that a newer edition of their series, from the same place, supersedes:
    by their titles ("Annual Report 2022 (extract)", "Annual Report 2024") or their files'
    names ("annual-report-2016-17.html", "annual-report-2023-24.pdf")."""
    series: dict[tuple[str, str], list[int]] = {}
    for n, known in sources.items():
        folder, _, name = known.path.rpartition("/")
        for named in (known.headline, name.rpartition(".")[0] or name):
            key = _undated(named.replace("-", " ").replace("_", " "))
            if YEAR.search(named) and _names_a_series(key):
                series.setdefault((folder, key), []).append(n)
    earlier = set()
    for members in series.values():
        for n in members:  # a document's passages are one edition, however each is dated
            newer = (m for m in members if sources[m].path != sources[n].path)
            if any(sources[n].vintage.older_than(sources[m].vintage) for m in newer):
                earlier.add(n)
    return earlier


def _undated(title: str) -> str:
    """A title without its dates, periods, numbers and qualifiers ("(extract)"), in lower
    case."""
    title = _QUALIFIED.sub(" ", title.lower())
    return " ".join(_DATED.sub(" ", title).replace(":", " ").split())


_QUALIFIED = re.compile(r"[(（][^()（）]{1,20}[)）]")


def _names_a_series(undated: str) -> bool:
    if undated[:1] and is_cjk(undated[0]):
        return len(undated) >= MIN_CJK
    return len(undated.split()) >= MIN_WORDS
