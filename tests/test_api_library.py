"""The library through the API: collections, uploads, downloads, passages and search."""

from __future__ import annotations

import hashlib

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from research.models import Collection, Document, DocumentStatus
from tests.factories import make_library_document

pytestmark = pytest.mark.django_db
pytest_plugins = ["tests.api_fixtures"]

NOTES = b"# Minutes\n\nThe board approved the budget for 2026.\n"


@pytest.fixture(autouse=True)
def library_dir(settings, tmp_path):
    settings.DATA_DIR = tmp_path
    return tmp_path / "library"


@pytest.fixture
def collection(member) -> Collection:
    return Collection.objects.create(name="Board", description="Minutes", created_by=member)


def upload(api, collection_id, content: bytes = NOTES, name: str = "minutes.md"):
    return api.client.post(
        "/api/library/documents",
        {"file": SimpleUploadedFile(name, content), "collection": collection_id},
        headers=api.headers,
    )


def test_a_collection_is_created_listed_renamed_and_deleted(api):
    made = api.post("/api/library/collections", {"name": "Contracts", "description": "2025"})
    assert made.status_code == 201
    body = made.json()
    assert (body["name"], body["description"], body["documents"]) == ("Contracts", "2025", 0)
    listed = api.get("/api/library/collections").json()
    assert [c["name"] for c in listed["items"]] == ["Contracts"]
    renamed = api.patch(f"/api/library/collections/{body['id']}", {"name": "Deals"})
    assert renamed.json()["name"] == "Deals"
    assert api.delete(f"/api/library/collections/{body['id']}").status_code == 204
    assert api.get(f"/api/library/collections/{body['id']}").status_code == 404


def test_two_collections_cannot_share_a_name(api, collection):
    response = api.post("/api/library/collections", {"name": "Board"})
    assert response.status_code == 409
    assert "already exists" in response.json()["detail"]
    assert api.post("/api/library/collections", {"name": "  "}).status_code == 422


def test_an_upload_is_stored_under_its_sha256_and_queued(api, collection, library_dir):
    response = upload(api, collection.pk)
    assert response.status_code == 201, response.content
    document = response.json()
    assert document["duplicate"] is False
    digest = hashlib.sha256(NOTES).hexdigest()
    assert (document["status"], document["sha256"], document["size"]) == (
        "queued",
        digest,
        len(NOTES),
    )
    assert (document["filename"], document["collection"]) == ("minutes.md", "Board")
    assert (library_dir / digest[:2] / f"{digest}.md").read_bytes() == NOTES
    assert list((library_dir / "incoming").iterdir()) == []


def test_the_same_bytes_uploaded_twice_are_one_document_and_the_second_upload_says_so(
    api, collection, member
):
    first = upload(api, collection.pk).json()
    other = Collection.objects.create(name="Elsewhere")
    again = upload(api, other.pk, name="copy.md")
    assert again.status_code == 200
    body = again.json()
    assert body["duplicate"] is True
    assert (body["id"], body["status"]) == (first["id"], "queued")
    assert "already in the library" in body["message"] and "Board" in body["message"]
    assert Document.objects.count() == 1


def test_an_upload_over_the_size_limit_gets_a_413_and_nothing_is_stored(
    api, collection, settings, library_dir
):
    settings.LIBRARY_MAX_UPLOAD_MB = 1
    response = upload(api, collection.pk, b"x" * (2 * 1024 * 1024 + 10), "big.txt")
    assert response.status_code == 413
    assert "LIBRARY_MAX_UPLOAD_MB" in response.json()["detail"]
    assert Document.objects.count() == 0
    assert not any(p.is_file() for p in library_dir.rglob("*")) if library_dir.exists() else True


def test_a_file_just_over_the_limit_is_refused_after_reading_and_nothing_is_stored(
    api, collection, settings, library_dir
):
    settings.LIBRARY_MAX_UPLOAD_MB = 1
    response = upload(api, collection.pk, b"x" * (1024 * 1024 + 10), "edge.txt")
    assert response.status_code == 413
    assert Document.objects.count() == 0
    assert not any(p.is_file() for p in library_dir.rglob("*")) if library_dir.exists() else True


def test_an_empty_file_is_accepted_to_fail_in_the_worker(api, collection):
    response = upload(api, collection.pk, b"", "empty.pdf")
    assert response.status_code == 201
    assert response.json()["status"] == "queued"


def test_an_upload_to_a_missing_collection_is_a_404(api):
    assert upload(api, 999).status_code == 404


def test_the_original_is_downloaded_as_uploaded(api, collection):
    document = upload(api, collection.pk).json()
    response = api.get(document["download_url"])
    assert response.status_code == 200
    assert b"".join(response.streaming_content) == NOTES
    assert 'filename="minutes.md"' in response["Content-Disposition"]


def test_documents_are_listed_and_filtered_by_status(api, collection):
    make_library_document(["ready text"], collection=collection)
    make_library_document(["x"], collection=collection, status="failed", error="encrypted")
    listed = api.get("/api/library/documents", {"status": "failed"}).json()
    assert [d["error"] for d in listed["items"]] == ["encrypted"]
    assert api.get("/api/library/documents", {"status": "nonsense"}).status_code == 422


def test_passages_come_in_order_with_their_locators(api, collection):
    document = make_library_document([("p. 1", "one"), ("p. 2", "two")], collection=collection)
    body = api.get(f"/api/library/documents/{document.pk}/passages").json()
    assert [(p["locator"], p["text"]) for p in body["items"]] == [("p. 1", "one"), ("p. 2", "two")]
    assert api.get(f"/api/library/documents/{document.pk}").json()["passages"] == 2


def test_search_returns_ranked_hits_with_locators_and_highlighted_snippets(api, collection):
    make_library_document(
        [("p. 14", "Revenue <grew> by 12 percent in 2025."), ("p. 15", "Costs fell.")],
        collection=collection,
    )
    [hit] = api.get("/api/library/search", {"q": "revenue"}).json()
    assert (hit["locator"], hit["title"], hit["collection"]) == (
        "p. 14",
        "Annual report 2025",
        "Board",
    )
    assert hit["snippet"] == "Revenue <grew> by 12 percent in 2025."
    assert hit["snippet_html"] == "<mark>Revenue</mark> &lt;grew&gt; by 12 percent in 2025."
    assert api.get("/api/library/search", {"q": ""}).status_code == 422


def test_a_failed_document_can_be_read_again_and_only_a_failed_one(api, collection):
    failed = make_library_document(["x"], collection=collection, status="failed", error="bad")
    response = api.post(f"/api/library/documents/{failed.pk}/extract")
    assert response.status_code == 202
    assert (response.json()["status"], response.json()["error"]) == ("queued", "")
    assert api.post(f"/api/library/documents/{failed.pk}/extract").status_code == 409


def test_deleting_a_document_removes_its_file(api, collection, library_dir):
    document = upload(api, collection.pk).json()
    assert api.delete(f"/api/library/documents/{document['id']}").status_code == 204
    assert not any(p.is_file() for p in library_dir.rglob("*"))
    assert api.get(f"/api/library/documents/{document['id']}").status_code == 404


def test_a_fetched_web_source_is_saved_into_a_collection_with_its_url_and_fetch_time(
    api, finished_project, collection
):
    source = finished_project.sources.first()
    response = api.post(f"/api/sources/{source.pk}/library", {"collection": collection.pk})
    assert response.status_code == 201, response.content
    document = response.json()
    assert document["source_url"] == (source.snapshot.final_url or source.url)
    assert document["fetched_at"] is not None
    assert document["status"] == DocumentStatus.QUEUED
    stored = Document.objects.get(pk=document["id"])
    assert source.snapshot.text in stored.file.read().decode()


def test_the_library_needs_a_member(collection):
    from tests.api_helpers import ApiClient

    assert ApiClient(None).get("/api/library/collections").status_code == 401


def test_a_library_source_carries_its_document_and_locator_in_the_api(api, finished_project):
    document = make_library_document([("p. 14", "Revenue grew.")])
    source = finished_project.sources.first()
    source.document, source.locator = document, "p. 14"
    source.save()
    items = api.get(f"/api/projects/{finished_project.pk}/sources").json()["items"]
    row = next(item for item in items if item["id"] == source.pk)
    assert (row["document_id"], row["locator"]) == (document.pk, "p. 14")
    web = next(item for item in items if item["id"] != source.pk)
    assert (web["document_id"], web["locator"]) == (None, "")


def test_search_filters_by_collection_and_limits_the_hits(api, collection):
    other = Collection.objects.create(name="Other")
    mine = make_library_document(["Revenue grew in 2025."] * 3, collection=collection)
    make_library_document(["Revenue fell in 2025."], collection=other, sha256="f" * 64)
    hits = api.get("/api/library/search", {"q": "revenue", "collection": collection.pk}).json()
    assert {hit["document_id"] for hit in hits} == {mine.pk}
    assert len(api.get("/api/library/search", {"q": "revenue", "limit": 2}).json()) == 2
    assert api.get("/api/library/search", {"q": "revenue", "limit": 0}).status_code == 422
