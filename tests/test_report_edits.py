"""Members shape the report after a run (issue 34): hand edits through the API and the page."""

from __future__ import annotations

import re

import pytest

from research.models import ActivityEntry, Claim, Project, ProjectStatus
from research.views.reports import diff
from tests.factories import add_report
from tests.test_pipeline_run import research, run_inline

pytest_plugins = ["tests.api_fixtures"]
pytestmark = pytest.mark.usefixtures("fast_passwords")

ADDED = "Every WAL checkpoint was invented on the Moon in 1850"


def test_a_hand_edit_citing_no_source_of_the_project_answers_422_naming_it(api, finished_project):
    url = f"/api/projects/{finished_project.pk}/report"
    edited = "# SQLite WAL\n\nWAL works [1]. Readers never block [12].\n"
    response = api.put(url, {"markdown": edited, "base_version": 1})
    assert response.status_code == 422
    assert response.json()["errors"] == [
        {"field": "markdown", "message": "[12] cites no source of this project."}
    ]
    assert finished_project.reports.count() == 1


def test_a_hand_edit_from_a_version_no_longer_current_answers_409_naming_the_current(
    api, finished_project
):
    add_report(finished_project, list(finished_project.sources.all()))
    url = f"/api/projects/{finished_project.pk}/report"
    response = api.put(url, {"markdown": "# SQLite WAL\n\nWAL works [1].", "base_version": 1})
    assert response.status_code == 409
    assert "the current version is 2" in response.json()["detail"]
    assert finished_project.reports.count() == 2


def researched() -> Project:
    result, code = research(
        "How does SQLite WAL mode work?", "--engine", "extractive", "--queries", "2"
    )
    assert code == 0, result
    return Project.objects.get(pk=result["project_id"])


@pytest.mark.django_db(transaction=True)
def test_a_hand_edit_is_a_new_version_by_the_member_whose_ledger_checks_the_added_claim(
    world, member, api
):
    project = researched()
    first = project.reports.get(is_current=True)
    body, references = first.markdown.split("\n## References", 1)
    cited = sorted(first.cited_sources.values_list("n", flat=True))
    written = (
        f"{body.rstrip()}\n\n{ADDED} [{cited[0]}]. See https://example.com/moon too.\n\n"
        "## References\n\n[1] A list the member wrote. <https://example.com/list>\n"
    )
    answers = []
    url = f"/api/projects/{project.pk}/report"
    edit = {"markdown": written, "base_version": first.version}
    run_inline(lambda: answers.append(api.put(url, edit)), project)
    assert answers[0].status_code == 201, answers[0].json()
    answer = answers[0].json()
    assert (answer["version"], answer["created_by"], answer["is_current"]) == (
        first.version + 1,
        "alice",
        True,
    )
    project.refresh_from_db()
    assert project.status == ProjectStatus.DONE
    second = project.reports.get(is_current=True)
    assert second.created_by == member
    text, rebuilt = second.markdown.split("\n## References", 1)
    assert f"\n\n{ADDED} [{cited[0]}]. See" in text  # the bare URL removed, as a model's
    assert rebuilt == references  # ours, from the same sources, not the member's list
    assert "example.com" not in second.markdown

    shown = diff(project, str(first.version), str(second.version))
    added = "".join(p.text for s in shown["sections"] for p in s.pieces if p.kind == "add")
    assert ADDED in added
    claim = Claim.objects.get(report=second, sentence__contains=ADDED)
    assert claim.status == "unsupported" and claim.citations == [cited[0]]
    assert Claim.objects.filter(report=second).count() > 1  # the whole version was checked
    logged = ActivityEntry.objects.get(project=project, action="report_edited")
    assert (logged.actor, logged.detail) == (
        member,
        f"Edited the report by hand: v{second.version} from v{first.version}.",
    )


def test_the_page_offers_the_editor_and_a_preview_rendered_like_the_report(
    member_client, finished_project
):
    page = member_client.get(f"/projects/{finished_project.pk}/report/").content.decode()
    assert re.search(r'<textarea[^>]*name="markdown"', page)
    assert "WAL works [1]." in page
    url = f"/projects/{finished_project.pk}/report/preview/"
    preview = member_client.post(url, {"markdown": "## Hello\n\nWAL [1]. <script>x()</script>"})
    page = preview.content.decode()
    html = page.split('id="edit-preview">', 1)[1].split("</article>", 1)[0]
    assert "<h2>Hello</h2>" in html and "<script" not in html  # escaped, as in a report
    assert f'href="/sources/{finished_project.sources.get(n=1).pk}/' in html
    assert "## References" in html or ">References</h2>" in html  # rebuilt, as it would be
    assert "&lt;script&gt;x()" in page  # the text kept in the editor


def test_a_refused_edit_on_the_page_comes_back_in_the_editor_with_the_reason(
    member_client, finished_project
):
    url = f"/projects/{finished_project.pk}/report/edit/"
    response = member_client.post(url, {"markdown": "# T\n\nWAL [9].", "base_version": "1"})
    assert response.status_code == 422
    page = response.content.decode()
    assert "[9] cites no source of this project." in page and "WAL [9]." in page
    assert finished_project.reports.count() == 1


def test_the_page_saves_an_edit_as_a_new_version(member_client, finished_project, member):
    url = f"/projects/{finished_project.pk}/report/edit/"
    edited = "# SQLite WAL\n\nWAL works well [2].\n"
    response = member_client.post(url, {"markdown": edited, "base_version": "1"})
    assert response.status_code == 302
    latest = finished_project.reports.get(is_current=True)
    assert (latest.version, latest.created_by) == (2, member)
    assert latest.markdown.startswith("# SQLite WAL\n\nWAL works well [2].\n\n## References")
