"""MCP servers as sources: a loopback server written with the SDK's FastMCP (tests/fakes/mcp_docs)
searched by a project over streamable HTTP and over stdio, its documents cited with the server,
tool and arguments as their locator; beside the web; within its limits (timeout, size cap,
calls at once); a failing server failing only its queries; and refused when unknown or when its
address is one the SSRF guard refuses."""

from __future__ import annotations

import json
import re
import threading

import pytest
from django.core.exceptions import ImproperlyConfigured

from research.errors import BadInput
from research.models import (
    FetchStatus,
    McpServerState,
    Project,
    ProjectStatus,
    Query,
    Source,
    StepRun,
)
from research.providers import mcp
from research.services import projects, runs
from research_site import settings as site_settings
from tests.factories import make_project
from tests.fakes.mcp_docs import CHECKPOINT_NOTE, McpDocs, stdio_script
from tests.test_pipeline_run import research, run_inline

pytestmark = pytest.mark.django_db(transaction=True)
pytest_plugins = ["tests.api_fixtures"]

QUESTION = "How does SQLite WAL mode work?"
QUOTE = re.compile(r"“(.+?)” \[(\d+)\]")


@pytest.fixture
def docs():
    with McpDocs() as server:
        yield server


@pytest.fixture
def declare(settings, monkeypatch):
    """`declare(*servers)`: MCP_SERVERS as an admin writes it, parsed as settings parse it."""

    def declare(*servers: dict) -> None:
        monkeypatch.setenv("MCP_SERVERS", json.dumps(list(servers)))
        settings.MCP_SERVERS = site_settings.envmcp("MCP_SERVERS")

    return declare


def sources_of(project_id: int) -> list[Source]:
    return list(Source.objects.filter(project_id=project_id).order_by("n"))


def cited(report: str) -> set[int]:
    return {int(n) for n in re.findall(r"\[(\d+)\]", report.split("## References")[0])}


def assert_cites_the_server(project: Project, server: str) -> list[Source]:
    """The report quotes the server's documents word for word, with their references."""
    report = project.reports.get(is_current=True).markdown
    documents = [s for s in sources_of(project.pk) if s.url.startswith(f"mcp://{server}/")]
    quoted = [s for s in documents if s.n in cited(report)]
    assert quoted, report
    for source in quoted:
        assert source.fetch_status == FetchStatus.FETCHED
        assert source.domain == f"mcp:{server}"
        assert source.locator.startswith(f'mcp:{server} › search {{"limit": ')
        assert f"[{source.n}] {source.title}. mcp:{server}." in report
    assert "<mcp://" not in report and "](mcp://" not in report  # no dead link
    return quoted


# --- Whole runs --------------------------------------------------------------------------


def test_an_extractive_project_searching_an_mcp_server_quotes_and_cites_its_documents(
    world, docs, declare, settings
):
    settings.LLM_MODEL = ""
    declare({"name": "docs", "url": docs.url, "search_tools": ["search"]})
    result, code = research(QUESTION, "--sources", "mcp:docs", "--queries", "3")
    assert code == 0, result
    project = Project.objects.get(pk=result["project_id"])
    assert project.status == ProjectStatus.DONE
    assert (world.searx.calls, world.web.calls, world.llm.calls) == (0, 0, 0)
    quoted = assert_cites_the_server(project, "docs")
    texts = {s.n: s.text for s in quoted}
    report = project.reports.get(is_current=True).markdown
    for quote, n in QUOTE.findall(report):
        assert quote in texts[int(n)]
    fetches = StepRun.objects.filter(project=project, stage="fetch")
    assert fetches and all(step.detail == "as mcp:docs gave it" for step in fetches)


def test_an_llm_project_searching_an_mcp_server_cites_its_documents(world, docs, declare):
    declare({"name": "docs", "url": docs.url, "search_tools": ["search"]})
    result, code = research(QUESTION, "--sources", "mcp:docs", "--queries", "3")
    assert code == 0, result
    project = Project.objects.get(pk=result["project_id"])
    assert project.opts.engine == "llm" and world.llm.calls > 0
    assert_cites_the_server(project, "docs")


def test_the_same_document_found_by_several_queries_is_one_source(world, docs, declare, settings):
    settings.LLM_MODEL = ""
    declare({"name": "docs", "url": docs.url, "search_tools": ["search"]})
    result, code = research(QUESTION, "--sources", "mcp:docs", "--queries", "3")
    assert code == 0, result
    addresses = [s.url for s in sources_of(result["project_id"])]
    assert len(addresses) == len(set(addresses)) <= 3  # the server holds three documents
    assert docs.state.calls >= 3


def test_a_project_searching_the_web_and_an_mcp_server_cites_both(world, docs, declare):
    declare({"name": "docs", "url": docs.url, "search_tools": ["search"]})
    result, code = research(QUESTION, "--sources", "web,mcp:docs", "--queries", "3")
    assert code == 0, result
    project = Project.objects.get(pk=result["project_id"])
    report = project.reports.get(is_current=True).markdown
    numbers = cited(report)
    kinds = {s.url.split(":")[0] for s in sources_of(project.pk) if s.n in numbers}
    assert kinds == {"http", "mcp"}, report
    assert world.searx.calls > 0


def test_over_stdio_a_project_cites_the_servers_documents(world, docs, declare, settings, tmp_path):
    settings.LLM_MODEL = ""
    declare({"name": "local", "command": stdio_script(tmp_path), "search_tools": ["search"]})
    result, code = research(QUESTION, "--sources", "mcp:local", "--queries", "2")
    assert code == 0, result
    assert_cites_the_server(Project.objects.get(pk=result["project_id"]), "local")


# --- A failing server fails only its queries -----------------------------------------------


def test_a_hanging_tool_times_out_its_query_with_the_reason_and_the_run_goes_on(
    world, docs, declare, member, settings
):
    settings.LLM_MODEL = ""
    declare({"name": "docs", "url": docs.url, "search_tools": ["search"], "timeout": 1})
    project = make_project(
        member,
        status=ProjectStatus.DRAFT,
        question=QUESTION,
        options={
            "sources": ["mcp:docs"],
            "engine": "extractive",
            "review_plan": True,
            "reflection_rounds": 0,
        },
    )
    project = run_inline(lambda: runs.start(project, user=member), project)
    assert project.status == ProjectStatus.AWAITING_REVIEW
    stalled = Query.objects.create(project=project, text="stall the wal mode", origin="user")
    project = run_inline(lambda: runs.approve(project, user=member), project)
    assert project.status == ProjectStatus.DONE, project.error
    stalled.refresh_from_db()
    reason = "MCP server docs did not answer search within 1 s (MCP_SERVERS timeout)"
    assert stalled.status == "failed" and stalled.error == f"Search failed: {reason}"
    step = StepRun.objects.get(project=project, stage="search", query=stalled)
    assert step.error == reason
    assert_cites_the_server(project, "docs")
    assert McpServerState.objects.get(name="docs").last_error == reason


def test_a_failing_server_beside_others_is_named_on_the_step_and_the_rest_is_kept(
    world, docs, declare, settings
):
    settings.LLM_MODEL = ""
    declare(
        {"name": "docs", "url": docs.url, "search_tools": ["search"]},
        {"name": "stuck", "url": docs.url, "search_tools": ["hang"], "timeout": 1},
    )
    result, code = research(QUESTION, "--sources", "mcp:docs,mcp:stuck", "--queries", "2")
    assert code == 0, result
    project = Project.objects.get(pk=result["project_id"])
    assert_cites_the_server(project, "docs")
    searches = StepRun.objects.filter(project=project, stage="search")
    failure = "failed: MCP server stuck did not answer hang within 1 s (MCP_SERVERS timeout)"
    assert searches and all(failure in step.detail for step in searches)
    assert all(step.status == "done" for step in searches)


def test_a_hanging_stdio_server_times_out_and_is_stopped(settings, tmp_path):
    server = mcp.Server("local", ("hang",), command=tuple(stdio_script(tmp_path)), timeout=2)
    with pytest.raises(mcp.McpFailed) as failed:
        mcp.McpSearcher(server, "hang").search("wal")
    assert failed.value.reason == (
        "MCP server local did not answer hang within 2 s (MCP_SERVERS timeout)"
    )


def test_a_tool_error_carries_the_servers_own_message(docs, settings):
    settings.FETCH_ALLOW_HOSTS = ["127.0.0.1"]
    server = mcp.Server("docs", ("search",), url=docs.url)
    with pytest.raises(mcp.McpFailed) as failed:
        mcp.McpSearcher(server, "missing").search("wal")
    assert failed.value.reason == (
        "MCP server docs: it has no tool missing (its tools: search, hang, huge, slow, links)"
    )


def test_the_new_project_page_offers_the_declared_servers_and_says_what_they_are(
    member_client, declare
):
    declare({"name": "docs", "url": "http://127.0.0.1:9/mcp", "search_tools": ["search"]})
    body = member_client.get("/projects/new/").content.decode()
    assert 'value="mcp:docs"' in body and "MCP server docs" in body
    assert "MCP servers are outside tools your admin connected (MCP_SERVERS)" in body
    form = {
        "question": QUESTION,
        "queries": 2,
        "sources_per_query": 2,
        "reflection_rounds": 0,
        "report_style": "professional",
        "token_budget": 100000,
        "engine": "extractive",
        "sources": ["web", "mcp:docs"],
        "draft": "1",
    }
    member_client.post("/projects/new/", form)
    assert Project.objects.get().opts.sources == ["web", "mcp:docs"]


# --- Refused --------------------------------------------------------------------------------


def test_an_unknown_mcp_server_is_refused_naming_the_field_and_the_servers(member, declare):
    declare({"name": "docs", "url": "http://127.0.0.1:9/mcp", "search_tools": ["search"]})
    with pytest.raises(BadInput) as refused:
        projects.create_project(
            question=QUESTION, options={"sources": ["web", "mcp:wiki"]}, user=member, start=False
        )
    assert refused.value.field == "options.sources"
    assert "mcp:wiki is not a configured MCP server" in refused.value.reason
    assert "configured: mcp:docs" in refused.value.reason


def test_the_api_refuses_an_unknown_mcp_server_with_422_naming_the_field(api, declare):
    declare({"name": "docs", "url": "http://127.0.0.1:9/mcp", "search_tools": ["search"]})
    answer = api.post(
        "/api/projects",
        {"question": QUESTION, "options": {"sources": ["mcp:wiki"]}, "start": False},
    )
    assert answer.status_code == 422, answer.content
    body = answer.content.decode()
    assert "sources" in body and "mcp:wiki is not a configured MCP server" in body
    assert "configured: mcp:docs" in body


def test_a_server_at_an_address_the_guard_refuses_is_never_called(settings):
    settings.FETCH_ALLOW_HOSTS = []
    server = mcp.Server("meta", ("search",), url="http://169.254.169.254/mcp")
    with pytest.raises(mcp.McpFailed) as refused:
        mcp.McpSearcher(server, "search").search("credentials")
    assert refused.value.reason.startswith("MCP server meta at http://169.254.169.254/mcp is ")
    assert "link-local" in refused.value.reason and "FETCH_ALLOW_HOSTS" in refused.value.reason


@pytest.mark.parametrize(
    "value,named",
    [
        ("{not json", "MCP_SERVERS is not JSON"),
        ('{"name": "docs"}', "MCP_SERVERS must be a JSON list"),
        ('[{"name": "Docs!", "url": "http://x/", "search_tools": ["s"]}]', "[0].name"),
        ('[{"name": "docs", "search_tools": ["s"]}]', "[0].url or command"),
        ('[{"name": "d", "url": "ftp://x/", "search_tools": ["s"]}]', "[0].url must start"),
        ('[{"name": "d", "command": "python srv.py", "search_tools": ["s"]}]', "[0].command"),
        ('[{"name": "d", "url": "http://x/", "search_tools": []}]', "[0].search_tools"),
        ('[{"name": "d", "url": "http://x/", "search_tools": ["s"], "timeout": 0}]', "timeout"),
        ('[{"name": "d", "url": "http://x/", "search_tools": ["s"], "headers": 1}]', "headers"),
        ('[{"name": "d", "url": "http://x/", "search_tools": ["s"], "tools": []}]', "[0].tools"),
    ],
)
def test_a_malformed_mcp_servers_setting_names_the_variable_and_the_field(
    monkeypatch, value, named
):
    monkeypatch.setenv("MCP_SERVERS", value)
    with pytest.raises(ImproperlyConfigured, match=re.escape(named)):
        site_settings.envmcp("MCP_SERVERS")


def test_a_declared_server_gets_the_default_limits(monkeypatch):
    monkeypatch.setenv(
        "MCP_SERVERS", '[{"name": "docs", "url": "http://x/", "search_tools": ["s"]}]'
    )
    (server,) = site_settings.envmcp("MCP_SERVERS")
    assert (server["timeout"], server["max_bytes"], server["max_concurrency"]) == (30, 2097152, 4)


# --- Limits and kinds of results ----------------------------------------------------------


@pytest.mark.parametrize("transport", ["http", "stdio"])
def test_an_answer_over_the_size_cap_is_refused(docs, settings, tmp_path, transport):
    settings.FETCH_ALLOW_HOSTS = ["127.0.0.1"]
    where = {"url": docs.url} if transport == "http" else {"command": tuple(stdio_script(tmp_path))}
    server = mcp.Server("big", ("huge",), max_bytes=100_000, **where)
    with pytest.raises(mcp.McpFailed) as refused:
        mcp.McpSearcher(server, "huge").search("wal")
    assert refused.value.reason == (
        "MCP server big answered huge with more than 100,000 bytes (MCP_SERVERS max_bytes)"
    )


def test_no_more_calls_reach_a_server_at_once_than_its_limit(docs, settings):
    settings.FETCH_ALLOW_HOSTS = ["127.0.0.1"]
    server = mcp.Server("slowpoke", ("slow",), url=docs.url, max_concurrency=2)
    answers: list[int] = []

    def ask() -> None:
        answers.append(len(mcp.McpSearcher(server, "slow").search("wal mode")))

    threads = [threading.Thread(target=ask) for _ in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert answers == [1] * 6
    assert 1 <= docs.state.peak <= 2


def test_resource_links_are_read_through_the_server_or_become_web_sources(docs, settings):
    settings.FETCH_ALLOW_HOSTS = ["127.0.0.1"]
    server = mcp.Server("docs", ("links",), url=docs.url)
    note, page = mcp.McpSearcher(server, "links").search("checkpoints")
    assert note.url.startswith("mcp://docs/") and note.text == CHECKPOINT_NOTE
    assert note.title == "Checkpoint note"
    assert note.locator == 'mcp:docs › links {"query": "checkpoints"}'
    assert page.url == docs.state.page_url and page.text == ""  # the fetch stage reads it


# --- The LLM page ---------------------------------------------------------------------------


def test_the_llm_page_lists_the_servers_their_tools_and_last_failures(
    docs, declare, member_client, settings
):
    settings.FETCH_ALLOW_HOSTS = ["127.0.0.1"]
    declare(
        {"name": "docs", "url": docs.url, "search_tools": ["search"]},
        {"name": "gone", "command": ["/nonexistent/mcp-server"], "search_tools": ["search"]},
    )
    before = member_client.get("/llm/").content.decode()
    assert "mcp:docs" in before and docs.url in before and "not listed yet" in before
    page = member_client.post("/llm/", {"check": "mcp"}).content.decode()
    assert "1 of 2 answered." in page
    assert "<strong>search</strong>: The documents that share a word with the query." in page
    assert "stdio" in page and "/nonexistent/mcp-server" in page
    assert "MCP server gone could not be started (/nonexistent/mcp-server)" in page
