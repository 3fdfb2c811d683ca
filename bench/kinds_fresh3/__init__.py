"""Fresh cases for bench/kinds.py (set 3, all on the loopback web), written apart from
bench/kinds_cases/, bench/kinds_more/, bench/kinds_fresh/ and bench/kinds_fresh2/ by someone who
had not seen those: a folder per kind and language (comparison_en/, list_en/, ...), each with
its cases.json and a folder per case holding its documents' Markdown at their paths, in the same
format bench/kinds_cases/ uses. Every id starts with "fresh3-". Run them outside the two halves:

    .venv/bin/python bench/kinds.py --cases bench/kinds_fresh3/__init__.py --half extra
"""

from __future__ import annotations

from pathlib import Path

from bench.kinds_cases import collect
from bench.kinds_corpus import Case

FOLDER = Path(__file__).resolve().parent
PREFIX = "fresh3-"


def _collect() -> tuple[Case, ...]:
    found = collect(FOLDER)
    unprefixed = sorted(case.id for case in found if not case.id.startswith(PREFIX))
    if unprefixed:
        raise ValueError(f"case ids without {PREFIX!r}: {', '.join(unprefixed)}")
    for case in found:
        texts = [doc.text.lower() for doc in case.documents if not doc.off]
        for fact in case.facts:
            if not any(f.lower() in text for f in fact.figures for text in texts):
                raise ValueError(f"{case.id}: {fact.name}: no figure of it is in a document")
    return tuple(found)


CASES = _collect()
