"""How many sequential network waits does a default run take, and how close does it come to them?

Starts the loopback fakes with injected latency (LLM 300 ms a call, search and pages 100 ms;
`--latency L` makes every one L seconds), runs the default pipeline in-process (the `research`
command's thread pool, the same runner the worker uses) and prints per run: the wall time; the
longest chain of waits in the run as it happened (each step waited for the step whose end let
the scheduler create it), in seconds and in network waits ("depth"); the ratio of wall time to
that chain; with `--latency`, the effective depth, wall time / L: how many waits of one
latency the run took; the same three for the moment the report could be read (its step's
end: members read it while its claims are checked); LLM calls and tokens. Then the medians,
the stages on the longest chain, and the peak concurrency per kind. Every run starts with an
empty page cache. Pages are spread over eight loopback hosts, as real results are spread over
sites, and the fakes run in their own process, as real servers would.

    .venv/bin/python bench/pipeline.py [--runs N] [--latency L] [--reflections R]

It uses a throwaway SQLite file; BENCH_DATABASE_URL=postgres://... runs it on PostgreSQL.
"""

from __future__ import annotations

import argparse
import itertools
import math
import multiprocessing
import resource
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
# The project first, and not this folder: run as a script, bench/ would come first on the path,
# and bench/mcp.py would hide the mcp SDK that research/ imports.
sys.path[:] = [str(ROOT), *(p for p in sys.path if Path(p or ".").resolve() != ROOT / "bench")]

from bench.django_env import setup_django  # noqa: E402

LLM_LATENCY, SEARCH_LATENCY, PAGE_LATENCY = 0.3, 0.1, 0.1
HOSTS = [f"127.0.0.{i}" for i in range(1, 9)]


def serve_fakes(conn, latency: tuple[float, float, float], hosts: list[str]) -> None:
    """In a child process, as real servers would be: they must not share our GIL."""
    from tests.fakes import FakeLLM, FakeSearx, FakeWeb
    from tests.fakes.researcher import Researcher

    llm_latency, search_latency, page_latency = latency
    webs = [FakeWeb(latency=page_latency, host=host).start() for host in hosts]
    searx = FakeSearx(latency=search_latency).start()
    default = searx.default_results
    turn = itertools.count()

    def spread(query: str) -> list[dict]:
        """Deal each query's results over the hosts in turn, as results come from many sites."""
        results = default(query)
        start = next(turn) * len(results)
        for i, result in enumerate(results):
            web = webs[(start + i) % len(webs)]
            result["url"] = result["url"].replace(searx.page_base_url, web.url)
        return results

    searx.results_for = spread
    llm = FakeLLM(responder=Researcher(), latency=llm_latency).start()
    conn.send({"llm": llm.url, "searx": searx.url})
    while (command := conn.recv()) != "stop":
        conn.send(
            {
                "llm_calls": llm.calls,
                "llm_peak": llm.peak_concurrency,
                "search_peak": searx.peak_concurrency,
                "page_peak_host": max(w.peak_concurrency for w in webs),
                "page_peak_sum": sum(w.peak_concurrency for w in webs),
                "page_requests": sum(len(w.requests) for w in webs),
                "not_modified": sum(w.not_modified for w in webs),
                "searches": len(searx.requests),
                "cpu": sum(resource.getrusage(resource.RUSAGE_SELF)[:2]),
            }
            if command == "stats"
            else {}
        )
    for server in (llm, searx, *webs):
        server.stop()


class Fakes:
    """The loopback LLM, search engine and web sites, in a child process."""

    def __init__(
        self,
        llm: float = LLM_LATENCY,
        search: float = SEARCH_LATENCY,
        page: float = PAGE_LATENCY,
        hosts: int = len(HOSTS),
    ):
        self.conn, child = multiprocessing.Pipe()
        names = [f"127.0.0.{i}" for i in range(1, hosts + 1)]
        self.process = multiprocessing.Process(
            target=serve_fakes, args=(child, (llm, search, page), names), daemon=True
        )
        self.process.start()
        self.urls = self.conn.recv()

    def stats(self) -> dict:
        self.conn.send("stats")
        return self.conn.recv()

    def stop(self) -> None:
        self.conn.send("stop")
        self.process.join(timeout=10)


def configure(urls: dict, data_dir: str) -> None:
    setup_django(
        data_dir,
        LLM_BASE_URL=f"{urls['llm']}/v1",
        LLM_API_KEY="bench",
        LLM_MODEL="bench-model",
        SEARXNG_URL=urls["searx"],
    )


def run_once(options: dict | None = None) -> tuple[float, int]:
    from django.contrib.auth import get_user_model

    from research.models import ProjectStatus
    from research.pipeline.engine.warmup import warm_up
    from research.services import runs
    from tests.factories import make_project

    warm_up()  # what the worker and the `research` command do before their first step
    owner, _ = get_user_model().objects.get_or_create(username="bench")
    project = make_project(
        owner,
        status=ProjectStatus.DRAFT,
        question="How does SQLite WAL mode work?",
        options=options or {},
    )
    return timed(lambda: runs.start(project, user=owner), project, "run"), project.pk


def timed(action: Callable[[], object], project: Any, what: str) -> float:
    """Seconds from `action` until the project has settled, its steps run on threads here;
    the project must end done."""
    from research.models import ProjectStatus
    from research.pipeline.engine.registry import inline_dispatch

    started = time.monotonic()
    with inline_dispatch() as dispatcher:
        action()
        while True:
            project.refresh_from_db()
            if project.status not in ProjectStatus.running() and dispatcher.idle.is_set():
                break
            dispatcher.idle.wait(timeout=0.05)
    wall = time.monotonic() - started
    if project.status != ProjectStatus.DONE:
        raise SystemExit(f"{what} ended {project.status}: {project.error}")
    return wall


WAITS_BY_STAGE = {"ground": "search", "search": "search", "fetch": "page", "prefetch": "page"}


def chain(
    project_id: int, latency: dict[str, float]
) -> tuple[int, float, list[str], dict[str, float]]:
    """The longest chain of waits in the run as it happened: its network waits, their seconds
    at `latency` (per kind: llm, search, page) and its steps' stages, first to last; and when
    the report could be read (its step's end, before its claims are checked): the network
    waits of the chain that ended there, and the seconds from the run's first step.

    Each step waited for the step whose end let the scheduler create it: of the steps it can
    depend on (`triggers`), the last one to finish before it was created (or, for a page read
    ahead that a fetch waited for, before that fetch finished). A step adds its own network
    waits: a search one, a fetch one unless its page was in the cache, a read ahead one if it
    downloaded, an LLM step one per call but at most two (parallel calls, then one that joins
    them: a long page's chunks then their merge, a report's sections then its frame).
    """
    from research.models import StepRun

    steps = list(StepRun.objects.filter(project_id=project_id).order_by("created_at", "pk"))
    triggers = _triggers(steps)
    waits: dict[int, int] = {}
    seconds: dict[int, float] = {}
    parent: dict[int, int | None] = {}
    for step in steps:
        ended = [
            s
            for s in triggers(step)
            if s.finished_at
            and s.finished_at <= (step.finished_at if s.stage == "prefetch" else step.created_at)
        ]
        before = max(ended, key=lambda s: s.finished_at or 0).pk if ended else None
        kind = WAITS_BY_STAGE.get(step.stage, "llm")
        own = min(step.llm_calls, 2) if kind == "llm" else 1
        if step.stage == "fetch":
            own = int("from the page cache" not in step.detail)
        elif step.stage == "prefetch":
            own = int("downloaded" in step.detail)
        parent[step.pk] = before
        waits[step.pk] = own + (waits[before] if before else 0)
        seconds[step.pk] = own * latency[kind] + (seconds[before] if before else 0.0)
    last = max(waits, key=lambda pk: (seconds[pk], waits[pk]))
    by_pk = {s.pk: s for s in steps}
    path: list[str] = []
    at: int | None = last
    while at is not None:
        path.append(by_pk[at].stage)
        at = parent[at]
    return waits[last], seconds[last], path[::-1], _readable(steps, waits)


def _readable(steps: list, waits: dict[int, int]) -> dict[str, float]:
    """When the first report could be read: its step's end, in network waits and in seconds
    from the run's first step (empty when no report was written)."""
    report = next((s for s in steps if s.stage == "report" and s.finished_at), None)
    if report is None:
        return {}
    seconds = (report.finished_at - steps[0].created_at).total_seconds()
    return {"depth": waits[report.pk], "seconds": seconds}


def _triggers(steps: list) -> Callable[[Any], list]:
    """For a step, the steps whose end can let the scheduler create it: a ranking or a read
    ahead, its query's search; a fetch, the rankings that chose its source (and their queries'
    reads ahead, when it found its page in the cache); a summary, its query's ranking and its
    source's fetch; a search, the plan or a reflection; a reflection, its section's searches
    and earlier reflections; a report, any step."""
    from research.models import Query, QuerySource

    by_key = {s.key: s for s in steps}
    sections = dict(
        Query.objects.filter(pk__in=[s.query_id for s in steps if s.query_id]).values_list(
            "pk", "section_id"
        )
    )
    chosen: dict[int, list[str]] = {}
    for source_id, query_id, generation in QuerySource.objects.filter(
        source__in=[s.source_id for s in steps if s.source_id], selected=True
    ).values_list("source_id", "query_id", "query__generation"):
        query = f"q{query_id}.{generation}"
        chosen.setdefault(source_id, []).extend([f"rank:{query}", f"prefetch:{query}"])

    def triggers(step) -> list:
        target = step.key.split(":")
        if step.stage in ("rank", "prefetch"):
            keys = [f"search:{target[1]}"]
        elif step.stage == "summarize":
            keys = [f"rank:{target[1]}", f"fetch:{target[2]}"]
        elif step.stage == "fetch":
            keys = chosen.get(step.source_id, [])
        elif step.stage in ("search", "plan"):
            return [s for s in steps if s.stage in ("ground", "plan", "reflect")]
        elif step.stage == "reflect":
            return [
                s
                for s in steps
                if (s.stage == "search" and sections.get(s.query_id) == step.section_id)
                or (s.stage == "reflect" and s.section_id == step.section_id)
            ]
        else:
            return steps
        return [by_key[key] for key in keys if key in by_key]

    return triggers


def _columns(row: tuple[float, ...] | list[float]) -> str:
    wall, seconds, ratio, depth, effective, report_s, report_depth, report_effective = row
    return (
        f"{wall:7.2f} {seconds:7.2f} {ratio:6.2f} {depth:5.0f} {effective:6.2f} "
        f"{report_s:8.2f} {report_depth:5.0f} {report_effective:5.2f}"
    )


def measure_run(
    run: int, fakes: Fakes, options: dict, latency: dict[str, float], same: float | None
) -> tuple[tuple[float, ...], list[str]]:
    """One run from an empty page cache, printed: its figures (the columns) and its chain."""
    from research.models import PageSnapshot, Project

    PageSnapshot.objects.all().delete()  # every run downloads its pages
    calls_before = fakes.stats()["llm_calls"]
    wall, project_id = run_once(options)
    depth, seconds, path, readable = chain(project_id, latency)
    project = Project.objects.get(pk=project_id)
    calls = fakes.stats()["llm_calls"] - calls_before
    report_s = readable.get("seconds", math.nan)
    per_latency = (lambda value: value / same) if same else (lambda value: math.nan)
    row = (
        wall,
        seconds,
        wall / seconds,
        depth,
        per_latency(wall),
        report_s,
        readable.get("depth", math.nan),
        per_latency(report_s),
    )
    print(
        f"{run:>3} " + _columns(row) + f" {calls:>9} {project.tokens:>7} "
        f"{project.queries.count():>7} {project.sources.fetched().count():>7}"
    )
    return row, path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument(
        "--latency", type=float, help="seconds for every LLM call, search and page alike"
    )
    parser.add_argument("--reflections", type=int, help="reflection rounds (default: 1)")
    args = parser.parse_args()
    same = args.latency
    latency = {
        "llm": same or LLM_LATENCY,
        "search": same or SEARCH_LATENCY,
        "page": same or PAGE_LATENCY,
    }
    fakes = Fakes(latency["llm"], latency["search"], latency["page"])
    with tempfile.TemporaryDirectory() as data_dir:
        configure(fakes.urls, data_dir)
        from django.conf import settings

        print(
            f"latency: LLM {latency['llm'] * 1000:.0f} ms, search "
            f"{latency['search'] * 1000:.0f} ms, pages {latency['page'] * 1000:.0f} ms; "
            f"LLM_MAX_CONCURRENCY {settings.LLM_MAX_CONCURRENCY}, FETCH_MAX_CONCURRENCY "
            f"{settings.FETCH_MAX_CONCURRENCY}, per host {settings.FETCH_MAX_PER_HOST}"
        )
        print(
            f"{'run':>3} {'wall s':>7} {'chain s':>7} {'ratio':>6} {'depth':>5} "
            f"{'wall/L':>6} {'report s':>8} {'depth':>5} {'s/L':>5} {'LLM calls':>9} "
            f"{'tokens':>7} {'queries':>7} {'fetched':>7}"
        )
        options = {} if args.reflections is None else {"reflection_rounds": args.reflections}
        rows: list[tuple[float, ...]] = []
        path: list[str] = []
        for run in range(1, args.runs + 1):
            row, path = measure_run(run, fakes, options, latency, args.latency)
            rows.append(row)
        medians = [statistics.median(column) for column in zip(*rows, strict=True)]
        print(f"{'med':>3} " + _columns(medians))
        print("longest chain (last run): " + " > ".join(path))
        stats = fakes.stats()
        print(
            f"peak concurrency: LLM {stats['llm_peak']}, search {stats['search_peak']}, "
            f"pages {stats['page_peak_host']} per host, {stats['page_peak_sum']} summed over hosts"
        )
    fakes.stop()


if __name__ == "__main__":
    main()
