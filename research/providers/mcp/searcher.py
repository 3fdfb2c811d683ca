"""An MCP server's search tool as a search backend, and the list of a server's tools.

`McpSearcher(server, tool).search(query)` opens a session (session.py), lists the server's
tools, calls `tool` with the query under the argument its input schema names (`query` if it
has one, else its first required string property, else its first string property; and the
result count under `max_results`, `limit`, `top_k`... when it takes one), reads the resources it
links to that are not web pages, and returns the documents as `SearchResult`s (results.py).
A `record` callback, which the pipeline passes in (providers write no rows), hears the tools
listed on each call, or the failure.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from mcp import ClientSession, types
from pydantic import AnyUrl

from research.providers.mcp import results
from research.providers.mcp.results import Found
from research.providers.mcp.servers import Server
from research.providers.mcp.session import McpFailed, call, measured
from research.providers.search.base import Searcher, SearchResult, check_time_range, clean

COUNT_ARGUMENTS = ("max_results", "limit", "top_k", "k", "count", "num_results", "n")


@dataclass(frozen=True)
class ToolInfo:
    name: str
    description: str
    search: bool  # one of the server's search tools (MCP_SERVERS search_tools)

    def as_dict(self) -> dict[str, Any]:
        return {"name": self.name, "description": self.description, "search": self.search}


# (server name, the tools it listed or None when it failed, the failure's reason or "")
Recorder = Callable[[str, list[ToolInfo] | None, str], None]


@dataclass(frozen=True)
class _Answer:
    results: list[SearchResult]
    tools: list[ToolInfo]


class McpSearcher(Searcher):
    label = "MCP server"

    def __init__(self, server: Server, tool: str, *, record: Recorder | None = None) -> None:
        self.server = server
        self.tool = tool
        self.record = record
        self.name = server.source

    def search(
        self, query: str, *, max_results: int = 10, time_range: str = "", language: str = ""
    ) -> list[SearchResult]:
        """Up to `max_results` documents; a time range or language is not the tool's to know."""
        check_time_range(time_range)
        query = " ".join(query.split())
        if not query or max_results < 1:
            return []
        try:
            answer = call(self.server, self.tool, lambda s: self._ask(s, query, max_results))
        except McpFailed as exc:
            self._heard(None, exc.reason)
            raise
        self._heard(answer.tools, "")
        return answer.results

    def _heard(self, tools: list[ToolInfo] | None, error: str) -> None:
        if self.record is not None:
            self.record(self.server.name, tools, error)

    async def _ask(self, session: ClientSession, query: str, max_results: int) -> _Answer:
        listed = (await session.list_tools()).tools
        tool = next((t for t in listed if t.name == self.tool), None)
        if tool is None:
            offered = ", ".join(t.name for t in listed) or "none"
            raise self._failed(f"it has no tool {self.tool} (its tools: {offered})")
        arguments = self._arguments(tool.inputSchema, query, max_results)
        answer = await session.call_tool(self.tool, arguments)
        measured(self.server, self.tool, answer)
        if answer.isError:
            said = " ".join(b.text for b in answer.content if isinstance(b, types.TextContent))
            raise self._failed(f"tool {self.tool} failed: {clean(said) or 'no reason given'}")
        found = [await self._read(session, f) for f in results.found_in(answer)[:max_results]]
        where = results.locator(self.server.name, self.tool, arguments)
        return _Answer(
            [r for f in found if (r := self._result(f, where)) is not None],
            [tool_info(self.server, t) for t in listed],
        )

    def _arguments(self, schema: dict[str, Any], query: str, max_results: int) -> dict[str, Any]:
        properties = schema.get("properties") or {}
        strings = [n for n, p in properties.items() if _typed(p, "string")]
        required = [n for n in schema.get("required") or [] if n in strings]
        name = "query" if "query" in strings else next(iter(required or strings), None)
        if name is None:
            raise self._failed(f"tool {self.tool} takes no text to search for")
        arguments: dict[str, Any] = {name: query}
        count = next((n for n in COUNT_ARGUMENTS if _typed(properties.get(n), "integer")), None)
        if count is not None:
            arguments[count] = max_results
        return arguments

    async def _read(self, session: ClientSession, found: Found) -> Found:
        """A link to a resource that is not a web page, read through the server."""
        if found.text or not found.uri or found.web:
            return found
        read = await session.read_resource(AnyUrl(found.uri))
        measured(self.server, f"the resource {found.uri}", read)
        texts = [c.text for c in read.contents if isinstance(c, types.TextResourceContents)]
        text = "\n\n".join(t for t in texts if t.strip())
        return Found(found.title, text, found.snippet, found.uri, found.identity, found.published)

    def _result(self, found: Found, where: str) -> SearchResult | None:
        if found.text:
            url = results.address(self.server.name, found)
        elif found.web:
            url = found.web
        else:
            return None
        title = clean(found.title) or url
        snippet, published = results.snippet_of(found), results.published_of(found)
        return SearchResult(
            url, title, snippet, published, self.name, text=found.text, locator=where
        )

    def _failed(self, problem: str) -> McpFailed:
        return McpFailed(f"MCP server {self.server.name}: {problem}")


def _typed(prop: Any, kind: str) -> bool:
    if not isinstance(prop, dict):
        return False
    declared = prop.get("type")
    return declared == kind or (isinstance(declared, list) and kind in declared)


def tool_info(server: Server, tool: types.Tool) -> ToolInfo:
    return ToolInfo(tool.name, clean(tool.description or ""), tool.name in server.search_tools)


def list_tools(server: Server) -> list[ToolInfo]:
    """The server's tools, as it lists them now."""

    async def listed(session: ClientSession) -> list[ToolInfo]:
        return [tool_info(server, t) for t in (await session.list_tools()).tools]

    return call(server, "the list of its tools", listed)
