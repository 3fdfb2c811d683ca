"""Scholarly papers inside a research run: a project's "scholarly" source.

`searchers` are the backends a project's "scholarly" source asks (providers/scholarly).
"""

from __future__ import annotations

from research.models.options import ProjectOptions
from research.providers.search import Searcher


def searchers(opts: ProjectOptions) -> list[Searcher]:
    """The scholarly search, when the project's sources name it."""
    if not opts.searches_scholarly:
        return []
    return []
