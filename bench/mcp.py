"""The cost of asking for a project over MCP against asking the REST API, side by side.

Serves the application `make run` serves (gunicorn's asgi worker, one process) on a throwaway
SQLite database holding one finished project, then times, alternately and after a warm-up:

* REST: `GET /api/projects/{id}` with a bearer token, on one kept-alive connection;
* MCP: the `get_project` tool over streamable HTTP, through the official SDK's client, in one
  initialised session (each call is one POST; the server is stateless).

Prints the median and 90th percentile of each, and the ratio of the medians (goal: MCP at most
2x REST; its answer also carries the run's progress, which REST leaves to another call).

    .venv/bin/python bench/mcp.py [--calls N]
"""

from __future__ import annotations

import argparse
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# Run as a script, this file's folder comes first on the path, and its name would hide the
# mcp SDK: the project's root takes its place (`bench.` modules are imported from there).
sys.path[:] = [str(ROOT)] + [p for p in sys.path if Path(p).resolve() != ROOT / "bench"]


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _project_and_token() -> tuple[int, str]:
    from django.contrib.auth import get_user_model

    from research.models import ProjectStatus
    from research.services.api_tokens import create_token
    from tests.factories import add_queries, add_report, add_sources, add_summary, make_project

    member = get_user_model().objects.create_user("bench", password="x" * 16)
    project = make_project(member, status=ProjectStatus.DONE, title="SQLite WAL")
    queries = add_queries(project, 4)
    sources = add_sources(project, 12)
    for i, source in enumerate(sources):
        add_summary(queries[i % 4], source)
    add_report(project, sources[:8])
    return project.pk, create_token(user=member, name="bench")[1]


def _serve(port: int) -> subprocess.Popen:
    command = [
        sys.executable, "-m", "gunicorn", "research_site.asgi:application",
        "--worker-class", "asgi", "--asgi-lifespan", "on", "--workers", "1",
        "--bind", f"127.0.0.1:{port}", "--no-control-socket", "--log-level", "warning",
    ]  # fmt: skip
    server = subprocess.Popen(command, cwd=ROOT, env=dict(os.environ))
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            return server
        except OSError:
            time.sleep(0.1)
    server.kill()
    raise SystemExit("gunicorn did not start")


async def _measure(url: str, project_id: int, token: str, calls: int) -> dict[str, list[float]]:
    import httpx
    from mcp import ClientSession
    from mcp.client.streamable_http import streamable_http_client

    headers = {"Authorization": f"Bearer {token}"}
    times: dict[str, list[float]] = {"REST": [], "MCP": []}
    async with httpx.AsyncClient(headers=headers, timeout=30) as http:
        async with streamable_http_client(f"{url}/mcp", http_client=http) as streams:
            async with ClientSession(streams[0], streams[1]) as session:
                await session.initialize()
                for i in range(calls + 20):  # the first 20 of each warm up
                    start = time.perf_counter()
                    rest = await http.get(f"{url}/api/projects/{project_id}")
                    took_rest = time.perf_counter() - start
                    start = time.perf_counter()
                    tool = await session.call_tool("get_project", {"project_id": project_id})
                    took_mcp = time.perf_counter() - start
                    assert rest.status_code == 200 and not tool.isError, (rest.text, tool)
                    if i >= 20:
                        times["REST"].append(took_rest)
                        times["MCP"].append(took_mcp)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--calls", type=int, default=200)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as data_dir:
        from bench.django_env import setup_django

        setup_django(data_dir, ALLOWED_HOSTS="127.0.0.1")
        project_id, token = _project_and_token()
        port = _free_port()
        server = _serve(port)
        try:
            import anyio

            url = f"http://127.0.0.1:{port}"
            times = anyio.run(_measure, url, project_id, token, args.calls)
        finally:
            server.terminate()
            server.wait(timeout=30)
    medians = {kind: statistics.median(values) * 1000 for kind, values in times.items()}
    for kind, values in times.items():
        p90 = statistics.quantiles(values, n=10)[-1] * 1000
        print(f"{kind:5} get project: median {medians[kind]:6.2f} ms, p90 {p90:6.2f} ms")
    ratio = medians["MCP"] / medians["REST"]
    verdict = "met" if ratio <= 2 else "NOT met"
    calls = f"over {args.calls} calls each"
    print(f"MCP / REST (medians): {ratio:.2f}x {calls} (goal <= 2x: {verdict})")


if __name__ == "__main__":
    main()
