"""Any OpenAI-compatible chat completions endpoint, as the pipeline asks it.

Every answer is read the same way before anything uses it: the reasoning is taken out (tags in
the content, `reasoning_content` / `reasoning` fields), and `finish_reason` says whether the
model finished. A structured answer is then checked by answers.py; a cut-off one is asked again
with more room, never repaired; an unusable one (not JSON, the wrong shape, the schema echoed)
is retried once with the problem named, then fails with a reason that names what to change.
A free-text answer that was cut off is continued, and comes back marked incomplete if it still
does not end. How each endpoint and model is asked (the structured-output rung, the name of the
output limit, whether a system role is accepted) comes from its capability profile
(profile.py), which steps down when the server refuses a request and names what it refused.

Transport faults are retried by calls.py, which embeddings share: a 429 for as long as
LLM_RETRY_MAX_SECONDS allows, honouring Retry-After and halving the endpoint's concurrency; 5xx,
timeouts and dropped connections LLM_MAX_RETRIES times with exponential backoff; each call
bounded by LLM_TIMEOUT.
"""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

import openai.resources.chat.completions  # noqa: F401 - imported at start-up, not on the first call
from django.conf import settings
from pydantic import BaseModel

from research.errors import NotConfigured
from research.providers.llm import answers, calls, discovery, reasoning
from research.providers.llm.calls import LLMError, RequestRejected, UnusableAnswer
from research.providers.llm.profile import (
    ENDPOINT_WIDE,
    PROFILES,
    Profile,
    ProfileStore,
    adapt_messages,
)
from research.text import gate
from research.text.gate import Expect
from research.text.tokens import estimate_tokens

log = logging.getLogger(__name__)
T = TypeVar("T", bound=BaseModel)

DEFAULT_ANSWER_TOKENS = 2000
DEFAULT_CONTEXT = 32000  # when the server tells nothing and has refused nothing yet
MIN_ANSWER_TOKENS = 256  # a prompt that leaves less room than this does not fit
CUT_PROMPT = 0.93  # a server that read less than this share of what it reads of others cut it
UNCALIBRATED_CUT = 0.6  # the same before any short prompt showed how it counts
CUT = "the server cut a longer prompt"
CALIBRATE_BELOW = 1800  # prompts this short (by our estimate) are never cut: they calibrate
_CONTEXT_REFUSAL = re.compile(
    r"context length|context window|context_length_exceeded|context size|n_ctx|"
    r"too many tokens|prompt is too long|maximum context|tokens.{0,40}must be <=",
    re.I,
)
_NUMBER = re.compile(
    r"maximum context length is (\d[\d,]*)|"
    r"context (?:window|size|length)[^\d]{0,30}(\d[\d,]{2,})|"
    r"must be <= (\d[\d,]*)",
    re.I,
)
PROMPT_MARGIN = 1.2  # our estimate is rough; reserve a fifth more than it says
CONTINUATIONS = 2  # a cut-off free-text answer is continued at most this many times
CONTINUE = "Continue exactly where you stopped. Do not repeat anything you already wrote."
MODEL_SETTINGS = "LLM_MODEL / LLM_FAST_MODEL"


class LLMNotConfigured(NotConfigured):
    """LLM_MODEL is empty."""


class ContextExceeded(LLMError):
    """The prompt does not fit the model's context window, as the server showed: it refused
    it, or cut it (Ollama does so silently). The profile now holds the smaller window: the
    caller sizes its prompt to `LLMClient.context_tokens` and asks again."""


@dataclass
class Usage:
    prompt_tokens: int
    completion_tokens: int
    estimated: bool = False


@dataclass(frozen=True)
class Reply:
    """One answer, read: the reasoning apart, and whether the model stopped at its limit."""

    answer: str
    reasoning: str
    cut_off: bool
    usage: Usage
    thinks_in: str = ""  # "tags" or "field" when the answer held reasoning


@dataclass(frozen=True)
class Written:
    """A free-text answer; `complete` is False when it still stopped at the output limit."""

    text: str
    complete: bool


class Meter(Protocol):
    """Token accounting around each call: reserve first (may refuse with BudgetSpent), then
    record what was used."""

    def reserve(self, tokens: int) -> None: ...

    def record(self, reserved: int, usage: Usage | None) -> None: ...


def messages_tokens(messages: list[dict]) -> int:
    return sum(estimate_tokens(m["content"]) + 4 for m in messages)


def check_configured() -> None:
    if not settings.LLM_MODEL:
        raise LLMNotConfigured(
            "No LLM is configured: set LLM_MODEL (and LLM_BASE_URL and LLM_API_KEY for an "
            "OpenAI-compatible endpoint, or OPENAI_API_KEY for OpenAI)."
        )


class LLMClient:
    def __init__(
        self, model: str, *, meter: Meter | None = None, profiles: ProfileStore | None = None
    ):
        check_configured()
        self.model = model
        self.meter = meter
        self._client = calls.openai_client(
            settings.LLM_BASE_URL,
            settings.LLM_API_KEY,
            settings.LLM_TIMEOUT,
        )
        self.endpoint = str(self._client.base_url)
        self._store = profiles
        self.profile: Profile = PROFILES.get(self.endpoint, model, profiles)
        self.endpoint_profile: Profile = PROFILES.get(self.endpoint, ENDPOINT_WIDE, profiles)

    @property
    def context_tokens(self) -> int:
        """The window prompts are sized to: LLM_CONTEXT_TOKENS when set, else what the server
        told (discovery.py) or showed (a refusal, a prompt it cut), else DEFAULT_CONTEXT; and
        never more than a cut at this endpoint taught, for a model that has not shown it reads
        longer prompts whole."""
        if settings.LLM_CONTEXT_TOKENS:
            return settings.LLM_CONTEXT_TOKENS
        if not self.profile.context_discovered:
            self._discover()
        window = self.profile.context_tokens or DEFAULT_CONTEXT
        cut = self._endpoint_cut()
        return min(window, cut) if cut else window

    def _endpoint_cut(self) -> int | None:
        """The window a silent cut of another model's prompt at this endpoint taught, unless
        this model read a longer prompt whole."""
        cut = self.endpoint_profile.context_tokens
        if cut is None or (self.profile.read_whole or 0) > cut:
            return None
        return cut

    def prompt_room(self, answer_tokens: int) -> int:
        """How many tokens (by our estimate) a prompt may hold next to such an answer."""
        return int((self.context_tokens - answer_tokens) / PROMPT_MARGIN)

    def _discover(self) -> None:
        window = discovery.discover(self.endpoint, self.model, settings.LLM_API_KEY)
        self.profile.context_discovered = True
        if window is not None:
            self.profile.learn_window(window.tokens, window.source)
            self.profile.num_ctx = window.ollama
        self._remember()

    def _remember(self) -> None:
        PROFILES.save(self.endpoint, self.model, self.profile, self._store)

    def _remember_endpoint(self) -> None:
        PROFILES.save(self.endpoint, ENDPOINT_WIDE, self.endpoint_profile, self._store)

    # --- Free text -------------------------------------------------------------------------

    def text(
        self, messages: list[dict], *, max_tokens: int | None = None, expect: Expect | None = None
    ) -> Written:
        """A free-text answer (the report's Markdown), continued when it was cut off. With
        `expect`, it must pass the gate (text/gate.py): an unusable one is asked for again
        once, naming what was wrong, then the call fails with UnusableAnswer."""
        written = self._text(messages, max_tokens)
        found = gate.hard(gate.problems(written.text, expect)) if expect else []
        if not found or expect is None:
            return written
        log.warning("%s %s not usable: %s; asking again", self.model, expect.what, found)
        again = [
            *messages,
            {"role": "assistant", "content": written.text},
            {"role": "user", "content": gate.repair(found, expect)},
        ]
        written = self._text(again, max_tokens)
        found = gate.hard(gate.problems(written.text, expect))
        if found:
            why = "; ".join(found)
            raise UnusableAnswer(
                f"the model's {expect.what} was not usable ({why}), even when asked again"
            )
        return written

    def _text(self, messages: list[dict], max_tokens: int | None) -> Written:
        parts: list[str] = []
        asked = list(messages)
        for _ in range(CONTINUATIONS + 1):
            reply = self._request(asked, None, max_tokens or DEFAULT_ANSWER_TOKENS)
            if not reply.answer.strip() and not parts:
                raise LLMError(self._no_answer(reply))
            parts.append(reply.answer)
            if not reply.cut_off:
                return Written("".join(parts).strip(), complete=True)
            log.warning("%s stopped at its output limit; asking it to continue", self.model)
            asked = [
                *messages,
                {"role": "assistant", "content": "".join(parts)},
                {"role": "user", "content": CONTINUE},
            ]
        return Written("".join(parts).strip(), complete=False)

    def _no_answer(self, reply: Reply) -> str:
        if reply.reasoning:
            return self._thinking_only()
        return f"The model {self.model} returned an empty answer."

    # --- Structured answers ----------------------------------------------------------------

    def structured(
        self, messages: list[dict], schema: type[T], *, max_tokens: int | None = None
    ) -> T:
        """An answer validated against `schema`. A cut-off answer is asked again with more
        room (and the model's profile remembers the room it needed); an unusable one is
        retried once with its problem named; then the call fails."""
        asked = list(messages)
        limit = max(max_tokens or DEFAULT_ANSWER_TOKENS, self.profile.answer_tokens or 0)
        problem: answers.Unusable | None = None
        while True:
            reply = self._request(asked, schema, limit)
            try:
                parsed = answers.parse(
                    reply.answer, schema, cut_off=reply.cut_off, reasoning=reply.reasoning
                )
                self._remember_room(limit, max_tokens)
                return parsed
            except answers.CutOff:
                limit = self._more_room(asked, limit)
            except answers.ThinkingOnly:
                raise LLMError(self._thinking_only()) from None
            except answers.Unusable as unusable:
                if problem is not None:
                    raise LLMError(self._unusable(unusable, schema)) from None
                problem = unusable
                log.warning(
                    "%s answer for %s: %s; retrying once",
                    self.model,
                    schema.__name__,
                    unusable.detail,
                )
                asked = [
                    *messages,
                    {"role": "assistant", "content": reply.answer},
                    {"role": "user", "content": unusable.retry},
                ]

    def _remember_room(self, limit: int, asked_for: int | None) -> None:
        """A model that needed more room than asked (its thinking spends the limit) starts
        later calls with that room, instead of being cut off once on every call."""
        if limit > (asked_for or DEFAULT_ANSWER_TOKENS) and limit > (
            self.profile.answer_tokens or 0
        ):
            self.profile.answer_tokens = limit
            self.profile.note(f"needs {limit:,} answer tokens: it thinks before answering")
            self._remember()

    def _more_room(self, messages: list[dict], limit: int) -> int:
        """A larger output limit for an answer that was cut off, or LLMError when there is no
        more room: the context less the prompt, and LLM_MAX_OUTPUT_TOKENS."""
        room = self.context_tokens - int(messages_tokens(messages) * PROMPT_MARGIN)
        larger = min(limit * 2, room, settings.LLM_MAX_OUTPUT_TOKENS)
        if larger <= limit:
            raise LLMError(
                f"The model {self.model} stopped at its output limit ({limit:,} tokens) before "
                "finishing its answer, and there is no room to ask for more. Raise "
                "LLM_MAX_OUTPUT_TOKENS (and LLM_CONTEXT_TOKENS if the server allows a larger "
                "context), or turn the model's thinking off."
            )
        log.warning(
            "%s answer was cut off at %d tokens; asking again with %d", self.model, limit, larger
        )
        return larger

    def _thinking_only(self) -> str:
        return (
            f"The model {self.model} spent its answer thinking and gave no final answer. Raise "
            "LLM_MAX_OUTPUT_TOKENS so it has room to answer, or turn its thinking off (for "
            "example /no_think for Qwen3, or a model without reasoning in "
            f"{MODEL_SETTINGS})."
        )

    def _unusable(self, problem: answers.Unusable, schema: type[BaseModel]) -> str:
        if isinstance(problem, answers.SchemaEcho):
            return (
                f"The model {self.model} answered with the JSON schema of {schema.__name__} "
                "instead of filling it in, twice. Choose a model that follows JSON instructions "
                f"({MODEL_SETTINGS})."
            )
        return (
            f"The model's answer did not match the {schema.__name__} format after one retry "
            f"({problem.kind}): {problem.detail}"
        )

    # --- One request, as this model accepts it ---------------------------------------------

    def _request(self, messages: list[dict], schema: type[BaseModel] | None, limit: int) -> Reply:
        """Ask the way the profile says; a refusal that names what to change steps the profile
        down (remembered for every worker) and asks again."""
        for _ in range(5):  # four things at most to learn: rung twice, token name, system role
            way = self.profile.asked_with()
            asked, response_format = self._shape(messages, schema)
            try:
                reply = self._complete(asked, response_format, limit)
            except RequestRejected as exc:
                if _CONTEXT_REFUSAL.search(exc.reason):
                    self._refused_as_too_long(exc.reason, asked, limit)
                    continue  # the answer limit was cut to fit: the prompt itself does
                if not self.profile.learn_from_rejection(exc.reason, way):
                    raise
                log.warning("%s at %s: %s", self.model, self.endpoint, self.profile.learnt[-1:])
                self._remember()
                continue
            self._notice_thinking(reply)
            return reply
        raise LLMError(f"The LLM endpoint kept refusing requests for {self.model}.")

    def _shape(
        self, messages: list[dict], schema: type[BaseModel] | None
    ) -> tuple[list[dict], dict | None]:
        """The messages and response_format for the profile's structured-output rung."""
        if schema is None or self.profile.rung == "json_schema":
            fmt = answers.response_format(schema) if schema is not None else None
            return adapt_messages(messages, self.profile), fmt
        instruction = {"role": "user", "content": answers.schema_instruction(schema)}
        fmt = {"type": "json_object"} if self.profile.rung == "json_object" else None
        return adapt_messages([*messages, instruction], self.profile), fmt

    def _notice_thinking(self, reply: Reply) -> None:
        if reply.thinks_in and reply.thinks_in != self.profile.reasoning:
            self.profile.reasoning = reply.thinks_in
            self.profile.note(f"thinks in {reply.thinks_in}: the thinking is taken out")
            self._remember()

    def _refused_as_too_long(self, reason: str, messages: list[dict], limit: int) -> None:
        """Learn the window from a refusal; ContextExceeded unless the prompt fits it."""
        found = _NUMBER.search(reason)
        sent = int(messages_tokens(messages) * PROMPT_MARGIN) + limit
        number = next((g for g in found.groups() if g), "") if found else ""
        said = int(number.replace(",", "")) if number else sent
        # A number under what we sent is the window; otherwise our estimate fell short of the
        # server's own count, and a quarter less is tried.
        window = said if said < sent else sent * 3 // 4
        if self.profile.learn_window(window, "the server refused a longer request"):
            self._remember()
        self._check_fits(messages)

    def _check_fits(self, messages: list[dict]) -> int:
        """The room left for the answer in the window; ContextExceeded when too little."""
        prompt = int(messages_tokens(messages) * PROMPT_MARGIN)
        room = self.context_tokens - prompt
        if room < MIN_ANSWER_TOKENS:
            source = self.profile.context_source or "LLM_CONTEXT_TOKENS or the default"
            raise ContextExceeded(
                f"The prompt (about {prompt:,} tokens) does not fit the context window of "
                f"{self.model} ({self.context_tokens:,} tokens, {source}) with room to answer."
            )
        return room

    def _check_read_whole(self, reply: Reply, prompt_estimate: int, limit: int) -> None:
        """A server that read far less of the prompt than was sent cut it (Ollama does so
        silently when the prompt passes num_ctx): the answer is unusable. How the server counts
        tokens against our estimate is learnt from short prompts, which no server cuts."""
        if reply.usage.estimated:
            return
        read = reply.usage.prompt_tokens
        ratio = read / max(1, prompt_estimate)
        if prompt_estimate < CALIBRATE_BELOW:
            if ratio > (self.profile.token_ratio or 0) * 1.05:
                self.profile.token_ratio = round(ratio, 3)
                self._remember()
            return
        known = self.profile.token_ratio
        if ratio >= (CUT_PROMPT * known if known else UNCALIBRATED_CUT):
            if read > (self.profile.read_whole or 0):
                self.profile.read_whole = read
                self._remember()
            return
        taught = self.profile.context_source == CUT or self._endpoint_cut() is not None
        if taught and read < 0.9 * (self.context_tokens - limit):
            return  # sized to the window a cut taught, and well under it: counting, not a cut
        self._learn_cut(read)
        raise ContextExceeded(
            f"The LLM server read {read:,} of about {prompt_estimate:,} prompt tokens: its "
            f"context window for {self.model} is smaller than the prompt. Dossier now sizes "
            "prompts to it; raise the server's context (Ollama: num_ctx) for better results."
        )

    def _learn_cut(self, read: int) -> None:
        """The server read `read` tokens of a longer prompt: its window is at most that, for this
        model and, until each shows otherwise, for every model at this endpoint."""
        if self.profile.learn_window(read, CUT):
            self._remember()
        if self.endpoint_profile.learn_window(read, f"{CUT} of {self.model}"):
            self._remember_endpoint()

    # --- One call --------------------------------------------------------------------------

    def _complete(
        self, messages: list[dict], response_format: dict | None, max_tokens: int
    ) -> Reply:
        prompt_estimate = messages_tokens(messages)
        max_tokens = min(max_tokens, self._check_fits(messages))
        reserved = int(prompt_estimate * PROMPT_MARGIN) + max_tokens
        kwargs: dict[str, Any] = {
            "model": self.model,
            "messages": messages,
            self.profile.token_param: max_tokens,
        }
        if response_format:
            kwargs["response_format"] = response_format
        if self.profile.num_ctx:
            kwargs["extra_body"] = {"options": {"num_ctx": self.context_tokens}}
        if self.meter:
            self.meter.reserve(reserved)
        usage = None
        try:
            response = self._call(kwargs)
            reply = _read(response, prompt_estimate)
            usage = reply.usage
        finally:
            if self.meter:
                self.meter.record(reserved, usage)
        self._check_read_whole(reply, prompt_estimate, max_tokens)
        return reply

    def _call(self, kwargs: dict[str, Any]) -> Any:
        """One completion, retried as calls.py says."""
        return calls.retried(
            lambda: self._client.chat.completions.create(**kwargs),
            endpoint=self.endpoint,
            model=self.model,
        )


def _read(response: Any, prompt_estimate: int) -> Reply:
    """The first choice's answer with its reasoning apart, whether it was cut off, the usage."""
    choice = response.choices[0] if response.choices else None
    message = choice.message if choice is not None else None
    content = (message.content or "") if message is not None else ""
    thought = ""
    if message is not None:
        thought = str(getattr(message, "reasoning_content", None) or "")
        thought = thought or str(getattr(message, "reasoning", None) or "")
    split = reasoning.split(content, thought)
    cut_off = choice is not None and choice.finish_reason == "length"
    thinks_in = "field" if thought else ("tags" if split.reasoning else "")
    usage = _usage(response, prompt_estimate, content)
    return Reply(split.answer, split.reasoning, cut_off, usage, thinks_in)


def _usage(response: Any, prompt_estimate: int, content: str) -> Usage:
    usage = getattr(response, "usage", None)
    if usage and usage.prompt_tokens is not None:
        return Usage(usage.prompt_tokens, usage.completion_tokens or 0)
    return Usage(prompt_estimate, estimate_tokens(content), estimated=True)
