"""Written feedback on a plan under review: the plan is made again with it, and the page shows
what changed.

`replan` takes the feedback ("drop the history, add costs") on a project awaiting review: the
project plans again (through the status door, awaiting review -> planning), its plan step runs
again with the earlier plan and the feedback as its params (the model revises the plan as asked;
the extractive engine applies it by rule), and once that is done the project awaits review again.
The earlier plan stays on the plan step, so `changes` can say what the feedback changed.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db import transaction

from research.errors import BadInput, NotAllowed
from research.limits import FEEDBACK_MAX
from research.models import ActivityAction, ActivityEntry, Project, ProjectStatus, StepRun
from research.pipeline.engine import runner
from research.pipeline.stages.plan import snapshot
from research.providers.llm import check_configured


def replan(project: Project, *, text: str, user) -> Project:
    """Plan `project` again with the member's feedback `text`: NotAllowed (409) unless its plan
    awaits review; BadInput (422) for empty or overlong feedback."""
    text = (text or "").strip()
    if not text:
        raise BadInput("The feedback is empty: say what the plan should change.", field="text")
    if len(text) > FEEDBACK_MAX:
        raise BadInput(f"Feedback is at most {FEEDBACK_MAX} characters.", field="text")
    if project.status != ProjectStatus.AWAITING_REVIEW:
        raise NotAllowed(_not_awaiting(project))
    if project.opts.uses_llm:
        check_configured()
    with transaction.atomic():
        if not Project.objects.transition(
            project.pk,
            ProjectStatus.PLANNING,
            only_from=[ProjectStatus.AWAITING_REVIEW],
            error="",
            updated_by=user,
        ):
            raise NotAllowed(_not_awaiting(project))
        params = {"feedback": text, "previous": snapshot(project)}
        if not runner.redo(project.pk, "plan", params):
            raise NotAllowed("The plan is being made right now; wait for it, then try again.")
        ActivityEntry.objects.record(
            ActivityAction.PLAN_EDITED, project, user, f"Asked for a new plan: “{text}”."
        )
    project.refresh_from_db()
    return project


def _not_awaiting(project: Project) -> str:
    project.refresh_from_db(fields=["status"])
    state = project.get_status_display().lower()
    return f"Only a plan awaiting review takes feedback; this project is {state}."


@dataclass
class PlanChanges:
    """What the last feedback changed: the earlier plan against the plan now."""

    feedback: str
    sections_removed: list[str] = field(default_factory=list)
    sections_added: list[str] = field(default_factory=list)
    queries_removed: list[str] = field(default_factory=list)
    queries_added: list[str] = field(default_factory=list)

    @property
    def any(self) -> bool:
        return bool(
            self.sections_removed
            or self.sections_added
            or self.queries_removed
            or self.queries_added
        )


def changes(project: Project) -> PlanChanges | None:
    """The last feedback and what it changed, or None when the plan was never re-made."""
    params = (
        StepRun.objects.filter(project=project, key="plan").values_list("params", flat=True).first()
    )
    if not params or not params.get("feedback"):
        return None
    earlier, now = params.get("previous") or {}, snapshot(project)
    old_titles, new_titles = _titles(earlier), _titles(now)
    old_queries, new_queries = _queries(earlier), _queries(now)
    return PlanChanges(
        feedback=params["feedback"],
        sections_removed=[t for t in old_titles if t not in new_titles],
        sections_added=[t for t in new_titles if t not in old_titles],
        queries_removed=[q for q in old_queries if q not in new_queries],
        queries_added=[q for q in new_queries if q not in old_queries],
    )


def _titles(plan: dict) -> list[str]:
    return [section["title"] for section in plan.get("sections", [])]


def _queries(plan: dict) -> list[str]:
    return [q["text"] for section in plan.get("sections", []) for q in section["queries"]]


def previous(project: Project) -> dict | None:
    """The plan before the last feedback (snapshot's shape), or None."""
    params = (
        StepRun.objects.filter(project=project, key="plan").values_list("params", flat=True).first()
    )
    return (params or {}).get("previous") if (params or {}).get("feedback") else None
