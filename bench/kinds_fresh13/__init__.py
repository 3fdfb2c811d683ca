"""Fresh cases for bench/kinds.py (set 13: fact, list, comparison and brief, English and
Chinese, library), written apart from the other sets by someone who had not seen them. Every
id starts with "fresh13-". Run them outside the two halves:

    .venv/bin/python bench/kinds.py --cases bench/kinds_fresh13/__init__.py --half extra
"""

from __future__ import annotations

from pathlib import Path

from bench.kinds_cases import collect_extra

CASES = collect_extra(Path(__file__).resolve().parent, "fresh13-")
