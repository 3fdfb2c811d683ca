"""Native crashes under load: many whole runs of the `research` command, each its own process.

Each run is `manage.py research QUESTION --json` in a fresh process, against loopback fakes
(an OpenAI-compatible model that wraps every JSON answer in prose and a code fence, SearXNG, and
pages --paragraphs blocks longer than the usual article), so that its first second (start-up,
grounding, the first rankings with the pages read ahead on parallel threads) happens again and
again. A run that ends by a signal (a
segfault, an abort) is a crash: its faulthandler log (DATA_DIR/faults.log) and the end of its
stderr are kept under --keep, and the summary names what the crashing thread was doing.

    .venv/bin/python bench/stress.py [--runs 200] [--parallel 2] [--root PATH]

--root runs another checkout's command (to measure before and after a fix side by side).
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# The project first, and not this folder: run as a script, bench/ would come first on the path,
# and bench/mcp.py would hide the mcp SDK that research/ imports.
sys.path[:] = [str(ROOT), *(p for p in sys.path if Path(p or ".").resolve() != ROOT / "bench")]

QUESTION = "How does SQLite WAL mode work?"
FAULTS = "faults.log"


@dataclass
class Outcome:
    code: int
    seconds: float
    fault: str  # what the fault log (or stderr) said, for a crash


def prose(responder):
    """A model that wraps its JSON in a sentence and a fence, as many local models do."""

    def answer(request: dict):
        content = responder(request)
        if isinstance(content, dict) or not content.lstrip().startswith("{"):
            return content
        return f"Sure! Here is the JSON you asked for:\n```json\n{content}\n```\nHope it helps."

    return answer


def heavy_web(paragraphs: int):
    """FakeWeb whose articles carry `paragraphs` more paragraphs, in nested blocks with dates,
    comments and scripts: pages that take parsing and date-finding long enough to overlap."""
    from tests.fakes import FakeWeb
    from tests.fakes.server import Reply
    from tests.fakes.web import HTML, article, render_article

    filler = "".join(
        f"<!-- block {n} --><div class='post'><time datetime='2024-0{n % 9 + 1}-1{n % 9}'>"
        f"{n % 28 + 1} March 2024</time><script>var x{n} = {n};</script>"
        f"<p>Paragraph {n} on write-ahead logging and checkpoints, updated "
        f"2024-05-{n % 28 + 1:02d}.</p></div>"
        for n in range(paragraphs)
    )

    class HeavyWeb(FakeWeb):
        def _reply(self, request):
            slug = request.path.removeprefix("/page/")
            if request.path.startswith("/page/") and slug and "/" not in slug:
                page = render_article(article(slug)).replace("</body>", f"{filler}</body>")
                body = page.encode()
                return Reply(200, {"Content-Type": HTML}, body)
            return super()._reply(request)

    return HeavyWeb()


def environment(data_dir: Path, root: Path, llm: str, searx: str) -> dict[str, str]:
    env = {key: value for key, value in os.environ.items() if key != "DATABASE_URL"}
    return env | {
        "PYTHONPATH": str(root),
        "DJANGO_SETTINGS_MODULE": "research_site.settings",
        "SECRET_KEY": "stress-secret-key-not-for-production-0123456789abcdef",
        "DOSSIER_DATA_DIR": str(data_dir),
        "DEBUG": "0",
        "LLM_BASE_URL": f"{llm}/v1",
        "LLM_API_KEY": "stress",
        "LLM_MODEL": "stress-model",
        "SEARCH_PROVIDER": "searxng",
        "SEARXNG_URL": searx,
        "FETCH_ALLOW_HOSTS": "127.0.0.0/8",
    }


def run_once(env: dict[str, str], root: Path) -> Outcome:
    faults = Path(env["DOSSIER_DATA_DIR"]) / FAULTS
    before = faults.stat().st_size if faults.exists() else 0
    started = time.monotonic()
    done = subprocess.run(
        [sys.executable, "manage.py", "research", QUESTION, "--json"],
        cwd=root,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    fault = ""
    if done.returncode < 0:
        logged = faults.read_text(errors="replace")[before:] if faults.exists() else ""
        fault = logged or done.stderr[-6000:]
    return Outcome(done.returncode, time.monotonic() - started, fault)


def crashing_thread(fault: str) -> str:
    """The innermost frames of the thread that crashed, from a faulthandler traceback."""
    lines = fault.splitlines()
    start = next((i for i, line in enumerate(lines) if line.startswith("Current thread")), None)
    if start is None:
        return lines[0] if lines else "(no traceback)"
    frames = [line.strip() for line in lines[start + 1 : start + 4] if line.startswith(" ")]
    return " <- ".join(frames) or lines[start]


def slots(parallel: int, root: Path, base: Path, llm: str, searx: str) -> list[dict[str, str]]:
    """One data directory (database, fault log) per parallel slot, migrated."""
    envs = []
    for n in range(parallel):
        data = base / f"slot-{n}"
        data.mkdir(parents=True)
        env = environment(data, root, llm, searx)
        subprocess.run(
            [sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"],
            cwd=root,
            env=env,
            check=True,
        )
        envs.append(env)
    return envs


def stress(runs: int, parallel: int, root: Path, keep: Path, paragraphs: int) -> list[Outcome]:
    from tests.fakes import FakeLLM, FakeSearx
    from tests.fakes.researcher import Researcher

    with (
        tempfile.TemporaryDirectory() as base,
        FakeLLM(responder=prose(Researcher()), latency=0.05) as llm,
        heavy_web(paragraphs) as web,
        FakeSearx(page_base_url=web.url) as searx,
    ):
        envs = slots(parallel, root, Path(base), llm.url, searx.url)
        with ThreadPoolExecutor(parallel) as pool:
            futures = [pool.submit(run_once, envs[i % parallel], root) for i in range(runs)]
            outcomes = []
            for n, future in enumerate(futures, 1):
                outcomes.append(future.result())
                if outcomes[-1].code < 0:
                    (keep / f"crash-{n}.log").write_text(outcomes[-1].fault)
                if n % 25 == 0:
                    crashed = sum(o.code < 0 for o in outcomes)
                    print(f"{n} runs, {crashed} crashed", file=sys.stderr, flush=True)
    return outcomes


def report(outcomes: list[Outcome], keep: Path) -> dict:
    crashes = [o for o in outcomes if o.code < 0]
    summary = {
        "runs": len(outcomes),
        "done": sum(o.code == 0 for o in outcomes),
        "failed": sum(o.code > 0 for o in outcomes),
        "crashed": len(crashes),
        "signals": sorted({signal.Signals(-o.code).name for o in crashes}),
        "median_seconds": round(sorted(o.seconds for o in outcomes)[len(outcomes) // 2], 2),
        "crashing_threads": [crashing_thread(o.fault) for o in crashes],
        "fault_logs": str(keep) if crashes else "",
    }
    print(json.dumps(summary, indent=2))
    return summary


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=200)
    parser.add_argument("--parallel", type=int, default=2, help="runs at once")
    parser.add_argument("--root", type=Path, default=ROOT, help="the checkout whose command runs")
    parser.add_argument("--keep", type=Path, default=ROOT / "bench-output" / "stress")
    parser.add_argument("--paragraphs", type=int, default=400, help="more on every page")
    args = parser.parse_args()
    args.keep.mkdir(parents=True, exist_ok=True)
    outcomes = stress(args.runs, args.parallel, args.root.resolve(), args.keep, args.paragraphs)
    report(outcomes, args.keep)


if __name__ == "__main__":
    main()
