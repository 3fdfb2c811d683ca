"""Charts drawn: a dataset's Vega-Lite spec rendered to SVG on the server by vl-convert (no
browser, no network: the spec carries its data inline), once, and kept on the dataset."""

from __future__ import annotations

from django.http import HttpResponse

from research.errors import MissingInput
from research.models import Dataset

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
