"""An analysis as the report shows it: "Figure k: title" with its chart, the table of what was
computed (each row citing the sources of its figures as [n]), and a sentence that says the
result, citing the same; and the chart itself as a Vega-Lite spec with its data inline.

Everything here is built from the computed result and the dataset's rows; nothing is invented.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from research.text.analysis.rules import CHANGE, CHARTED, RANK, SHARE, TOTAL

# A chart as a report's Markdown links it: charts/<dataset id>.svg, which the pages, the PDF
# and the evidence package each resolve to the chart.
CHART_LINK = re.compile(r"\]\(charts/(\d+)\.svg\)")


def chart_path(dataset_id: int) -> str:
    return f"charts/{dataset_id}.svg"


HEADERS = {
    "en": {
        "entity": "",
        "first_period": "From",
        "first_value": "Value",
        "last_period": "To",
        "last_value": "Value",
        "change": "Change",
        "percent_change": "Change (%)",
        "period": "Period",
        "value": "Value",
        "share": "Share (%)",
        "rank": "Rank",
        "total": "Total",
        "average": "Average",
        "entities": "Count",
        "sources": "Sources",
    },
    "zh": {
        "entity": "",
        "first_period": "起",
        "first_value": "数值",
        "last_period": "止",
        "last_value": "数值",
        "change": "变化",
        "percent_change": "变化（%）",
        "period": "时期",
        "value": "数值",
        "share": "占比（%）",
        "rank": "排名",
        "total": "合计",
        "average": "平均",
        "entities": "数量",
        "sources": "来源",
    },
}
SAYS = {
    "en": {
        CHANGE: "{entity} changed the most: {percent_change:+g}% from {first_value} in "
        "{first_period} to {last_value} in {last_period}",
        SHARE: "{entity} has the largest share: {share:g}% ({value} in {period})",
        RANK: "{entity} ranks first, with {value} in {period}",
        TOTAL: "Together they total {total}; the average is {average}",
        "figure": "Figure",
    },
    "zh": {
        CHANGE: "{entity}变化最大：从{first_period}年的{first_value}到{last_period}年的"
        "{last_value}，变化{percent_change:+g}%",
        SHARE: "{entity}占比最大：{share:g}%（{period}年为{value}）",
        RANK: "{entity}排名第一，{period}年为{value}",
        TOTAL: "合计{total}，平均{average}",
        "figure": "图",
    },
}


@dataclass(frozen=True)
class Figure:
    number: int  # k in "Figure k"
    title: str
    image: str  # where the chart is, as the Markdown links it ("charts/3.svg")
    computation: str
    columns: Sequence[str]
    rows: Sequence[Sequence[object]]
    cites: Mapping[str, Sequence[int]]  # each entity's source numbers
    entity_label: str = ""


def markdown(figure: Figure, language: str = "en") -> str:
    """The figure's block: the chart, its caption, the computed table and the result said."""
    words = SAYS.get(language, SAYS["en"])
    caption = f"{words['figure']} {figure.number}: {figure.title}"
    lines = [f"![{caption}]({figure.image})", ""] if figure.image else []
    lines += [f"*{caption}*", ""]
    lines += _table(figure, language)
    said = _said(figure, words)
    return "\n".join(lines + (["", said] if said else [])) + "\n"


def _table(figure: Figure, language: str) -> list[str]:
    headers = HEADERS.get(language, HEADERS["en"])
    names = [headers.get(c, c) or figure.entity_label for c in figure.columns]
    lines = ["| " + " | ".join([*names, headers["sources"]]) + " |"]
    lines.append("|" + "---|" * (len(names) + 1))
    entity_at = list(figure.columns).index("entity") if "entity" in figure.columns else None
    for row in figure.rows:
        cited = figure.cites.get(str(row[entity_at]), []) if entity_at is not None else _all(figure)
        cells = [_cell(value) for value in row] + ["".join(f"[{n}]" for n in cited)]
        lines.append("| " + " | ".join(cells) + " |")
    return lines


def _said(figure: Figure, words: Mapping[str, str]) -> str:
    if not figure.rows:
        return ""
    top = dict(zip(figure.columns, figure.rows[0], strict=True))
    shown = {k: _cell(v) if k not in ("percent_change", "share") else v for k, v in top.items()}
    try:
        sentence = words[figure.computation].format(**shown)
    except (KeyError, ValueError, TypeError):
        return ""
    entity = str(top.get("entity", ""))
    cited = figure.cites.get(entity, []) if entity else _all(figure)
    return sentence + " " + "".join(f"[{n}]" for n in cited) + "."


def _all(figure: Figure) -> list[int]:
    return sorted({n for numbers in figure.cites.values() for n in numbers})


def _cell(value: object) -> str:
    if isinstance(value, float):
        return f"{value:,.0f}" if value == int(value) and abs(value) >= 1000 else f"{value:,.4g}"
    if isinstance(value, int):
        return f"{value:,}" if abs(value) >= 10000 else str(value)
    return "" if value is None else str(value).replace("|", "/")


def chart_spec(
    title: str, computation: str, columns: Sequence[str], rows: Sequence[Sequence[object]]
) -> tuple[str, dict] | None:
    """The chart of a computed result: bars of the charted column by entity; None when the
    computation charts nothing (a total)."""
    column = CHARTED.get(computation, "")
    if not column or column not in columns or "entity" not in columns:
        return None
    values = [dict(zip(columns, row, strict=True)) for row in rows]
    spec = {
        "$schema": "https://vega.github.io/schema/vega-lite/v5.json",
        "title": title,
        "data": {"values": [{"entity": v["entity"], "value": v[column]} for v in values]},
        "mark": {"type": "bar", "tooltip": False},
        "encoding": {
            "x": {"field": "entity", "type": "nominal", "sort": "-y", "title": None},
            "y": {"field": "value", "type": "quantitative", "title": column.replace("_", " ")},
        },
        "width": 480,
        "height": 260,
    }
    return "bar", spec


def series_spec(title: str, points: Sequence[tuple[str, str, float]]) -> tuple[str, dict]:
    """Lines of each entity's values over its periods: (entity, period, value) points."""
    spec = {
        "$schema": "https://vega.github.io/schema/vega-lite/v5.json",
        "title": title,
        "data": {"values": [{"entity": e, "period": p, "value": v} for e, p, v in points]},
        "mark": {"type": "line", "point": True, "tooltip": False},
        "encoding": {
            "x": {"field": "period", "type": "ordinal", "title": None},
            "y": {"field": "value", "type": "quantitative", "title": None},
            "color": {"field": "entity", "type": "nominal", "title": None},
        },
        "width": 480,
        "height": 260,
    }
    return "line", spec
