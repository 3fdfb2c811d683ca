"""The extractive engine's speed, memory and answers, with no language model at all.

1. The wall time of a default research run (4 queries, 4 sources each, one reflection round)
   with search and pages served locally at zero latency (goal: at most 5 s on this machine),
   and the process's peak memory.
2. Answer recall on bench/corpus.py: ten questions over ten pages, every search returning all
   of them. A question counts as answered when its report quotes the sentence that answers it
   (and, less strictly, when it cites the page that holds it).

    .venv/bin/python bench/extractive.py

The fakes run in this process; it uses a throwaway SQLite file.
"""

from __future__ import annotations

import resource
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# The project first, and not this folder: run as a script, bench/ would come first on the path,
# and bench/mcp.py would hide the mcp SDK that research/ imports.
sys.path[:] = [str(ROOT), *(p for p in sys.path if Path(p or ".").resolve() != ROOT / "bench")]

from bench.django_env import setup_django  # noqa: E402


def configure(data_dir: str) -> None:
    setup_django(data_dir, LLM_MODEL="")


def research(question: str) -> dict:
    from tests.test_pipeline_run import research as run_command

    result, _ = run_command(question, "--engine", "extractive")
    return result


def timed_run(searx_url: str) -> tuple[float, dict]:
    from django.conf import settings

    from research.pipeline.engine.warmup import warm_up

    settings.SEARXNG_URL = searx_url
    warm_up()
    started = time.monotonic()
    result = research("How does SQLite WAL mode work?")
    return time.monotonic() - started, result


def recall(web, searx) -> tuple[int, int, list[str]]:
    from bench.corpus import PAGES, QUESTIONS
    from research.models import Project

    for slug, (title, sentences) in PAGES.items():
        body = "".join(f"<p>{s}</p>" for s in sentences)
        page = f"<html><head><title>{title}</title></head><body><article><h1>{title}</h1>"
        web.add(f"/corpus/{slug}", f"{page}{body}</article></body></html>".encode())
    results = [
        {"url": web.url_for(f"/corpus/{slug}"), "title": title, "content": sentences[0]}
        for slug, (title, sentences) in PAGES.items()
    ]
    searx.results_for = lambda query: results
    quoted = cited = 0
    misses = []
    for question, slug, answer in QUESTIONS:
        project = Project.objects.get(pk=research(question)["project_id"])
        report = project.reports.filter(is_current=True).first()
        markdown = report.markdown if report else ""
        source = project.sources.filter(url=web.url_for(f"/corpus/{slug}")).first()
        sentence = next(s for s in PAGES[slug][1] if answer in s)
        quoted += sentence in markdown
        cited += bool(source and f"[{source.n}]" in markdown)
        if sentence not in markdown:
            misses.append(question)
    return quoted, cited, misses


def main() -> None:
    from tests.fakes import FakeSearx, FakeWeb

    with tempfile.TemporaryDirectory() as data_dir:
        configure(data_dir)
        with FakeWeb() as web, FakeSearx(page_base_url=web.url) as searx:
            wall, result = timed_run(searx.url)
            peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
            print(
                f"default run, extractive, zero latency: {wall:.2f} s (goal: at most 5 s), "
                f"{result['status']}, {result['queries']} queries, {result['fetched']} pages "
                f"read, {len(result['citations'])} sources cited"
            )
            print(f"peak memory (resident, whole process): {peak:.0f} MiB")
            quoted, cited, misses = recall(web, searx)
    from bench.corpus import QUESTIONS

    total = len(QUESTIONS)
    print(f"answer recall: {quoted}/{total} answer sentences quoted, {cited}/{total} pages cited")
    for question in misses:
        print(f"  not quoted: {question}")


if __name__ == "__main__":
    main()
