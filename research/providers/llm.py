"""The one module that imports openai: any OpenAI-compatible chat completions endpoint.

Structured output is parsed once, in this order: the endpoint is asked for JSON matching a JSON
schema built from a pydantic model; the answer is validated; a broken answer is repaired once with
json-repair and validated; if it still fails, the model is asked once more with the validation
error shown; then the call fails with a readable reason. Endpoints that reject `json_schema` are
remembered and asked with the schema in the prompt instead (logged, not silent).

Transport faults (429, 5xx, timeouts, dropped connections) are retried by the openai client with
exponential backoff, `LLM_MAX_RETRIES` times, each call bounded by `LLM_TIMEOUT`.
"""

from __future__ import annotations

import functools
import json
import logging
import threading
from dataclasses import dataclass
from typing import Protocol, TypeVar

import httpx
import json_repair
import openai
import openai.resources.chat.completions  # noqa: F401 - imported at start-up, not on the first call
from django.conf import settings
from pydantic import BaseModel, ValidationError

from research.errors import NotConfigured, ProviderFailed
from research.providers.text import estimate_tokens

log = logging.getLogger(__name__)
T = TypeVar("T", bound=BaseModel)

_schema_unsupported: set[tuple[str, str]] = set()
_semaphore_lock = threading.Lock()
_semaphore: threading.BoundedSemaphore | None = None


class LLMError(ProviderFailed):
    """A call to the LLM endpoint failed for good; `reason` is shown on the failed step."""


class LLMNotConfigured(NotConfigured):
    """LLM_MODEL is empty."""


class RequestRejected(LLMError):
    """The endpoint answered 400: the request itself was refused."""


@dataclass
class Usage:
    prompt_tokens: int
    completion_tokens: int
    estimated: bool = False


class Meter(Protocol):
    """Token accounting around each call: reserve first (may refuse with BudgetSpent), then
    record what was used."""

    def reserve(self, tokens: int) -> None: ...

    def record(self, reserved: int, usage: Usage | None) -> None: ...


DEFAULT_ANSWER_TOKENS = 2000
PROMPT_MARGIN = 1.2  # our estimate is rough; reserve a fifth more than it says


def messages_tokens(messages: list[dict]) -> int:
    return sum(estimate_tokens(m["content"]) + 4 for m in messages)


def check_configured() -> None:
    if not settings.LLM_MODEL:
        raise LLMNotConfigured(
            "No LLM is configured: set LLM_MODEL (and LLM_BASE_URL and LLM_API_KEY for an "
            "OpenAI-compatible endpoint, or OPENAI_API_KEY for OpenAI)."
        )


def _limit() -> threading.BoundedSemaphore:
    global _semaphore
    with _semaphore_lock:
        if _semaphore is None:
            _semaphore = threading.BoundedSemaphore(settings.LLM_MAX_CONCURRENCY)
        return _semaphore


@functools.lru_cache(maxsize=8)
def _openai_client(base_url: str, api_key: str, timeout: int, retries: int) -> openai.OpenAI:
    """Clients are thread-safe and costly to build (TLS context), so one per configuration."""
    return openai.OpenAI(
        base_url=base_url or None,
        api_key=api_key or "not-needed",
        timeout=httpx.Timeout(timeout, connect=10.0),
        max_retries=retries,
    )


class LLMClient:
    def __init__(self, model: str, *, meter: Meter | None = None):
        check_configured()
        self.model = model
        self.meter = meter
        self._client = _openai_client(
            settings.LLM_BASE_URL,
            settings.LLM_API_KEY,
            settings.LLM_TIMEOUT,
            settings.LLM_MAX_RETRIES,
        )

    @property
    def _endpoint(self) -> tuple[str, str]:
        return (str(self._client.base_url), self.model)

    def text(self, messages: list[dict], *, max_tokens: int | None = None) -> str:
        """A free-text answer (the report's Markdown)."""
        content, _ = self._complete(messages, response_format=None, max_tokens=max_tokens)
        if not content.strip():
            raise LLMError(f"The model {self.model} returned an empty answer.")
        return content

    def structured(
        self, messages: list[dict], schema: type[T], *, max_tokens: int | None = None
    ) -> T:
        """An answer validated against `schema`: schema, repair once, retry once, then fail."""
        messages = list(messages)
        content = self._ask_json(messages, schema, max_tokens)
        try:
            return _parse(content, schema)
        except ValidationError as first_error:
            log.warning("LLM answer for %s failed validation; retrying once", schema.__name__)
            messages += [
                {"role": "assistant", "content": content},
                {"role": "user", "content": _retry_message(first_error)},
            ]
        content = self._ask_json(messages, schema, max_tokens)
        try:
            return _parse(content, schema)
        except ValidationError as error:
            raise LLMError(
                f"The model's answer did not match the {schema.__name__} format after one repair "
                f"and one retry: {_short_errors(error)}"
            ) from None

    def _ask_json(self, messages: list[dict], schema: type[BaseModel], max_tokens) -> str:
        if self._endpoint not in _schema_unsupported:
            try:
                content, _ = self._complete(
                    messages, response_format=_response_format(schema), max_tokens=max_tokens
                )
                return content
            except RequestRejected as exc:
                if "response_format" not in exc.reason and "json_schema" not in exc.reason:
                    raise
                log.warning("%s rejects json_schema; sending the schema in the prompt", self.model)
                _schema_unsupported.add(self._endpoint)
        prompted = [*messages, {"role": "user", "content": _schema_instruction(schema)}]
        content, _ = self._complete(prompted, response_format=None, max_tokens=max_tokens)
        return content

    def _complete(self, messages, *, response_format, max_tokens) -> tuple[str, Usage]:
        prompt_estimate = messages_tokens(messages)
        max_tokens = max_tokens or DEFAULT_ANSWER_TOKENS
        reserved = int(prompt_estimate * PROMPT_MARGIN) + max_tokens
        kwargs = {"model": self.model, "messages": messages, "max_tokens": max_tokens}
        if response_format:
            kwargs["response_format"] = response_format
        if self.meter:
            self.meter.reserve(reserved)
        usage = None
        try:
            with _limit():
                response = self._call(kwargs)
            content = (response.choices[0].message.content or "") if response.choices else ""
            usage = _usage(response, prompt_estimate, content)
        finally:
            if self.meter:
                self.meter.record(reserved, usage)
        return content, usage

    def _call(self, kwargs):
        try:
            return self._client.chat.completions.create(**kwargs)
        except openai.BadRequestError as exc:
            raise RequestRejected(
                f"The LLM endpoint refused the request (HTTP 400): {_api_message(exc)}"
            ) from None
        except openai.APITimeoutError:
            raise LLMError(
                f"The LLM did not answer within {settings.LLM_TIMEOUT} s "
                f"({settings.LLM_MAX_RETRIES} retries)."
            ) from None
        except openai.APIConnectionError as exc:
            raise LLMError(f"Could not reach the LLM endpoint: {exc}") from None
        except openai.RateLimitError as exc:
            raise LLMError(
                f"The LLM endpoint kept rate-limiting (HTTP 429) after "
                f"{settings.LLM_MAX_RETRIES} retries: {_api_message(exc)}"
            ) from None
        except openai.APIStatusError as exc:
            raise LLMError(
                f"The LLM endpoint answered HTTP {exc.status_code} after "
                f"{settings.LLM_MAX_RETRIES} retries: {_api_message(exc)}"
            ) from None


def _parse(content: str, schema: type[T]) -> T:
    text = _strip_fences(content)
    try:
        return schema.model_validate_json(text)
    except ValidationError:
        repaired = json_repair.loads(text)
        return schema.model_validate(repaired)


def _strip_fences(content: str) -> str:
    text = content.strip()
    if text.startswith("```"):
        text = text.split("\n", 1)[1] if "\n" in text else ""
        text = text.rsplit("```", 1)[0]
    return text.strip()


@functools.cache
def json_schema(schema: type[BaseModel]) -> dict:
    """The JSON schema sent for `schema`. Pydantic builds it anew on every call, which costs a
    millisecond or more, so it is built once (the worker's warm-up builds them all)."""
    return schema.model_json_schema()


def _response_format(schema: type[BaseModel]) -> dict:
    return {
        "type": "json_schema",
        "json_schema": {"name": schema.__name__, "schema": json_schema(schema)},
    }


def _schema_instruction(schema: type[BaseModel]) -> str:
    return (
        "Answer with one JSON object and nothing else, matching this JSON schema:\n"
        + json.dumps(json_schema(schema), ensure_ascii=False)
    )


def _retry_message(error: ValidationError) -> str:
    return (
        "Your answer could not be used: "
        f"{_short_errors(error)}. Answer again with only the JSON object, fixed."
    )


def _short_errors(error: ValidationError) -> str:
    parts = []
    for item in error.errors()[:5]:
        where = ".".join(str(p) for p in item["loc"]) or "answer"
        parts.append(f"{where}: {item['msg']}")
    return "; ".join(parts)


def _usage(response, prompt_estimate: int, content: str) -> Usage:
    usage = getattr(response, "usage", None)
    if usage and usage.prompt_tokens is not None:
        return Usage(usage.prompt_tokens, usage.completion_tokens or 0)
    return Usage(prompt_estimate, estimate_tokens(content), estimated=True)


def _api_message(exc: openai.APIStatusError) -> str:
    body = exc.body if isinstance(exc.body, dict) else {}
    message = body.get("message") or (body.get("error") or {}).get("message")
    return str(message or exc.message)[:300]
