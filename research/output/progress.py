"""A project's progress, from its StepRuns: counts per stage, a percentage, recent events."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import timedelta

from django.db.models import Count
from django.utils import timezone

from research.models import Project, Stage, StepRun, StepStatus


@dataclass
class StageCounts:
    stage: Stage
    queued: int = 0
    running: int = 0
    done: int = 0
    failed: int = 0
    cancelled: int = 0

    @property
    def total(self) -> int:
        return self.queued + self.running + self.done + self.failed + self.cancelled


@dataclass
class Progress:
    project: Project
    stages: list[StageCounts] = field(default_factory=list)
    recent: list[StepRun] = field(default_factory=list)

    @property
    def total(self) -> int:
        return sum(s.total for s in self.stages)

    @property
    def finished(self) -> int:
        return sum(s.done + s.failed + s.cancelled for s in self.stages)

    @property
    def percent(self) -> int:
        if self.project.status == "done":
            return 100
        return int(100 * self.finished / self.total) if self.total else 0

    @property
    def current(self) -> list[str]:
        return [s.stage.label for s in self.stages if s.running or s.queued]

    @property
    def elapsed(self) -> timedelta | None:
        start = self.project.started_at
        if start is None:
            return None
        end = self.project.finished_at or timezone.now()
        return end - start


def progress(project: Project, recent: int = 8) -> Progress:
    rows = (
        StepRun.objects.filter(project=project)
        .order_by()
        .values("stage", "status")
        .annotate(n=Count("pk"))
    )
    by_stage = {stage: StageCounts(stage) for stage in Stage}
    for row in rows:
        setattr(by_stage[Stage(row["stage"])], StepStatus(row["status"]).value, row["n"])
    events = (
        StepRun.objects.filter(project=project)
        .exclude(status=StepStatus.QUEUED)
        .select_related("query", "source", "section")
        .order_by("-started_at", "-id")[:recent]
    )
    stages = [counts for counts in by_stage.values() if counts.total]
    return Progress(project=project, stages=stages, recent=list(events))
