"""Step 1b, clarify (only with the `clarify` option): whether the question must be clarified
before it is planned, and the questions to ask.

Reads:    the question, the ground step's results and the project's language option. The model
          judges (clarify.md); without a model, rules do (text/extractive/clarify.py): results
          that split into different senses, or a question that needs a place or a period and
          names none.
Replaces: the project's clarifications (up to three: id, question, choices, and an empty
          answer), unless a member has answered them already. When there are any, the scheduler
          stops the project in `awaiting_clarification` until a member answers or skips them
          (services/clarify.py); the plan's brief then holds the answers.
"""

from __future__ import annotations

from datetime import date

from research.models import Project, Stage
from research.pipeline.shared import results as grounded
from research.pipeline.shared.context import StageSpec, StepContext
from research.prompts import CLARIFY
from research.text.extractive import clarify as rules

MAX_QUESTIONS = rules.MAX_QUESTIONS


def run(ctx: StepContext) -> None:
    project = ctx.project
    answer = ctx.ask(
        CLARIFY,
        today=ctx.today,
        question=project.question,
        results=grounded.grounding(project),
        language=ctx.opts.language,
    )
    asked = [(q.question, q.choices) for q in answer.questions] if answer.ambiguous else []
    _keep(ctx, asked)


def run_extractive(ctx: StepContext) -> None:
    project = ctx.project
    results = [
        rules.Result(str(r.get("title", "")), str(r.get("snippet", "")))
        for r in grounded.grounding(project)
    ]
    asks = rules.questions(project.question, results, date.fromisoformat(ctx.today))
    _keep(ctx, [(ask.question, ask.choices) for ask in asks])


def _keep(ctx: StepContext, asked: list[tuple[str, list[str]]]) -> None:
    """The questions on the project, numbered q1.. (answers already given are never lost)."""
    project = ctx.project
    if project.clarified_at is not None:
        ctx.note("already answered by a member")
        return
    clarifications = [
        {"id": f"q{i}", "question": question, "choices": list(choices), "answer": ""}
        for i, (question, choices) in enumerate(asked[:MAX_QUESTIONS], start=1)
    ]
    Project.objects.filter(pk=project.pk, clarified_at__isnull=True).update(
        clarifications=clarifications
    )
    project.clarifications = clarifications
    count = len(clarifications)
    ctx.note(
        f"{count} clarifying question{'s' if count != 1 else ''} for a member"
        if count
        else "the question is clear: nothing to ask"
    )


STAGE = StageSpec(
    stage=Stage.CLARIFY, run=run, fatal=True, extractive=run_extractive, writes=(Project,)
)
