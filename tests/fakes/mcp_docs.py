"""A loopback MCP server, written with the SDK's FastMCP, offering a `search` tool over a few
short documents about SQLite's WAL mode.

    with McpDocs() as docs:          # streamable HTTP on 127.0.0.1, served by uvicorn
        docs.url                     # http://127.0.0.1:PORT/mcp
    stdio_script(tmp_path)           # the same server as a script to run over stdio

Its tools: `search(query, limit)` (the documents sharing a word with the query, as JSON
objects; a query containing "stall" hangs, as a stuck backend would), `hang(query)` (never
answers), `huge(query)` (a 3 MB answer), `slow(query)` (answers after a moment and counts how
many calls it holds at once: `state.peak`), and `links(query)` (resource links: one to a
resource it serves, `docs://notes/checkpoints`, one to the web page `state.page_url`).
"""

from __future__ import annotations

import socket
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

import anyio
import uvicorn
from mcp import types
from mcp.server.fastmcp import FastMCP
from pydantic import AnyUrl

ROOT = Path(__file__).resolve().parents[2]
HUGE_BYTES = 3 * 1024 * 1024
HANG_SECONDS = 60

DOCUMENTS = [
    {
        "id": "wal-basics",
        "title": "WAL basics",
        "text": "In WAL mode SQLite appends changes to a separate write-ahead log file instead of "
        "writing the database file. Readers do not block writers and a writer does not block "
        "readers in WAL mode.",
    },
    {
        "id": "wal-checkpoints",
        "title": "WAL checkpoints",
        "text": "A checkpoint moves the pages of the write-ahead log back into the database file. "
        "SQLite runs a checkpoint automatically when the WAL reaches 1000 pages.",
    },
    {
        "id": "wal-limits",
        "title": "WAL limits",
        "text": "WAL mode needs shared memory, so every process using the SQLite database must be "
        "on the same host. WAL mode does not work over a network file system.",
    },
]
CHECKPOINT_NOTE = (
    "Long-running readers can starve a checkpoint in WAL mode, and then the write-ahead log of "
    "SQLite keeps growing until the readers finish."
)


@dataclass
class State:
    """What the server saw, for the tests: calls in flight, their peak, the page it links to."""

    page_url: str = "http://127.0.0.1:9/page/sqlite-wal"
    in_flight: int = 0
    peak: int = 0
    calls: int = 0
    released: threading.Event = field(default_factory=threading.Event)
    lock: threading.Lock = field(default_factory=threading.Lock)


def build(state: State | None = None, **settings: object) -> FastMCP:
    state = state or State()
    app = FastMCP("docs", stateless_http=True, **settings)  # type: ignore[arg-type]

    @app.tool()
    async def search(query: str, limit: int = 5) -> list[dict[str, str]]:
        """The documents that share a word with the query."""
        state.calls += 1
        if "stall" in query.lower():
            await _hang(state)
        words = {w.strip("?.,").lower() for w in query.split() if len(w) > 2}
        hits = [d for d in DOCUMENTS if words & {w.strip(".,").lower() for w in d["text"].split()}]
        return hits[:limit]

    @app.tool()
    async def hang(query: str) -> str:
        """Never answers."""
        await _hang(state)
        return "too late"

    @app.tool()
    def huge(query: str) -> str:
        """An answer of 3 MB."""
        return "WAL " * (HUGE_BYTES // 4)

    @app.tool()
    async def slow(query: str) -> str:
        """Answers after a moment; counts the calls it holds at once."""
        with state.lock:
            state.in_flight += 1
            state.peak = max(state.peak, state.in_flight)
        await anyio.sleep(0.3)
        with state.lock:
            state.in_flight -= 1
        return f"Slow news about {query}: WAL mode keeps readers and writers apart."

    @app.tool()
    def links(query: str) -> list[types.ResourceLink]:
        """Links: one to a resource of this server, one to a web page."""
        return [
            types.ResourceLink(
                type="resource_link", name="Checkpoint note", uri=AnyUrl("docs://notes/checkpoints")
            ),
            types.ResourceLink(type="resource_link", name="A page", uri=AnyUrl(state.page_url)),
        ]

    @app.resource("docs://notes/checkpoints")
    def checkpoint_note() -> str:
        return CHECKPOINT_NOTE

    return app


async def _hang(state: State) -> None:
    deadline = time.monotonic() + HANG_SECONDS
    while not state.released.is_set() and time.monotonic() < deadline:
        await anyio.sleep(0.05)


class McpDocs:
    """The server over streamable HTTP on 127.0.0.1, in a background thread."""

    def __init__(self) -> None:
        self.state = State()
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.port = self.sock.getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}/mcp"
        app = build(self.state, host="127.0.0.1").streamable_http_app()
        config = uvicorn.Config(
            app, log_level="warning", lifespan="on", timeout_graceful_shutdown=1
        )
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(
            target=self.server.run, kwargs={"sockets": [self.sock]}, daemon=True
        )

    def __enter__(self) -> McpDocs:
        self.thread.start()
        deadline = time.monotonic() + 10
        while not self.server.started and time.monotonic() < deadline:
            time.sleep(0.01)
        if not self.server.started:
            raise RuntimeError("the MCP docs server did not start")
        return self

    def __exit__(self, *exc: object) -> None:
        self.state.released.set()
        self.server.should_exit = True
        self.thread.join(timeout=10)
        self.sock.close()


def stdio_script(folder: Path) -> list[str]:
    """A script running this server over stdio; returns the command that starts it."""
    script = folder / "mcp_docs_stdio.py"
    script.write_text(
        f"import sys\nsys.path.insert(0, {str(ROOT)!r})\n"
        "from tests.fakes.mcp_docs import build\n"
        "build().run('stdio')\n"
    )
    return [sys.executable, str(script)]
