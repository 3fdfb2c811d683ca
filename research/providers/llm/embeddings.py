"""Vectors for texts, from an OpenAI-compatible /v1/embeddings endpoint (EMBEDDING_MODEL).

The library's optional semantic search asks this for its passages' vectors and its queries'.
Requests go through the same openai client and retries as chat completions (calls.py), to
EMBEDDING_BASE_URL with EMBEDDING_API_KEY (the LLM's endpoint and key unless set), at most
EMBEDDING_BATCH texts each. Vectors come back normalised to unit length, so that their cosine
similarity is a dot product. Any failure is an EmbeddingError (an LLMError) whose reason names
EMBEDDING_MODEL and EMBEDDING_BASE_URL.
"""

from __future__ import annotations

import math
from typing import Any

from django.conf import settings

from research.errors import NotConfigured
from research.providers.llm import calls
from research.providers.llm.calls import LLMError


class EmbeddingError(LLMError):
    """The embeddings endpoint failed for good, or answered something that is not vectors."""


class EmbeddingsNotConfigured(NotConfigured):
    """EMBEDDING_MODEL is empty."""


def enabled() -> bool:
    """Whether semantic search is on: EMBEDDING_MODEL names a model."""
    return bool(settings.EMBEDDING_MODEL)


def model_name() -> str:
    return settings.EMBEDDING_MODEL


def embed(texts: list[str]) -> list[list[float]]:
    """One unit-length vector for each text, in order."""
    if not enabled():
        raise EmbeddingsNotConfigured(
            "No embeddings model is configured: set EMBEDDING_MODEL (and EMBEDDING_BASE_URL and "
            "EMBEDDING_API_KEY when it is not served where LLM_BASE_URL points)."
        )
    client = calls.openai_client(
        settings.EMBEDDING_BASE_URL, settings.EMBEDDING_API_KEY, settings.LLM_TIMEOUT
    )
    size = settings.EMBEDDING_BATCH
    vectors: list[list[float]] = []
    for start in range(0, len(texts), size):
        vectors += _batch(client, texts[start : start + size])
    return vectors


def _service(client: Any) -> str:
    return (
        f"The embeddings endpoint {client.base_url} (EMBEDDING_BASE_URL) for the model "
        f"{settings.EMBEDDING_MODEL} (EMBEDDING_MODEL)"
    )


def _batch(client: Any, texts: list[str]) -> list[list[float]]:
    # An empty input is refused by OpenAI; a space embeds as "nothing" everywhere.
    inputs = [text if text.strip() else " " for text in texts]
    try:
        response = calls.retried(
            lambda: client.embeddings.create(
                model=settings.EMBEDDING_MODEL, input=inputs, encoding_format="float"
            ),
            endpoint=str(client.base_url),
            model=settings.EMBEDDING_MODEL,
            service=_service(client),
        )
    except LLMError as exc:
        raise EmbeddingError(exc.reason) from None
    rows = sorted(response.data or [], key=lambda row: row.index)
    if len(rows) != len(inputs):
        raise EmbeddingError(
            f"{_service(client)} answered {len(rows)} vectors for {len(inputs)} texts."
        )
    return [_unit(list(row.embedding), client) for row in rows]


def _unit(vector: list[float], client: Any) -> list[float]:
    norm = math.sqrt(math.fsum(value * value for value in vector))
    if not vector or not math.isfinite(norm) or norm == 0.0:
        raise EmbeddingError(f"{_service(client)} answered an empty or zero vector.")
    return [value / norm for value in vector]
