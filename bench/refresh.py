"""What refreshing an unchanged project costs, against its first run, side by side in one run.

Starts the loopback fakes of bench/pipeline.py (LLM 300 ms a call, search and pages 100 ms,
pages spread over eight hosts, every page with an ETag), runs a 16-source project (4 queries,
4 sources each, no reflection) to done, then refreshes it with nothing changed, and prints for
each: the wall time, the LLM calls and tokens (summary tokens apart), the searches and the page
requests, with how many were answered 304 Not Modified. Goals: 0 summary tokens, and a refresh
under 20% of the first run's wall time.

    .venv/bin/python bench/refreshes.py [--runs N]

It uses a throwaway SQLite file; BENCH_DATABASE_URL=postgres://... runs it on PostgreSQL.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# The project first, and not this folder: run as a script, bench/ would come first on the path,
# and bench/mcp.py would hide the mcp SDK that research/ imports.
sys.path[:] = [str(ROOT), *(p for p in sys.path if Path(p or ".").resolve() != ROOT / "bench")]

from bench.pipeline import Fakes, configure, run_once, timed  # noqa: E402

OPTIONS = {"queries": 4, "sources_per_query": 4, "reflection_rounds": 0}


def refresh_once(project_id: int) -> float:
    from research.models import Project
    from research.services import refreshes

    project = Project.objects.get(pk=project_id)
    return timed(lambda: refreshes.start_refresh(project), project, "refresh")


def tokens(project_id: int, stages: list[str] | None = None, since_step: int = 0) -> tuple:
    """LLM calls and tokens of the project's steps after `since_step` (of `stages`)."""
    from django.db.models import Sum

    from research.models import StepRun

    steps = StepRun.objects.filter(project_id=project_id, pk__gt=since_step)
    if stages:
        steps = steps.filter(stage__in=stages)
    total = steps.aggregate(c=Sum("llm_calls"), p=Sum("tokens_prompt"), o=Sum("tokens_completion"))
    return total["c"] or 0, (total["p"] or 0) + (total["o"] or 0)


def measure(fakes: Fakes) -> dict[str, dict]:
    from research.models import PageSnapshot, Project, StepRun

    PageSnapshot.objects.all().delete()  # each first run starts with an empty page cache
    before = fakes.stats()
    first_wall, project_id = run_once(OPTIONS)
    middle = fakes.stats()
    last_step = StepRun.objects.filter(project_id=project_id).order_by("-pk")[0].pk
    refresh_wall = refresh_once(project_id)
    after = fakes.stats()
    project = Project.objects.get(pk=project_id)
    rows = {}
    for name, wall, start, end, since in (
        ("first run", first_wall, before, middle, 0),
        ("refresh", refresh_wall, middle, after, last_step),
    ):
        calls, spent = tokens(project_id, since_step=since)
        _, summary = tokens(project_id, ["summarize"], since_step=since)
        rows[name] = {
            "wall": wall,
            "calls": calls,
            "tokens": spent,
            "summary": summary,
            "searches": end["searches"] - start["searches"],
            "pages": end["page_requests"] - start["page_requests"],
            "304": end["not_modified"] - start["not_modified"],
        }
    rows["refresh"]["sources"] = project.sources.filter(fetch_status="fetched").count()
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    fakes = Fakes()
    try:
        with tempfile.TemporaryDirectory() as data_dir:
            configure(fakes.urls, data_dir)
            results = [measure(fakes) for _ in range(args.runs)]
    finally:
        fakes.stop()
    print(f"{results[0]['refresh']['sources']} fetched sources; {args.runs} runs")
    print(
        f"{'':10} {'wall s':>7} {'LLM calls':>9} {'tokens':>7} {'summary':>7} "
        f"{'searches':>8} {'page GETs':>9} {'304':>4} {'downloaded':>10}"
    )
    for i, result in enumerate(results, start=1):
        for name, row in result.items():
            print(
                f"{name + ' ' + str(i):10} {row['wall']:7.2f} {row['calls']:9} "
                f"{row['tokens']:7} {row['summary']:7} {row['searches']:8} "
                f"{row['pages']:9} {row['304']:4} {row['pages'] - row['304']:10}"
            )
    ratios = [r["refresh"]["wall"] / r["first run"]["wall"] for r in results]
    summary = max(r["refresh"]["summary"] for r in results)
    print(
        f"refresh / first run wall time: median {statistics.median(ratios):.1%} "
        f"(goal under 20%); summary tokens in refreshes: {summary} (goal 0)"
    )


if __name__ == "__main__":
    main()
