"""One call to an OpenAI-compatible endpoint: the client it goes through, and its retries.

Chat completions (client.py) and embeddings (embeddings.py) share this: one openai client per
configuration (over httpx, as all our outbound HTTP), and one way of retrying. A 429 is retried
for as long as LLM_RETRY_MAX_SECONDS allows, honouring Retry-After and halving the endpoint's
concurrency (pacing.py); 5xx, timeouts and dropped connections LLM_MAX_RETRIES times with
exponential backoff, a timeout or a 503 (a server with more requests than it can take: a local
one queues them until they time out) halving the concurrency too; a 400 is RequestRejected at
once; any other status fails at once. Each failure is an LLMError whose reason names the service
called and what to change.
"""

from __future__ import annotations

import functools
import logging
import time
from collections.abc import Callable
from typing import TypeVar

import httpx
import openai
from django.conf import settings

from research.errors import ProviderFailed
from research.providers import pacing

log = logging.getLogger(__name__)
R = TypeVar("R")


class LLMError(ProviderFailed):
    """A call to the LLM endpoint failed for good; `reason` is shown on the failed step."""


class RequestRejected(LLMError):
    """The endpoint answered 400: the request itself was refused."""


class UnusableAnswer(LLMError):
    """A free-text answer failed the gate twice (text/gate.py); `reason` says what it was."""


@functools.lru_cache(maxsize=8)
def openai_client(base_url: str, api_key: str, timeout: int) -> openai.OpenAI:
    """Clients are thread-safe and costly to build (TLS context), so one per configuration."""
    return openai.OpenAI(
        base_url=base_url or None,
        api_key=api_key or "not-needed",
        timeout=httpx.Timeout(timeout, connect=10.0),
        max_retries=0,  # retried by `retried`, which honours Retry-After for longer
    )


def retried(
    call: Callable[[], R], *, endpoint: str, model: str, service: str = "The LLM endpoint"
) -> R:
    """`call()`, retried as the module docstring says; `service` begins each reason
    ("The LLM endpoint", "The embeddings endpoint (EMBEDDING_BASE_URL)")."""
    pace = pacing.pace_for(endpoint, settings.LLM_MAX_CONCURRENCY)
    waited, attempt = 0.0, 0
    while True:
        try:
            with pace.slot():
                response = call()
            pace.speed_up()
            return response
        except openai.RateLimitError as exc:
            pace.slow_down()
            wait = pacing.delay(attempt, exc.response.headers)
            if waited + wait > settings.LLM_RETRY_MAX_SECONDS:
                raise LLMError(_rate_limited(service, waited, exc)) from None
        except (openai.APIConnectionError, openai.InternalServerError) as exc:
            if _overloaded(exc):
                pace.slow_down()
            if attempt >= settings.LLM_MAX_RETRIES:
                raise LLMError(_gave_up(service, exc)) from None
            wait = pacing.delay(attempt)
        except openai.BadRequestError as exc:
            raise RequestRejected(
                f"{service} refused the request (HTTP 400): {api_message(exc)}"
            ) from None
        except openai.APIStatusError as exc:
            raise LLMError(
                f"{service} answered HTTP {exc.status_code}: {api_message(exc)}"
            ) from None
        log.warning("%s: retrying in %.1f s (attempt %d)", model, wait, attempt + 1)
        time.sleep(wait)
        waited += wait
        attempt += 1


def _overloaded(exc: Exception) -> bool:
    if isinstance(exc, openai.APITimeoutError):
        return True
    return isinstance(exc, openai.APIStatusError) and exc.status_code == 503


def _rate_limited(service: str, waited: float, exc: openai.RateLimitError) -> str:
    return (
        f"{service} kept rate-limiting (HTTP 429) for {waited:.0f} s, the longest one "
        f"call waits (LLM_RETRY_MAX_SECONDS = {settings.LLM_RETRY_MAX_SECONDS}): "
        f"{api_message(exc)}. Lower LLM_MAX_CONCURRENCY, or raise LLM_RETRY_MAX_SECONDS."
    )


def _gave_up(service: str, exc: Exception) -> str:
    retries = f"{settings.LLM_MAX_RETRIES} retries (LLM_MAX_RETRIES)"
    if isinstance(exc, openai.APITimeoutError):
        return f"{service} did not answer within {settings.LLM_TIMEOUT} s (LLM_TIMEOUT), {retries}."
    if isinstance(exc, openai.APIStatusError):
        return f"{service} answered HTTP {exc.status_code} after {retries}: {api_message(exc)}"
    return f"Could not reach {service[0].lower()}{service[1:]} after {retries}: {exc}"


def api_message(exc: openai.APIStatusError) -> str:
    body = exc.body if isinstance(exc.body, dict) else {}
    message = body.get("message") or (body.get("error") or {}).get("message")
    return str(message or exc.message)[:300]
