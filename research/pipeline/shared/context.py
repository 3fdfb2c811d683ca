"""The contract between the engine and a stage, in the spirit of STORM's interface.py.

A stage module's docstring says which rows it reads and which rows it replaces; the module
declares itself with a `StageSpec`: which stage it is, the models it writes, whether its failure
stops the run, and what a failure means for its target. The engine runs it as a
function of a `StepContext`, which gives the step's rows through typed accessors (a missing one
is a MissingInput naming it), LLM clients that meter tokens against the project's budget, and
prompts paired with the models of their answers.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from datetime import date
from decimal import Decimal
from typing import Any, TypeVar

from django.conf import settings
from django.db.models import Case, F, Model, Value, When
from pydantic import BaseModel

from research.errors import BudgetSpent, MissingInput
from research.limits import DETAIL_MAX
from research.models import ModelProfile, Project, Query, Section, Source, Stage, StepRun
from research.models.options import ProjectOptions
from research.prompts import TAGS, Prompt
from research.providers.llm import ContextExceeded, LLMClient, Usage, Written
from research.text.gate import Expect

log = logging.getLogger(__name__)
T = TypeVar("T", bound=BaseModel)
A = TypeVar("A")
REFITS = 2
R = TypeVar("R", bound=Model)


@dataclass(frozen=True)
class StageSpec:
    """What a stage is: the registry lists these in pipeline order and runs them."""

    stage: Stage
    run: Callable[[StepContext], None]
    fatal: bool = False  # its failure fails the project (otherwise only its own target)
    on_failure: Callable[[StepRun, str], None] | None = None  # e.g. marks its query failed
    # The same work without a language model, writing the same rows: the extractive engine's,
    # and the fallback of a step whose LLM failed for good. None: the stage uses no LLM.
    extractive: Callable[[StepContext], None] | None = None
    # Nothing waits for its steps (reading ahead): when one ends, the scheduler has nothing
    # new to decide, so it is not asked.
    ahead: bool = False
    # The slot per machine its steps wait for (providers/slots: "search"): the step pool
    # claims no more of them than this machine has slots left (runner.Room), so no thread
    # holds a step only to wait for one.
    slot: str = ""
    # The models whose rows its steps create, change or delete, besides what every step
    # writes through its context (CONTEXT_WRITES). tests/test_architecture.py runs every stage
    # and holds each to this.
    writes: tuple[type[Model], ...] = ()

    @property
    def detached(self) -> bool:
        """Its steps run beside the project's run (Stage.beside_run), whatever the project's
        status (not in the trash), and their failure is their own: never the project's."""
        return self.stage in Stage.beside_run()


# What any step writes through its StepContext: its own step's detail and output, the
# project's token meter, and what the LLM client learns of an endpoint.
CONTEXT_WRITES: tuple[type[Model], ...] = (StepRun, Project, ModelProfile)


def fail_query(step: StepRun, reason: str) -> None:
    """The failure of a step on one query (a search, a ranking): the query fails, and resume
    retries it; the rest of the run goes on."""
    Query.objects.fail(step.query_id, reason)


class TokenMeter:
    """Keeps a project within its token budget, even with many calls in flight at once.

    Before a call, the prompt estimate plus the answer cap is reserved with a conditional UPDATE
    that fails when used + reserved + this call would pass the budget. After the call the
    reservation is released and the real usage added to the project. The step's own counters
    are kept here and saved with the step's status when it finishes (`step_counters`), done or
    failed: one write fewer per call on a row that many threads write at once.
    """

    def __init__(self, project: Project):
        self.project = project
        # Each refresh has its own budget: what was used before it does not count.
        self.budget = project.opts.token_budget + project.tokens_base
        self.prompt = self.completion = self.calls = 0  # calls may run on several threads
        self._lock = threading.Lock()

    @property
    def used(self) -> int:
        """Tokens this step used so far."""
        return self.prompt + self.completion

    def step_counters(self) -> dict[str, int]:
        with self._lock:
            return {
                "tokens_prompt": self.prompt,
                "tokens_completion": self.completion,
                "llm_calls": self.calls,
            }

    def reserve(self, tokens: int) -> None:
        room = Project.objects.alias(committed=COMMITTED).filter(
            pk=self.project.pk, committed__lte=self.budget - tokens
        )
        if not room.update(tokens_reserved=F("tokens_reserved") + tokens):
            used = Project.objects.filter(pk=self.project.pk).values_list(COMMITTED, flat=True)
            raise BudgetSpent(
                f"Token budget exhausted: {used.get():,} of {self.budget:,} tokens used or "
                f"reserved, and the next call may need {tokens:,}. Raise the budget and resume."
            )

    def record(self, reserved: int, usage: Usage | None) -> None:
        project = Project.objects.filter(pk=self.project.pk)
        if usage is None:
            project.update(tokens_reserved=_released(reserved))
            return
        with self._lock:
            self.prompt += usage.prompt_tokens
            self.completion += usage.completion_tokens
            self.calls += 1
        cost = (
            usage.prompt_tokens * settings.LLM_PRICE_INPUT
            + usage.completion_tokens * settings.LLM_PRICE_OUTPUT
        ) / 1_000_000
        project.update(
            tokens_reserved=_released(reserved),
            tokens_prompt=F("tokens_prompt") + usage.prompt_tokens,
            tokens_completion=F("tokens_completion") + usage.completion_tokens,
            cost_usd=F("cost_usd") + Decimal(str(cost)).quantize(Decimal("0.000001")),
        )


# Through the ORM: plain SQL for these saved 6% of the six projects' wall time in
# bench/concurrency.py (7.82 s against 8.32 s, 2026-11-25), under the 10% that would earn it.
COMMITTED = F("tokens_prompt") + F("tokens_completion") + F("tokens_reserved")


def _released(reserved: int) -> Case:
    """The reservation less `reserved`, never below zero."""
    return Case(
        When(tokens_reserved__gt=reserved, then=F("tokens_reserved") - reserved), default=Value(0)
    )


@dataclass
class StepContext:
    step: StepRun
    project: Project
    meter: TokenMeter = field(init=False)
    detail: str = ""
    fallback: str = ""  # why the LLM's work is done extractively instead (its error), if it is

    def __post_init__(self) -> None:
        self.meter = TokenMeter(self.project)

    # --- The step's rows -------------------------------------------------------------------

    @property
    def query(self) -> Query:
        return self._row("query", self.step.query)

    @property
    def source(self) -> Source:
        return self._row("source", self.step.source)

    @property
    def section(self) -> Section:
        return self._row("section", self.step.section)

    def _row(self, what: str, row: R | None) -> R:
        if row is None:
            stage = Stage(self.step.stage).label
            raise MissingInput(f"This {stage} step (#{self.step.pk}) has no {what} to work on.")
        return row

    def param(self, name: str, default: Any = None) -> Any:
        """A parameter the step was enqueued with (a rerun's options)."""
        return self.step.params.get(name, default)

    # --- Options and the world -------------------------------------------------------------

    @property
    def opts(self) -> ProjectOptions:
        return self.project.opts

    @property
    def today(self) -> str:
        return date.today().isoformat()

    @property
    def language(self) -> str:
        return self.opts.language or self.project.language or "English"

    # --- The LLM ---------------------------------------------------------------------------

    def llm(self, *, fast: bool = False) -> LLMClient:
        model = settings.LLM_FAST_MODEL if fast else settings.LLM_MODEL
        return LLMClient(model, meter=self.meter, profiles=ModelProfile.objects)

    def window(self, *, fast: bool = False) -> int:
        """The model's context window in tokens, as known now: size prompts to it."""
        return self.llm(fast=fast).context_tokens

    def prompt_room(self, answer_tokens: int, *, fast: bool = False) -> int:
        """Tokens a prompt may hold next to an answer of `answer_tokens` in the window."""
        return self.llm(fast=fast).prompt_room(answer_tokens)

    def refitting(self, attempt: Callable[[], A]) -> A:
        """Run `attempt`, and again (at most twice more) when one of its calls showed the
        model's window smaller than thought: it sizes its prompts to `window()`, which now
        says less."""
        for _ in range(REFITS):
            try:
                return attempt()
            except ContextExceeded as exc:
                log.info("step %s: %s; sizing the prompt again", self.step.pk, exc.reason)
        return attempt()

    def ask(
        self,
        prompt: Prompt[T],
        *,
        fast: bool = False,
        max_tokens: int | None = None,
        **variables: Any,
    ) -> T:
        """The prompt's answer, validated against the model the prompt is paired with."""
        if prompt.output is None:
            raise TypeError(f"prompt {prompt.name} has free text answers: use write()")
        messages = prompt.render(**variables)
        return self.llm(fast=fast).structured(messages, prompt.output, max_tokens=max_tokens)

    def write(
        self, prompt: Prompt[Any], *, max_tokens: int, expect: Expect, **variables: Any
    ) -> Written:
        """The prompt's free-text answer (the report's Markdown), and whether it is complete;
        one that fails the gate as `expect`ed twice raises UnusableAnswer (an LLMError: the
        extractive fallback writes it instead, saying why)."""
        expect = replace(expect, tags=expect.tags or TAGS)
        return self.llm().text(prompt.render(**variables), max_tokens=max_tokens, expect=expect)

    # --- What the step records -------------------------------------------------------------

    @property
    def engine(self) -> str:
        """Who does this step's work: "llm" or "extractive" (a report may ask for another
        engine than the project's)."""
        return str(self.param("engine") or self.opts.engine)

    @property
    def method(self) -> str:
        """What made this step's rows: "llm", "extractive" or "fallback"."""
        return "fallback" if self.fallback else self.engine

    def note(self, detail: str) -> None:
        """A short line shown on the step (e.g. "12 results"), saved when the step finishes."""
        if self.fallback:
            detail = (
                f"done with the extractive fallback ({detail}); the LLM failed: {self.fallback}"
            )
        self.detail = detail[:DETAIL_MAX]

    def save_output(self, output: dict) -> None:
        StepRun.objects.filter(pk=self.step.pk).update(output=output)
        self.step.output = output
