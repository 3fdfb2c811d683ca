"""Dossier's MCP server over streamable HTTP, at /mcp beside the site (`research_site/asgi.py`
routes the path here; everything else goes to Django).

Every request must carry `Authorization: Bearer <API token>`, the REST API's tokens, checked
by the REST API's own authentication (bad tokens count toward the same lockout): without a
valid one the answer is 401 with `WWW-Authenticate: Bearer`, and nothing of the MCP server
runs. The Host header is checked against ALLOWED_HOSTS, as the site checks it. The member's id
goes on the request state, where the tools (`server.py`) find it.

The server is stateless (any web worker answers any request), so its session manager only has
to be running: the ASGI lifespan starts it.
"""

from __future__ import annotations

import io
import json
from typing import Any

from anyio import to_thread
from django.core.exceptions import DisallowedHost
from django.core.handlers.asgi import ASGIRequest
from django.db import close_old_connections

from research.api.auth import BearerTokenAuth
from research.api.mcp.server import USER_KEY, build
from research.errors import TooManyAttempts

PATH = "/mcp"
UNAUTHORIZED = (
    "Unauthorized: send Authorization: Bearer <API token> (make one on your Account page, or "
    "with manage.py create_api_token USERNAME)."
)

Scope = dict[str, Any]


def serves(scope: Scope) -> bool:
    """Whether this request (or the server's lifespan) is the MCP endpoint's."""
    if scope["type"] == "lifespan":
        return True
    path = scope.get("path", "")
    return path == PATH or path.startswith(PATH + "/")


def _authenticate(request: ASGIRequest):
    close_old_connections()
    try:
        return BearerTokenAuth()(request)
    finally:
        close_old_connections()


async def _answer(send, status: int, detail: str, headers: list[tuple[bytes, bytes]]) -> None:
    body = json.dumps({"detail": detail}).encode()
    head = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
    await send({"type": "http.response.start", "status": status, "headers": head + headers})
    await send({"type": "http.response.body", "body": body})


class Endpoint:
    """The ASGI app of /mcp: the checks above, then the SDK's streamable HTTP app."""

    def __init__(self) -> None:
        self.app = build().streamable_http_app()

    async def __call__(self, scope: Scope, receive, send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)  # the lifespan: starts the session manager
            return
        request = ASGIRequest(scope, io.BytesIO())
        try:
            request.get_host()
        except DisallowedHost as exc:
            await _answer(send, 400, str(exc), [])
            return
        try:
            user = await to_thread.run_sync(_authenticate, request)
        except TooManyAttempts as exc:
            await _answer(send, 429, exc.reason, [(b"retry-after", str(exc.retry_after).encode())])
            return
        if user is None:
            await _answer(
                send, 401, UNAUTHORIZED, [(b"www-authenticate", b'Bearer realm="Dossier"')]
            )
            return
        scope.setdefault("state", {})[USER_KEY] = user.pk
        await self.app(scope, receive, send)
