"""Whether a question, or one part of it, asks for figures: a comparison, a trend or growth, a
ranking, a total or a share, in English or Chinese. Such a part is planned as an analysis: its
figures are gathered into a dataset, computed over and charted.

"Compare the population growth from 2023 to 2024 of six cities" asks; so do "revenue growth",
"market share", "比较六个城市2023年至2024年的人口增长" and "各品牌的市场占比". "How does SQLite WAL
mode work?" and "its history" do not.
"""

from __future__ import annotations

import re

_YEAR = r"(?:19|20)\d\d"
ENGLISH = re.compile(
    r"\b(?:"
    r"compar(?:e|es|ed|ing|ison|isons)|versus|vs\.?|relative to"
    r"|growth|grow(?:s|n|ing)?|grew|increase[sd]?|decrease[sd]?|decline[sd]?|rise|rose|fell"
    r"|change[sd]?\s+(?:in|from|since|between|over)|trends?|over time|year[- ]on[- ]year"
    r"|rank(?:s|ed|ing|ings)?|largest|biggest|highest|lowest|smallest|top\s+\d+"
    r"|totals?|in total|sum of|averages?|mean"
    r"|shares?\s+of|market shares?|proportions?|percentages?|what share"
    rf"|from\s+{_YEAR}\s+to\s+{_YEAR}|between\s+{_YEAR}\s+and\s+{_YEAR}|since\s+{_YEAR}"
    r")\b",
    re.IGNORECASE,
)
CHINESE = re.compile(
    r"比较|对比|相比|增长|增速|增幅|下降|变化|趋势|走势|排名|排行|最大|最高|最低|最多|最少"
    r"|总计|合计|总额|总量|总和|平均|占比|份额|比例|百分比|比重|同比|环比"
    rf"|{_YEAR}年?(?:至|到|—|-){_YEAR}年?"
)


def asks_for_figures(text: str) -> bool:
    """Whether these words ask for figures compared, over time, ranked, totalled or as
    shares."""
    return bool(ENGLISH.search(text) or CHINESE.search(text))


TREND_WORDS = re.compile(
    r"\b(?:trend|trends|changed?|changes|over (?:the )?(?:years|decade|past)|since|grown|grew|"
    r"evolved?|year by year|each year|every year)\b|变化|趋势|历年|逐年|走势|演变|以来",
    re.IGNORECASE,
)
YEARS = re.compile(rf"(?<!\d)({_YEAR})(?!\d)")


def asks_trend(question: str) -> bool:
    """Whether the question asks how something went over time: two years, or a word of change
    over time."""
    return len(set(YEARS.findall(question))) >= 2 or bool(TREND_WORDS.search(question))
