"""Step 7, reflect: per section, find the biggest gap and propose at most one follow-up query.

Reads:    one Section's goal, its relevant summaries, and every query searched so far. Without
          a model, the gap is a key phrase of the section that no kept quote covers.
Replaces: the Section's follow-up Query of this reflection round (at most one); the gap found,
          kept on its own StepRun (`output`).
"""

from __future__ import annotations

from django.db import transaction

from research.models import Query, QueryOrigin, Stage, Summary
from research.pipeline.shared.context import StageSpec, StepContext
from research.prompts import REFLECT
from research.prompts.outputs import ReflectOutput
from research.text.extractive.scoring import key_phrases
from research.text.extractive.terms import terms
from research.text.tokens import even_share, truncate

FINDING_TOKENS = 400
MAX_FINDINGS = 16


def _inputs(ctx: StepContext) -> tuple[int, list[Summary], list[str]]:
    """The round, the section's relevant summaries, and every query searched but this one's."""
    section, project = ctx.section, ctx.project
    round_ = int(ctx.param("round", project.reflection_round + 1))
    summaries = list(
        Summary.objects.relevant()
        .filter(query__section=section, source__excluded=False)
        .select_related("query", "source")
        .order_by("query__position", "source__n")[:MAX_FINDINGS]
    )
    own = {"section": section, "origin": QueryOrigin.REFLECTION, "reflection_round": round_}
    searched = list(project.queries.exclude(**own).values_list("text", flat=True))
    return round_, summaries, searched


def run(ctx: StepContext) -> None:
    round_, summaries, searched = _inputs(ctx)
    answer = ctx.refitting(lambda: _ask(ctx, summaries, searched))
    _record(ctx, answer, round_, searched)


def _record(ctx: StepContext, answer: ReflectOutput, round_: int, searched: list[str]) -> None:
    created = _replace_follow_up(ctx, answer, round_, searched)
    ctx.save_output({"gap": answer.gap, "query": answer.query, "created": created})
    ctx.note(f"follow-up: {answer.query}" if created else "no new query needed")


def _ask(ctx: StepContext, summaries: list[Summary], searched: list[str]) -> ReflectOutput:
    """The reflection, with the findings cut evenly to half the model's window."""
    each = even_share(ctx.window() // 2, len(summaries), floor=40, cap=FINDING_TOKENS)
    findings = [
        {"n": s.source.n, "query": s.query.text, "text": truncate(s.text, each)} for s in summaries
    ]
    return ctx.ask(
        REFLECT,
        today=ctx.today,
        question=ctx.project.question,
        section=ctx.section,
        searched=searched,
        findings=findings,
    )


def _replace_follow_up(
    ctx: StepContext, answer: ReflectOutput, round_: int, searched: list[str]
) -> bool:
    """This step's own output is the one follow-up query of its section and round."""
    section = ctx.section
    with transaction.atomic():
        Query.objects.filter(
            section=section, origin=QueryOrigin.REFLECTION, reflection_round=round_
        ).delete()
        if not answer.query or answer.query.lower() in {s.lower() for s in searched}:
            return False
        if ctx.project.queries.filter(text__iexact=answer.query).exists():
            return False  # another section's reflection of this round asked it already
        position = ctx.project.queries.next_position()
        parent = section.queries.order_by("-position").first()
        Query.objects.create(
            project=ctx.project,
            section=section,
            parent=parent,
            text=answer.query,
            origin=QueryOrigin.REFLECTION,
            reflection_round=round_,
            position=position,
        )
    return True


# --- Without a language model ------------------------------------------------------------


def run_extractive(ctx: StepContext) -> None:
    """The section's key phrases (from its title and queries) that no kept quote covers: the
    first becomes the follow-up query, paired with the project's topic."""
    round_, summaries, searched = _inputs(ctx)
    section = ctx.section
    quoted = {term for s in summaries for quote in s.quotes for term in terms(quote)}
    context = list(section.queries.values_list("text", flat=True))
    topic = (key_phrases(ctx.project.question, limit=1) or [""])[0]
    missing = [
        phrase
        for phrase in key_phrases(section.title, context, limit=6)
        if not set(terms(phrase)) <= quoted
    ]
    query = f"{topic} {missing[0]}".strip() if missing else None
    if query and missing and topic.lower() in missing[0].lower():
        query = missing[0]
    gap = f"No quote covers {missing[0]}." if missing else ""
    _record(ctx, ReflectOutput(gap=gap, query=query), round_, searched)


STAGE = StageSpec(stage=Stage.REFLECT, run=run, extractive=run_extractive, writes=(Query,))
