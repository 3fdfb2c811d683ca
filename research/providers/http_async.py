"""The HTTP choke point's async side, for clients we do not drive hop by hop (the MCP SDK's):
the same SSRF guard and address pinning as `http.PinnedTransport`, on every request."""

from __future__ import annotations

import anyio
import httpx

from research.providers import http, tls


class CheckedAsyncTransport(httpx.AsyncHTTPTransport):
    """The async twin of `PinnedTransport` for clients we do not drive hop by hop (the MCP
    SDK's): every request it sends, a redirect's included, first passes `check_url` (resolved
    in a worker thread, as a blocking lookup must be) and then goes to a checked address only.
    Build it with keep-alive off, as `checked_async_client` does."""

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        checked = await anyio.to_thread.run_sync(http.check_url, request.url)
        error: httpx.ConnectError | None = None
        for address in checked:
            try:
                return await super().handle_async_request(http.pinned(request, address))
            except httpx.ConnectError as exc:
                error = exc
        assert error is not None
        raise error


def checked_async_client(
    *, headers: dict[str, str], timeout: float, transport: httpx.AsyncBaseTransport | None = None
) -> httpx.AsyncClient:
    """An async client whose every request passes the SSRF guard and is pinned to the address
    it checked (`transport` wraps or replaces that for a size cap, or for tests)."""
    return httpx.AsyncClient(
        transport=transport or checked_async_transport(),
        headers=headers,
        timeout=httpx.Timeout(timeout, connect=min(http.CONNECT_TIMEOUT, timeout)),
        follow_redirects=False,
        trust_env=False,  # an environment proxy would do its own DNS lookup
    )


def checked_async_transport() -> CheckedAsyncTransport:
    return CheckedAsyncTransport(
        verify=tls.context(), limits=httpx.Limits(max_keepalive_connections=0)
    )
