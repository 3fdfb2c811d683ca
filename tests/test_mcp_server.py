"""Dossier as an MCP server, driven by the official SDK's own client over both transports:
streamable HTTP at /mcp (the ASGI application `make run` serves, here under uvicorn on
127.0.0.1) and stdio (`manage.py mcp --user NAME`, a subprocess). Research runs in the real
worker against the loopback fakes of SearXNG and the web."""

from __future__ import annotations

import os
import socket
import sys
import threading
import time
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from datetime import timedelta
from pathlib import Path
from typing import Any

import anyio
import httpx
import pytest
import uvicorn
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client
from mcp.client.streamable_http import streamable_http_client
from mcp.types import CallToolResult
from pydantic import AnyUrl

from research.models import Project, ProjectStatus
from research.services import api_tokens, trash
from research_site.asgi import make_application
from tests.api_helpers import ApiClient
from tests.conftest import _test_database_url
from tests.factories import make_library_document, make_project

pytest_plugins = ["tests.api_fixtures"]
ROOT = Path(__file__).resolve().parent.parent
QUESTION = "How does SQLite WAL mode work?"
FOLLOW_UP = "Do readers block writers in WAL mode?"
OPTIONS = {"engine": "extractive", "queries": 2, "sources_per_query": 2, "reflection_rounds": 0}
TOOLS = {
    "start_research",
    "get_project",
    "get_report",
    "list_projects",
    "search_library",
    "ask_followup",
    "get_answer",
    "get_claims",
    "answer_clarifications",
}
Session = Callable[[Callable[[ClientSession], Awaitable[Any]]], Any]


@contextmanager
def _serving() -> Iterator[str]:
    """The application `make run` serves, under uvicorn on a loopback port, in this process.
    The socket is bound here, to port 0, and handed to uvicorn: no other process (another
    pytest-xdist worker) can take the port between choosing it and listening on it."""
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    config = uvicorn.Config(
        make_application(), host="127.0.0.1", port=port, lifespan="on", log_level="warning"
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        assert thread.is_alive() and time.monotonic() < deadline, "uvicorn did not start"
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=10)
        sock.close()


@pytest.fixture
def site(transactional_db) -> Iterator[str]:
    with _serving() as url:
        yield url


def _http_session(url: str, token: str) -> Session:
    """Run `work(session)` in a session of the SDK's client over streamable HTTP."""

    def run(work):
        async def main():
            headers = {"Authorization": f"Bearer {token}"}
            async with httpx.AsyncClient(headers=headers, timeout=60) as http:
                async with streamable_http_client(f"{url}/mcp", http_client=http) as streams:
                    async with ClientSession(streams[0], streams[1]) as session:
                        await session.initialize()
                        return await work(session)

        return anyio.run(main)

    return run


@pytest.fixture
def stdio(transactional_db, world, member) -> Session:
    """Run `work(session)` in a session of the SDK's client with `manage.py mcp --user alice`."""
    from django.db import connection

    env = {**os.environ, "DATABASE_URL": _test_database_url(connection), **world.env}
    params = StdioServerParameters(
        command=sys.executable, args=["manage.py", "mcp", "--user", member.username],
        env=env, cwd=str(ROOT),
    )  # fmt: skip

    def run(work):
        async def main():
            async with stdio_client(params) as streams:
                async with ClientSession(streams[0], streams[1]) as session:
                    await session.initialize()
                    return await work(session)

        return anyio.run(main)

    return run


def _ok(result: CallToolResult) -> dict:
    assert not result.isError, result.content
    assert result.structuredContent is not None
    return result.structuredContent


def _error(result: CallToolResult) -> str:
    assert result.isError, result.structuredContent
    return " ".join(getattr(block, "text", "") for block in result.content)


async def _follow_by_polling(session: ClientSession, project_id: int) -> dict:
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        state = _ok(await session.call_tool("get_project", {"project_id": project_id}))
        if state["status"] not in ProjectStatus.running():
            return state
        await anyio.sleep(0.3)
    raise AssertionError(f"project {project_id} still {state['status']}")


async def _ask(session: ClientSession, project_id: int) -> dict:
    """A follow-up asked, then its answer read until the worker has written it."""
    asked = _ok(
        await session.call_tool("ask_followup", {"project_id": project_id, "question": FOLLOW_UP})
    )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        answer = _ok(await session.call_tool("get_answer", {"question_id": asked["question_id"]}))
        if answer["status"] not in ("queued", "running"):
            return answer
        await anyio.sleep(0.3)
    raise AssertionError(f"question {asked['question_id']} still {answer['status']}")


async def _read_the_results(session: ClientSession, project_id: int) -> dict:
    report = await session.call_tool("get_report", {"project_id": project_id})
    claims = _ok(await session.call_tool("get_claims", {"project_id": project_id}))
    resource = await session.read_resource(AnyUrl(f"dossier://projects/{project_id}/report"))
    source = await session.read_resource(AnyUrl(f"dossier://projects/{project_id}/sources/1"))
    return {
        "report": _ok(report),
        "report_text": report.content[0].text,  # type: ignore[union-attr]
        "claims": claims,
        "resource": resource.contents[0].text,  # type: ignore[union-attr]
        "source": source.contents[0].text,  # type: ignore[union-attr]
    }


def _assert_read(found: dict, project_id: int) -> None:
    report = found["report"]
    assert report["project_id"] == project_id and report["version"] == 1 and report["complete"]
    assert "## References" in report["markdown"] and report["citations"]
    assert found["report_text"] == report["markdown"]  # the text is the Markdown itself
    assert found["resource"] == report["markdown"]
    stored = Project.objects.get(pk=project_id).sources.get(n=1).snapshot
    assert stored is not None and found["source"] == stored.text
    claims = found["claims"]["claims"]
    assert claims and {claim["status"] for claim in claims} >= {"supported"}
    assert all(claim["quote"] for claim in claims if claim["status"] == "supported")


def test_over_http_an_agent_lists_the_tools_starts_a_research_follows_it_and_reads_it(
    site, token, world, worker
):
    told: list[tuple[float, str]] = []

    async def progress(progress: float, total: float | None, message: str | None) -> None:
        told.append((progress, message or ""))

    async def work(session: ClientSession):
        tools = await session.list_tools()
        started = await session.call_tool(
            "start_research",
            {"question": QUESTION, "options": OPTIONS},
            read_timeout_seconds=timedelta(seconds=120),
            progress_callback=progress,
        )
        project_id = _ok(started)["project_id"]
        found = await _read_the_results(session, project_id)
        return tools, _ok(started), found, await _ask(session, project_id)

    tools, started, found, answer = _http_session(site, token)(work)
    assert {tool.name for tool in tools.tools} == TOOLS
    schema = next(t for t in tools.tools if t.name == "start_research").inputSchema
    assert schema["required"] == ["question"] and "options" in schema["properties"]
    assert started["status"] == ProjectStatus.DONE  # followed to the end, as asked
    assert told and told[-1][0] == 100 and told[-1][1].startswith("done")
    assert len(told) > 1 and [value for value, _ in told] == sorted(v for v, _ in told)
    _assert_read(found, started["project_id"])
    assert answer["status"] == "done" and answer["question"] == FOLLOW_UP
    assert answer["answer"] and answer["citations"], answer


def test_an_agent_that_goes_away_while_following_loses_nothing_the_run_finishes(
    site, token, world, worker
):
    async def work(session: ClientSession):
        first = anyio.Event()

        async def progress(progress: float, total: float | None, message: str | None) -> None:
            first.set()

        async def start() -> None:
            await session.call_tool(
                "start_research",
                {"question": QUESTION, "options": OPTIONS},
                progress_callback=progress,
            )

        async with anyio.create_task_group() as tasks:
            tasks.start_soon(start)
            await first.wait()
            tasks.cancel_scope.cancel()  # the agent stops waiting, mid-run

    _http_session(site, token)(work)
    project = Project.objects.get()
    assert project.status in ProjectStatus.running()
    deadline = time.monotonic() + 120
    while project.status in ProjectStatus.running() and time.monotonic() < deadline:
        time.sleep(0.3)
        project.refresh_from_db()
    assert project.status == ProjectStatus.DONE, project.error

    async def again(session: ClientSession):
        return _ok(await session.call_tool("get_project", {"project_id": project.pk}))

    assert _http_session(site, token)(again)["status"] == ProjectStatus.DONE


def test_over_stdio_an_agent_starts_a_research_as_the_named_member_and_reads_it(
    stdio, worker, member
):
    async def work(session: ClientSession):
        tools = await session.list_tools()
        started = _ok(
            await session.call_tool("start_research", {"question": QUESTION, "options": OPTIONS})
        )
        state = await _follow_by_polling(session, started["project_id"])
        listed = _ok(await session.call_tool("list_projects", {"status": "done"}))
        return tools, started, state, listed, await _read_the_results(session, state["id"])

    tools, started, state, listed, found = stdio(work)
    assert {tool.name for tool in tools.tools} == TOOLS
    assert started["status"] == ProjectStatus.PLANNING  # no progress asked: answered at once
    assert state["status"] == ProjectStatus.DONE, state["error"]
    assert state["owner"] == member.username and state["progress"] == 100
    assert [p["id"] for p in listed["items"]] == [state["id"]] and listed["count"] == 1
    _assert_read(found, state["id"])


def test_an_http_call_without_a_valid_token_gets_401_and_runs_nothing(site, member, token):
    ping = {"jsonrpc": "2.0", "id": 1, "method": "tools/list"}
    headers = {"Accept": "application/json, text/event-stream"}
    for authorization in ("", "Bearer", "Bearer dsr_not-a-token", "Basic YWxpY2U6eA=="):
        sent = {**headers, "Authorization": authorization} if authorization else headers
        response = httpx.post(f"{site}/mcp", json=ping, headers=sent)
        assert response.status_code == 401, (authorization, response.text)
        assert response.headers["www-authenticate"].startswith("Bearer")
        assert "Authorization: Bearer" in response.json()["detail"]
    revoked, raw = api_tokens.create_token(user=member)
    api_tokens.revoke(revoked.pk, user=member)
    sent = {**headers, "Authorization": f"Bearer {raw}"}
    assert httpx.post(f"{site}/mcp", json=ping, headers=sent).status_code == 401  # revoked
    with_one = {**headers, "Authorization": f"Bearer {token}"}
    assert httpx.post(f"{site}/mcp", json=ping, headers=with_one).status_code == 200


def test_a_token_reads_over_mcp_exactly_what_it_reads_over_rest(
    site, token, member, other_member, finished_project
):
    """Bob's project in the trash is not found for alice, by either door, and neither is a
    project that never was; her own finished project is found by both."""
    theirs = make_project(other_member, status=ProjectStatus.DONE)
    trash.trash(theirs, user=other_member)
    rest = ApiClient(token)
    refused = [
        ("get_project", {"project_id": theirs.pk}, f"/api/projects/{theirs.pk}"),
        ("get_report", {"project_id": theirs.pk}, f"/api/projects/{theirs.pk}/report"),
        ("get_claims", {"project_id": theirs.pk}, f"/api/projects/{theirs.pk}/report/claims"),
        ("get_project", {"project_id": 999_999}, "/api/projects/999999"),
        ("get_answer", {"question_id": 999_999}, "/api/questions/999999"),
    ]

    async def work(session: ClientSession):
        errors = [await session.call_tool(name, args) for name, args, _ in refused]
        mine = await session.call_tool("get_project", {"project_id": finished_project.pk})
        listed = await session.call_tool("list_projects", {})
        try:
            await session.read_resource(AnyUrl(f"dossier://projects/{theirs.pk}/report"))
            resource_error = ""
        except Exception as exc:  # the SDK raises the server's JSON-RPC error
            resource_error = str(exc)
        return errors, mine, listed, resource_error

    errors, mine, listed, resource_error = _http_session(site, token)(work)
    for (name, _, path), result in zip(refused, errors, strict=True):
        answer = rest.get(path)
        assert answer.status_code == 404, path
        assert answer.json()["detail"] in _error(result), name  # the same reason, both doors
    assert "in the trash" in _error(errors[0])
    assert "in the trash" in resource_error
    assert _ok(mine) | {"progress": 0, "current_step": ""} == rest.get(
        f"/api/projects/{finished_project.pk}"
    ).json() | {"progress": 0, "current_step": ""}
    assert [p["id"] for p in _ok(listed)["items"]] == [finished_project.pk]


def test_a_bad_option_is_a_tool_error_naming_the_field_as_the_rest_api_names_it(
    site, token, member
):
    async def work(session: ClientSession):
        return await session.call_tool(
            "start_research", {"question": QUESTION, "options": {"queries": 99}}
        )

    reason = _error(_http_session(site, token)(work))
    assert "options.queries" in reason and "less than or equal to 20" in reason
    rest = ApiClient(token).post(
        "/api/projects", {"question": QUESTION, "options": {"queries": 99}}
    )
    assert rest.status_code == 422 and rest.json()["errors"][0]["field"] == "options.queries"
    assert not Project.objects.exists()


def test_an_agent_answers_the_clarifying_questions_of_a_waiting_project(site, token, member):
    asked = [{"id": "q1", "question": "Which one?", "choices": ["A", "B"], "answer": ""}]
    waiting = make_project(
        member,
        status=ProjectStatus.AWAITING_CLARIFICATION,
        clarifications=asked,
        options={"engine": "extractive", "clarify": True},
    )

    async def work(session: ClientSession):
        seen = await session.call_tool("get_project", {"project_id": waiting.pk})
        unknown = await session.call_tool(
            "answer_clarifications", {"project_id": waiting.pk, "answers": {"q7": "A"}}
        )
        answered = await session.call_tool(
            "answer_clarifications", {"project_id": waiting.pk, "answers": {"q1": "B"}}
        )
        return _ok(seen), _error(unknown), _ok(answered)

    seen, unknown, answered = _http_session(site, token)(work)
    assert seen["status"] == "awaiting_clarification"
    assert seen["clarifications"] == asked
    assert "No clarifying question 'q7'" in unknown
    assert answered["status"] == "planning"
    assert answered["clarifications"][0]["answer"] == "B"


def test_search_library_answers_passages_with_their_document_locator_and_snippet(
    site, token, member
):
    document = make_library_document(
        [("p. 3", "Checkpoints copy the write-ahead log back into the database file.")],
        title="SQLite manual",
    )

    async def work(session: ClientSession):
        return await session.call_tool("search_library", {"query": "checkpoint log"})

    hits = _ok(_http_session(site, token)(work))["hits"]
    assert [(h["document_id"], h["title"], h["locator"]) for h in hits] == [
        (document.pk, "SQLite manual", "p. 3")
    ]
    assert "write-ahead log" in hits[0]["snippet"]
