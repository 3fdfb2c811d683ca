"""A member asks for one section of the report to be rewritten: a new version where only that
section changed.

`rewrite` checks the ask (an instruction of 1 to INSTRUCTION_MAX characters, a done project, the
current version, a section k among the report's `## ` sections before its References, counted
from 1: text/sections.py), moves the project done -> writing through the status door, logs who
asked for what, and enqueues the rewrite step (pipeline/stages/rewrite.py) with the base
version, k and the instruction, requested by the member. The step writes the new version (the
member's, in the base version's engine: the LLM follows any instruction; the extractive engine
knows shorter, longer and more figures), the scheduler then checks its claims, and the project
is done again. The API answers 202 with the step; the report page's form shares this service.
"""

from __future__ import annotations

import uuid

from django.db import transaction
from django.db.models import Max

from research.errors import BadInput, NotAllowed, NotFound
from research.limits import INSTRUCTION_MAX
from research.models import (
    ActivityAction,
    ActivityEntry,
    Method,
    Project,
    ProjectStatus,
    Report,
    Stage,
    StepRun,
)
from research.pipeline.engine.runner import ensure_step
from research.providers.llm import check_configured
from research.services import runs
from research.text import sections


def rewrite(project: Project, *, k: int, instruction: str, version: int, user) -> StepRun:
    """Rewrite section `k` of version `version` (the current one) as `instruction` says."""
    text = _instruction(instruction)
    if project.status != ProjectStatus.DONE:
        raise NotAllowed(_not_done(project))
    base = project.reports.filter(is_current=True).first()
    if base is None:
        raise NotAllowed("The project has no report to rewrite yet.")
    if base.version != version:
        raise NotAllowed(_stale(project, version))
    title = _title(base, k)
    engine = Method.EXTRACTIVE if base.engine == Method.EXTRACTIVE else Method.LLM
    if engine == Method.LLM:
        check_configured()
    with transaction.atomic():
        _writing(project, version, user)
        step, _ = ensure_step(
            project,
            Stage.REWRITE,
            f"{Stage.REWRITE.value}:v{version}:s{k}:{uuid.uuid4().hex[:12]}",
            params={"report_id": base.pk, "k": k, "instruction": text, "engine": engine},
            requested_by=user,
        )
        detail = f"Asked for a rewrite of section {k} ({title}) of v{version}: “{text}”."
        ActivityEntry.objects.record(ActivityAction.SECTION_REWRITTEN, project, user, detail)
    return step


def _instruction(instruction: str) -> str:
    text = (instruction or "").strip()
    if not text:
        raise BadInput(
            "The instruction is empty: say how to rewrite the section (for example 'shorter').",
            field="instruction",
        )
    if len(text) > INSTRUCTION_MAX:
        raise BadInput(
            f"The instruction is {len(text):,} characters; at most {INSTRUCTION_MAX:,}.",
            field="instruction",
        )
    return text


def _title(base: Report, k: int) -> str:
    """Section k's title; NotFound saying how many sections the version has."""
    found = sections.split(base.markdown).sections
    if not found:
        raise NotFound(f"Version {base.version} of the report has no ## section to rewrite.")
    if not 1 <= k <= len(found):
        raise NotFound(
            f"Version {base.version} of the report has {len(found)} "
            f"section{'s' if len(found) > 1 else ''} before its "
            f"References (1 to {len(found)}); there is no section {k}."
        )
    return found[k - 1].title


def _not_done(project: Project) -> str:
    project.refresh_from_db(fields=["status"])
    state = project.get_status_display().lower()
    return f"A section can be rewritten once the project is done; it is {state}."


def _stale(project: Project, version: int) -> str:
    current = project.reports.aggregate(v=Max("version"))["v"]
    return (
        f"The rewrite asks for version {version}, but the current version is {current}: "
        f"reload version {current} and ask again."
    )


def _writing(project: Project, version: int, user) -> None:
    """The project writes until the new version's claims are checked (then it is done again)."""
    if runs.write_again(project, user=user):
        return
    if project.reports.filter(version__gt=version).exists():
        raise NotAllowed(_stale(project, version))
    raise NotAllowed(_not_done(project))
