"""Fresh cases for bench/kinds.py (set 12: every kind, English and Chinese, library and
loopback web), written apart from the other sets by someone who had not seen them. Every id
starts with "fresh12-". Run them outside the two halves:

    .venv/bin/python bench/kinds.py --cases bench/kinds_fresh12/__init__.py --half extra
"""

from __future__ import annotations

from pathlib import Path

from bench.kinds_cases import collect_extra

CASES = collect_extra(Path(__file__).resolve().parent, "fresh12-")
