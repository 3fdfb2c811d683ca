"""Done when: a script with a token does a whole research through the API alone.

The pipeline runs in-process (`inline_dispatch`) against the loopback fakes of the LLM, SearXNG and
the web; the steps run on threads, hence a transactional database.
"""

import time
from io import StringIO

import pytest
from django.core.management import call_command

from research.models import ProjectStatus
from research.pipeline.engine.registry import inline_dispatch
from tests.api_helpers import ApiClient
from tests.system import needs_pango

pytest_plugins = ["tests.api_fixtures"]
pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("fast_passwords"),
]

SETTLED = {"draft", "awaiting_review", "done", "failed", "cancelled"}


def watch(api: ApiClient, dispatcher, project_id: int, timeout: float = 60) -> dict:
    """Poll the project until it stops running and no step is left in flight."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        body = api.get(f"/api/projects/{project_id}").json()
        if body["status"] in SETTLED and dispatcher.idle.is_set():
            return body
        time.sleep(0.1)
    raise AssertionError(f"project {project_id} still {body['status']} after {timeout} s")


def ok(response, status: int = 200) -> dict:
    assert response.status_code == status, response.content
    return response.json()


def _token(member) -> str:
    out = StringIO()
    call_command("create_api_token", member.username, "--name", "script", stdout=out)
    return out.getvalue().strip()


def _create_and_finish(api, dispatcher) -> dict:
    options = {"queries": 2, "sources_per_query": 2, "reflection_rounds": 0}
    created = ok(
        api.post(
            "/api/projects",
            {"question": "How does SQLite WAL mode work?", "options": options, "start": True},
        ),
        201,
    )
    assert created["status"] == "planning"
    project = watch(api, dispatcher, created["id"])
    assert project["status"] == ProjectStatus.DONE, project["error"]
    assert project["report_version"] == 1
    assert project["counts"]["fetched"] >= 2 and project["counts"]["summaries"] >= 2
    assert project["tokens"]["total"] > 0
    return project


def _read_sources_and_summaries(api, project_id: int) -> None:
    sources = ok(api.get(f"/api/projects/{project_id}/sources"))["items"]
    fetched = [s for s in sources if s["fetch_status"] == "fetched"]
    assert fetched
    detail = ok(api.get(f"/api/sources/{fetched[0]['id']}"))
    assert detail["text"] and detail["summaries"]
    for summary in detail["summaries"]:
        assert all(quote in detail["text"] for quote in summary["quotes"])


def _edit_and_rerun_a_query(api, dispatcher, project_id: int) -> None:
    query = ok(api.get(f"/api/projects/{project_id}/queries"))["items"][0]
    edited = ok(api.patch(f"/api/queries/{query['id']}", {"text": "sqlite wal checkpoints"}))
    assert (edited["text"], edited["generation"]) == ("sqlite wal checkpoints", 1)
    assert watch(api, dispatcher, project_id)["status"] == "done"
    rerun = ok(api.post(f"/api/queries/{query['id']}/rerun"), 202)
    assert rerun["generation"] == 2
    project = watch(api, dispatcher, project_id)
    assert project["status"] == "done"
    assert project["report_version"] == 3  # each rerun writes a new version
    query = ok(api.get(f"/api/queries/{query['id']}"))
    assert query["status"] == "done"


def _add_a_source(api, dispatcher, world, project_id: int) -> None:
    url = world.web.page_url("wal-recovery-after-a-crash")
    added = ok(api.post(f"/api/projects/{project_id}/sources", {"url": url}), 201)
    assert (added["fetch_status"], added["pinned"]) == ("pending", True)
    assert watch(api, dispatcher, project_id)["status"] == "done"
    source = ok(api.get(f"/api/sources/{added['id']}"))
    assert source["fetch_status"] == "fetched"
    assert "recovery" in source["text"].lower()
    assert source["summaries"], "a manual source is summarised against the project's queries"


def _regenerate_and_download(api, dispatcher, project_id: int) -> None:
    step = ok(api.post(f"/api/projects/{project_id}/report", {"style": "academic"}), 202)
    assert step["stage"] == "report"
    project = watch(api, dispatcher, project_id)
    report = ok(api.get(f"/api/projects/{project_id}/report"))
    assert report["version"] == project["report_version"]
    assert report["style"] == "academic" and report["citations"]
    versions = ok(api.get(f"/api/projects/{project_id}/reports"))
    assert versions["count"] == report["version"]
    steps = ok(api.get(f"/api/projects/{project_id}/steps", {"stage": "report"}))
    assert step["id"] in [s["id"] for s in steps["items"]]
    url = f"/api/projects/{project_id}/report/export"
    markdown = api.get(url, {"format": "md"})
    assert markdown.status_code == 200
    assert report["markdown"].splitlines()[0] in markdown.content.decode()
    pdf = api.get(url, {"format": "pdf"})
    assert pdf.status_code == 200 and pdf.content.startswith(b"%PDF")


def _annotate(api, project_id: int) -> None:
    source = ok(api.get(f"/api/projects/{project_id}/sources"))["items"][0]
    target = f"source:{source['id']}"
    note = ok(api.post("/api/notes", {"target": target, "text": "Primary source."}), 201)
    notes = ok(api.get("/api/notes", {"target": target}))["items"]
    assert [n["id"] for n in notes] == [note["id"]]
    assert ok(api.get(f"/api/projects/{project_id}"))["counts"]["notes"] == 1


@needs_pango()  # it downloads the report as a PDF too
def test_a_script_with_a_token_does_a_whole_research(world, member):
    api = ApiClient(_token(member))
    with inline_dispatch() as dispatcher:
        project = _create_and_finish(api, dispatcher)
        _read_sources_and_summaries(api, project["id"])
        _edit_and_rerun_a_query(api, dispatcher, project["id"])
        _add_a_source(api, dispatcher, world, project["id"])
        _regenerate_and_download(api, dispatcher, project["id"])
        _annotate(api, project["id"])
