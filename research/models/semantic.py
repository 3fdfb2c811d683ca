"""The passages nearest a vector: the library's semantic search, with numpy.

Vectors are PassageEmbedding rows, unit length, stored as float32 bytes in a plain column on
SQLite and on PostgreSQL alike. Neither sqlite-vec nor pgvector is used: Python's sqlite3 on the
machines we run on cannot load extensions, and pgvector is not packaged with every PostgreSQL.
So a search reads the vectors of the ready documents it may return, CHUNK rows at a time, and
keeps the best by their dot product with the query, which for unit vectors is the cosine. That is
a full scan, linear in the number of passages (see the README for figures).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import numpy as np
from django.db import connection

from research.models.library import PassageEmbedding
from research.models.search import document_filters

CHUNK = 4096


def to_bytes(vector: Sequence[float]) -> bytes:
    return np.asarray(vector, dtype="<f4").tobytes()


def from_bytes(data: bytes | memoryview) -> np.ndarray:
    return np.frombuffer(data, dtype="<f4")


def store_vectors(model: str, vectors: Iterable[tuple[int, Sequence[float]]]) -> int:
    """Save each passage's vector from `model`, replacing any vector it had."""
    rows = [
        PassageEmbedding(passage_id=pk, model=model, dims=len(vector), vector=to_bytes(vector))
        for pk, vector in vectors
    ]
    PassageEmbedding.objects.bulk_create(
        rows,
        update_conflicts=True,
        unique_fields=["passage"],
        update_fields=["model", "dims", "vector"],
    )
    return len(rows)


def nearest_passages(
    vector: Sequence[float],
    *,
    model: str,
    collections: Sequence[int] = (),
    kinds: Sequence[str] = (),
    documents: Sequence[int] = (),
    limit: int = 20,
) -> list[tuple[int, float]]:
    """(passage id, cosine similarity) of the ready documents' passages nearest `vector` (unit
    length) by `model`'s vectors, best first; only passages more similar than orthogonal."""
    query = np.asarray(vector, dtype=np.float32)
    if limit <= 0 or not query.size:
        return []
    where, params = document_filters(collections, kinds, documents)
    where, params = f"e.model = %s AND e.dims = %s AND {where}", [model, query.size, *params]
    best_ids = np.empty(0, dtype=np.int64)
    best_scores = np.empty(0, dtype=np.float32)
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT e.passage_id, e.vector FROM research_passageembedding e "
            "JOIN research_passage p ON p.id = e.passage_id "
            f"JOIN research_document d ON d.id = p.document_id WHERE {where}",
            params,
        )
        while rows := cursor.fetchmany(CHUNK):
            ids = np.fromiter((row[0] for row in rows), dtype=np.int64, count=len(rows))
            matrix = from_bytes(b"".join(row[1] for row in rows)).reshape(len(rows), query.size)
            best_ids, best_scores = _keep_best(
                np.concatenate([best_ids, ids]),
                np.concatenate([best_scores, matrix @ query]),
                limit,
            )
    order = np.argsort(-best_scores, kind="stable")
    return [(int(best_ids[i]), float(best_scores[i])) for i in order if best_scores[i] > 0.0]


def _keep_best(ids: np.ndarray, scores: np.ndarray, limit: int) -> tuple[np.ndarray, np.ndarray]:
    if scores.size <= limit:
        return ids, scores
    top = np.argpartition(-scores, limit - 1)[:limit]
    return ids[top], scores[top]
