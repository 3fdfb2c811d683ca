"""The MCP servers an admin declared (MCP_SERVERS), as the LLM page shows them: each one's
transport and address, the tools it listed last and its last failure; and listing their tools
again now, for a member who pressed the page's button.

Reads settings and McpServerState rows; writes McpServerState (through the pipeline's
`remember`, the one place that records what a call learnt of a server).
"""

from __future__ import annotations

from dataclasses import dataclass

from research.models import McpServerState
from research.pipeline.shared.mcp import remember
from research.providers import mcp


@dataclass(frozen=True)
class ServerShown:
    server: mcp.Server
    state: McpServerState | None  # None: no call has reached or failed it yet

    @property
    def tools(self) -> list[dict]:
        return list(self.state.tools) if self.state else []


def shown() -> list[ServerShown]:
    """Every declared server with what is known of it, in MCP_SERVERS' order."""
    servers = mcp.configured()
    states = {row.name: row for row in McpServerState.objects.filter(name__in=servers)}
    return [ServerShown(server, states.get(name)) for name, server in servers.items()]


def list_tools_now(*, user) -> int:
    """Ask every declared server for its tools now and record the answer or the failure;
    returns how many answered. `user` is the member who asked (the answers are everyone's)."""
    answered = 0
    for server in mcp.configured().values():
        try:
            tools = mcp.list_tools(server)
        except mcp.McpFailed as exc:
            remember(server.name, None, exc.reason)
            continue
        remember(server.name, tools, "")
        answered += 1
    return answered
