"""The analyse step's speed: gathering a dataset of 100 figures, computing over it in DuckDB and
drawing its chart, and that work's share of a whole research run.

Ten library documents each give five cities' populations in 2023 and 2024 (100 figures). One
extractive research run asks to compare their growth; it is timed whole, and its analyse step
(gather + compute + chart spec) from its StepRun. Then, side by side in this process: the
computation alone (one SELECT in a fresh locked DuckDB connection, best of 20) and the chart
drawn to SVG (the first drawing in a process, which loads vl-convert's engine, and a later one).
Goal: gather + compute + chart at most 1 s for 100 rows.

    .venv/bin/python bench/analysis.py

It uses a throwaway SQLite file (BENCH_DATABASE_URL=postgres://... runs it on PostgreSQL).
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# The project first, and not this folder: run as a script, bench/ would come first on the path,
# and bench/mcp.py would hide the mcp SDK that research/ imports.
sys.path[:] = [str(ROOT), *(p for p in sys.path if Path(p or ".").resolve() != ROOT / "bench")]

from bench.django_env import setup_django  # noqa: E402

QUESTION = "Compare the population growth from 2023 to 2024 of these fifty cities"
DOCUMENTS, PER_DOCUMENT = 10, 5


def library() -> None:
    from tests.factories import make_library_document

    for d in range(DOCUMENTS):
        sentences = []
        for c in range(PER_DOCUMENT):
            city = f"Town{chr(65 + d)}{chr(65 + c)}"
            before = 10_000 + 997 * (d * PER_DOCUMENT + c)
            after = before + 113 * (c + 1)
            sentences.append(f"{city} had {after:,} residents in 2024, up from {before:,} in 2023.")
        text = "The regional census, published every spring. " + " ".join(sentences)
        make_library_document([text], title=f"Regional census {d + 1}", kind="md")


def run() -> tuple[float, float, int]:
    """Seconds for the whole run, seconds of its analyse step, and the dataset's rows."""
    from research.models import Dataset, Project, StepRun
    from tests.test_pipeline_run import research

    started = time.monotonic()
    result, code = research(
        QUESTION,
        "--engine",
        "extractive",
        "--sources",
        "library",
        "--queries",
        "2",
        "--sources-per-query",
        "10",
        "--reflections",
        "0",
    )
    total = time.monotonic() - started
    assert code == 0, result
    project = Project.objects.get(pk=result["project_id"])
    step = StepRun.objects.get(project=project, stage="analyse")
    assert step.started_at and step.finished_at, step.error
    rows = Dataset.objects.get(project=project).rows.count()
    return total, (step.finished_at - step.started_at).total_seconds(), rows


def compute_and_draw(project_id: int) -> tuple[float, float, float]:
    """The SELECT alone (best of 20), the first chart drawn and a later one, in seconds."""
    from research.models import Dataset
    from research.output import charts
    from research.pipeline.shared.datasets import COLUMNS
    from research.providers.compute import Table, select

    dataset = Dataset.objects.get(project_id=project_id)
    values = [(r.entity, r.period, r.value) for r in dataset.rows.all()]
    timings = []
    for _ in range(20):
        started = time.perf_counter()
        select(dataset.sql, [Table("dataset", COLUMNS, values)])
        timings.append(time.perf_counter() - started)
    drawn = []
    for _ in range(2):
        Dataset.objects.filter(pk=dataset.pk).update(svg="")
        dataset.svg = ""
        started = time.perf_counter()
        charts.svg_of(dataset)
        drawn.append(time.perf_counter() - started)
    return min(timings), drawn[0], drawn[1]


def main() -> None:
    with tempfile.TemporaryDirectory() as data_dir:
        setup_django(data_dir, LLM_MODEL="")
        from research.models import Project
        from research.pipeline.engine.warmup import warm_up

        warm_up()
        library()
        total, analyse, rows = run()
        project = Project.objects.latest("pk")
        select_s, first_draw, later_draw = compute_and_draw(project.pk)
    print(f"dataset rows: {rows}")
    print(
        f"whole run: {total:.2f} s; analyse step (gather + compute + chart spec): "
        f"{analyse:.3f} s, {100 * analyse / total:.1f}% of the run"
    )
    print(f"the SELECT alone: {1000 * select_s:.1f} ms (best of 20)")
    print(
        f"chart to SVG: first in a process {1000 * first_draw:.0f} ms, "
        f"later {1000 * later_draw:.0f} ms"
    )
    worst = analyse + first_draw
    print(
        f"gather + compute + chart, the first chart drawn: {worst:.3f} s (goal <= 1 s): "
        f"{'met' if worst <= 1 else 'NOT met'}"
    )


if __name__ == "__main__":
    main()
