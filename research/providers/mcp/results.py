"""A search tool's answer as search results: what each kind of MCP content becomes.

* `structuredContent`, when present, is read first: a list of objects (under any key, such as
  FastMCP's "result") or one object, each with title, url, text and snippet-like fields;
* a `TextContent` is plain text (one result), or a JSON object or list of them as above;
* an `EmbeddedResource` with text is one result, named by its URI;
* a `ResourceLink` to an http(s) URI is a web result (the fetch stage reads the page through
  the HTTP choke point); any other URI is read through the server (`read_resource`).

A result with text gets a stable address, `mcp://SERVER/<digest>` of the document's identity
(its URI or id, else its text), so the same document found by several queries is one source;
its locator says where it came from: `mcp:docs › search {"query": "…"}`. Pure: no I/O here.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import Any

from mcp import types

from research.providers.search.base import clean, parse_date, web_url

ADDRESS = "mcp://{server}/{digest}"
SNIPPET_CHARS = 300
TITLE_CHARS = 120
TITLE_KEYS = ("title", "name", "heading", "subject")
URL_KEYS = ("url", "uri", "link", "href", "source")
TEXT_KEYS = ("text", "content", "body", "markdown", "page_content")
SNIPPET_KEYS = ("snippet", "summary", "description", "excerpt", "abstract")
DATE_KEYS = ("published", "date", "published_at", "updated", "created")
ID_KEYS = ("id", "doc_id", "document_id", "key", "path")


@dataclass(frozen=True)
class Found:
    """One document a tool pointed at. `uri` alone (no text): a link to read or fetch."""

    title: str = ""
    text: str = ""
    snippet: str = ""
    uri: str = ""
    identity: str = ""  # what makes it the same document again
    published: Any = None

    @property
    def web(self) -> str:
        """Its http(s) address, when it has no text of its own: the fetch stage reads it."""
        return web_url(self.uri) if not self.text else ""


def found_in(result: types.CallToolResult) -> list[Found]:
    """Every document in a tool's answer, in its order (structured content first)."""
    structured = _from_json(result.structuredContent) if result.structuredContent else []
    if structured:
        return structured
    found: list[Found] = []
    for block in result.content:
        found.extend(_from_block(block))
    return found


def _from_block(block: types.ContentBlock) -> list[Found]:
    if isinstance(block, types.TextContent):
        return _from_text(block.text)
    if isinstance(block, types.EmbeddedResource):
        resource = block.resource
        if isinstance(resource, types.TextResourceContents) and resource.text.strip():
            uri = str(resource.uri)
            return [Found(title=_first_line(resource.text), text=resource.text, uri=uri)]
        return []
    if isinstance(block, types.ResourceLink):
        title = block.title or block.name
        return [Found(title=title, snippet=block.description or "", uri=str(block.uri))]
    return []  # images and audio are not read


def _from_text(text: str) -> list[Found]:
    stripped = text.strip()
    if not stripped:
        return []
    if stripped[0] in "[{":
        try:
            parsed = json.loads(stripped)
        except ValueError:
            parsed = None
        if parsed is not None:
            return _from_json(parsed)
    return [Found(title=_first_line(stripped), text=stripped)]


def _from_json(data: Any) -> list[Found]:
    """Documents in JSON: a list of objects, an object holding one, or one object."""
    if isinstance(data, list):
        return [found for item in data if (found := _from_object(item)) is not None]
    if isinstance(data, dict):
        for value in data.values():
            if isinstance(value, list) and any(isinstance(item, dict) for item in value):
                return _from_json(value)
        single = _from_object(data)
        return [single] if single is not None else []
    return []


def _from_object(item: Any) -> Found | None:
    if not isinstance(item, dict):
        return None
    text, uri = _first(item, TEXT_KEYS), _first(item, URL_KEYS)
    if not text and not uri:
        return None
    ident = _first(item, ID_KEYS)
    return Found(
        title=_first(item, TITLE_KEYS) or _first_line(text),
        text=text,
        snippet=_first(item, SNIPPET_KEYS),
        uri=uri,
        identity=f"id:{ident}" if ident else "",
        published=next((item[k] for k in DATE_KEYS if item.get(k)), None),
    )


def _first(item: dict[str, Any], keys: tuple[str, ...]) -> str:
    for key in keys:
        value = item.get(key)
        if isinstance(value, str | int) and not isinstance(value, bool) and str(value).strip():
            return str(value).strip()
    return ""


def _first_line(text: str) -> str:
    line = next((line for line in text.splitlines() if line.strip()), "")
    line = clean(line.lstrip("#").strip())
    return line if len(line) <= TITLE_CHARS else line[: TITLE_CHARS - 1].rstrip() + "…"


# --- As the search interface spells it -------------------------------------------------------


def address(server: str, found: Found) -> str:
    """The stable `mcp://` address of a document with text from `server`."""
    identity = found.identity or (f"uri:{found.uri}" if found.uri else f"text:{found.text}")
    digest = hashlib.sha256(identity.encode()).hexdigest()[:24]
    return ADDRESS.format(server=server, digest=digest)


def locator(server: str, tool: str, arguments: dict[str, Any]) -> str:
    """`mcp:docs › search {"query": "wal mode"}`: the server, the tool and its arguments."""
    return f"mcp:{server} › {tool} {json.dumps(arguments, ensure_ascii=False, sort_keys=True)}"


def snippet_of(found: Found) -> str:
    text = clean(found.snippet) or clean(found.text)
    return text if len(text) <= SNIPPET_CHARS else text[: SNIPPET_CHARS - 1].rstrip() + "…"


def published_of(found: Found) -> Any:
    return parse_date(found.published)
