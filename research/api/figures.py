"""Figures from sources: a project's sources' figures, kept re-encoded, whether the current
report version shows each; their images, for members; and members hiding one from the report,
or adding one, which writes a new version."""

from ninja import Router
from ninja.responses import Status

from research.api.common import RERUN, answers
from research.api.schemas.common import Id
from research.api.schemas.figures import FigureOut
from research.models import Figure, Project
from research.output import source_figures
from research.services import figures, selectors

router = Router(tags=["figures"])


def _marked(project: Project, found: list[Figure]) -> list[Figure]:
    """The figures, each knowing whether the current report version shows it."""
    current = project.reports.filter(is_current=True).first()
    shown = set(current.figures.values_list("pk", flat=True)) if current else set()
    for figure in found:
        figure.in_report = figure.pk in shown  # type: ignore[attr-defined]
    return found


@router.get("/projects/{project_id}/figures", response=answers({200: list[FigureOut]}, 404))
def list_figures(request, project_id: Id):
    """The figures the project's sources show that were kept (downloaded and re-encoded), by
    source number and their place on the page; `in_report` when the current version shows it."""
    project = selectors.get_project(project_id)
    return _marked(project, list(selectors.figures(project)))


@router.get(
    "/figures/{figure_id}/image", response=answers({200: None}, 404), url_name="figure_image"
)
def figure_image(request, figure_id: Id):
    """The figure's re-encoded image (PNG or JPEG), never its outside address."""
    return source_figures.response(selectors.get_figure_anywhere(figure_id))


@router.post("/figures/{figure_id}/hide", response=answers({202: FigureOut}, *RERUN))
def hide_figure(request, figure_id: Id):
    """Hide the figure from the report: a new version is written without it (and the versions
    after leave it out too)."""
    return Status(202, _changed(figures.hide, figure_id, request.auth))


@router.post("/figures/{figure_id}/add", response=answers({202: FigureOut}, *RERUN))
def add_figure(request, figure_id: Id):
    """Add the figure to the report: a new version is written with it, under the section it
    fits best."""
    return Status(202, _changed(figures.add, figure_id, request.auth))


def _changed(change, figure_id: int, user) -> Figure:
    figure = selectors.get_figure_anywhere(figure_id)
    changed = change(figure, user=user)
    return _marked(figure.source.project, [changed])[0]
