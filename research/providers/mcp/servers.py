"""The MCP servers an admin declared (settings.MCP_SERVERS, checked when settings load).

Reads settings only; writes nothing.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.conf import settings

from research.providers.search.base import SearchNotConfigured

PREFIX = "mcp:"  # a project's source "mcp:docs" is the server named "docs"


@dataclass(frozen=True)
class Server:
    name: str
    search_tools: tuple[str, ...]
    url: str = ""  # streamable HTTP
    headers: dict[str, str] = field(default_factory=dict)
    command: tuple[str, ...] = ()  # stdio
    env: dict[str, str] = field(default_factory=dict)
    timeout: int = 30  # seconds per call
    max_bytes: int = 2 * 1024 * 1024  # the most one call's answer may hold
    max_concurrency: int = 4  # calls at once to this server from this machine

    @property
    def source(self) -> str:
        """The name a project's `sources` option gives it: "mcp:docs"."""
        return f"{PREFIX}{self.name}"

    @property
    def transport(self) -> str:
        return "streamable HTTP" if self.url else "stdio"

    @property
    def where(self) -> str:
        """Its URL, or its command as typed."""
        return self.url or " ".join(self.command)


def configured() -> dict[str, Server]:
    """Every declared server by name, in the order MCP_SERVERS lists them."""
    return {
        entry["name"]: Server(
            name=entry["name"],
            search_tools=tuple(entry["search_tools"]),
            url=entry.get("url", ""),
            headers=dict(entry.get("headers", {})),
            command=tuple(entry.get("command", ())),
            env=dict(entry.get("env", {})),
            timeout=entry["timeout"],
            max_bytes=entry["max_bytes"],
            max_concurrency=entry["max_concurrency"],
        )
        for entry in settings.MCP_SERVERS
    }


def named(name: str) -> Server:
    """The server called `name`, or SearchNotConfigured saying which ones there are."""
    found = configured().get(name)
    if found is None:
        known = ", ".join(configured()) or "none"
        raise SearchNotConfigured(
            f"MCP server {name} is not configured in MCP_SERVERS (configured: {known})"
        )
    return found
