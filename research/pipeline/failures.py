"""What a failed step means for its target and its project."""

from __future__ import annotations

from django.utils import timezone

from research.errors import DossierError
from research.models import Project, ProjectStatus, Query, QueryStatus, Stage, StepRun

# A failure of one of these stops the run; the rest fail only their own target.
FATAL_STAGES = {Stage.GROUND, Stage.PLAN, Stage.REPORT}


def handle_failure(step: StepRun, exc: Exception, reason: str) -> None:
    stage = Stage(step.stage)
    fatal = stage in FATAL_STAGES or (isinstance(exc, DossierError) and exc.stops_run)
    if fatal:
        fail_project(step.project_id, f"{stage.label} failed: {reason}")
    elif stage in (Stage.SEARCH, Stage.RANK) and step.query_id:
        Query.objects.filter(pk=step.query_id).update(
            status=QueryStatus.FAILED, error=f"{stage.label} failed: {reason}"
        )


def fail_project(project_id: int, reason: str) -> None:
    Project.objects.filter(pk=project_id, status__in=ProjectStatus.running()).update(
        status=ProjectStatus.FAILED, error=reason[:4000], finished_at=timezone.now()
    )
