"""More cases for bench/kinds.py, written apart from bench/kinds_cases/ by someone who had not
seen those: a folder per kind and language (comparison_en/, list_zh/, ...), each with its
cases.json and a folder per case holding its documents' Markdown at their paths, in the same
format bench/kinds_cases/ uses. Every id starts with "more-". Run them outside the two halves:

    .venv/bin/python bench/kinds.py --cases bench/kinds_more/__init__.py --half tune
"""

from __future__ import annotations

from pathlib import Path

from bench.kinds_cases import collect_extra

CASES = collect_extra(Path(__file__).resolve().parent, "more-")
