"""Projects side by side: how much longer do N projects take than one, and at what memory?

Starts the loopback fakes (LLM, search and pages each answering after 300 ms by default; the
pages spread over 32 loopback sites, since unrelated questions lead to different sites while
FETCH_MAX_PER_HOST keeps each site to two fetches at once) and a real worker cluster
(`manage.py qcluster`, WORKER_PROCESSES and WORKER_THREADS as configured), then, on the same
cluster, runs rounds of one default project alone then N default projects started together, and
prints each round's wall times, CPU and ratio, the median ratio (the figure: one round's ratio
varies by 0.1 or more on a shared machine), for the last round each stage's median wait and run
and where the critical path spent its time, and the cluster's peak memory (RSS summed over its
processes, and PSS, which counts pages they share once).

    .venv/bin/python bench/concurrency.py [--projects 6] [--latency 0.3] [--hosts 32] [--rounds 8]

It uses a throwaway SQLite file; BENCH_DATABASE_URL=postgres://... runs it on PostgreSQL.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# The project first, and not this folder: run as a script, bench/ would come first on the path,
# and bench/mcp.py would hide the mcp SDK that research/ imports.
sys.path[:] = [str(ROOT), *(p for p in sys.path if Path(p or ".").resolve() != ROOT / "bench")]

from bench.cluster import Cluster, wait_ready  # noqa: E402
from bench.pipeline import Fakes, configure  # noqa: E402

QUESTIONS = [
    "How does SQLite WAL mode work?",
    "What limits PostgreSQL vacuum throughput?",
    "Why do B-tree indexes fragment?",
    "How do LSM trees compact data?",
    "What is write amplification in SSDs?",
    "How does MVCC avoid read locks?",
    "When is a hash join faster than a merge join?",
    "How do databases recover after a crash?",
]


class Peak:
    """Samples the cluster's memory every 0.2 s while a run goes on."""

    def __init__(self, cluster: Cluster):
        self.rss = self.pss = 0.0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._sample, args=(cluster,), daemon=True)
        self._thread.start()

    def _sample(self, cluster: Cluster) -> None:
        while not self._stop.wait(0.2):
            rss, pss = cluster.memory_mib()
            self.rss, self.pss = max(self.rss, rss), max(self.pss, pss)

    def stop(self) -> None:
        self._stop.set()
        self._thread.join()


def waits(project_ids: list[int]) -> str:
    """Per stage: the median wait from a step's creation to its start, and its median run."""
    from statistics import median

    from research.models import StepRun

    rows: dict[str, tuple[list[float], list[float]]] = {}
    for step in StepRun.objects.filter(project__in=project_ids):
        if step.started_at and step.finished_at:
            wait, run = rows.setdefault(step.stage, ([], []))
            wait.append((step.started_at - step.created_at).total_seconds())
            run.append((step.finished_at - step.started_at).total_seconds())
    return ", ".join(
        f"{stage} {median(w) * 1000:.0f}+{median(r) * 1000:.0f}"
        for stage, (w, r) in sorted(rows.items())
    )


def critical_path(project_ids: list[int]) -> str:
    """The chain that ended each project, walked back from its last step: each step's
    predecessor is the one that finished last before it was made. Summed over the chain (and
    averaged over the projects): the time from a step's end to the next step's creation (the
    scheduler), from creation to start (waiting for a thread) and running."""
    from research.models import StepRun

    totals = [0.0, 0.0, 0.0]
    for project_id in project_ids:
        steps = [
            s
            for s in StepRun.objects.filter(project=project_id).order_by("finished_at")
            if s.started_at and s.finished_at
        ]
        step = steps[-1]
        while step is not None:
            totals[1] += (step.started_at - step.created_at).total_seconds()
            totals[2] += (step.finished_at - step.started_at).total_seconds()
            before = [s for s in steps if s.finished_at <= step.created_at]
            if before:
                totals[0] += (step.created_at - before[-1].finished_at).total_seconds()
            step = before[-1] if before else None
    n = len(project_ids)
    return (
        f"scheduling {totals[0] / n:.2f} s, waiting {totals[1] / n:.2f} s, "
        f"running {totals[2] / n:.2f} s"
    )


def machine_cpu() -> tuple[float, float]:
    """(seconds since boot the machine's CPUs were busy, summed over CPUs; seconds of wall)."""
    fields = [int(v) for v in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    ticks = os.sysconf("SC_CLK_TCK")
    idle = fields[3] + fields[4]  # idle and iowait
    return (sum(fields[:8]) - idle) / ticks, time.monotonic()


def busy_since(mark: tuple[float, float]) -> str:
    """How busy the machine was since `mark`, in CPUs (of os.cpu_count())."""
    busy, wall = machine_cpu()
    return f"{(busy - mark[0]) / (wall - mark[1]):.2f} of {os.cpu_count()} CPUs busy"


def run_together(count: int, offset: int) -> tuple[float, list[int]]:
    """Start `count` default projects at once; seconds until the last one is done."""
    from django.contrib.auth import get_user_model

    from research.models import Project, ProjectStatus
    from research.services import runs
    from tests.factories import make_project

    owner, _ = get_user_model().objects.get_or_create(username="bench")
    projects = [
        make_project(
            owner,
            status=ProjectStatus.DRAFT,
            question=QUESTIONS[(offset + n) % len(QUESTIONS)] + f" (run {offset + n})",
        )
        for n in range(count)
    ]
    started = time.monotonic()
    for project in projects:
        runs.start(project, user=owner)
    ids = [p.pk for p in projects]
    while Project.objects.filter(pk__in=ids, status__in=ProjectStatus.running()).exists():
        time.sleep(0.05)
    wall = time.monotonic() - started
    failed = Project.objects.filter(pk__in=ids).exclude(status=ProjectStatus.DONE)
    for project in failed:
        raise SystemExit(f"project {project.pk} ended {project.status}: {project.error}")
    return wall, ids


def one_round(cluster: Cluster, fakes: Fakes, projects: int, offset: int) -> dict:
    """One project alone, then `projects` together: wall times, CPU (the workers', and the
    fakes' that share the machine with them), and the steps' ids."""
    cpu, fake, mark = cluster.cpu_seconds(), fakes.stats()["cpu"], machine_cpu()
    one, one_ids = run_together(1, offset=offset)
    busy_one, mark = busy_since(mark), machine_cpu()
    cpu_one, cpu = cluster.cpu_seconds() - cpu, cluster.cpu_seconds()
    fake_one, fake = fakes.stats()["cpu"] - fake, fakes.stats()["cpu"]
    many, many_ids = run_together(projects, offset=offset + 1)
    busy_many = busy_since(mark)
    cpu_many, fake_many = cluster.cpu_seconds() - cpu, fakes.stats()["cpu"] - fake
    print(
        f"1 project {one:.2f} s (CPU: workers {cpu_one:.1f} s, fakes {fake_one:.1f} s; machine "
        f"{busy_one}); {projects} together {many:.2f} s (CPU: workers {cpu_many:.1f} s, fakes "
        f"{fake_many:.1f} s; machine {busy_many}); ratio {many / one:.2f}"
    )
    return {"ratio": many / one, "one_ids": one_ids, "many_ids": many_ids}


def main() -> None:
    from statistics import median

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--projects", type=int, default=6)
    parser.add_argument("--latency", type=float, default=0.3)
    parser.add_argument("--hosts", type=int, default=32, help="web sites the pages are spread on")
    # One round's ratio varies by 0.1-0.3 on a shared 2-vCPU machine; the median of 8 rounds
    # by about 0.05 from run to run.
    parser.add_argument("--rounds", type=int, default=8, help="the ratio printed is their median")
    args = parser.parse_args()
    fakes = Fakes(llm=args.latency, search=args.latency, page=args.latency, hosts=args.hosts)
    with tempfile.TemporaryDirectory() as data_dir:
        configure(fakes.urls, data_dir)
        from django.conf import settings

        cluster = Cluster(Path(data_dir) / "qcluster.log")
        try:
            wait_ready(cluster)
            print(
                f"latency {args.latency * 1000:.0f} ms (LLM, search, pages), pages on "
                f"{args.hosts} sites; worker processes "
                f"{settings.Q_CLUSTER['workers']}, threads each {settings.WORKER_THREADS}"
            )
            run_together(1, offset=100)  # warm: first pages, first connections
            peak = Peak(cluster)
            rounds = [
                one_round(cluster, fakes, args.projects, offset=n * (args.projects + 1))
                for n in range(args.rounds)
            ]
            peak.stop()
            stats = fakes.stats()
            ratio = median(r["ratio"] for r in rounds)
            print(f"ratio, median of {args.rounds} rounds: {ratio:.2f} (goal: at most 1.5)")
            last = rounds[-1]
            for label, ids in (("1 project", last["one_ids"]), ("together", last["many_ids"])):
                print(f"last round, {label}: median ms waiting+running per stage: {waits(ids)}")
                print(f"last round, {label}: on the critical path: {critical_path(ids)}")
            print(
                f"peak worker memory: RSS {peak.rss:.0f} MiB summed, PSS {peak.pss:.0f} MiB "
                f"(goal: at most 1024 MiB)"
            )
            print(
                f"peak requests at once: LLM {stats['llm_peak']}, search {stats['search_peak']}, "
                f"pages {stats['page_peak_sum']} over {stats['page_peak_host']} per host"
            )
        finally:
            cluster.stop()
    fakes.stop()


if __name__ == "__main__":
    main()
