"""The library's speed: full-text search latency at 10k and 100k passages, and import throughput.

1. Search: the library is filled with N passages of about 200 words (a synthetic vocabulary of
   20,000 words with Zipf frequencies, 50 passages per document), then 300 searches are timed
   through `search_passages` (what the search page, the API and research runs call), limit 20:
   short searches of 2-3 words, as people type them, and long ones of 6-10 words, as the research
   pipeline sends its queries. Prints p50 and p95 per kind and size. Goal: p95 <= 50 ms at 100k
   passages on SQLite.
2. Import (`--import N`): N real files of every format the library reads, made here (PDF by
   WeasyPrint, DOCX by python-docx, PPTX by python-pptx, HTML, Markdown, text, CSV, EPUB), each
   stored and read as the worker does (`library.add_document` then `library.extract`), in this
   process. Prints documents per second and MB per second per format, and the time for all of
   them. Goal: 1,000 mixed documents in under 5 minutes.

    .venv/bin/python bench/library.py [--sizes 10000,100000] [--import 1000]

It uses a throwaway SQLite file; BENCH_DATABASE_URL=postgres://... runs it on PostgreSQL (the
library tables there are emptied first).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# The project first, and not this folder: run as a script, bench/ would come first on the path,
# and bench/mcp.py would hide the mcp SDK that research/ imports.
sys.path[:] = [str(ROOT), *(p for p in sys.path if Path(p or ".").resolve() != ROOT / "bench")]

from bench.django_env import setup_django  # noqa: E402

SYLLABLES = "ka lo ri ma ten sol var pel ion tra mer dun fi sa que bor lin ado ver cha".split()
PASSAGE_WORDS = 200
PER_DOCUMENT = 50


def vocabulary(rng: random.Random, size: int = 20_000) -> list[str]:
    words: set[str] = set()
    while len(words) < size:
        words.add("".join(rng.choice(SYLLABLES) for _ in range(rng.randint(2, 4))))
    return sorted(words)


def zipf_weights(size: int) -> list[float]:
    return [1 / (rank + 1) for rank in range(size)]


def fill(count: int, rng: random.Random, words: list[str], weights: list[float]) -> float:
    """Empty the library, then `count` passages in documents of PER_DOCUMENT; seconds taken."""
    from research.models import Collection, Document, Passage

    Collection.objects.all().delete()
    collection = Collection.objects.create(name="bench")
    started = time.perf_counter()
    for first in range(0, count, PER_DOCUMENT):
        document = Document.objects.create(
            collection=collection,
            title=f"Document {first // PER_DOCUMENT}",
            filename=f"d{first}.pdf",
            file=f"bench/{first}.pdf",
            size=1,
            sha256=f"{first:064x}",
            kind="pdf",
            status="ready",
        )
        Passage.objects.create_indexed(
            [
                Passage(
                    document=document,
                    position=i,
                    locator=f"p. {i + 1}",
                    page=i + 1,
                    text=" ".join(rng.choices(words, weights, k=PASSAGE_WORDS)),
                    words=PASSAGE_WORDS,
                )
                for i in range(min(PER_DOCUMENT, count - first))
            ]
        )
    return time.perf_counter() - started


def searches(rng: random.Random, words: list[str], count: int) -> dict[str, list[str]]:
    """Terms drawn from the middle of the vocabulary: common enough to match, rare enough to
    choose (the commonest words are the stopwords of a synthetic language)."""
    pool = words[50:5000]
    return {
        "short (2-3 words)": [" ".join(rng.sample(pool, rng.randint(2, 3))) for _ in range(count)],
        "long (6-10 words)": [" ".join(rng.sample(pool, rng.randint(6, 10))) for _ in range(count)],
    }


def time_searches(queries: list[str]) -> tuple[float, float, float]:
    from research.models.search import search_passages

    search_passages(queries[0], limit=20)  # warm the page cache
    timings, found = [], 0
    for query in queries:
        started = time.perf_counter()
        hits = search_passages(query, limit=20)
        timings.append((time.perf_counter() - started) * 1000)
        found += bool(hits)
    timings.sort()
    p95 = timings[int(len(timings) * 0.95) - 1]
    return statistics.median(timings), p95, found / len(queries)


def search_bench(sizes: list[int], count: int) -> None:
    from django.db import connection

    rng = random.Random(7)
    words = vocabulary(rng)
    weights = zipf_weights(len(words))
    print(f"database: {connection.vendor}")
    print(
        f"{'passages':>9} {'fill s':>7} {'searches':<18} {'p50 ms':>7} {'p95 ms':>7} {'found':>6}"
    )
    for size in sizes:
        took = fill(size, rng, words, weights)
        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute("ANALYZE research_passage")
        for kind, queries in searches(rng, words, count).items():
            p50, p95, found = time_searches(queries)
            print(f"{size:>9} {took:>7.1f} {kind:<18} {p50:>7.1f} {p95:>7.1f} {found:>6.0%}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", default="10000,100000")
    parser.add_argument("--searches", type=int, default=300)
    parser.add_argument("--import", dest="imports", type=int, default=0)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as data_dir:
        setup_django(data_dir, LLM_MODEL="")
        if args.imports:
            from bench.library_import import import_bench

            import_bench(args.imports, Path(data_dir))
        sizes = [int(size) for size in args.sizes.split(",") if size]
        if sizes:
            search_bench(sizes, args.searches)


if __name__ == "__main__":
    main()
