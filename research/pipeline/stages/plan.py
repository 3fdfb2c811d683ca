"""Step 2, plan: an outline of sections, each with its search queries; detects the language.

Reads:    the question, the ground step's results and the project's options.
Replaces: every Section and the planned Queries (members' own queries stay, outside any
          section); the project's title (when empty) and language.
"""

from __future__ import annotations

from django.db import transaction

from research.models import Query, Section, Stage, StepRun
from research.pipeline.context import StageSpec, StepContext
from research.prompts import PLAN
from research.prompts.outputs import PlannedSection, PlanOutput

Outline = list[tuple[PlannedSection, list[str]]]


def run(ctx: StepContext) -> None:
    project = ctx.project
    ground = StepRun.objects.filter(project=project, key="ground").values_list("output", flat=True)
    results = (ground.first() or {}).get("results", [])
    total = ctx.opts.queries
    plan = ctx.ask(
        PLAN,
        today=ctx.today,
        question=project.question,
        results=results,
        queries=total,
        min_sections=min(2, total),
        max_sections=min(6, total),
        language=ctx.opts.language,
    )
    sections = _fit(plan, total)
    _replace_outline(ctx, plan, sections)
    ctx.note(f"{len(sections)} sections, {sum(len(q) for _, q in sections)} queries")


def _fit(plan: PlanOutput, total: int) -> Outline:
    """Keep exactly `total` distinct queries (or all there are), taken round-robin by section."""
    seen: set[str] = set()
    pools = []
    for section in plan.sections:
        unique = []
        for query in section.queries:
            if query.lower() not in seen:
                seen.add(query.lower())
                unique.append(query)
        pools.append((section, unique))
    chosen: list[list[str]] = [[] for _ in pools]
    count, depth = 0, 0
    while count < total and any(depth < len(qs) for _, qs in pools):
        for i, (_, qs) in enumerate(pools):
            if depth < len(qs) and count < total:
                chosen[i].append(qs[depth])
                count += 1
        depth += 1
    return [(section, qs) for (section, _), qs in zip(pools, chosen, strict=True)]


def _replace_outline(ctx: StepContext, plan: PlanOutput, sections: Outline) -> None:
    project = ctx.project
    with transaction.atomic():
        project.queries.planned().delete()
        project.sections.all().delete()
        position = 0
        for index, (planned, queries) in enumerate(sections):
            section = Section.objects.create(
                project=project, title=planned.title, goal=planned.goal, position=index
            )
            for text in queries:
                Query.objects.create(project=project, section=section, text=text, position=position)
                position += 1
        project.title = project.title or plan.title
        project.language = ctx.opts.language or plan.language
        project.save(update_fields=["title", "language", "updated_at"])


STAGE = StageSpec(stage=Stage.PLAN, run=run, fatal=True)
