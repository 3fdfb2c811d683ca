"""The cases of bench/kinds.py: one module per kind and language (fact_en.py, fact_zh.py, ...),
each defining CASES; collected here in the modules' order."""

from __future__ import annotations

import importlib
import pkgutil

from bench.kinds_corpus import Case


def _collect() -> tuple[Case, ...]:
    found: list[Case] = []
    for module in sorted(m.name for m in pkgutil.iter_modules(__path__)):
        found += importlib.import_module(f"{__name__}.{module}").CASES
    ids = [case.id for case in found]
    doubled = sorted({i for i in ids if ids.count(i) > 1})
    if doubled:
        raise ValueError(f"case ids used twice: {', '.join(doubled)}")
    return tuple(found)


CASES = _collect()
