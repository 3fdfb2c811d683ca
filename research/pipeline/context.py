"""What a running step gets: its StepRun, its project, LLM clients that meter tokens."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal

from django.conf import settings
from django.db.models import F

from research.models import Project, StepRun
from research.options import ProjectOptions
from research.providers.llm import BudgetExhausted, LLMClient, Usage


class TokenMeter:
    """Refuses a call that would take the project past its token budget; records usage."""

    def __init__(self, step: StepRun, project: Project):
        self.step = step
        self.project = project
        self.budget = project.opts.token_budget

    def __call__(self, prompt_estimate: int, usage: Usage | None) -> None:
        if usage is None:
            self._check(prompt_estimate)
        else:
            self._record(usage)

    def _check(self, prompt_estimate: int) -> None:
        used = (
            Project.objects.filter(pk=self.project.pk)
            .values_list(F("tokens_prompt") + F("tokens_completion"), flat=True)
            .get()
        )
        if used + prompt_estimate > self.budget:
            raise BudgetExhausted(
                f"Token budget exhausted: {used:,} of {self.budget:,} tokens used, and the next "
                f"call needs about {prompt_estimate:,} more. Raise the budget and resume."
            )

    def _record(self, usage: Usage) -> None:
        StepRun.objects.filter(pk=self.step.pk).update(
            tokens_prompt=F("tokens_prompt") + usage.prompt_tokens,
            tokens_completion=F("tokens_completion") + usage.completion_tokens,
            llm_calls=F("llm_calls") + 1,
        )
        cost = (
            usage.prompt_tokens * settings.LLM_PRICE_INPUT
            + usage.completion_tokens * settings.LLM_PRICE_OUTPUT
        ) / 1_000_000
        self.project.add_usage(usage.prompt_tokens, usage.completion_tokens, Decimal(str(cost)))


@dataclass
class StepContext:
    step: StepRun
    project: Project
    meter: TokenMeter = field(init=False)

    def __post_init__(self) -> None:
        self.meter = TokenMeter(self.step, self.project)

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
        """A short line of progress shown on the step (e.g. "12 results")."""
        StepRun.objects.filter(pk=self.step.pk).update(detail=detail[:300])

    def save_output(self, output: dict) -> None:
        StepRun.objects.filter(pk=self.step.pk).update(output=output)
        self.step.output = output
