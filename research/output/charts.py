"""Charts drawn: a dataset's Vega-Lite spec rendered to SVG on the server by vl-convert (no
browser, no network: the spec carries its data inline), once, and kept on the dataset."""

from __future__ import annotations

from django.http import HttpResponse

from research.errors import MissingInput
from research.models import Dataset
from research.text import figures as text_figures
from research.text.analysis.figure import CHART_LINK

# An SVG opened on its own runs nothing and loads nothing (the site's CSP covers it in a page).
SVG_POLICY = "default-src 'none'; style-src 'unsafe-inline'"


def response(dataset: Dataset) -> HttpResponse:
    """The chart as image/svg+xml."""
    answer = HttpResponse(svg_of(dataset), content_type="image/svg+xml")
    answer["Content-Security-Policy"] = SVG_POLICY
    return answer


def svg_of(dataset: Dataset) -> str:
    """The dataset's chart as SVG, drawn now if it was not before."""
    if dataset.svg:
        return dataset.svg
    if not dataset.chart_spec:
        raise MissingInput("This dataset has no chart: nothing was computed to draw.")
    import vl_convert  # a large native module: loaded by the first chart drawn, not at start

    svg = vl_convert.vegalite_to_svg(dataset.chart_spec)
    Dataset.objects.filter(pk=dataset.pk).update(svg=svg)
    dataset.svg = svg
    return svg


def png_of(dataset: Dataset, scale: float = 2.0) -> bytes:
    """The dataset's chart as PNG (for Word and PowerPoint), drawn from its SVG by vl-convert:
    `scale` times its size, the same bytes for the same SVG."""
    import vl_convert

    return bytes(vl_convert.svg_to_png(svg_of(dataset), scale=scale))


def figures_of(markdown: str, project_id: int) -> list[Dataset]:
    """The datasets whose charts a report links, in the order it shows them (Figure 1, 2...)."""
    ids = list(dict.fromkeys(int(found) for found in CHART_LINK.findall(markdown)))
    found = {d.pk: d for d in Dataset.objects.filter(project_id=project_id, pk__in=ids)}
    return [found[pk] for pk in ids if pk in found]


def shown(markdown: str, project_id: int) -> list[tuple[int, Dataset]]:
    """The datasets whose charts a report links, each with its figure's number k (the sources'
    figures number with them: text/figures.numbers)."""
    numbers = text_figures.numbers(markdown)
    return [(numbers[("chart", d.pk)], d) for d in figures_of(markdown, project_id)]


def numbered(markdown: str, charts: list[Dataset], path: str = "charts/") -> str:
    """The report's chart links as a file's: `path` + k.svg, k the figure's number."""
    numbers = text_figures.numbers(markdown)
    number = {dataset.pk: numbers[("chart", dataset.pk)] for dataset in charts}
    return CHART_LINK.sub(
        lambda m: f"]({path}{number.get(int(m.group(1)), m.group(1))}.svg)", markdown
    )
