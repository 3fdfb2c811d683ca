"""The reports API: the current report, its versions, a new version, and the exports.

The export tests need research/output/export.py (report_markdown, report_pdf, export_filename) and
research/output/package.py (the ZIP).
"""

import io
import zipfile

import pytest

from research.models import ProjectStatus, StepRun
from tests.api_helpers import count_queries
from tests.factories import add_report, add_sources, make_project
from tests.system import needs_pango

pytest_plugins = ["tests.api_fixtures"]
pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fast_passwords")]


def test_it_shows_the_current_report_with_its_citations(api, finished_project):
    body = api.get(f"/api/projects/{finished_project.pk}/report").json()
    assert body["version"] == 1
    assert body["markdown"].startswith("# Report 1")
    assert body["citations"] == [1, 2]
    assert (body["style"], body["language"], body["is_current"]) == (
        "professional",
        "English",
        True,
    )
    assert body["created_at"]


def test_it_shows_an_older_version_on_request(api, finished_project, member):
    add_report(finished_project, list(finished_project.sources.all()), user=member)
    url = f"/api/projects/{finished_project.pk}/report"
    current = api.get(url).json()
    assert (current["version"], current["citations"], current["created_by"]) == (
        2,
        [1, 2, 3],
        "alice",
    )
    old = api.get(url, {"version": 1}).json()
    assert (old["version"], old["is_current"]) == (1, False)


def test_a_project_without_a_report_answers_404(api, member):
    project = make_project(member, status=ProjectStatus.RESEARCHING)
    response = api.get(f"/api/projects/{project.pk}/report")
    assert response.status_code == 404
    assert response.json()["detail"] == f"Project {project.pk} has no report yet."


def test_an_unknown_version_answers_404(api, finished_project):
    response = api.get(f"/api/projects/{finished_project.pk}/report", {"version": 7})
    assert response.status_code == 404
    assert "version 7" in response.json()["detail"]


def test_it_lists_the_versions_newest_first_without_their_text(api, finished_project):
    add_report(finished_project, list(finished_project.sources.all()))
    body = api.get(f"/api/projects/{finished_project.pk}/reports").json()
    assert body["count"] == 2
    assert [(r["version"], r["is_current"]) for r in body["items"]] == [(2, True), (1, False)]
    assert body["items"][1]["citations"] == [1, 2]
    assert "markdown" not in body["items"][0]


def test_listing_versions_runs_the_same_sql_queries_for_3_or_30(api, member):
    project = make_project(member)
    sources = add_sources(project, 3)
    for _ in range(3):
        add_report(project, sources, user=member)
    url = f"/api/projects/{project.pk}/reports"
    few = count_queries(lambda: api.get(url))
    for _ in range(27):
        add_report(project, sources, user=member)
    many = count_queries(lambda: api.get(url))
    assert few == many <= 7


def test_it_writes_a_new_version_and_answers_202_with_the_step(
    api, finished_project, llm_configured
):
    url = f"/api/projects/{finished_project.pk}/report"
    response = api.post(url, {"style": "academic", "language": "Deutsch", "citation_style": "apa"})
    assert response.status_code == 202
    body = response.json()
    step = StepRun.objects.get(pk=body["id"])
    assert (body["stage"], body["status"]) == ("report", "queued")
    assert step.params == {
        "style": "academic",
        "language": "Deutsch",
        "engine": "",
        "length": "",
        "citation_style": "apa",
    }
    finished_project.refresh_from_db()
    assert finished_project.status == ProjectStatus.WRITING


def test_a_new_version_needs_no_body(api, finished_project, llm_configured):
    response = api.post(f"/api/projects/{finished_project.pk}/report")
    assert response.status_code == 202
    params = StepRun.objects.get(pk=response.json()["id"]).params
    assert params == {
        "style": "",
        "language": "",
        "engine": "",
        "length": "",
        "citation_style": "",
    }


def test_an_unknown_style_is_refused_naming_the_field(api, finished_project, llm_configured):
    response = api.post(f"/api/projects/{finished_project.pk}/report", {"style": "haiku"})
    assert response.status_code == 422
    assert response.json()["errors"][0]["field"].startswith("style")


def test_writing_a_report_for_a_draft_is_409(api, member, llm_configured):
    project = make_project(member, status=ProjectStatus.DRAFT)
    response = api.post(f"/api/projects/{project.pk}/report")
    assert response.status_code == 409
    assert response.json()["detail"] == "No report can be written while the project is draft."


def test_writing_a_report_without_an_llm_is_503(api, finished_project, settings):
    settings.LLM_MODEL = ""
    assert api.post(f"/api/projects/{finished_project.pk}/report").status_code == 503


def test_an_extractive_version_of_an_llm_project_needs_no_llm(api, finished_project, settings):
    settings.LLM_MODEL = ""
    url = f"/api/projects/{finished_project.pk}/report"
    response = api.post(url, {"engine": "extractive"})
    assert response.status_code == 202
    assert StepRun.objects.get(pk=response.json()["id"]).params["engine"] == "extractive"


# --- Export (needs research/output/export.py) ---------------------------------------------------


def test_it_downloads_the_report_as_markdown(api, finished_project):
    response = api.get(f"/api/projects/{finished_project.pk}/report/export", {"format": "md"})
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/markdown")
    assert "attachment;" in response["Content-Disposition"]
    assert ".md" in response["Content-Disposition"]
    assert "WAL works" in response.content.decode()


@needs_pango()
def test_it_downloads_a_version_as_pdf(api, finished_project):
    add_report(finished_project, list(finished_project.sources.all()), markdown="# Second")
    response = api.get(
        f"/api/projects/{finished_project.pk}/report/export", {"format": "pdf", "version": 1}
    )
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    assert response.content.startswith(b"%PDF")
    assert ".pdf" in response["Content-Disposition"]


@needs_pango()
def test_it_downloads_a_version_as_an_evidence_package(api, finished_project):
    url = f"/api/projects/{finished_project.pk}/report/export"
    add_report(finished_project, list(finished_project.sources.all()), markdown="# Second [3]")
    response = api.get(url, {"format": "zip", "version": 1})
    assert response.status_code == 200
    assert response["Content-Type"] == "application/zip"
    assert "-v1.zip" in response["Content-Disposition"]
    with zipfile.ZipFile(io.BytesIO(response.content)) as archive:
        names = archive.namelist()
        markdown = archive.read("report.md")
    assert [n for n in names if n.startswith("sources/")] == [
        "sources/01-page-1.txt",
        "sources/02-page-2.txt",
    ]
    assert markdown == api.get(url, {"format": "md", "version": 1}).content
    assert api.get(url, {"format": "zip", "version": 1}).content == response.content


def test_an_unknown_version_has_no_evidence_package(api, finished_project):
    response = api.get(
        f"/api/projects/{finished_project.pk}/report/export", {"format": "zip", "version": 9}
    )
    assert response.status_code == 404


def test_an_unknown_export_format_is_refused(api, finished_project):
    response = api.get(f"/api/projects/{finished_project.pk}/report/export", {"format": "odt"})
    assert response.status_code == 422
    assert response.json()["errors"][0]["field"] == "format"


def test_exporting_a_project_without_a_report_is_404(api, member):
    project = make_project(member, status=ProjectStatus.DRAFT)
    response = api.get(f"/api/projects/{project.pk}/report/export", {"format": "md"})
    assert response.status_code == 404


def test_a_new_version_may_be_of_another_length_and_an_unknown_one_is_refused(
    api, finished_project, llm_configured
):
    url = f"/api/projects/{finished_project.pk}/report"
    refused = api.post(url, {"length": "short"})
    assert refused.status_code == 422 and "length" in refused.content.decode()
    response = api.post(url, {"length": "brief"})
    assert response.status_code == 202
    assert StepRun.objects.get(pk=response.json()["id"]).params["length"] == "brief"
