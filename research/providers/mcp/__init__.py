"""MCP servers as search backends: an admin's declared servers (MCP_SERVERS), whose search
tools a project searches as its source "mcp:NAME".

servers.py   the declared servers, as settings parsed them
session.py   one call: a session opened, used and closed within the server's limits
results.py   a tool's answer (text, JSON, resources, links, structured content) as documents
searcher.py  a search tool as a `Searcher`, and a server's list of tools

Uses the official `mcp` SDK's client (1.x: it speaks httpx, which the SSRF guard's transport
checks). Imports no models and no pipeline: what a call learns is handed to a callback.
"""

from research.providers.mcp.searcher import McpSearcher, Recorder, ToolInfo, list_tools
from research.providers.mcp.servers import PREFIX, Server, configured, named
from research.providers.mcp.session import McpFailed

__all__ = [
    "PREFIX",
    "McpFailed",
    "McpSearcher",
    "Recorder",
    "Server",
    "ToolInfo",
    "configured",
    "list_tools",
    "named",
]
