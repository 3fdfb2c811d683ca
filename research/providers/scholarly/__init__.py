"""Scholarly papers as sources: OpenAlex, arXiv, PubMed, Crossref and Semantic Scholar.

    from research.providers.scholarly import searcher
    results = searcher().search("heat pump efficiency in cold climates")

One module per API, each a `ScholarlyApi` (base.py) with its base URL setting; `searcher()` is
the one backend a project's "scholarly" source asks: the APIs SCHOLARLY_PROVIDERS names, their
papers merged by DOI (merged.py). Each result's `paper` is the work's metadata as Source.paper
keeps it.
"""

from __future__ import annotations

import httpx
from django.conf import settings

from research.providers.scholarly.arxiv import ArxivApi
from research.providers.scholarly.base import ENGINE, Paper, ScholarlyApi
from research.providers.scholarly.crossref import CrossrefApi
from research.providers.scholarly.merged import ScholarlySearch, merge
from research.providers.scholarly.openalex import OpenAlexApi
from research.providers.scholarly.pubmed import PubmedApi
from research.providers.scholarly.semanticscholar import SemanticScholarApi

__all__ = ["APIS", "ENGINE", "Paper", "ScholarlyApi", "ScholarlySearch", "merge", "searcher"]

APIS: dict[str, type[ScholarlyApi]] = {
    api.name: api for api in (OpenAlexApi, ArxivApi, PubmedApi, CrossrefApi, SemanticScholarApi)
}


def searcher(
    names: list[str] | None = None, *, transport: httpx.BaseTransport | None = None
) -> ScholarlySearch:
    """The scholarly search over `names` (default: SCHOLARLY_PROVIDERS)."""
    chosen = names if names is not None else settings.SCHOLARLY_PROVIDERS
    return ScholarlySearch([APIS[name](transport=transport) for name in chosen])
