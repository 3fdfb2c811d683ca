"""Dossier as an MCP server: the tools and resources agents call, through the official SDK's
FastMCP, over streamable HTTP (`http.py`, at /mcp beside the site) or stdio (`manage.py mcp`).

Each tool acts as one member: over HTTP the owner of the bearer token (`http.py` puts the
member's id on the request), over stdio the member named on the command line. Its answer is
the REST API's shape, as structured content, with a readable text beside it. The work itself is
`tools.py`, run in a worker thread with Django's connection handling around it, so a slow query
never blocks the event loop that serves the other clients.

`start_research` follows the run when the client asks for progress (a progress token): one
notification per change, until the project stops running or MCP_FOLLOW_SECONDS pass. A client
that goes away loses nothing: the project runs in the worker, and `get_project` finds it.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import partial
from typing import Annotated, Any, TypeVar

import anyio
from anyio import to_thread
from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import close_old_connections
from mcp.server.fastmcp import Context, FastMCP
from mcp.server.fastmcp.exceptions import ResourceError, ToolError
from mcp.server.transport_security import TransportSecuritySettings
from mcp.types import CallToolResult, TextContent, ToolAnnotations
from pydantic import Field

from research.api.mcp import tools
from research.errors import DossierError, NotFound
from research.limits import CLARIFY_ANSWER_MAX, ID_MAX, QUESTION_MAX, SEARCH_TERMS_MAX
from research.models import ProjectStatus

T = TypeVar("T")
USER_KEY = "dossier_user_id"  # where http.py puts the acting member's id on the request state
POLL_SECONDS = 1.0  # how often a followed run is looked at

Id = Annotated[int, Field(ge=1, le=ID_MAX)]
Version = Annotated[int | None, Field(None, ge=1, le=ID_MAX, description="Current if absent.")]
READ = ToolAnnotations(readOnlyHint=True, openWorldHint=False)

INSTRUCTIONS = (
    "Dossier researches a question on the web and in the team's library, and writes a report "
    "whose every cited sentence is checked against its source. Start with start_research, "
    "follow it with get_project until its status is done, then read get_report and "
    "get_claims. A project started with the option clarify may stop as "
    "awaiting_clarification: read its clarifications with get_project, then call "
    "answer_clarifications (or skip them). Ask follow-up questions of a finished project "
    "with ask_followup and get_answer. Project ids and statuses are the same as in the web "
    "pages and the REST API."
)


def _in_thread(fn: Callable[[], T]) -> T:
    close_old_connections()
    try:
        return fn()
    finally:
        close_old_connections()


async def _call(fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
    """`fn(*args, **kwargs)` in a worker thread; our errors become the tool's error text."""
    try:
        return await to_thread.run_sync(_in_thread, partial(fn, *args, **kwargs))
    except DossierError as exc:
        raise ToolError(exc.reason) from None


def _user_id(ctx: Context, stdio_user: int | None) -> int:
    request = ctx.request_context.request
    state = getattr(request, "state", None)
    found = getattr(state, USER_KEY, None) if state is not None else stdio_user
    if found is None:
        raise ToolError("Not signed in: send Authorization: Bearer <API token>.")
    return int(found)


def _member(user_id: int):
    user = get_user_model().objects.filter(pk=user_id, is_active=True).first()
    if user is None:
        raise NotFound("The member this connection acts for is gone or inactive.")
    return user


def _as_member(fn: Callable[..., T], user_id: int, **kwargs: Any) -> T:
    return fn(_member(user_id), **kwargs)


def _result(structured: dict[str, Any], text: str | None = None) -> CallToolResult:
    """The tool's answer: the REST shape as structured content, and a text for people and
    for clients that read text only (the JSON itself, unless a better text is given)."""
    body = text if text is not None else json.dumps(structured, indent=1, ensure_ascii=False)
    return CallToolResult(
        content=[TextContent(type="text", text=body)], structuredContent=structured
    )


def _summary(state: dict[str, Any]) -> str:
    step = f" · {state['current_step']}" if state.get("current_step") else ""
    return f"{state['status']} · {state['progress']}%{step}"


async def _follow(ctx: Context, project_id: int) -> dict[str, Any]:
    """The project's state, told as progress notifications until it stops running."""
    state = await _call(tools.project_state, project_id)
    told = None
    with anyio.move_on_after(settings.MCP_FOLLOW_SECONDS):
        while True:
            if (state["status"], state["progress"], state["current_step"]) != told:
                told = (state["status"], state["progress"], state["current_step"])
                await ctx.report_progress(state["progress"], 100, _summary(state))
            if state["status"] not in ProjectStatus.running():
                break
            await anyio.sleep(POLL_SECONDS)
            state = await _call(tools.project_state, project_id)
    return state


def build(*, stdio_user: int | None = None) -> FastMCP:
    """The server. `stdio_user`: the member every call acts for (stdio only)."""
    server = FastMCP(
        "Dossier",
        instructions=INSTRUCTIONS,
        stateless_http=True,  # any web worker answers any request: no session to keep
        streamable_http_path="/mcp",
        # http.py checks the Host header against ALLOWED_HOSTS, as the site does.
        transport_security=TransportSecuritySettings(enable_dns_rebinding_protection=False),
    )
    _add_research_tools(server, stdio_user)
    _add_clarify_tool(server, stdio_user)
    _add_reading_tools(server, stdio_user)
    _add_resources(server)
    return server


def _add_research_tools(server: FastMCP, stdio_user: int | None) -> None:
    @server.tool(structured_output=False)
    async def start_research(
        ctx: Context,
        question: Annotated[str, Field(min_length=1, max_length=QUESTION_MAX)],
        options: Annotated[
            dict[str, Any] | None,
            Field(
                description="The REST API's project options (GET /api/docs), e.g. "
                '{"engine": "extractive", "sources": ["web", "library"], "queries": 4}.'
            ),
        ] = None,
    ) -> CallToolResult:
        """Start researching a question as a new project. Answers {project_id, status} at once;
        a client that asks for progress is told it until the run stops, then gets the final
        status. The run goes on in the worker either way."""
        user_id = _user_id(ctx, stdio_user)
        started = await _call(
            _as_member, tools.start_research, user_id, question=question, options=options
        )
        if ctx.request_context.meta is not None and ctx.request_context.meta.progressToken:
            state = await _follow(ctx, started["project_id"])
            started["status"] = state["status"]
        return _result(started)

    @server.tool(structured_output=False)
    async def ask_followup(
        ctx: Context, project_id: Id, question: Annotated[str, Field(min_length=1)]
    ) -> CallToolResult:
        """Ask a follow-up question of a project; the worker answers it from the project's
        stored sources. Answers {question_id, status}; read the answer with get_answer."""
        user_id = _user_id(ctx, stdio_user)
        asked = await _call(
            _as_member, tools.ask_followup, user_id, project_id=project_id, question=question
        )
        return _result(asked)


def _add_clarify_tool(server: FastMCP, stdio_user: int | None) -> None:
    @server.tool(structured_output=False)
    async def answer_clarifications(
        ctx: Context,
        project_id: Id,
        answers: Annotated[
            dict[str, Annotated[str, Field(max_length=CLARIFY_ANSWER_MAX)]] | None,
            Field(description='The answers by question id, e.g. {"q1": "the big cat"}.'),
        ] = None,
        skip: bool = False,
    ) -> CallToolResult:
        """Answer the clarifying questions of a project awaiting clarification (get_project
        lists them under clarifications, each with its id and the answers offered; any text is
        accepted), or skip them to plan from the question alone. The project then plans and
        runs; answers its state as get_project does."""
        user_id = _user_id(ctx, stdio_user)
        state = await _call(
            _as_member,
            tools.answer_clarifications,
            user_id,
            project_id=project_id,
            answers=answers,
            skip=skip,
        )
        return _result(state, _summary(state))


def _add_reading_tools(server: FastMCP, stdio_user: int | None) -> None:
    def reader(fn: Callable[..., Any]) -> Callable[..., Any]:
        return server.tool(structured_output=False, annotations=READ)(fn)

    @reader
    async def get_project(ctx: Context, project_id: Id) -> CallToolResult:
        """A project's status, current step, progress (percent), counts, tokens and error."""
        _user_id(ctx, stdio_user)
        state = await _call(tools.project_state, project_id)
        return _result(state)

    @reader
    async def list_projects(
        ctx: Context,
        search: Annotated[str, Field(max_length=SEARCH_TERMS_MAX)] = "",
        status: Annotated[str, Field(description="e.g. done, researching, failed")] = "",
    ) -> CallToolResult:
        """Projects, newest first (at most 50): all, those matching `search` (questions,
        titles, reports, summaries, notes), or of one status."""
        _user_id(ctx, stdio_user)
        return _result(await _call(tools.list_projects, search=search, status=status))

    @reader
    async def get_report(ctx: Context, project_id: Id, version: Version = None) -> CallToolResult:
        """The report as Markdown with its References, its version, and whether it is
        complete. The text is the Markdown itself."""
        _user_id(ctx, stdio_user)
        found = await _call(tools.report, project_id, version)
        return _result(found, found["markdown"])

    @reader
    async def get_claims(ctx: Context, project_id: Id, version: Version = None) -> CallToolResult:
        """The claim ledger of the report: each cited sentence, its status (supported,
        unsupported, contradicted...), the verbatim quote that supports it, and why."""
        _user_id(ctx, stdio_user)
        return _result(await _call(tools.report_claims, project_id, version))

    @reader
    async def search_library(
        ctx: Context,
        query: Annotated[str, Field(min_length=1, max_length=SEARCH_TERMS_MAX)],
        collections: Annotated[list[Id] | None, Field(description="Collection ids.")] = None,
    ) -> CallToolResult:
        """Search the team library's passages: each hit's document, locator and snippet."""
        _user_id(ctx, stdio_user)
        found = await _call(tools.search_library, query=query, collections=collections)
        return _result(found)

    @reader
    async def get_answer(ctx: Context, question_id: Id) -> CallToolResult:
        """A follow-up question's status, answer (Markdown citing [n]) and citations."""
        _user_id(ctx, stdio_user)
        return _result(await _call(tools.answer, question_id))


def _add_resources(server: FastMCP) -> None:
    async def read(fn: Callable[..., str], *args: Any) -> str:
        try:
            return await to_thread.run_sync(_in_thread, partial(fn, *args))
        except DossierError as exc:
            raise ResourceError(exc.reason) from None

    @server.resource("dossier://projects/{project_id}/report", mime_type="text/markdown")
    async def report(project_id: str) -> str:
        """The project's current report, as Markdown with its References."""
        return await read(tools.report_text, _number(project_id))

    @server.resource("dossier://projects/{project_id}/sources/{n}", mime_type="text/plain")
    async def source(project_id: str, n: str) -> str:
        """The stored text of the project's source [n]: what was summarised and quoted."""
        return await read(tools.source_text, _number(project_id), _number(n))


def _number(text: str) -> int:
    if not text.isdigit() or not 1 <= int(text) <= ID_MAX:
        raise ResourceError(f"{text!r} is not a number of ours.")
    return int(text)
