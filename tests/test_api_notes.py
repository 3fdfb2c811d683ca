"""The notes API: any member annotates anything; only the author edits or deletes."""

import pytest

from research.models import Note
from tests.api_helpers import count_queries

pytest_plugins = ["tests.api_fixtures"]
pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fast_passwords")]


def _targets(project) -> dict[str, str]:
    query = project.queries.first()
    source = project.sources.first()
    return {
        "project": f"project:{project.pk}",
        "query": f"query:{query.pk}",
        "source": f"source:{source.pk}",
        "summary": f"summary:{source.summaries.first().pk}",
        "report": f"report:{project.reports.get().pk}",
    }


@pytest.mark.parametrize("kind", ["project", "query", "source", "summary", "report"])
def test_it_annotates_anything_in_a_project(api, finished_project, kind):
    target = _targets(finished_project)[kind]
    response = api.post("/api/notes", {"target": target, "text": " Worth a second look. "})
    assert response.status_code == 201
    body = response.json()
    assert (body["target"], body["text"], body["author"]) == (
        target,
        "Worth a second look.",
        "alice",
    )
    assert body["project_id"] == finished_project.pk
    listed = api.get("/api/notes", {"target": target}).json()
    assert body["id"] in [note["id"] for note in listed["items"]]


def test_notes_on_a_source_are_listed_oldest_first_and_only_those(api, finished_project, member):
    source = finished_project.sources.first()
    first = Note.objects.create(project=finished_project, source=source, author=member, text="1")
    second = Note.objects.create(project=finished_project, source=source, author=member, text="2")
    body = api.get("/api/notes", {"target": f"source:{source.pk}"}).json()
    assert [n["id"] for n in body["items"]] == [first.pk, second.pk]
    assert body["count"] == 2


def test_listing_notes_runs_the_same_sql_queries_for_3_or_30(api, finished_project, member):
    def add(count):
        for i in range(count):
            Note.objects.create(project=finished_project, author=member, text=str(i))

    url = "/api/notes"
    target = {"target": f"project:{finished_project.pk}"}
    add(2)
    few = count_queries(lambda: api.get(url, target))
    add(27)
    many = count_queries(lambda: api.get(url, target))
    assert few == many <= 6


@pytest.mark.parametrize("target", ["source", "source:", "page:3", "source:abc", "source:-1"])
def test_a_malformed_target_is_refused_naming_the_field(api, target):
    for response in (
        api.get("/api/notes", {"target": target}),
        api.post("/api/notes", {"target": target, "text": "x"}),
    ):
        assert response.status_code == 422
        assert response.json()["errors"][0]["field"] == "target"


def test_listing_notes_needs_a_target(api):
    response = api.get("/api/notes")
    assert response.status_code == 422
    assert response.json()["errors"][0]["field"] == "target"


def test_an_unknown_target_is_404(api):
    assert api.get("/api/notes", {"target": "source:9999"}).status_code == 404
    response = api.post("/api/notes", {"target": "query:9999", "text": "x"})
    assert response.status_code == 404
    assert response.json()["detail"] == "No query with id 9999."


@pytest.mark.parametrize("text", ["", "   ", "x" * 20_001])
def test_an_empty_or_too_long_note_is_refused(api, finished_project, text):
    response = api.post("/api/notes", {"target": f"project:{finished_project.pk}", "text": text})
    assert response.status_code == 422
    assert response.json()["errors"][0]["field"] == "text"


@pytest.fixture
def note(finished_project, member) -> Note:
    return finished_project.notes.get(author=member)


def test_the_author_edits_a_note(api, note):
    response = api.patch(f"/api/notes/{note.pk}", {"text": "Checked."})
    assert response.status_code == 200
    body = response.json()
    assert (body["text"], body["target"]) == ("Checked.", f"project:{note.project_id}")
    assert body["edited_at"]


def test_another_member_may_not_edit_a_note(other_api, note):
    response = other_api.patch(f"/api/notes/{note.pk}", {"text": "Mine now."})
    assert response.status_code == 403
    assert response.json() == {"detail": "Only the author can change or delete a note."}
    note.refresh_from_db()
    assert note.text == "Check the WAL docs."


def test_an_edit_cannot_empty_a_note(api, note):
    response = api.patch(f"/api/notes/{note.pk}", {"text": " "})
    assert response.status_code == 422


def test_the_author_deletes_a_note(api, note):
    assert api.delete(f"/api/notes/{note.pk}").status_code == 204
    assert not Note.objects.filter(pk=note.pk).exists()


def test_another_member_may_not_delete_a_note(other_api, note):
    assert other_api.delete(f"/api/notes/{note.pk}").status_code == 403
    assert Note.objects.filter(pk=note.pk).exists()
