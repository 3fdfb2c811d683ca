"""A member answers (or skips) the clarifying questions a project asked before planning.

The clarify stage leaves the questions on the project and the scheduler stops it in
`awaiting_clarification`. `answer` stores the answers with the questions, moves the project back
to planning through the status door (the same UPDATE writes the answers, so two members who
answer at once cannot both win) and asks the scheduler to go on: the plan step runs next, with
the answers in its brief. Skipping stores no answer; the plan is made from the question alone.
"""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from research.errors import BadInput, NotAllowed
from research.limits import CLARIFY_ANSWER_MAX
from research.models import ActivityAction, ActivityEntry, Project, ProjectStatus
from research.pipeline.engine import flow
from research.providers.llm import check_configured


def answer(project: Project, *, answers: dict[str, str], skip: bool = False, user) -> Project:
    """Answer the project's clarifying questions (`answers` by question id) or `skip` them:
    BadInput (422) naming what is wrong with the answers, NotAllowed (409) unless the project
    awaits clarification."""
    if project.status != ProjectStatus.AWAITING_CLARIFICATION:
        raise NotAllowed(_not_waiting(project))
    clarifications = _answered(project, answers, skip)
    if project.opts.uses_llm:
        check_configured()
    with transaction.atomic():
        moved = Project.objects.transition(
            project.pk,
            ProjectStatus.PLANNING,
            only_from=[ProjectStatus.AWAITING_CLARIFICATION],
            clarifications=clarifications,
            clarified_at=timezone.now(),
            clarified_by=user,
            error="",
            updated_by=user,
        )
        if not moved:
            raise NotAllowed(_not_waiting(project))
        ActivityEntry.objects.record(
            ActivityAction.CLARIFIED, project, user, _detail(clarifications, skip)
        )
        transaction.on_commit(lambda: flow.advance(project.pk))
    project.refresh_from_db()
    return project


def _answered(project: Project, answers: dict[str, str], skip: bool) -> list[dict]:
    """The project's questions with these answers, checked."""
    if skip and answers:
        raise BadInput("Give answers or skip, not both.", field="skip")
    known = {c["id"] for c in project.clarifications}
    unknown = [key for key in answers if key not in known]
    if unknown:
        ids = ", ".join(sorted(known))
        raise BadInput(
            f"No clarifying question {unknown[0]!r}; the questions are {ids}.",
            field=f"answers.{unknown[0]}",
        )
    cleaned = {key: (value or "").strip() for key, value in answers.items()}
    for key, value in cleaned.items():
        if len(value) > CLARIFY_ANSWER_MAX:
            raise BadInput(
                f"An answer is at most {CLARIFY_ANSWER_MAX} characters.", field=f"answers.{key}"
            )
    if not skip and not any(cleaned.values()):
        raise BadInput(
            "Answer at least one question, or skip them to plan from the question alone.",
            field="answers",
        )
    return [
        {**c, "answer": "" if skip else cleaned.get(c["id"], "")} for c in project.clarifications
    ]


def _detail(clarifications: list[dict], skip: bool) -> str:
    if skip:
        return "Skipped the clarifying questions."
    said = [f"{c['question']} “{c['answer']}”" for c in clarifications if c["answer"]]
    return "Answered: " + " ".join(said)


def _not_waiting(project: Project) -> str:
    project.refresh_from_db(fields=["status"])
    state = project.get_status_display().lower()
    return f"Only a project awaiting clarification takes answers; this project is {state}."
