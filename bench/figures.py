"""Numbers you can trust (issue 42): the figures Dossier gathers, computes, charts and states,
graded against the truth of corpora made with every trap (bench/figures_cases/, graded as
bench/figures_grade.py says).

Each case asks for an analysis (a trend over years, or a comparison across named things) over a
small library: annual reports, trading updates, news, bulletins and spreadsheets in PDF, DOCX,
XLSX, HTML and Markdown, with rivals named in the same sentence, several years in one
sentence, tables with a year header, revised figures, drafts in an archive folder, colliding
names, percentages beside money and other currencies. Each is researched with
`{"engine": "extractive"}` through the real pipeline in this process, and graded.

The cases are split in two halves by a fixed seed, within each language and kind: tune on one,
report the other untouched. Per-case details print only for the half (or cases) asked for.

    .venv/bin/python bench/figures.py [--half tune|report|both] [--language en]
        [--case ID] [--runs 1] [--details] [--show] [--extra path/to/more_cases_folder ...]

Per corpus it prints: rows, rows wrong (entity, period or value), stated figures wrong (the
report's computed rows, key figures, Dossier's own sentences and as-of prefixes), facts in a
dataset, and whether a chart holds every asked entity. It uses a throwaway SQLite file and no
network.
"""

from __future__ import annotations

import argparse
import logging
import random
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path[:] = [str(ROOT), *(p for p in sys.path if Path(p or ".").resolve() != ROOT / "bench")]

from bench.django_env import setup_django  # noqa: E402
from bench.figures_cases import Case, collect  # noqa: E402
from bench.figures_grade import Graded, grade  # noqa: E402

SEED = 42
EXAMPLES = 6
GOALS = {"wrong rows": 0, "wrong stated": 0, "facts": 0.90, "charted": 1.0}


def halves(cases: Sequence[Case]) -> dict[str, str]:
    """Each case's half: within each language and kind, the ids in a seeded shuffle, the first
    half to tune on and the rest to report."""
    half = {}
    groups: dict[tuple[str, str], list[str]] = {}
    for case in cases:
        groups.setdefault((case.language, case.kind), []).append(case.id)
    for key in sorted(groups):
        ids = sorted(groups[key])
        random.Random(f"{SEED}:{key[0]}:{key[1]}").shuffle(ids)
        for i, case_id in enumerate(ids):
            half[case_id] = "tune" if i < (len(ids) + 1) // 2 else "report"
    return half


def run_all(cases: list[Case], half: dict[str, str], runs: int, data_dir: Path) -> list[list]:
    from django.contrib.auth import get_user_model

    from bench.kinds import forget_library, options_for, research
    from research.pipeline.engine.warmup import warm_up

    logging.disable(logging.INFO)
    owner, _ = get_user_model().objects.get_or_create(username="bench")
    warm_up()
    results = []
    for case in cases:
        options = options_for(case, data_dir, owner, None, None)  # type: ignore[arg-type]
        graded = []
        for _ in range(runs):
            project, wall = research(case.question, options, owner)
            if project.status != "done":
                graded.append(Graded(case, half[case.id], f"{project.status}: {project.error}"))
            else:
                graded.append(grade(project, case, half[case.id], wall))
            if TRACE and half[case.id] != "report":
                trace(project)
        forget_library(options)
        results.append(graded)
        print(f"  ran {case.id} ({half[case.id]}): {line_of(graded[0])}", flush=True)
    return results


TRACE = False  # --trace: each dataset's rows (superseded ones too) and the analyse step's note


def trace(project: Any) -> None:
    from research.models import Stage

    print(f"\n-- trace of {project.question}")
    for step in project.steps.filter(stage=Stage.ANALYSE):
        print(f"  analyse: {step.detail}")
    for source in project.sources.order_by("n"):
        print(f"  [{source.n}] {source.title}")
    for dataset in project.datasets.all():
        print(f"  dataset {dataset.title!r} ({dataset.unit})")
        for row in dataset.rows.select_related("source"):
            mark = f" SUPERSEDED {row.superseded}" if row.superseded else ""
            print(
                f"    [{row.source.n}] {row.entity} | {row.period} | {row.value:g} {row.unit}"
                f"{mark} | {short(row.quote, 90)}"
            )


def short(text: str, limit: int) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def line_of(g: Graded) -> str:
    if not g.markdown:
        return f"FAILED {g.status}"
    return (
        f"rows {g.rows}, wrong {len(g.wrong_rows)}, stated {g.stated}, wrong "
        f"{len(g.wrong_stated)}, facts {len(g.covered)}/{len(g.covered) + len(g.missed)}, "
        f"charted {'yes' if g.charted else 'NO'}, {g.wall:.2f} s"
    )


def details(g: Graded) -> None:
    print(f"\n== {g.case.id} [{g.half}] {g.case.question}")
    if not g.markdown:
        print(f"  FAILED: {g.status}")
        return
    for title, items in (
        ("wrong rows", g.wrong_rows),
        ("wrong stated figures", g.wrong_stated),
        ("facts not in a dataset", g.missed),
        ("charts", g.charts),
    ):
        if items:
            print(f"  {title}: {len(items)}")
            for item in items[:EXAMPLES]:
                print(f"    {item}")


def summary(results: list[list[Graded]]) -> None:
    print(
        f"\n{'half':<7}{'lang':<5}{'kind':<11}{'cases':>5}{'rows':>6}{'wrong':>6}{'stated':>7}"
        f"{'wrong':>6}{'facts':>9}{'charted':>8}{'max s':>7}"
    )
    for half in ("tune", "report", "extra"):
        for language in ("en", "zh", "both"):
            for kind in ("trend", "comparison", "all"):
                rows = [
                    r[0]
                    for r in results
                    if r[0].half == half
                    and language in (r[0].case.language, "both")
                    and kind in (r[0].case.kind, "all")
                ]
                if rows and (language == "both") == (kind == "all"):
                    print(summary_line(half, language, kind, rows))


def summary_line(half: str, language: str, kind: str, rows: list[Graded]) -> str:
    facts = sum(len(g.covered) for g in rows)
    total = sum(len(g.covered) + len(g.missed) for g in rows)
    failed = "!" if any(not g.markdown for g in rows) else ""
    return (
        f"{half:<7}{language:<5}{kind:<11}{len(rows):>5}{sum(g.rows for g in rows):>6}"
        f"{sum(len(g.wrong_rows) for g in rows):>6}{sum(g.stated for g in rows):>7}"
        f"{sum(len(g.wrong_stated) for g in rows):>6}{f'{facts}/{total}{failed}':>9}"
        f"{f'{sum(g.charted for g in rows)}/{len(rows)}':>8}{max(g.wall for g in rows):>7.2f}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--half", choices=("tune", "report", "both", "extra"), default="both")
    parser.add_argument(
        "--extra", action="append", default=[], help="a folder of more cases, outside the halves"
    )
    parser.add_argument("--language", choices=("en", "zh"))
    parser.add_argument("--case", action="append", default=[])
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--details", action="store_true", help="per-case findings")
    parser.add_argument("--show", action="store_true", help="print each case's report")
    parser.add_argument("--trace", action="store_true", help="each dataset's rows")
    args = parser.parse_args()
    global TRACE
    TRACE = args.trace
    cases = list(collect())
    half = halves(cases)
    for folder in args.extra:
        more = collect(Path(folder))
        half |= {case.id: "extra" for case in more}
        cases += more
    chosen = [
        c
        for c in cases
        if (args.half == "both" or half[c.id] in (args.half, "extra"))
        and (not args.language or c.language == args.language)
        and (not args.case or c.id in args.case)
    ]
    with tempfile.TemporaryDirectory() as directory:
        setup_django(directory, LLM_MODEL="")
        results = run_all(chosen, half, args.runs, Path(directory))
    for graded in results:
        if graded[0].half != "report" or args.case:
            if args.show:
                print(f"\n{graded[0].markdown}")
            if args.details or args.show:
                details(graded[0])
    summary(results)


if __name__ == "__main__":
    main()
