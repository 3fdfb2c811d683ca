"""The library end to end through the real worker: uploads read into passages, searched, and
researched with `sources: ["library"]`, citing documents with their page numbers."""

from __future__ import annotations

import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from research.models import Collection, Document, DocumentStatus, Project, ProjectStatus, Source
from research.services.api_tokens import create_token
from tests import library_files as files
from tests.api_helpers import ApiClient
from tests.test_worker_pipeline import settled, wait_for

pytestmark = [pytest.mark.worker, pytest.mark.django_db(transaction=True)]

COVER = ["SQLite internals, a field guide for the operations team."]
WAL_PAGE = [
    "In WAL mode SQLite writes every change to a separate write-ahead log file, not to the "
    "database file. Readers keep reading the database file together with the committed frames "
    "of the log, so readers do not block writers and a writer does not block readers."
]
CHECKPOINT_PAGE = [
    "A checkpoint copies the pages of the write-ahead log back into the database file. SQLite "
    "runs a checkpoint automatically when the log reaches 1000 pages, and a long-running reader "
    "can stop a checkpoint from finishing, so the log keeps growing."
]


def upload(api: ApiClient, collection: int, name: str, body: bytes):
    response = api.client.post(
        "/api/library/documents",
        {"file": SimpleUploadedFile(name, body), "collection": collection},
        headers=api.headers,
    )
    assert response.status_code == 201, response.content
    return response.json()["id"]


def test_uploads_are_read_by_the_worker_searched_and_researched_with_page_citations(
    world, worker, member
):
    api = ApiClient(create_token(user=member, name="tests")[1])
    shelf = Collection.objects.create(name="Field guides")
    guide = upload(
        api,
        shelf.pk,
        "guide.pdf",
        files.pdf([COVER, WAL_PAGE, CHECKPOINT_PAGE], title="SQLite field guide"),
    )
    deck = upload(
        api, shelf.pk, "ops.pptx", files.pptx([("WAL in practice", CHECKPOINT_PAGE[0], "")])
    )
    locked = upload(api, shelf.pk, "locked.pdf", files.encrypted(files.pdf([WAL_PAGE])))

    def read_all():
        return not Document.objects.filter(status__in=["queued", "extracting"]).exists()

    wait_for(read_all, 90, worker, "the documents to be read")
    statuses = dict(Document.objects.values_list("pk", "status"))
    assert statuses == {guide: "ready", deck: "ready", locked: "failed"}
    assert "encrypted PDF" in api.get(f"/api/library/documents/{locked}").json()["error"]

    [hit, *_] = api.get("/api/library/search", {"q": "readers block writers"}).json()
    assert (hit["document_id"], hit["locator"]) == (guide, "p. 2")

    response = api.post(
        "/api/projects",
        {
            "question": "How does SQLite WAL mode work?",
            "options": {"sources": ["library"], "engine": "extractive", "queries": 3},
            "start": True,
        },
    )
    assert response.status_code == 201, response.content
    project_id = response.json()["id"]
    project = Project.objects.get(pk=project_id)
    wait_for(lambda: settled(project), 120, worker, "the research to finish")
    assert project.status == ProjectStatus.DONE, project.error
    assert (world.searx.calls, world.web.calls) == (0, 0)
    report = project.reports.get(is_current=True).markdown
    cited = {int(n) for n in re.findall(r"\[(\d+)\]", report.split("## References")[0])}
    sources = {s.n: s for s in Source.objects.filter(project=project)}
    assert any(
        sources[n].document_id == guide and sources[n].locator in ("p. 2", "p. 3") for n in cited
    ), report
    assert re.search(
        r"\[\d+\] \[SQLite field guide, p\. [23]\]\(/library/documents/\d+/#passage-\d+\)", report
    )
    assert Document.objects.get(pk=guide).status == DocumentStatus.READY
