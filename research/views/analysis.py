"""A dataset's page: its figures, each with its source and verbatim quote, what was computed over
them and the chart; and members' changes to a figure (left out, put back, or corrected), each
of which recomputes and writes a new report version."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET, require_POST

from research.errors import NotFound
from research.services import analysis, selectors

ROW_VERBS = ("exclude", "include", "edit")
DONE = "Recomputed; a new report version is being written with the new figure."


@require_GET
def dataset_detail(request: HttpRequest, project_id: int, dataset_id: int) -> HttpResponse:
    project = selectors.get_project(project_id)
    dataset = selectors.get_dataset(project, dataset_id)
    context = {
        "project": project,
        "dataset": dataset,
        "rows": list(dataset.rows.select_related("source", "edited_by")),
        "computed": dataset.computed or {},
        "editable": project.status in analysis.EDITABLE,
    }
    return render(request, "research/dataset_detail.html", context)


@require_POST
def dataset_row(
    request: HttpRequest, project_id: int, dataset_id: int, row_id: int, verb: str
) -> HttpResponse:
    dataset = selectors.get_dataset(selectors.get_project(project_id), dataset_id)
    row = dataset.rows.filter(pk=row_id).first()
    if row is None:
        raise NotFound(f"No figure with id {row_id} in this dataset.")
    row.dataset = dataset  # loaded already, with its project
    if verb == "edit":
        value, note = request.POST.get("value", ""), request.POST.get("note", "")
        analysis.edit_value(row, value=value, note=note, user=request.user)
    else:
        analysis.set_excluded(row, excluded=verb == "exclude", user=request.user)
    messages.success(request, DONE)
    return redirect("dataset", project_id, dataset_id)
