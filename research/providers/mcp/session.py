"""One call to an MCP server: a client session opened, used and closed within the server's limits.

`call(server, action, work)` runs from sync code (a worker thread: `anyio.run` per call). It
waits for one of the server's `max_concurrency` slots on this machine (providers/slots), then
opens a session (streamable HTTP through `http_async.CheckedAsyncTransport`, so every request, a
redirect's included, passes the SSRF guard and goes to the address it checked; or the server's
command over stdio), runs `work(session)` and closes it, all within `timeout` seconds. An answer
over `max_bytes` is refused: over HTTP while it streams in (the call is stopped there), and over
stdio, or in any case, once the result is in (`measured`).

Every failure is an `McpFailed` carrying the server's own message where it gave one. Reads
settings through the `Server` it is given; writes nothing.
"""

from __future__ import annotations

import contextlib
import tempfile
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from dataclasses import dataclass, field
from typing import IO, Any, TextIO, TypeVar, cast

import anyio
import httpx
from mcp import ClientSession, McpError, StdioServerParameters
from mcp.client.stdio import stdio_client
from mcp.client.streamable_http import streamable_http_client
from pydantic import BaseModel

from research.providers import http, http_async, slots
from research.providers.mcp.servers import Server
from research.providers.search.base import SearchError

T = TypeVar("T")
Work = Callable[[ClientSession], Awaitable[T]]
USER_AGENT = "Dossier/0.1 (+research assistant; MCP client)"
STDERR_TAIL = 300  # characters of a stdio server's last words kept in its error


class McpFailed(SearchError):
    """An MCP server failed a call; the reason names the server and says what it said."""


@dataclass
class Cap:
    """The bytes one call has received, against the server's `max_bytes`."""

    limit: int
    received: int = 0
    passed: bool = False
    scope: anyio.CancelScope | None = field(default=None, repr=False)

    def count(self, size: int) -> None:
        self.received += size
        if self.received > self.limit:
            self.passed = True
            if self.scope is not None:
                self.scope.cancel()  # the SDK would swallow an error raised mid-stream
            raise httpx.ReadError("answer larger than max_bytes")


def call(server: Server, action: str, work: Work[T]) -> T:
    """`work(session)` on a session with `server`; `action` names it in errors ("search")."""
    cap = Cap(server.max_bytes)
    with slots.mcp_slot(server.name, server.max_concurrency), tempfile.TemporaryFile("w+") as log:
        try:
            return anyio.run(_session, server, cap, log, work)
        except Exception as exc:
            raise failure(server, action, exc, cap=cap, log=log) from None


async def _session(server: Server, cap: Cap, log: IO[str], work: Work[T]) -> T:
    with anyio.fail_after(server.timeout):
        with anyio.CancelScope() as scope:
            cap.scope = scope
            async with _streams(server, cap, log) as (read, write):
                async with ClientSession(read, write) as session:
                    await session.initialize()
                    return await work(session)
    raise httpx.ReadError("answer larger than max_bytes")  # only the cap cancels the scope


@contextlib.asynccontextmanager
async def _streams(server: Server, cap: Cap, log: IO[str]) -> AsyncIterator[tuple[Any, Any]]:
    if server.url:
        transport = CappedTransport(http_async.checked_async_transport(), cap)
        headers = {"User-Agent": USER_AGENT, **server.headers}
        async with (
            http_async.checked_async_client(
                headers=headers, timeout=server.timeout, transport=transport
            ) as client,
            streamable_http_client(server.url, http_client=client) as (read, write, _),
        ):
            yield read, write
    else:
        command, *args = server.command
        params = StdioServerParameters(command=command, args=args, env=server.env or None)
        async with stdio_client(params, errlog=cast(TextIO, log)) as (read, write):
            yield read, write


def measured(server: Server, action: str, result: BaseModel) -> None:
    """Refuse a result over the server's `max_bytes` (what a stdio answer is checked by)."""
    if len(result.model_dump_json().encode()) > server.max_bytes:
        raise _too_large(server, action)


# --- The size cap over HTTP ------------------------------------------------------------------


class CappedTransport(httpx.AsyncBaseTransport):
    """Counts every response body byte of one call against its `Cap`."""

    def __init__(self, inner: httpx.AsyncBaseTransport, cap: Cap) -> None:
        self.inner = inner
        self.cap = cap

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        response = await self.inner.handle_async_request(request)
        return httpx.Response(
            status_code=response.status_code,
            headers=response.headers,
            stream=_Counted(response.stream, self.cap),
            extensions=response.extensions,
        )

    async def aclose(self) -> None:
        await self.inner.aclose()


class _Counted(httpx.AsyncByteStream):
    def __init__(self, stream: Any, cap: Cap) -> None:
        self.stream = stream
        self.cap = cap

    async def __aiter__(self) -> AsyncIterator[bytes]:
        async for chunk in self.stream:
            self.cap.count(len(chunk))
            yield chunk

    async def aclose(self) -> None:
        await self.stream.aclose()


# --- Failures in words -----------------------------------------------------------------------


def failure(
    server: Server, action: str, exc: BaseException, *, cap: Cap | None = None, log: IO[str]
) -> McpFailed:
    """What to tell people about `exc`, raised while `server` was asked for `action`."""
    if cap is not None and cap.passed:
        return _too_large(server, action)
    leaves = list(_leaves(exc))
    name = f"MCP server {server.name}"
    for leaf in leaves:
        if isinstance(leaf, McpFailed):
            return leaf
        if isinstance(leaf, TimeoutError | httpx.TimeoutException):
            return McpFailed(
                f"{name} did not answer {action} within {server.timeout} s (MCP_SERVERS timeout)"
            )
        if isinstance(leaf, http.FetchError):
            return McpFailed(f"{name} at {server.url} is refused: {leaf.reason}")
    leaf = leaves[0] if leaves else exc
    if isinstance(leaf, McpError):
        return McpFailed(f"{name}: {action} failed: {leaf.error.message}{_last_words(log)}")
    if isinstance(leaf, httpx.HTTPStatusError):
        answer = leaf.response
        return McpFailed(f"{name} answered HTTP {answer.status_code} {answer.reason_phrase}")
    if isinstance(leaf, httpx.TransportError | OSError):
        verb = "reached" if server.url else "started"
        detail = str(leaf) or type(leaf).__name__
        return McpFailed(f"{name} could not be {verb} ({server.where}): {detail}{_last_words(log)}")
    detail = f"{type(leaf).__name__}: {leaf}"
    return McpFailed(f"{name}: {action} failed: {detail}{_last_words(log)}")


def _too_large(server: Server, action: str) -> McpFailed:
    return McpFailed(
        f"MCP server {server.name} answered {action} with more than {server.max_bytes:,} bytes "
        "(MCP_SERVERS max_bytes)"
    )


def _leaves(exc: BaseException) -> Iterator[BaseException]:
    """The errors inside task groups' exception groups, in order."""
    if isinstance(exc, BaseExceptionGroup):
        for inner in exc.exceptions:
            yield from _leaves(inner)
    else:
        yield exc


def _last_words(log: IO[str]) -> str:
    """The end of what a stdio server wrote to stderr, if anything."""
    try:
        log.seek(0)
        said = " ".join(log.read().split())
    except (OSError, ValueError):
        return ""
    return f" (it said: …{said[-STDERR_TAIL:]})" if said else ""
