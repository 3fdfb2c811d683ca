"""MCP servers inside a research run: a project's "mcp:NAME" sources, and their text as pages.

`searchers` are the backends a project's "mcp:NAME" sources name: one per search tool of each
server (providers/mcp). A result with text (its address `mcp://NAME/...`) becomes a Source like
a web page's, with the server as its domain ("mcp:docs") and the server, tool and arguments as
its locator; its text is stored as a page-cache row when the results are stored
(`store_texts`), and `read_text` is the fetch of such a source: that row, with no network call.
A result that is a web address is a web source, fetched through the HTTP choke point as any.

What each call learns of a server (its tools, or its failure) goes to its McpServerState row,
which the LLM page shows.
"""

from __future__ import annotations

import hashlib

from django.utils import timezone

from research.errors import MissingInput
from research.limits import LOCATOR_MAX, SOURCE_TITLE_MAX
from research.models import McpServerState, PageSnapshot, Source
from research.models.options import ProjectOptions
from research.providers import mcp
from research.providers.search import SearchResult

SCHEME = "mcp://"
EXTRACTOR = "mcp"


def searchers(opts: ProjectOptions) -> list[mcp.McpSearcher]:
    """A backend for each search tool of each MCP server the project's sources name."""
    found: list[mcp.McpSearcher] = []
    for name in opts.mcp_servers:
        server = mcp.named(name)
        found += [mcp.McpSearcher(server, tool, record=remember) for tool in server.search_tools]
    return found


def remember(name: str, tools: list[mcp.ToolInfo] | None, error: str) -> None:
    """A call's outcome on the server's row: the tools it listed, or its failure."""
    listed = None if tools is None else [tool.as_dict() for tool in tools]
    McpServerState.objects.heard(name, listed, error)


def is_mcp(source: Source) -> bool:
    """A document an MCP server gave as text: its address is mcp://, not a web page's."""
    return source.url.startswith(SCHEME)


def source_fields(result: SearchResult) -> dict:
    """What a Source found by an MCP server records: the server, and the call that found it."""
    return {"domain": result.engine, "locator": result.locator[:LOCATOR_MAX]}


def store_texts(results: list[SearchResult]) -> None:
    """The text of each MCP document among `results`, as a page-cache row under its address,
    unless the latest row there holds the same text already."""
    for result in results:
        if not (result.url.startswith(SCHEME) and result.text.strip()):
            continue
        digest = hashlib.sha256(result.text.encode()).hexdigest()
        latest = PageSnapshot.objects.filter(url=result.url).order_by("-fetched_at").first()
        if latest is not None and latest.content_hash == digest:
            continue
        PageSnapshot.objects.create(
            url=result.url,
            fetched_at=timezone.now(),
            content_type="text/plain",
            content_hash=digest,
            title=result.title[:SOURCE_TITLE_MAX],
            text=result.text,
            extractor=EXTRACTOR,
        )


def read_text(source: Source) -> PageSnapshot:
    """The fetch of an MCP source: the text its server gave, as stored when it was found."""
    snapshot = PageSnapshot.objects.filter(url=source.url).order_by("-fetched_at").first()
    if snapshot is None:
        raise MissingInput(
            f"The text of source [{source.n}] from {source.domain or 'its MCP server'} was not "
            "kept. Search again to find it."
        )
    return snapshot
