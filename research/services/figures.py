"""Members' say on the sources' figures a report shows: a figure hidden from the report, or one
of a source's figures added to it. Either is kept on the figure (the next versions honour it
too), goes into the activity log with the member who made it, and writes a new report version
(runs.new_report), which shows the figures as chosen."""

from __future__ import annotations

from django.db import transaction

from research.errors import NotAllowed
from research.models import ActivityAction, ActivityEntry, Figure, FigureChoice, ProjectStatus
from research.services import runs

EDITABLE = (ProjectStatus.DONE, ProjectStatus.FAILED)


def hide(figure: Figure, *, user) -> Figure:
    """Hide the figure from the report, in a new version and in those after it."""
    return _chosen(figure, FigureChoice.HIDDEN, user, "Hid")


def add(figure: Figure, *, user) -> Figure:
    """Show the figure in the report, in a new version and in those after it."""
    return _chosen(figure, FigureChoice.ADDED, user, "Added")


def _chosen(figure: Figure, choice: FigureChoice, user, verb: str) -> Figure:
    project = figure.source.project
    if project.status not in EDITABLE:
        state = project.get_status_display().lower()
        raise NotAllowed(f"A report's figures can be changed once the run ends; it is {state}.")
    where = "to" if choice == FigureChoice.ADDED else "from"
    named = figure.label or figure.url
    detail = f"{verb} the figure “{named}” of [{figure.source.n}] {where} the report."
    with transaction.atomic():  # no choice kept without its new version
        Figure.objects.filter(pk=figure.pk).update(choice=choice, chosen_by=user)
        ActivityEntry.objects.record(ActivityAction.FIGURES_EDITED, project, user, detail[:2000])
        runs.new_report(project, user=user)
    figure.choice, figure.chosen_by = choice, user
    return figure
