"""Fresh cases for bench/kinds.py, written by someone who had seen neither bench/kinds_cases/ nor
bench/kinds_more/: a folder per kind and language (comparison_en/, list_zh/, ...), each with its
cases.json and a folder per case holding its documents' Markdown at their paths, in the same
format bench/kinds_cases/ uses. Every id starts with "fresh-". Run them outside the two halves:

    .venv/bin/python bench/kinds.py --cases bench/kinds_fresh/__init__.py --half extra
"""

from __future__ import annotations

from pathlib import Path

from bench.kinds_cases import collect_extra

CASES = collect_extra(Path(__file__).resolve().parent, "fresh-")
