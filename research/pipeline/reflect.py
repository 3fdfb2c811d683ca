"""Step 8, reflect: per section, find the biggest gap and propose at most one follow-up query."""

from __future__ import annotations

from django.db import transaction
from django.db.models import Max

from research.models import Query, QueryOrigin, Summary
from research.pipeline import prompts
from research.pipeline.context import StepContext
from research.pipeline.outputs import ReflectOutput
from research.pipeline.textutil import truncate

FINDING_TOKENS = 400
MAX_FINDINGS = 16


def run(ctx: StepContext) -> None:
    section, project = ctx.step.section, ctx.project
    round_ = int(ctx.step.params.get("round", project.reflection_round + 1))
    summaries = (
        Summary.objects.relevant()
        .filter(query__section=section, source__excluded=False)
        .select_related("query", "source")
        .order_by("query__position", "source__n")[:MAX_FINDINGS]
    )
    findings = [
        {"n": s.source.n, "query": s.query.text, "text": truncate(s.text, FINDING_TOKENS)}
        for s in summaries
    ]
    own = {"section": section, "origin": QueryOrigin.REFLECTION, "reflection_round": round_}
    searched = list(project.queries.exclude(**own).values_list("text", flat=True))
    messages = prompts.render(
        "reflect",
        today=ctx.today,
        question=project.question,
        section=section,
        searched=searched,
        findings=findings,
    )
    answer = ctx.llm().structured(messages, ReflectOutput)
    created = _replace_follow_up(ctx, answer, round_, searched)
    ctx.save_output({"gap": answer.gap, "query": answer.query, "created": created})
    ctx.note(f"follow-up: {answer.query}" if created else "no new query needed")


def _replace_follow_up(ctx: StepContext, answer: ReflectOutput, round_: int, searched) -> bool:
    """This step's own output is the one follow-up query of its section and round."""
    section = ctx.step.section
    with transaction.atomic():
        Query.objects.filter(
            section=section, origin=QueryOrigin.REFLECTION, reflection_round=round_
        ).delete()
        if not answer.query or answer.query.lower() in {s.lower() for s in searched}:
            return False
        last = ctx.project.queries.aggregate(m=Max("position"))["m"] or 0
        parent = section.queries.order_by("-position").first()
        Query.objects.create(
            project=ctx.project,
            section=section,
            parent=parent,
            text=answer.query,
            origin=QueryOrigin.REFLECTION,
            reflection_round=round_,
            position=last + 1,
        )
    return True
