"""The scheduler: after every step, decide from the database what can run next.

`advance` is idempotent and safe to call from any number of workers at once: steps are keyed, so
asking for a step twice creates it once, and status changes are compare-and-set updates. Nothing
waits for more than its own inputs: a query is ranked as soon as its own search is done, a
source is fetched as soon as a query selects it, and summarised as soon as it is fetched; a
section reflects as soon as its own queries are searched, on their results' snippets and the
summaries written by then, while their pages are read, and whatever the other sections are doing.
Only the report waits for everything; the check of its claims waits for the report, and the
project is done once the current version has its claims (the project stays `writing` meanwhile:
steps can only be created while a project runs, so the check runs before `done`, never after).
While a model ranks a query's results, its first results are read ahead into the page cache:
most of the fetches that follow the ranking find their page there, so the ranking and the
downloads wait on the network at the same time.

  ground -> [clarify -> wait for a member's answers]
         -> plan -> [review] -> per query: search -> rank -> per selected source: fetch -> summarise
                                            |      (+ read ahead)
                                            +-> per section, once its queries are searched:
                                                reflect (bounded rounds; a new query goes
                                                through the same steps)
  once every query is summarised and every section has reflected:
         -> report -> check its claims (and again, in every version, those citing a source
                      that was refetched or resummarised since they were checked)
"""

from __future__ import annotations

import hashlib
import threading
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from research.models import (
    Analysis,
    FetchStatus,
    Project,
    ProjectStatus,
    Query,
    QueryStatus,
    Source,
    Stage,
    StepRun,
    StepStatus,
)
from research.models.loading import Inserter, Loader
from research.models.options import ProjectOptions
from research.pipeline.engine import state
from research.pipeline.engine.runner import dispatch_on_commit
from research.pipeline.engine.state import QueryRef, SourceRef

OPEN = set(StepStatus.open())
PROJECT = Loader(Project)  # read at the start of every pass, so its SQL is built once
STEPS = Inserter(StepRun)  # and the steps it needs, created at its end
AHEAD = f"{Stage.PREFETCH.value}:"  # keys of steps that nothing waits for
# ... and the keys of steps beside the run: a question's answer, a version's notification
BESIDE = (AHEAD, *(f"{stage.value}:" for stage in Stage.beside_run()))


def query_key(query: Query | QueryRef) -> str:
    return f"q{query.pk}.{query.generation}"


def source_key(source: Source | SourceRef) -> str:
    return f"s{source.pk}.{source.generation}"


def summarize_key(query: Query | QueryRef, source: Source | SourceRef) -> str:
    return f"summarize:{query_key(query)}:{source_key(source)}"


@dataclass
class Plan:
    """The project's steps by key, and whether anything is still to do."""

    project: Project
    steps: dict[str, str]  # key -> status: the scheduler needs nothing else, so no models
    busy: bool = False
    finished_queries: list[int] = field(default_factory=list)
    unsearched: set[int | None] = field(default_factory=set)  # sections with a query to search
    missing: list[StepRun] = field(default_factory=list)

    @cached_property
    def opts(self) -> ProjectOptions:
        """The project's options, validated once a pass (Project.opts validates on each read,
        and a pass reads them for every query)."""
        return self.project.opts

    def state(self, key: str) -> StepStatus | None:
        status = self.steps.get(key)
        return StepStatus(status) if status else None

    def need(self, stage: Stage, key: str, **targets: Any) -> StepStatus | None:
        """The state of step `key`, enqueueing it if missing. Marks the plan busy unless done."""
        state = self.state(key)
        if state is None:
            self.missing.append(StepRun(project=self.project, stage=stage, key=key, **targets))
            self.steps[key] = state = StepStatus.QUEUED
        if state in OPEN:
            self.busy = True
        return state

    def ahead(self, stage: Stage, key: str, **targets: Any) -> None:
        """Enqueue step `key` if missing: work done ahead that nothing waits for."""
        if key not in self.steps:
            self.missing.append(StepRun(project=self.project, stage=stage, key=key, **targets))
            self.steps[key] = StepStatus.QUEUED

    def enqueue_missing(self) -> None:
        """Create the steps this pass asked for in one statement, and dispatch them.

        The project's row is held while they are created, so a cancel that lands during this
        pass either comes first (and nothing is created) or after (and cancels them): a
        cancelled project never keeps queued steps. Another worker may create some of the same
        steps at the same moment: unique keys keep one row, which only its creator dispatches (a
        second delivery of a step would be refused by its compare-and-set claim)."""
        if not self.missing:
            return
        with transaction.atomic():
            if Project.objects.hold(self.project.pk, ProjectStatus.running()):
                for step_id in STEPS.insert_new(self.missing):
                    dispatch_on_commit(step_id)
        self.missing.clear()


_lock = threading.Lock()
_in_progress: dict[int, bool] = {}  # project id -> asked again while a pass was running


def advance(project_id: int) -> None:
    """Advance the project. Calls that arrive while this process is already advancing it are
    folded into one more pass of the running call, instead of racing it for the database."""
    with _lock:
        if project_id in _in_progress:
            _in_progress[project_id] = True
            return
        _in_progress[project_id] = False
    try:
        while True:
            _advance(project_id)
            with _lock:
                if not _in_progress[project_id]:
                    return
                _in_progress[project_id] = False
    finally:
        with _lock:
            _in_progress.pop(project_id, None)


def _advance(project_id: int) -> None:
    """One pass: everything a pass can decide, it decides at once (a reflection's new query is
    searched in the same pass that sees the reflection done)."""
    project = PROJECT.get(project_id)
    if project.status not in ProjectStatus.running():
        return
    plan = Plan(project, state.step_statuses(project.pk))
    try:
        _decide(plan)
    finally:
        plan.enqueue_missing()


def _decide(plan: Plan) -> None:
    project = plan.project
    for stage in _opening(plan.opts):
        state = plan.need(stage, stage.value)
        if state in (StepStatus.FAILED, StepStatus.CANCELLED):
            error = project.steps.filter(key=stage.value).values_list("error", flat=True).get()
            Project.objects.fail(project.pk, f"{stage.label} failed: {error or state.label}")
        if state != StepStatus.DONE:
            return
        if stage == Stage.CLARIFY and _awaits_answers(project):
            _set_status(project, ProjectStatus.PLANNING, ProjectStatus.AWAITING_CLARIFICATION)
            return
    if plan.opts.review_plan and project.plan_approved_at is None:
        _set_status(project, ProjectStatus.PLANNING, ProjectStatus.AWAITING_REVIEW)
        return
    _set_status(project, ProjectStatus.PLANNING, ProjectStatus.RESEARCHING)
    _advance_queries(plan)
    _mark_queries_done(plan)
    _advance_reflection(plan)
    if plan.busy or any(
        status in OPEN for key, status in plan.steps.items() if not key.startswith(BESIDE)
    ):
        return
    if _analysing(plan):
        return
    _advance_report(plan)


def _opening(opts: ProjectOptions) -> tuple[Stage, ...]:
    """The steps before the plan: the first search, and the clarifying questions when the
    project asks for them."""
    if opts.clarify:
        return (Stage.GROUND, Stage.CLARIFY, Stage.PLAN)
    return (Stage.GROUND, Stage.PLAN)


def _awaits_answers(project: Project) -> bool:
    """Whether the project has clarifying questions that no member answered or skipped (the
    project was read at the start of this pass, after the clarify step wrote them)."""
    return bool(project.clarifications) and project.clarified_at is None


def _analysing(plan: Plan) -> bool:
    """Whether an analysis section's figures are still being gathered, computed and charted,
    enqueueing the analyses missing: after the research, before the report. A failed analysis
    leaves its section without a figure; the report goes on. A refresh or a regeneration
    analyses again, so that its version's figures are of the sources it has."""
    if plan.opts.analysis == Analysis.OFF:
        return False
    version = _version_key(plan.project)
    statuses = [
        plan.need(
            Stage.ANALYSE, f"{Stage.ANALYSE.value}:sec{section_id}{version}", section_id=section_id
        )
        for section_id in state.analysis_sections(plan.project.pk)
    ]
    return any(status in OPEN for status in statuses)


def _version_key(project: Project) -> str:
    """What makes a version's analyses their own: each refresh and each regeneration gathers
    the figures again (the first run's keys stay as they were)."""
    refresh = state.running_refresh(project.pk)
    if refresh is not None:
        return f":r{refresh[0]}"
    return f":g{project.report_generation}" if project.report_generation else ""


def _advance_queries(plan: Plan) -> None:
    """Search, rank, fetch and summarise every query that is not failed (plain tuples, read in
    plain SQL: this runs after every step)."""
    selected = state.selected_sources(plan.project.pk)
    added = state.added_sources(plan.project.pk)
    for query in state.live_queries(plan.project.pk):
        open_ = _advance_query(plan, query, selected.get(query.pk, []), added)
        if not open_ and open_ is not None and query.status != QueryStatus.DONE:
            plan.finished_queries.append(query.pk)


def _advance_query(
    plan: Plan, query: QueryRef, chosen: list[SourceRef], added: list[SourceRef]
) -> bool | None:
    """Search, rank, then each chosen or added source. True while work on the query is open,
    False once it is all done, None when its search or ranking did not succeed (the query
    fails instead of finishing)."""
    qkey = query_key(query)
    for stage in (Stage.SEARCH, Stage.RANK):
        status = plan.need(stage, f"{stage.value}:{qkey}", query_id=query.pk)
        if status in OPEN:
            if stage == Stage.SEARCH:
                plan.unsearched.add(query.section_id)
            if stage == Stage.RANK and _reads_ahead(plan.opts):
                plan.ahead(Stage.PREFETCH, f"{AHEAD}{qkey}", query_id=query.pk)
            return True
        if status != StepStatus.DONE:
            return None
    pending = False
    for source in chosen + [s for s in added if s not in chosen]:
        pending |= _advance_source(plan, query, source)
    return pending


def _reads_ahead(opts: ProjectOptions) -> bool:
    """Pages are read ahead while a model ranks (the extractive ranking takes no time), and
    only into a page cache that keeps them."""
    return opts.uses_llm and settings.FETCH_CACHE_TTL_HOURS > 0


def _advance_source(plan: Plan, query: QueryRef, source: SourceRef) -> bool:
    """Fetch, then summarise for this query. True while work on it is open."""
    fetch = plan.need(Stage.FETCH, f"fetch:{source_key(source)}", source_id=source.pk)
    if fetch in OPEN:
        return True
    if fetch != StepStatus.DONE or source.fetch_status != FetchStatus.FETCHED:
        return False
    key = summarize_key(query, source)
    summary = plan.need(Stage.SUMMARIZE, key, query_id=query.pk, source_id=source.pk)
    return summary in OPEN


def _mark_queries_done(plan: Plan) -> None:
    if plan.finished_queries:  # only queries not marked yet: most passes write nothing here
        Query.objects.filter(pk__in=plan.finished_queries).exclude(
            status__in=[QueryStatus.DONE, QueryStatus.FAILED]
        ).update(status=QueryStatus.DONE)


def _advance_reflection(plan: Plan) -> None:
    """Each section's reflection rounds. A section reflects once its own queries are all
    searched (follow-ups of its earlier rounds included): on their results' snippets and the
    summaries written by then, without waiting for their rankings, pages and summaries, nor
    for the other sections; a round that asks no new query ends the section's reflection, as
    another would ask none either. The report still waits for every query's summaries. The
    project's `reflection_round` is the most rounds any section has done."""
    project = plan.project
    rounds = plan.opts.reflection_rounds
    if not rounds:
        return
    asked = state.follow_ups(project.pk)
    reached = project.reflection_round
    for section_id in state.reflecting_sections(project.pk):
        for round_ in range(1, rounds + 1):
            key = f"reflect:sec{section_id}:r{round_}"
            if plan.state(key) is None and section_id in plan.unsearched:
                break  # the section's searches first
            status = plan.need(Stage.REFLECT, key, section_id=section_id, params={"round": round_})
            if status in OPEN:
                break
            reached = max(reached, round_)
            if (section_id, round_) not in asked:
                break
    if reached > project.reflection_round:
        Project.objects.filter(pk=project.pk, reflection_round__lt=reached).update(
            reflection_round=reached
        )


def _advance_report(plan: Plan) -> None:
    project = plan.project
    report = _report_to_write(plan)
    if report is None:
        return
    key, params = report
    state = plan.state(key) if key else StepStatus.DONE
    if state is None:
        _set_status(project, ProjectStatus.RESEARCHING, ProjectStatus.WRITING)
        plan.need(Stage.REPORT, key, params=params)
    elif state == StepStatus.DONE and _claims_checked(plan):
        # Only from the status and of the run this pass read: a slow pass that read a run's
        # last state must not end the next run (a refresh begun meanwhile) before its compare.
        Project.objects.transition(
            project.pk,
            ProjectStatus.DONE,
            only_from={ProjectStatus(project.status)} & ProjectStatus.DONE.follows(),
            of_run=project.started_at,
            finished_at=timezone.now(),
            error="",
        )


def _report_to_write(plan: Plan) -> tuple[str, dict] | None:
    """The report step this run ends with: its key and parameters; ("", {}) when it writes
    none (a refresh that found nothing new); None while a refresh is still comparing, or when
    its compare failed (which fails the run: a fatal stage)."""
    project = plan.project
    refresh = state.running_refresh(project.pk)
    if refresh is None:
        return f"report:auto:{project.report_generation}", {}
    refresh_id, changed = refresh  # `changed` is set by the compare step, read after it
    compare = f"{Stage.CHANGES.value}:r{refresh_id}"
    status = plan.need(Stage.CHANGES, compare, params={"refresh_id": refresh_id})
    if status in OPEN or status in (StepStatus.FAILED, StepStatus.CANCELLED):
        return None
    if status == StepStatus.DONE and changed:
        return f"report:refresh:{refresh_id}", {"refresh_id": refresh_id}
    return "", {}


def claims_key(report_id: int) -> str:
    return f"{Stage.CLAIMS.value}:{report_id}"


def _claims_checked(plan: Plan) -> bool:
    """Whether the current report version's claims were checked (or their check failed: the
    report stands without them), enqueueing the check when missing."""
    current = state.current_report(plan.project.pk)
    if current is None:
        return True
    status = plan.need(Stage.CLAIMS, claims_key(current), params={"report_id": current})
    return status not in OPEN and _rechecked(plan)


def _rechecked(plan: Plan) -> bool:
    """Whether every version's claims that cite a refetched or resummarised source were checked
    again against its new text and quotes (a step per version and change), enqueueing those
    checks when missing: the ledger of every version follows the stored sources."""
    done = True
    for report_id, changed in state.stale_claims(plan.project.pk).items():
        tag = hashlib.sha1(repr(changed).encode()).hexdigest()[:12]
        key = f"{claims_key(report_id)}:recheck:{tag}"
        status = plan.need(Stage.CLAIMS, key, params={"report_id": report_id, "stale": True})
        done = done and status not in OPEN
    return done


def _set_status(project: Project, old: ProjectStatus, new: ProjectStatus) -> None:
    """Move on from `old`, unless the project already has (the in-memory status is fresh: the
    project was read at the start of this pass)."""
    if project.status == old and Project.objects.transition(project.pk, new, only_from=[old]):
        project.status = new  # this pass goes on from the new status; nothing saves it
