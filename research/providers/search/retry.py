"""Bounded retries and pacing for search backends, and the one httpx call the HTTP backends share.

429, 5xx, timeouts and connection errors are retried, `MAX_ATTEMPTS` attempts in all, with an
exponential backoff from `RETRY_BASE_DELAY` (tests set it to 0) that honours a Retry-After up to
`RETRY_MAX_DELAY`. Any other 4xx fails at once. The final SearchError names backend and status.

Each search engine (by its address) is paced as the LLM endpoints are (providers/pacing.py): at
most SEARCH_MAX_CONCURRENCY searches at once from this process, halved by each rate limit and
grown again by one with each answer, so an engine that rate-limits gets fewer searches at once
instead of the same burst again after each wait.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Mapping
from typing import Any, ClassVar, TypeVar

import httpx
from django.conf import settings

from research.providers import pacing, tls
from research.providers.search.base import SearchError, SearchProvider

log = logging.getLogger("research.providers.search")
T = TypeVar("T")

MAX_ATTEMPTS = 3
RETRY_BASE_DELAY = 0.5  # seconds before the second attempt; doubled before each next one
RETRY_MAX_DELAY = 10.0
USER_AGENT = "Dossier/0.1 (+research assistant)"


class Retryable(SearchError):
    """A failure worth another attempt (rate limit, server error, network)."""

    def __init__(self, reason: str, retry_after: float = 0.0, rate_limited: bool = False):
        super().__init__(reason)
        self.retry_after = retry_after
        self.rate_limited = rate_limited  # the engine asked us to slow down (HTTP 429)


def backoff(attempt: int, retry_after: float = 0.0) -> float:
    return min(max(RETRY_BASE_DELAY * 2 ** (attempt - 1), retry_after), RETRY_MAX_DELAY)


def pace_of(endpoint: str) -> pacing.Pace:
    """This process's pace for the search engine at `endpoint`."""
    return pacing.pace_for(f"search {endpoint}", settings.SEARCH_MAX_CONCURRENCY)


def with_retries(call: Callable[[], T], endpoint: str) -> T:
    """`call()` within the pace of `endpoint`, again after each Retryable, at most MAX_ATTEMPTS
    times in all (the waits between attempts hold no place in the pace)."""
    pace = pace_of(endpoint)
    for attempt in range(1, MAX_ATTEMPTS + 1):
        try:
            with pace.slot():
                answer = call()
            pace.speed_up()
            return answer
        except Retryable as exc:
            failure = exc
            if exc.rate_limited:
                pace.slow_down()
            if attempt < MAX_ATTEMPTS:
                delay = backoff(attempt, exc.retry_after)
                log.warning("%s; retrying in %.1fs (attempt %d)", exc.reason, delay, attempt)
                time.sleep(delay)
    raise SearchError(f"{failure.reason} (gave up after {MAX_ATTEMPTS} attempts)") from failure


class HttpSearchProvider(SearchProvider):
    """A backend behind an HTTP JSON API; `transport` lets tests answer without a network."""

    status_hints: ClassVar[Mapping[int, str]] = {}

    def request_json(self, method: str, url: str, **request: Any) -> Any:
        """Send with retries and decode the JSON answer. `request`: params, json, headers."""
        response = self.request(method, url, **request)
        try:
            return response.json()
        except ValueError:
            raise SearchError(f"{self.label} answered with something that is not JSON") from None

    def request(self, method: str, url: str, **request: Any) -> httpx.Response:
        """Send with retries: the successful answer. `request`: params, json, headers."""
        headers = {"User-Agent": USER_AGENT, "Accept": "application/json"}
        with httpx.Client(
            transport=self.transport,
            verify=tls.context(),
            timeout=settings.SEARCH_TIMEOUT,
            headers=headers,
            follow_redirects=True,
        ) as client:
            endpoint = httpx.URL(url).copy_with(path="/", query=None, fragment=None)
            return with_retries(lambda: self._send(client, method, url, request), str(endpoint))

    def _send(
        self, client: httpx.Client, method: str, url: str, request: dict[str, Any]
    ) -> httpx.Response:
        try:
            response = client.request(method, url, **request)
        except httpx.TimeoutException as exc:
            reason = f"{self.label} did not answer within {settings.SEARCH_TIMEOUT}s"
            raise Retryable(reason) from exc
        except httpx.TransportError as exc:
            problem = str(exc) or type(exc).__name__
            raise Retryable(f"{self.label} could not be reached: {problem}") from exc
        if response.is_success:
            return response
        reason = f"{self.label} answered HTTP {response.status_code}{self._detail(response)}"
        if response.status_code == 429 or response.status_code >= 500:
            wait = pacing.retry_after(response.headers) or 0.0
            raise Retryable(reason, wait, rate_limited=response.status_code == 429)
        raise SearchError(reason)

    def _detail(self, response: httpx.Response) -> str:
        hint = self.status_hints.get(response.status_code)
        message = error_message(response)
        return "".join(f": {part}" for part in (message, hint) if part)


def error_message(response: httpx.Response, limit: int = 200) -> str:
    """The API's own error message, if its body has one in a usual place."""
    try:
        body: Any = response.json()
    except ValueError:
        return ""
    for _ in range(3):  # {"error": {"message": ...}}, {"detail": {"error": ...}}, ...
        if not isinstance(body, dict):
            break
        body = next((body[k] for k in ("message", "detail", "error") if body.get(k)), None)
    return " ".join(body.split())[:limit] if isinstance(body, str) else ""
