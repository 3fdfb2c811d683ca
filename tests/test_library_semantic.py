"""The library's optional semantic search: vectors from an OpenAI-compatible embeddings endpoint
(FakeLLM's /v1/embeddings, whose vectors put synonyms on one dimension), stored per passage and
fused with BM25 by reciprocal rank fusion."""

from __future__ import annotations

import math

import numpy as np
import pytest
from django.core.management import CommandError, call_command

from research import tasks
from research.models import Collection, Document, PassageEmbedding
from research.models.search import search_passages
from research.models.semantic import from_bytes, nearest_passages, store_vectors
from research.pipeline.shared import library as pipeline_library
from research.pipeline.shared import semantic
from research.providers.llm.embeddings import EmbeddingError, embed
from tests.factories import make_library_document
from tests.fakes import FakeLLM

pytestmark = pytest.mark.django_db
pytest_plugins = ["tests.api_fixtures"]

DOCTOR = "The doctor examined every patient twice before noon."
TRAIN = "The train left the station at noon with few passengers."
BUDGET = "Quarterly budget figures were approved by the board."


@pytest.fixture
def fake(settings):
    with FakeLLM() as server:
        settings.EMBEDDING_MODEL = "fake-embed"
        settings.EMBEDDING_BASE_URL = f"{server.url}/v1"
        settings.EMBEDDING_API_KEY = "k"
        settings.EMBEDDING_BATCH = 64
        settings.LLM_MAX_RETRIES = 0
        settings.LLM_TIMEOUT = 5
        yield server


def vectors() -> dict[int, np.ndarray]:
    return {row.passage_id: from_bytes(row.vector) for row in PassageEmbedding.objects.all()}


# --- The provider ---------------------------------------------------------------------------


def test_texts_are_embedded_in_batches_as_unit_vectors_in_order(fake, settings):
    settings.EMBEDDING_BATCH = 2
    found = embed(["physician", "doctor", "train", "budget", ""])
    assert [len(request["input"]) for request in fake.embedding_requests] == [2, 2, 1]
    assert all(math.isclose(float(np.linalg.norm(v)), 1.0, rel_tol=1e-6) for v in found)
    assert np.dot(found[0], found[1]) == pytest.approx(1.0)  # synonyms, one dimension
    assert np.dot(found[0], found[2]) == pytest.approx(0.0)
    assert fake.embedding_requests[0]["model"] == "fake-embed"


def test_a_rate_limited_embedding_call_is_retried(fake):
    fake.fail_next(429)
    assert len(embed(["doctor"])) == 1
    assert len(fake.embedding_requests) == 2


def test_a_refused_embedding_call_names_the_settings_to_change(fake):
    fake.fail_next(400, body={"error": {"message": "model not found"}})
    with pytest.raises(EmbeddingError) as caught:
        embed(["doctor"])
    assert "EMBEDDING_MODEL" in caught.value.reason
    assert "EMBEDDING_BASE_URL" in caught.value.reason
    assert "model not found" in caught.value.reason


# --- Vectors for passages -------------------------------------------------------------------


def test_a_read_documents_passages_get_their_vectors(fake):
    document = make_library_document([DOCTOR, TRAIN])
    assert semantic.embed_document(document.pk) == ", 2 vectors"
    stored = PassageEmbedding.objects.get(passage__position=0)
    assert (stored.model, stored.dims) == ("fake-embed", 64)
    assert set(vectors()) == set(document.passages.values_list("pk", flat=True))
    assert len(fake.embedding_requests) == 1


def test_an_embedding_failure_leaves_the_document_ready_and_found_by_bm25(fake):
    document = make_library_document([DOCTOR])
    fake.fail_next(500)
    outcome = semantic.embed_document(document.pk)
    document.refresh_from_db()
    assert document.status == "ready"
    assert "EMBEDDING_MODEL" in document.embedding_error and "500" in document.embedding_error
    assert "no vectors" in outcome
    assert not PassageEmbedding.objects.exists()
    assert [hit.passage.document_id for hit in search_passages("doctor")] == [document.pk]


def test_nothing_is_embedded_without_an_embedding_model(fake, settings):
    settings.EMBEDDING_MODEL = ""
    document = make_library_document([DOCTOR])
    assert semantic.embed_document(document.pk) == ""
    assert semantic.embed_missing(100).count == 0
    assert fake.embedding_requests == []


def test_embed_missing_gives_vectors_to_passages_stored_before_the_model_was_set(fake, settings):
    settings.EMBEDDING_MODEL = ""
    old = make_library_document([DOCTOR, TRAIN, BUDGET])
    make_library_document([DOCTOR], status="queued", sha256="9" * 64)
    settings.EMBEDDING_MODEL = "fake-embed"
    assert semantic.embed_missing(2).count == 2
    assert semantic.embed_missing(100).count == 1
    assert semantic.embed_missing(100).count == 0
    assert set(vectors()) == set(old.passages.values_list("pk", flat=True))


def test_passages_embedded_by_another_model_are_embedded_again(fake, settings):
    document = make_library_document([DOCTOR])
    settings.EMBEDDING_MODEL = "old-embed"
    semantic.embed_document(document.pk)
    settings.EMBEDDING_MODEL = "fake-embed"
    assert semantic.embed_missing(10).count == 1
    assert list(PassageEmbedding.objects.values_list("model", flat=True)) == ["fake-embed"]


def test_a_failure_in_embed_missing_is_recorded_on_the_documents_and_cleared_later(fake):
    document = make_library_document([DOCTOR])
    fake.fail_next(503)
    failed = semantic.embed_missing(10)
    assert failed.count == 0 and "503" in failed.error
    document.refresh_from_db()
    assert "503" in document.embedding_error
    assert semantic.embed_missing(10).count == 1
    document.refresh_from_db()
    assert document.embedding_error == ""


def test_the_watchdog_embeds_passages_that_have_no_vector(fake, settings):
    settings.EMBEDDING_MODEL = ""
    make_library_document([DOCTOR, TRAIN])
    settings.EMBEDDING_MODEL = "fake-embed"
    assert "2 passages embedded" in tasks.sweep()
    assert PassageEmbedding.objects.count() == 2


def test_embed_library_embeds_every_passage_and_says_so(fake, settings, capsys):
    settings.EMBEDDING_MODEL = ""
    make_library_document([DOCTOR, TRAIN, BUDGET])
    settings.EMBEDDING_MODEL = "fake-embed"
    settings.EMBEDDING_BATCH = 2
    call_command("embed_library")
    assert "3 passages embedded with fake-embed; 0 without a vector." in capsys.readouterr().out
    assert PassageEmbedding.objects.count() == 3


def test_embed_library_without_a_model_says_which_setting_to_set(settings):
    settings.EMBEDDING_MODEL = ""
    with pytest.raises(CommandError, match="EMBEDDING_MODEL is empty"):
        call_command("embed_library")


# --- Nearest passages -----------------------------------------------------------------------


def unit(*values: float) -> list[float]:
    norm = math.sqrt(sum(v * v for v in values))
    return [v / norm for v in values]


def test_nearest_passages_ranks_by_cosine_within_the_filters():
    team = Collection.objects.create(name="Team")
    here = make_library_document(["a", "b", "c"], collection=team)
    elsewhere = make_library_document(["d"], sha256="5" * 64)
    unread = make_library_document(["e"], status="extracting", sha256="6" * 64)
    a, b, c = here.passages.order_by("position")
    [d], [e] = elsewhere.passages.all(), unread.passages.all()
    store_vectors(
        "m",
        [
            (a.pk, unit(1, 1, 0)),
            (b.pk, unit(1, 0, 0)),
            (c.pk, unit(0, 0, 1)),  # orthogonal: not near at all
            (d.pk, unit(1, 0, 0)),
            (e.pk, unit(1, 0, 0)),
        ],
    )
    query = unit(1, 0, 0)
    found = nearest_passages(query, model="m", collections=[team.pk])
    assert [pk for pk, _ in found] == [b.pk, a.pk]
    assert found[1][1] == pytest.approx(1 / math.sqrt(2), rel=1e-6)
    assert {pk for pk, _ in nearest_passages(query, model="m")} == {a.pk, b.pk, d.pk}
    assert len(nearest_passages(query, model="m", limit=1)) == 1
    assert nearest_passages(query, model="other") == []


# --- Hybrid search --------------------------------------------------------------------------


def test_hybrid_search_finds_a_passage_that_shares_no_word_with_the_query(fake):
    document = make_library_document([TRAIN, DOCTOR, BUDGET])
    semantic.embed_document(document.pk)
    assert search_passages("physician") == []
    found = semantic.search("physician", limit=5)
    assert found.mode == "hybrid"
    assert found.hits[0].passage.text == DOCTOR
    assert found.hits[0].snippet == DOCTOR  # found by its vector alone: the passage's start


def test_both_rankings_count_in_the_fusion(fake):
    document = make_library_document([TRAIN, DOCTOR, BUDGET])
    semantic.embed_document(document.pk)
    found = semantic.search("physician train", limit=5)
    assert {hit.passage.text for hit in found.hits[:2]} == {TRAIN, DOCTOR}


def test_the_api_search_says_it_ranked_by_both(fake, api):
    document = make_library_document([TRAIN, DOCTOR])
    semantic.embed_document(document.pk)
    response = api.get("/api/library/search", {"q": "physician"})
    assert response.headers["X-Search-Mode"] == "hybrid"
    assert response.json()[0]["snippet"] == DOCTOR


def test_the_research_pipeline_finds_library_passages_by_meaning(fake):
    document = make_library_document([("p. 1", TRAIN), ("p. 7", DOCTOR)])
    semantic.embed_document(document.pk)
    [first, *_] = pipeline_library.find("physician", 5, [])
    assert first.title == "Annual report 2025, p. 7"


def test_without_an_embedding_model_search_is_bm25_alone_and_calls_nothing(fake, settings, api):
    settings.EMBEDDING_MODEL = ""
    make_library_document([TRAIN, DOCTOR])
    response = api.get("/api/library/search", {"q": "doctor"})
    assert response.headers["X-Search-Mode"] == "bm25"
    assert [hit["snippet"] for hit in response.json()] == [DOCTOR]
    assert semantic.search("physician").hits == []
    assert fake.embedding_requests == []


def test_before_any_passage_has_a_vector_search_does_not_embed_the_query(fake):
    make_library_document([DOCTOR])
    assert semantic.search("doctor").mode == "bm25"
    assert fake.embedding_requests == []


def test_search_falls_back_to_bm25_when_the_embeddings_endpoint_fails(fake, api):
    document = make_library_document([TRAIN, DOCTOR])
    semantic.embed_document(document.pk)
    fake.fail_next(500)
    response = api.get("/api/library/search", {"q": "doctor"})
    assert response.status_code == 200
    assert response.headers["X-Search-Mode"] == "bm25"
    assert [hit["snippet"] for hit in response.json()] == [DOCTOR]
    assert len(fake.embedding_requests) == 2  # the document's, then the failed query's
    assert Document.objects.get().status == "ready"


def test_nearest_passages_sees_vectors_stored_replaced_and_deleted_since_the_last_search():
    document = make_library_document(["a", "b"])
    a, b = document.passages.order_by("position")
    store_vectors("m", [(a.pk, unit(1, 0)), (b.pk, unit(0, 1))])
    assert [pk for pk, _ in nearest_passages(unit(1, 0), model="m")] == [a.pk]
    store_vectors("m", [(b.pk, unit(1, 1))])
    assert [pk for pk, _ in nearest_passages(unit(1, 0), model="m")] == [a.pk, b.pk]
    a.delete()
    assert [pk for pk, _ in nearest_passages(unit(1, 0), model="m")] == [b.pk]
    Document.objects.filter(pk=document.pk).update(status="failed")
    assert nearest_passages(unit(1, 0), model="m") == []
