"""Fresh cases for bench/kinds.py (set 5, library and loopback web), written apart from the
other sets by someone who had not seen them: a folder per kind and language (comparison_en/,
trend_en/, ...), each with its cases.json and a folder per case holding its documents'
Markdown at their paths. Every id starts with "fresh5-". Run them outside the two halves:

    .venv/bin/python bench/kinds.py --cases bench/kinds_fresh5/__init__.py --half extra
"""

from __future__ import annotations

from pathlib import Path

from bench.kinds_cases import collect_extra

CASES = collect_extra(Path(__file__).resolve().parent, "fresh5-")
