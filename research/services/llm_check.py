"""Checking the configured LLM endpoints with a few tiny calls, for people.

For the main and the fast model: the context window is discovered, one structured call finds
the rung of structured output (and the output-limit parameter and system role, as refusals
teach them), and one short free-text call measures the speed. The result is the model's
capability profile, its tokens per second, and warnings that name the setting to change.
`manage.py llm_check`, the LLM page and `make run`'s start-up line all call `check()`.
"""

from __future__ import annotations

import time
from dataclasses import asdict, dataclass, field

from django.conf import settings
from pydantic import BaseModel, ConfigDict

from research.errors import DossierError
from research.models import ModelProfile
from research.providers.llm import LLMClient, Usage, check_configured
from research.providers.llm.profile import Profile

COUNT = [{"role": "user", "content": "Count from 1 to 40, numbers only, separated by spaces."}]
PROBE = [
    {"role": "system", "content": "You answer in JSON."},
    {"role": "user", "content": 'Is water wet? Answer {"ok": true} or {"ok": false}.'},
]
SMALL_WINDOW = 8192
SLOW = 10.0  # tokens per second


class Probe(BaseModel):
    model_config = ConfigDict(extra="forbid")
    ok: bool


@dataclass
class ModelCheck:
    role: str  # "main" or "fast"
    model: str
    endpoint: str = ""
    ok: bool = False
    error: str = ""
    profile: dict = field(default_factory=dict)
    described: str = ""
    tokens_per_second: float | None = None
    warnings: list[str] = field(default_factory=list)

    def line(self) -> str:
        if not self.ok:
            return f"{self.role} model {self.model}: FAILED: {self.error}"
        speed = f", {self.tokens_per_second:.0f} tokens/s" if self.tokens_per_second else ""
        return f"{self.role} model {self.model}: ok{speed}; {self.described}"


def check() -> list[ModelCheck]:
    """Check the main model and, when it differs, the fast one. Raises NotConfigured."""
    check_configured()
    roles = [("main", settings.LLM_MODEL)]
    if settings.LLM_FAST_MODEL != settings.LLM_MODEL:
        roles.append(("fast", settings.LLM_FAST_MODEL))
    return [_check(role, model) for role, model in roles]


def _check(role: str, model: str) -> ModelCheck:
    result = ModelCheck(role, model)
    try:
        client = LLMClient(model, profiles=ModelProfile.objects)
        result.endpoint = client.endpoint
        client.context_tokens  # noqa: B018 - discovers the window once
        client.structured(PROBE, Probe, max_tokens=200)
        client.meter = counter = _Counter()
        started = time.monotonic()
        client.text(COUNT, max_tokens=300)
        seconds = time.monotonic() - started
    except DossierError as exc:
        result.error = exc.reason
        return result
    result.ok = True
    result.tokens_per_second = round(counter.tokens / seconds, 1) if seconds > 0 else None
    result.profile = client.profile.to_dict()
    result.described = client.profile.describe()
    result.warnings = _warnings(client.profile, client.context_tokens, result.tokens_per_second)
    return result


class _Counter:
    """A meter that only counts the answer's tokens (checks have no project budget)."""

    tokens = 0

    def reserve(self, tokens: int) -> None:
        pass

    def record(self, reserved: int, usage: Usage | None) -> None:
        self.tokens += usage.completion_tokens if usage else 0


def _warnings(profile: Profile, window: int, speed: float | None) -> list[str]:
    warnings = []
    if window < SMALL_WINDOW:
        warnings.append(
            f"The context window is {window:,} tokens ({profile.context_source or 'assumed'}): "
            "pages are read in small parts and reports are written section by section. If the "
            "server allows more (Ollama: OLLAMA_CONTEXT_LENGTH or num_ctx), set "
            "LLM_CONTEXT_TOKENS to it."
        )
    if profile.rung == "prompt":
        warnings.append(
            "The endpoint accepts no response_format, so answers are parsed from free text: "
            "a model with JSON output (LLM_MODEL / LLM_FAST_MODEL) is more reliable."
        )
    if profile.reasoning:
        warnings.append(
            "The model thinks before it answers: its thinking is removed, but it spends the "
            "output limit. Raise LLM_MAX_OUTPUT_TOKENS if answers are cut off, or turn thinking "
            "off to save time and tokens."
        )
    if speed is not None and speed < SLOW:
        warnings.append(
            f"The model writes about {speed:.0f} tokens per second: research will be slow. "
            "Choose a faster LLM_FAST_MODEL for ranking and summaries, or lower "
            "LLM_MAX_CONCURRENCY if the server is overloaded."
        )
    return warnings


def as_json(checks: list[ModelCheck]) -> list[dict]:
    return [asdict(c) for c in checks]
