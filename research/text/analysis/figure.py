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
# A figure's chart or its caption's link to its dataset, or a source's figure (its id in group
# 3, text/figures.py): what starts a figure in a report.
FIGURE_START = re.compile(
    r"\]\((?:charts/(\d+)\.svg|/projects/\d+/datasets/(\d+)/|figures/(\d+)\.(?:png|jpg))\)"
)


def dataset_page(project_id: int, dataset_id: int) -> str:
    return f"/projects/{project_id}/datasets/{dataset_id}/"


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
        "missing": "*No source states:* {cells}.",
        "cell": "{entity} ({period})",
    },
    "zh": {
        CHANGE: "{entity}变化最大：从{first_period}年的{first_value}到{last_period}年的"
        "{last_value}，变化{percent_change:+g}%",
        SHARE: "{entity}占比最大：{share:g}%（{period}年为{value}）",
        RANK: "{entity}排名第一，{period}年为{value}",
        TOTAL: "合计{total}，平均{average}",
        "figure": "图",
        "missing": "*没有来源给出：*{cells}。",
        "cell": "{entity}（{period}年）",
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
    page: str = ""  # where its figures are listed, which the caption links to
    missing: Sequence[tuple[str, str]] = ()  # (entity, period) asked of it that no source states


def markdown(figure: Figure, language: str = "en") -> str:
    """The figure's block: the chart, its caption, the computed table and the result said."""
    words = SAYS.get(language, SAYS["en"])
    caption = f"{words['figure']} {figure.number}: {figure.title}"
    lines = [f"![{caption}]({figure.image})", ""] if figure.image else []
    lines += [f"*[{caption}]({figure.page})*" if figure.page else f"*{caption}*", ""]
    lines += _table(figure, language)
    said = _said(figure, words)
    lines += ["", said] if said else []
    if figure.missing:
        cells = [words["cell"].format(entity=e, period=p) for e, p in figure.missing[:MISSING]]
        more = len(figure.missing) - MISSING
        joined = ("、" if language == "zh" else ", ").join(cells)
        joined += (f" 等{len(figure.missing)}项" if language == "zh" else f" and {more} more") * (
            more > 0
        )
        lines += ["", words["missing"].format(cells=joined)]
    return "\n".join(lines) + "\n"


MISSING = 12  # cells listed as missing under a figure; the rest counted


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
    title: str,
    computation: str,
    columns: Sequence[str],
    rows: Sequence[Sequence[object]],
    unit: str = "",
) -> tuple[str, dict] | None:
    """The chart of a rule's result: bars of the column it charts by entity; None when it
    charts nothing (a total)."""
    column = CHARTED.get(computation, "")
    return axes_spec("bar", title, columns, rows, "entity", column, unit)


def axes_spec(
    kind: str,
    title: str,
    columns: Sequence[str],
    rows: Sequence[Sequence[object]],
    x: str,
    y: str,
    unit: str = "",
) -> tuple[str, dict] | None:
    """Bars or lines of column `y` by column `x` of a result (lines coloured by entity when the
    result has one beside `x`), its axis named with the values' unit ("value (USD)"); None
    when it names no such columns or no chart."""
    if kind not in ("bar", "line") or x not in columns or y not in columns or x == y:
        return None
    keep = [c for c in (x, y, "entity") if c in columns]
    values = [{c: row[list(columns).index(c)] for c in keep} for row in rows]
    encoding: dict = {
        "x": {
            "field": x,
            "type": "nominal" if kind == "bar" else "ordinal",
            "title": None,
            **(
                {"sort": "-y", "axis": {"labelAngle": -40, "labelLimit": 160}}
                if kind == "bar"
                else {}
            ),
        },
        "y": {"field": y, "type": "quantitative", "title": _axis(y, unit)},
    }
    if kind == "line" and x != "entity" and "entity" in columns:
        encoding["color"] = {"field": "entity", "type": "nominal", "title": None}
    mark = {"type": kind, "tooltip": False, **({"point": True} if kind == "line" else {})}
    return kind, _spec(title, values, mark, encoding)


def series_spec(
    title: str, points: Sequence[tuple[str, str, float]], unit: str = ""
) -> tuple[str, dict]:
    """Lines of each entity's values over its periods: (entity, period, value) points."""
    rows = [list(point) for point in points]
    made = axes_spec("line", title, ["entity", "period", "value"], rows, "period", "value", unit)
    assert made is not None
    return made


PERCENT_COLUMNS = frozenset({"percent_change", "share"})


def _axis(column: str, unit: str) -> str:
    """A value axis's title: its column, with the unit of its values ("value (USD)",
    "percent change (%)"); a rank has none."""
    name = column.replace("_", " ")
    if column in PERCENT_COLUMNS:
        return f"{name} (%)"
    return f"{name} ({unit})" if unit and column != "rank" else name


def _spec(title: str, values: list[dict], mark: dict, encoding: dict) -> dict:
    return {
        "$schema": "https://vega.github.io/schema/vega-lite/v5.json",
        "title": title,
        "data": {"values": values},
        "mark": mark,
        "encoding": encoding,
        "width": 480,
        "height": 260,
    }
