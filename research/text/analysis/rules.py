"""The rule-based computations over a dataset, as SQL over one table,
`dataset(entity VARCHAR, period VARCHAR, value DOUBLE)`, holding one value per entity and
period (where sources disagree, the newest source's):

- change: each entity's first and last period, the change and the percentage change;
- share: each entity's latest value and its share of their total;
- rank: each entity's latest value and its rank;
- total: the sum, the average and the count of the entities' latest values.

`computation_for` chooses by the words of the section's part of the question: growth, change,
trends and year spans want the change; shares want the share; rankings the rank; totals and
averages the total; a plain comparison the change when the data has two periods, else the rank.
"""

from __future__ import annotations

import re

CHANGE, SHARE, RANK, TOTAL = "change", "share", "rank", "total"

_LATEST = (
    "latest AS (SELECT entity, arg_max(value, period) AS value, max(period) AS period "
    "FROM dataset GROUP BY entity)"
)
SQL = {
    CHANGE: (
        "WITH spans AS (SELECT entity, min(period) AS first_period, "
        "arg_min(value, period) AS first_value, max(period) AS last_period, "
        "arg_max(value, period) AS last_value FROM dataset GROUP BY entity "
        "HAVING count(DISTINCT period) > 1) "
        "SELECT entity, first_period, first_value, last_period, last_value, "
        "last_value - first_value AS change, "
        "round(100 * (last_value / nullif(first_value, 0) - 1), 2) AS percent_change "
        "FROM spans ORDER BY percent_change DESC NULLS LAST, entity"
    ),
    SHARE: (
        f"WITH {_LATEST} SELECT entity, period, value, "
        "round(100 * value / nullif(sum(value) OVER (), 0), 2) AS share "
        "FROM latest ORDER BY value DESC, entity"
    ),
    RANK: (
        f"WITH {_LATEST} SELECT rank() OVER (ORDER BY value DESC) AS rank, entity, period, "
        "value FROM latest ORDER BY rank, entity"
    ),
    TOTAL: (
        f"WITH {_LATEST} SELECT sum(value) AS total, round(avg(value), 2) AS average, "
        "count(*) AS entities FROM latest"
    ),
}
# The column each computation charts, by entity.
CHARTED = {CHANGE: "percent_change", SHARE: "share", RANK: "value", TOTAL: ""}

_WANTS = [
    (SHARE, r"\bshares?\b|proportion|percentage|占比|份额|比例|比重|百分比"),
    (RANK, r"\brank|largest|biggest|highest|lowest|smallest|\btop\s+\d|排名|排行|最大|最高|最低"),
    (TOTAL, r"\btotal|\bsum\b|\baverage|\bmean\b|总计|合计|总额|总量|总和|平均"),
    (
        CHANGE,
        r"grow|grew|growth|increase|decrease|decline|rise|rose|fell|change|trend|over time"
        r"|\bfrom\s+(?:19|20)\d\d\b|增长|增速|增幅|下降|变化|趋势|走势|同比|环比",
    ),
]


def computation_for(words: str, periods: int) -> str:
    """The computation the words ask for, given how many periods the dataset has."""
    for name, pattern in _WANTS:
        if re.search(pattern, words, re.IGNORECASE):
            if name == CHANGE and periods < 2:
                return RANK  # a change needs two periods: rank the one there is
            return name
    return CHANGE if periods > 1 else RANK
