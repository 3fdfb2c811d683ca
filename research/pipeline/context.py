"""What a running step gets: its StepRun, its project, LLM clients that meter tokens."""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal

from django.conf import settings
from django.db.models import F
from django.db.models.functions import Greatest

from research.errors import BudgetSpent
from research.models import Project, StepRun
from research.options import ProjectOptions
from research.providers.llm import LLMClient, Usage


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
        self.budget = project.opts.token_budget
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
        committed = F("tokens_prompt") + F("tokens_completion") + F("tokens_reserved")
        granted = (
            Project.objects.filter(pk=self.project.pk)
            .alias(committed=committed)
            .filter(committed__lte=self.budget - tokens)
            .update(tokens_reserved=F("tokens_reserved") + tokens)
        )
        if not granted:
            used = Project.objects.filter(pk=self.project.pk).values_list(committed, flat=True)
            raise BudgetSpent(
                f"Token budget exhausted: {used.get():,} of {self.budget:,} tokens used or "
                f"reserved, and the next call may need {tokens:,}. Raise the budget and resume."
            )

    def record(self, reserved: int, usage: Usage | None) -> None:
        release = Greatest(F("tokens_reserved") - reserved, 0)
        if usage is None:
            Project.objects.filter(pk=self.project.pk).update(tokens_reserved=release)
            return
        with self._lock:
            self.prompt += usage.prompt_tokens
            self.completion += usage.completion_tokens
            self.calls += 1
        cost = (
            usage.prompt_tokens * settings.LLM_PRICE_INPUT
            + usage.completion_tokens * settings.LLM_PRICE_OUTPUT
        ) / 1_000_000
        Project.objects.filter(pk=self.project.pk).update(
            tokens_reserved=release,
            tokens_prompt=F("tokens_prompt") + usage.prompt_tokens,
            tokens_completion=F("tokens_completion") + usage.completion_tokens,
            cost_usd=F("cost_usd") + Decimal(str(cost)),
        )


@dataclass
class StepContext:
    step: StepRun
    project: Project
    meter: TokenMeter = field(init=False)
    detail: str = ""

    def __post_init__(self) -> None:
        self.meter = TokenMeter(self.project)

    @property
    def opts(self) -> ProjectOptions:
        return self.project.opts

    @property
    def today(self) -> str:
        return date.today().isoformat()

    @property
    def language(self) -> str:
        return self.opts.language or self.project.language or "English"

    def llm(self, *, fast: bool = False) -> LLMClient:
        return LLMClient(settings.LLM_FAST_MODEL if fast else settings.LLM_MODEL, meter=self.meter)

    def note(self, detail: str) -> None:
        """A short line shown on the step (e.g. "12 results"), saved when the step finishes."""
        self.detail = detail[:300]

    def save_output(self, output: dict) -> None:
        StepRun.objects.filter(pk=self.step.pk).update(output=output)
        self.step.output = output
