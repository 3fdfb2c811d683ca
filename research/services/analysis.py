"""Members' changes to an analysis: a figure left out of its computation (or put back), or its
value corrected with a note. Each recomputes the dataset, writes a new report version with the
new figure, and goes into the activity log with the member who made it."""

from __future__ import annotations

import math

from django.db import transaction

from research.errors import BadInput, NotAllowed
from research.models import ActivityAction, ActivityEntry, Dataset, DatasetRow, ProjectStatus
from research.pipeline.shared import datasets
from research.services import runs

EDITABLE = (ProjectStatus.DONE, ProjectStatus.FAILED)


def set_excluded(row: DatasetRow, *, excluded: bool, user) -> Dataset:
    """Leave the figure out of the computation, or put it back."""
    _editable(row)
    DatasetRow.objects.filter(pk=row.pk).update(excluded=excluded)
    what = "Left out" if excluded else "Put back"
    return _recomputed(row.dataset, user, f"{what} {_named(row)} in “{row.dataset.title}”.")


def edit_value(row: DatasetRow, *, value: str | float, note: str, user) -> Dataset:
    """Compute with `value` instead of the source's, saying why in `note`."""
    _editable(row)
    number = _number(value)
    note = (note or "").strip()
    if not note:
        raise BadInput("Say why the value changes: the note is shown beside it.", field="note")
    DatasetRow.objects.filter(pk=row.pk).update(edited_value=number, edit_note=note, edited_by=user)
    detail = f"Changed {_named(row)} in “{row.dataset.title}” to {number:g}: {note}"
    return _recomputed(row.dataset, user, detail)


def _editable(row: DatasetRow) -> None:
    project = row.dataset.project
    if project.status not in EDITABLE:
        state = project.get_status_display().lower()
        raise NotAllowed(f"An analysis can be changed once the run ends; the project is {state}.")


def _number(value: str | float) -> float:
    try:
        number = float(str(value).replace(",", "").strip())
    except ValueError:
        raise BadInput(f"“{value}” is not a number.", field="value") from None
    if not math.isfinite(number):
        raise BadInput("The value must be a finite number.", field="value")
    return number


def _named(row: DatasetRow) -> str:
    return f"{row.entity} {row.period}".strip()


def _recomputed(dataset: Dataset, user, detail: str) -> Dataset:
    """The dataset computed again from its counted rows, the change logged, and a new report
    version asked for, which shows the new figure."""
    with transaction.atomic():
        datasets.compute(dataset, datasets.values_of(dataset))
        dataset.save(
            update_fields=[
                "computation",
                "sql",
                "computed",
                "error",
                "chart_kind",
                "chart_spec",
                "svg",
            ]
        )
        ActivityEntry.objects.record(
            ActivityAction.ANALYSIS_EDITED, dataset.project, user, detail[:2000]
        )
    runs.new_report(dataset.project, user=user)
    return dataset
