"""The library's pages: search, collections, uploads without the script, documents, and saving
a web source into a collection."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from research.models import Collection, Document, DocumentStatus
from research.services import library
from tests.factories import add_sources, make_library_document, make_project

pytestmark = pytest.mark.django_db

MINUTES = b"# Minutes\n\nThe board approved the budget for 2026.\n"


@pytest.fixture(autouse=True)
def library_dir(settings, tmp_path):
    settings.DATA_DIR = tmp_path
    return tmp_path / "library"


@pytest.fixture
def board(member) -> Collection:
    return Collection.objects.create(name="Board", description="Minutes", created_by=member)


def stored(collection, content: bytes = MINUTES, name: str = "minutes.md", user=None) -> Document:
    """A document added the way the pages add one, with its file on disk."""
    added = library.add_document(collection, stream=io.BytesIO(content), filename=name, user=user)
    return added.document


def page_messages(response) -> list[str]:
    return [str(m) for m in response.context["messages"]]


# --- /library/: search, collections, recent documents ----------------------------------------


def test_search_shows_the_snippet_highlighted_and_escaped_with_its_locator_and_anchor(
    member_client,
):
    doc = make_library_document(
        [
            ("p. 1", "A cover page."),
            ("p. 2", "Revenue grew, said <script>alert(1)</script> the northern office."),
        ],
        title="Annual report 2025",
    )
    response = member_client.get("/library/", {"q": "revenue"})
    html = response.content.decode()
    results = html[html.index('id="results"') :]
    assert "<mark>Revenue</mark> grew" in results
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in results
    assert "<script>alert" not in html
    assert f'href="/library/documents/{doc.pk}/#passage-1"' in results
    assert "Annual report 2025</a>, p. 2" in results


def test_search_filters_by_collection_and_by_type(member_client, board):
    other = Collection.objects.create(name="Contracts")
    minutes = make_library_document(["The budget was approved."], collection=board, title="Jan")
    deal = make_library_document(
        ["The budget clause binds both parties."], collection=other, title="Deal", kind="docx"
    )

    def found(**filters) -> set[int]:
        html = member_client.get("/library/", {"q": "budget", **filters}).content.decode()
        return {int(pk) for pk in re.findall(r"/library/documents/(\d+)/#passage-", html)}

    assert found() == {minutes.pk, deal.pk}
    assert found(collection=board.pk) == {minutes.pk}
    assert found(kind="docx") == {deal.pk}
    assert found(collection=board.pk, kind="docx") == set()


def test_without_a_search_the_page_lists_collections_with_counts_and_recent_documents(
    member_client, board
):
    make_library_document(["Text."], collection=board, title="January minutes")
    make_library_document(["Text."], collection=board, title="Broken", status="failed")
    response = member_client.get("/library/")
    html = response.content.decode()
    assert 'id="results"' not in html
    assert response.context["results"] is None
    collections = html[html.index('id="collections"') : html.index('id="recent"')]
    assert f'href="/library/collections/{board.pk}/">Board</a>' in collections
    assert '<td class="num">2</td>' in collections
    recent = html[html.index('id="recent"') :]
    assert "January minutes" in recent
    assert '<span class="status status-failed">Failed</span>' in recent


def test_the_nav_links_to_the_library(member_client):
    assert b'<a href="/library/">Library</a>' in member_client.get("/").content


def test_a_collection_is_created_renamed_and_deleted_from_the_pages(member_client):
    response = member_client.post(
        "/library/collections/new/", {"name": "Papers", "description": "Read later"}
    )
    papers = Collection.objects.get(name="Papers")
    assert response.url == f"/library/collections/{papers.pk}/"
    member_client.post(
        f"/library/collections/{papers.pk}/edit/", {"name": "Reading", "description": ""}
    )
    papers.refresh_from_db()
    assert (papers.name, papers.description) == ("Reading", "")
    response = member_client.post(f"/library/collections/{papers.pk}/delete/")
    assert response.url == "/library/"
    assert not Collection.objects.exists()


def test_a_second_collection_with_the_same_name_is_refused_with_a_message(member_client, board):
    response = member_client.post(
        "/library/collections/new/", {"name": "Board"}, HTTP_REFERER="/library/", follow=True
    )
    assert Collection.objects.count() == 1
    assert 'A collection named "Board" already exists.' in page_messages(response)


# --- A collection's page and the upload form without the script ------------------------------


def test_the_collection_page_lists_documents_with_their_status_and_a_failure_reason(
    member_client, board
):
    ready = make_library_document(["One.", "Two."], collection=board, title="Ready one")
    locked = make_library_document(
        [], collection=board, title="Locked", status="failed", error="The PDF is encrypted."
    )
    waiting = make_library_document([], collection=board, title="Waiting", status="queued")
    html = member_client.get(f"/library/collections/{board.pk}/").content.decode()

    def row(doc) -> str:
        start = html.index(f'<tr id="document-{doc.pk}"')
        return html[start : html.index("</tr>", start)]

    assert 'data-status="ready"' in row(ready) and '<td class="num">2</td>' in row(ready)
    assert '<span class="status status-ready" data-badge>Ready</span>' in row(ready)
    assert '<span class="status status-failed" data-badge>Failed</span>' in row(locked)
    assert '<span class="error small" data-error>The PDF is encrypted.</span>' in row(locked)
    assert 'data-status="queued"' in row(waiting) and ">Queued</span>" in row(waiting)
    assert '<input type="file" name="file" multiple required>' in html


def test_a_big_collection_is_listed_a_hundred_documents_a_page(member_client, board):
    for number in range(101):
        make_library_document([], collection=board, title=f"Doc {number}")
    first = member_client.get(f"/library/collections/{board.pk}/").content.decode()
    assert first.count('<tr id="document-') == 100
    assert '<a href="?page=2">Older</a>' in first and "Page 1 of 2" in first
    second = member_client.get(f"/library/collections/{board.pk}/", {"page": 2})
    assert second.content.decode().count('<tr id="document-') == 1


def test_the_upload_form_adds_each_file_and_reports_a_duplicate_by_name(
    member_client, board, library_dir
):
    files = [
        SimpleUploadedFile("minutes.md", MINUTES),
        SimpleUploadedFile("copy of minutes.md", MINUTES),
    ]
    response = member_client.post(
        f"/library/collections/{board.pk}/upload/", {"file": files}, follow=True
    )
    document = Document.objects.get()
    assert (document.filename, document.status) == ("minutes.md", DocumentStatus.QUEUED)
    assert document.file.read() == MINUTES
    said = page_messages(response)
    assert said[0] == '"minutes.md" was added; it is read in the background.'
    assert said[1].startswith(
        f'These bytes are already in the library as "minutes" (document {document.pk}'
    )
    assert response.redirect_chain[-1][0] == f"/library/collections/{board.pk}/"


def test_a_file_over_the_limit_is_refused_with_the_reason_and_nothing_is_stored(
    member_client, board, library_dir, settings
):
    settings.LIBRARY_MAX_UPLOAD_MB = 1
    big = SimpleUploadedFile("scan.pdf", b"%PDF-1.4\n" + b"0" * (1536 * 1024))
    response = member_client.post(
        f"/library/collections/{board.pk}/upload/", {"file": [big]}, follow=True
    )
    assert not Document.objects.exists()
    (said,) = page_messages(response)
    assert said.startswith("“scan.pdf” was not added: The file is 1.5 MB; the library takes")
    assert "LIBRARY_MAX_UPLOAD_MB" in said
    stored_files = (
        [p for p in library_dir.rglob("*") if p.is_file()] if library_dir.exists() else []
    )
    assert stored_files == []


def test_files_over_the_limit_together_get_a_page_saying_to_choose_fewer(
    member_client, board, library_dir, settings
):
    settings.LIBRARY_MAX_UPLOAD_MB = 1
    files = [SimpleUploadedFile(f"part {i}.txt", bytes([i]) * (900 * 1024)) for i in range(3)]
    response = member_client.post(f"/library/collections/{board.pk}/upload/", {"file": files})
    assert response.status_code == 413
    html = response.content.decode()
    assert "The files chosen come to 2.6 MB; without the page’s script they are sent" in html
    assert "up to 1 MB at a time (LIBRARY_MAX_UPLOAD_MB)" in html
    assert response["Content-Security-Policy"].startswith("default-src 'self'")
    assert not Document.objects.exists()


def test_the_upload_form_without_files_says_to_choose_some(member_client, board):
    response = member_client.post(
        f"/library/collections/{board.pk}/upload/",
        {},
        HTTP_REFERER=f"/library/collections/{board.pk}/",
        follow=True,
    )
    assert page_messages(response) == ["Choose one or more files to add."]


# --- A document's page ---------------------------------------------------------------------


def test_the_document_page_shows_its_passages_in_order_with_anchors(member_client):
    doc = make_library_document(
        [("p. 1", "First page text."), ("slide 2", "Second text."), ("Intro › Scope", "Third.")]
    )
    html = member_client.get(f"/library/documents/{doc.pk}/").content.decode()
    anchors = re.findall(r'<article class="passage" id="passage-(\d+)">', html)
    assert anchors == ["0", "1", "2"]
    assert html.index("First page text.") < html.index("Second text.") < html.index("Third.")
    assert ">slide 2</a>" in html and ">Intro › Scope</a>" in html


def test_the_original_is_downloaded_as_an_attachment(member_client, board):
    doc = stored(board)
    response = member_client.get(f"/library/documents/{doc.pk}/download/")
    assert response.status_code == 200
    assert b"".join(response.streaming_content) == MINUTES
    assert response["Content-Disposition"] == 'attachment; filename="minutes.md"'


def test_a_missing_original_answers_404_with_the_reason(member_client):
    doc = make_library_document(["Text."])  # no file on disk
    response = member_client.get(f"/library/documents/{doc.pk}/download/")
    assert response.status_code == 404


def test_read_again_queues_a_failed_document(member_client):
    doc = make_library_document([], status="failed", error="The PDF is encrypted.")
    html = member_client.get(f"/library/documents/{doc.pk}/").content.decode()
    assert "Read again" in html and "The PDF is encrypted." in html
    response = member_client.post(f"/library/documents/{doc.pk}/extract/", follow=True)
    doc.refresh_from_db()
    assert (doc.status, doc.error) == (DocumentStatus.QUEUED, "")
    assert "is queued to be read again" in page_messages(response)[0]
    assert "Read again" not in response.content.decode()


def test_read_again_is_refused_for_a_ready_document(member_client):
    doc = make_library_document(["Text."])
    response = member_client.post(
        f"/library/documents/{doc.pk}/extract/",
        HTTP_REFERER=f"/library/documents/{doc.pk}/",
        follow=True,
    )
    assert "only a failed one is read again" in page_messages(response)[0]
    doc.refresh_from_db()
    assert doc.status == DocumentStatus.READY


def test_delete_removes_the_document_and_its_file(member_client, board):
    doc = stored(board)
    path = doc.file.path
    response = member_client.post(f"/library/documents/{doc.pk}/delete/")
    assert response.url == f"/library/collections/{board.pk}/"
    assert not Document.objects.exists()
    assert not Path(path).exists()


def test_cited_by_lists_the_live_projects_whose_sources_are_the_document(member, member_client):
    doc = make_library_document(["Revenue grew.", "Costs fell."])
    project = make_project(member, question="How did revenue change?")
    (source,) = add_sources(project, 1)
    source.document, source.passage, source.locator = doc, doc.passages.last(), "p. 2"
    source.save()
    gone = make_project(member, question="An old question in the trash")
    (old,) = add_sources(gone, 1)
    old.document = doc
    old.save()
    gone.deleted_at = gone.created_at
    gone.save()
    html = member_client.get(f"/library/documents/{doc.pk}/").content.decode()
    cited = html[html.index('id="cited-by"') : html.index('id="passages"')]
    assert "How did revenue change?" in cited
    assert f'<a href="/sources/{source.pk}/">[{source.n}]</a> p. 2' in cited
    assert "An old question" not in cited


# --- The source page: save a web page, or show the library passage ------------------------


def test_a_fetched_web_source_is_saved_to_a_collection_with_its_url(member, member_client, board):
    project = make_project(member)
    (source,) = add_sources(project, 1)
    html = member_client.get(f"/sources/{source.pk}/").content.decode()
    assert f'action="/sources/{source.pk}/library/"' in html
    assert f'<option value="{board.pk}">Board</option>' in html
    response = member_client.post(
        f"/sources/{source.pk}/library/", {"collection": board.pk}, follow=True
    )
    doc = Document.objects.get()
    assert (doc.collection, doc.source_url, doc.title) == (board, source.url, "Page 1")
    assert source.snapshot is not None and doc.fetched_at == source.snapshot.fetched_at
    assert doc.file.read().decode() == "# Page 1\n\nText of 1.\n"
    assert page_messages(response) == [f'"{doc.filename}" was added; it is read in the background.']


def test_a_library_source_links_to_its_passage_instead_of_offering_to_save(member, member_client):
    doc = make_library_document(["Revenue grew.", "Costs fell."], title="Annual report 2025")
    project = make_project(member)
    (source,) = add_sources(project, 1)
    source.document, source.passage, source.locator = doc, doc.passages.last(), "p. 2"
    source.save()
    html = member_client.get(f"/sources/{source.pk}/").content.decode()
    link = f'<a href="/library/documents/{doc.pk}/#passage-1">Annual report 2025</a>'
    assert f"From the library: {link}, p. 2" in html
    assert "Save to library" not in html


# --- Login -----------------------------------------------------------------------------------


def test_every_library_page_sends_anonymous_visitors_to_the_login_page(client, board):
    doc = make_library_document(["Text."], collection=board)
    for path in (
        "/library/",
        "/library/?q=text",
        f"/library/collections/{board.pk}/",
        f"/library/documents/{doc.pk}/",
        f"/library/documents/{doc.pk}/download/",
    ):
        response = client.get(path)
        assert (response.status_code, response.url.split("?")[0]) == (302, "/accounts/login/")
    for path in (
        "/library/collections/new/",
        f"/library/collections/{board.pk}/upload/",
        f"/library/documents/{doc.pk}/delete/",
    ):
        assert client.post(path).status_code == 302
    assert Document.objects.count() == 1
