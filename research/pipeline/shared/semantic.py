"""The library's optional semantic search: passages' vectors, and hybrid ranking.

With EMBEDDING_MODEL set, a document's passages are embedded when it has been read
(`embed_document`, in the worker, after it is ready: a failure leaves it ready and searched by
BM25, with the reason in `embedding_error`), and the watchdog embeds the passages that have no
vector from the current model (`embed_missing`: documents added before the setting was turned
on, or whose embedding failed). A search (`search`) then ranks by BM25 and by vectors together:
the full-text hits and the nearest passages by cosine, each list LIST_FACTOR times as long as the
answer, are fused by reciprocal rank fusion (RRF_K = 60). Without the setting, without any
vector yet, or when the query cannot be embedded, it is BM25 alone, and says so in `mode`.

Vectors are float32 bytes searched with numpy (models/semantic.py): neither sqlite-vec nor
pgvector, which this project cannot count on.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass

from django.conf import settings

from research.errors import NotConfigured
from research.models import Document, DocumentStatus, Passage, PassageEmbedding
from research.models.search import Hit, parse_terms, search_passages, snippet
from research.models.semantic import nearest_passages, store_vectors
from research.providers.llm import LLMError
from research.providers.llm import embeddings as provider

logger = logging.getLogger(__name__)
RRF_K = 60
LIST_FACTOR = 3


# --- Vectors for passages ------------------------------------------------------------------


def embed_passages(passages: Sequence[Passage]) -> int:
    """Embed and store the passages' texts (EmbeddingError when the endpoint fails)."""
    if not passages:
        return 0
    vectors = provider.embed([passage.text for passage in passages])
    return store_vectors(provider.model_name(), zip([p.pk for p in passages], vectors, strict=True))


def embed_document(document_id: int) -> str:
    """A ready document's passages, embedded; a failure is recorded on it, never raised."""
    if not provider.enabled():
        return ""
    passages = list(Passage.objects.filter(document_id=document_id).order_by("position"))
    try:
        count = embed_passages(passages)
    except (LLMError, NotConfigured) as exc:
        logger.warning("embedding the passages of document %s: %s", document_id, exc.reason)
        Document.objects.filter(pk=document_id).update(embedding_error=exc.reason[:4000])
        return f"; no vectors: {exc.reason}"
    Document.objects.filter(pk=document_id).exclude(embedding_error="").update(embedding_error="")
    return f", {count} vectors"


@dataclass(frozen=True)
class Embedded:
    count: int  # passages embedded
    error: str = ""  # why it stopped early, when it did


def missing_passages():
    """Passages of ready documents with no vector from the current model."""
    return (
        Passage.objects.filter(document__status=DocumentStatus.READY)
        .exclude(embedding__model=provider.model_name())
        .order_by("id")
    )


def embed_missing(limit: int) -> Embedded:
    """Up to `limit` passages with no vector from the current model, embedded a batch at a time.
    A failure stops it, recorded on the documents of the batch that failed."""
    if not provider.enabled() or limit <= 0:
        return Embedded(0)
    done = 0
    while done < limit:
        size = min(limit - done, max(1, settings.EMBEDDING_BATCH))
        batch = list(missing_passages()[:size])
        if not batch:
            break
        documents = {passage.document_id for passage in batch}
        try:
            done += embed_passages(batch)
        except (LLMError, NotConfigured) as exc:
            logger.warning("embedding passages for the library: %s", exc.reason)
            Document.objects.filter(pk__in=documents).update(embedding_error=exc.reason[:4000])
            return Embedded(done, exc.reason)
        Document.objects.filter(pk__in=documents).exclude(embedding_error="").update(
            embedding_error=""
        )
    return Embedded(done)


# --- Hybrid search --------------------------------------------------------------------------


@dataclass(frozen=True)
class Found:
    hits: list[Hit]
    mode: str  # "hybrid": BM25 and vectors fused; "bm25": full text alone


def search(
    text: str,
    *,
    collections: Sequence[int] = (),
    kinds: Sequence[str] = (),
    limit: int = 20,
) -> Found:
    """The library's passages that best match `text`, best first, by BM25 and by vectors when
    EMBEDDING_MODEL is set and passages have vectors, else by BM25 alone."""

    def bm25(size: int) -> list[Hit]:
        return search_passages(text, collections=collections, kinds=kinds, limit=size)

    if not provider.enabled() or not text.strip():
        return Found(bm25(limit), "bm25")
    model = provider.model_name()
    if not PassageEmbedding.objects.filter(model=model).exists():
        return Found(bm25(limit), "bm25")
    try:
        [vector] = provider.embed([text])
    except (LLMError, NotConfigured) as exc:
        logger.warning("library search by BM25 alone: the query was not embedded: %s", exc.reason)
        return Found(bm25(limit), "bm25")
    wide = limit * LIST_FACTOR
    nearest = nearest_passages(
        vector, model=model, collections=collections, kinds=kinds, limit=wide
    )
    return Found(_fuse(text, bm25(wide), nearest, limit), "hybrid")


def _fuse(text: str, full_text: list[Hit], nearest: list[tuple[int, float]], limit: int):
    """Reciprocal rank fusion: each list gives a passage 1 / (RRF_K + its rank)."""
    scores: dict[int, float] = {}
    for rank, pk in enumerate([hit.passage.pk for hit in full_text], start=1):
        scores[pk] = scores.get(pk, 0.0) + 1.0 / (RRF_K + rank)
    for rank, (pk, _) in enumerate(nearest, start=1):
        scores[pk] = scores.get(pk, 0.0) + 1.0 / (RRF_K + rank)
    ranked = sorted(scores, key=lambda pk: scores[pk], reverse=True)[:limit]
    known = {hit.passage.pk: hit for hit in full_text}
    rows = Passage.objects.select_related("document__collection").in_bulk(
        [pk for pk in ranked if pk not in known]
    )
    marks = parse_terms(text).highlights()
    hits: list[Hit] = []
    for pk in ranked:
        if pk in known:
            hits.append(Hit(known[pk].passage, scores[pk], known[pk].snippet))
        elif pk in rows:  # found by its vector alone: the snippet is the passage's start
            hits.append(Hit(rows[pk], scores[pk], snippet(rows[pk].text, marks)))
    return hits
