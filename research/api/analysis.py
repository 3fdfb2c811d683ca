"""Analyses: a project's datasets and their charts (one per dataset that has one)."""

from ninja import Router

from research.api.common import answers
from research.api.schemas.analysis import ChartOut, DatasetOut
from research.api.schemas.common import Id
from research.output import charts
from research.services import selectors

router = Router(tags=["analysis"])


@router.get("/projects/{project_id}/datasets", response=answers({200: list[DatasetOut]}, 404))
def list_datasets(request, project_id: Id):
    """Each analysis section's dataset: its rows (each with its source, verbatim quote and
    locator) and the SQL computed over them with its result."""
    return list(selectors.datasets(selectors.get_project(project_id)))


@router.get("/projects/{project_id}/charts", response=answers({200: list[ChartOut]}, 404))
def list_charts(request, project_id: Id):
    """The charts of the project's datasets, each with its Vega-Lite spec and its SVG's URL."""
    found = selectors.datasets(selectors.get_project(project_id)).exclude(chart_spec=None)
    return list(found)


@router.get("/charts/{chart_id}/svg", response=answers({200: None}, 404), url_name="chart_svg")
def chart_svg(request, chart_id: Id):
    """The chart as image/svg+xml."""
    return charts.response(selectors.get_chart(chart_id))
