"""The passages nearest a vector: the library's semantic search, with numpy.

Vectors are PassageEmbedding rows, unit length, stored as float32 bytes in a plain column on
SQLite and on PostgreSQL alike. Neither sqlite-vec nor pgvector is used: Python's sqlite3 on the
machines we run on cannot load extensions, and pgvector is not packaged with every PostgreSQL.
So a search is an exact, brute-force scan: the dot product of the query with every vector of the
model (for unit vectors, the cosine), the ready documents' best kept.

Reading 100k vectors from the database takes about a second, so each process keeps the current
model's vectors in memory (`_matrix`: 100k passages of 384 dimensions take 150 MB) and reads them
again only when the table changed: its row count or its latest `stored_at`.
A scan of what is in memory takes milliseconds.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

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
        update_fields=["model", "dims", "vector", "stored_at"],
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
    matrix = _matrix(model, query.size)
    if not matrix.passages.size:
        return []
    scores = matrix.vectors @ query
    scores[~np.isin(matrix.documents, _documents(collections, kinds, documents))] = -np.inf
    top = (
        np.argpartition(-scores, limit - 1)[:limit]
        if scores.size > limit
        else np.arange(scores.size)
    )
    top = top[np.argsort(-scores[top], kind="stable")]
    return [(int(matrix.passages[i]), float(scores[i])) for i in top if scores[i] > 0.0]


def _documents(collections, kinds, documents) -> np.ndarray:
    """The ids of the documents a search may return: ready, and in the filters."""
    where, params = document_filters(collections, kinds, documents)
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT d.id FROM research_document d WHERE {where}", params)
        return np.fromiter((row[0] for row in cursor.fetchall()), dtype=np.int64)


@dataclass(frozen=True)
class _Matrix:
    signature: tuple
    passages: np.ndarray  # passage ids
    documents: np.ndarray  # their documents' ids
    vectors: np.ndarray  # one row per passage


_lock = threading.Lock()
_matrices: dict[tuple, _Matrix] = {}


def _matrix(model: str, dims: int) -> _Matrix:
    """The model's vectors, from memory unless the table changed since they were read."""
    key = (connection.alias, str(connection.settings_dict["NAME"]), model, dims)
    with connection.cursor() as cursor:
        # Two queries, each answered from the index alone (SQLite does not optimise MAX beside
        # COUNT): a row added, replaced or deleted changes one of them.
        signature: tuple = ()
        for aggregate in ("COUNT(*)", "MAX(stored_at)"):
            cursor.execute(
                f"SELECT {aggregate} FROM research_passageembedding WHERE model = %s AND dims = %s",
                [model, dims],
            )
            signature += (str(cursor.fetchone()[0]),)
    with _lock:  # one thread reads the table; the others wait for it and use what it read
        cached = _matrices.get(key)
        if cached is None or cached.signature != signature:
            _matrices.clear()  # the current model's only: the memory is the vectors' size
            cached = _matrices[key] = _read(model, dims, signature)
        return cached


def _read(model: str, dims: int, signature: tuple) -> _Matrix:
    passages: list[np.ndarray] = []
    documents: list[np.ndarray] = []
    vectors: list[np.ndarray] = []
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT e.passage_id, p.document_id, e.vector FROM research_passageembedding e "
            "JOIN research_passage p ON p.id = e.passage_id WHERE e.model = %s AND e.dims = %s",
            [model, dims],
        )
        while rows := cursor.fetchmany(CHUNK):
            passages.append(np.fromiter((row[0] for row in rows), np.int64, len(rows)))
            documents.append(np.fromiter((row[1] for row in rows), np.int64, len(rows)))
            vectors.append(from_bytes(b"".join(row[2] for row in rows)).reshape(-1, dims))
    if not passages:
        empty = np.empty(0, np.int64)
        return _Matrix(signature, empty, empty, np.empty((0, dims), np.float32))
    return _Matrix(
        signature, np.concatenate(passages), np.concatenate(documents), np.vstack(vectors)
    )
