"""How close does a default run come to its critical path?

Starts the loopback fakes with injected latency (LLM 300 ms a call, search and pages 100 ms),
runs the default pipeline in-process (the `research` command's thread pool, the same runner the
worker uses) and prints the wall time, the critical path (the longest chain of dependent
latencies in the run that actually happened), their ratio, the same path with page fetches
queued in waves of FETCH_MAX_CONCURRENCY ("capped") and that ratio, peak concurrency per kind,
LLM calls and tokens. Run 1 starts with an empty page cache; later runs reuse cached pages.
Pages are spread over eight loopback hosts, as real results are spread over sites, and the
fakes run in their own process, as real servers would.

    .venv/bin/python bench/pipeline.py [--runs N]

It uses a throwaway SQLite file; BENCH_DATABASE_URL=postgres://... runs it on PostgreSQL.
"""

from __future__ import annotations

import argparse
import itertools
import math
import multiprocessing
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

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
    os.environ.update(
        DJANGO_SETTINGS_MODULE="research_site.settings",
        DEBUG="0",  # as a server runs: no query log
        SECRET_KEY="bench-secret-key-not-for-production-0123456789abcdef",
        DOSSIER_DATA_DIR=data_dir,
        LLM_BASE_URL=f"{urls['llm']}/v1",
        LLM_API_KEY="bench",
        LLM_MODEL="bench-model",
        SEARCH_PROVIDER="searxng",
        SEARXNG_URL=urls["searx"],
        FETCH_ALLOW_HOSTS="127.0.0.0/8",
    )
    if not os.environ.get("BENCH_DATABASE_URL"):
        os.environ.pop("DATABASE_URL", None)
    else:
        os.environ["DATABASE_URL"] = os.environ["BENCH_DATABASE_URL"]
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def run_once() -> tuple[float, int]:
    from django.contrib.auth import get_user_model

    from research.models import ProjectStatus
    from research.pipeline import control
    from research.pipeline.registry import inline_dispatch
    from research.pipeline.warmup import warm_up
    from tests.factories import make_project

    warm_up()  # what the worker and the `research` command do before their first step
    owner, _ = get_user_model().objects.get_or_create(username="bench")
    project = make_project(
        owner, status=ProjectStatus.DRAFT, question="How does SQLite WAL mode work?"
    )
    started = time.monotonic()
    with inline_dispatch() as dispatcher:
        control.start(project, owner)
        while True:
            project.refresh_from_db()
            if project.status not in ProjectStatus.running() and dispatcher.idle.is_set():
                break
            dispatcher.idle.wait(timeout=0.05)
    wall = time.monotonic() - started
    if project.status != ProjectStatus.DONE:
        raise SystemExit(f"run ended {project.status}: {project.error}")
    return wall, project.pk


def critical_path(project_id: int, fetch_cap: int | None = None) -> float:
    """The longest chain of dependent latencies, from the steps the run really took.

    With `fetch_cap`, each round's page fetches also wait their turn in waves of that many
    (FETCH_MAX_CONCURRENCY), a limit the dependency chain alone does not show.
    """
    from research.models import Project

    project = Project.objects.get(pk=project_id)
    steps = {s.key: s for s in project.steps.all()}

    def llm(key: str) -> float:
        calls = steps[key].llm_calls if key in steps else 0
        return LLM_LATENCY * (min(calls, 2) if calls else 0)  # chunks in parallel, then a merge

    def downloaded(source) -> bool:
        fetch = steps.get(f"fetch:s{source.pk}.{source.generation}")
        return fetch is not None and "cache" not in fetch.detail

    def query_path(query) -> tuple[float, set[int]]:
        qkey = f"q{query.pk}.{query.generation}"
        longest, pages = 0.0, set()
        for link in query.results.filter(selected=True).select_related("source"):
            s = link.source
            fetched = PAGE_LATENCY if downloaded(s) else 0.0
            pages |= {s.pk} if fetched else set()
            summary = llm(f"summarize:{qkey}:s{s.pk}.{s.generation}")
            longest = max(longest, fetched + summary)
        return SEARCH_LATENCY + llm(f"rank:{qkey}") + longest, pages

    total = SEARCH_LATENCY + llm("plan")
    for round_ in range(project.reflection_round + 1):
        paths = [query_path(q) for q in project.queries.filter(reflection_round=round_)]
        reflect = [llm(k) for k in steps if k.startswith("reflect:") and k.endswith(f":r{round_}")]
        total += max(reflect, default=0.0) + max((p for p, _ in paths), default=0.0)
        if fetch_cap:
            pages = len(set().union(*(pages for _, pages in paths)))
            total += PAGE_LATENCY * max(0, math.ceil(pages / fetch_cap) - 1)
    report = [llm(k) for k in steps if k.startswith("report:")]
    return total + max(report, default=0.0)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    fakes = Fakes()
    with tempfile.TemporaryDirectory() as data_dir:
        configure(fakes.urls, data_dir)
        from django.conf import settings

        from research.models import Project

        print(
            f"latency: LLM {LLM_LATENCY * 1000:.0f} ms, search {SEARCH_LATENCY * 1000:.0f} ms, "
            f"pages {PAGE_LATENCY * 1000:.0f} ms; LLM_MAX_CONCURRENCY "
            f"{settings.LLM_MAX_CONCURRENCY}, FETCH_MAX_CONCURRENCY "
            f"{settings.FETCH_MAX_CONCURRENCY}, per host {settings.FETCH_MAX_PER_HOST}"
        )
        print(
            f"{'run':>3} {'wall s':>7} {'critical s':>10} {'ratio':>6} {'capped s':>8} "
            f"{'ratio':>6} {'LLM calls':>9} {'tokens':>7} {'queries':>7} {'fetched':>7}"
        )
        for run in range(1, args.runs + 1):
            calls_before = fakes.stats()["llm_calls"]
            wall, project_id = run_once()
            path = critical_path(project_id)
            capped = critical_path(project_id, settings.FETCH_MAX_CONCURRENCY)
            project = Project.objects.get(pk=project_id)
            fetched = project.sources.fetched().count()
            calls = fakes.stats()["llm_calls"] - calls_before
            print(
                f"{run:>3} {wall:7.2f} {path:10.2f} {wall / path:6.2f} {capped:8.2f} "
                f"{wall / capped:6.2f} {calls:>9} {project.tokens:>7} "
                f"{project.queries.count():>7} {fetched:>7}"
            )
        stats = fakes.stats()
        print(
            f"peak concurrency: LLM {stats['llm_peak']}, search {stats['search_peak']}, "
            f"pages {stats['page_peak_host']} per host, {stats['page_peak_sum']} summed over hosts"
        )
    fakes.stop()


if __name__ == "__main__":
    main()
