"""The claim ledger's page: sentences coloured by status, the flagged ones first, the quote and
its source beside each, and members' reviews."""

from __future__ import annotations

import re

import pytest

from research.models import (
    ActivityAction,
    ActivityEntry,
    PageSnapshot,
    ProjectStatus,
    Source,
    Stage,
    StepRun,
    StepStatus,
)
from research.pipeline.engine.registry import run_step
from tests.factories import add_report, make_project

pytestmark = pytest.mark.django_db

TEXT = "Readers never block writers in WAL mode. A checkpoint copies pages back into the database."
REPORT = (
    "# WAL\n\n## How it works\n\nReaders never block writers in WAL mode [1]. "
    "Penguins migrate every winter [1].\n\n## References\n\n1. WAL\n"
)


@pytest.fixture
def checked(member):
    """A project whose report's claims were checked without a model."""
    project = make_project(
        member, status=ProjectStatus.WRITING, options={"engine": "extractive"}, title="WAL"
    )
    snapshot = PageSnapshot.objects.create(url="https://example.com/wal", text=TEXT)
    source = Source.objects.create(
        project=project, n=1, url=snapshot.url, title="WAL explained", snapshot=snapshot
    )
    report = add_report(project, [source], markdown=REPORT)
    step = StepRun.objects.create(
        project=project,
        stage=Stage.CLAIMS,
        key=f"claims:{report.pk}",
        params={"report_id": report.pk},
    )
    run_step(step.pk)
    return project, report


def test_the_claims_page_lists_the_flagged_first_and_colours_every_sentence(member_client, checked):
    project, report = checked
    response = member_client.get(f"/projects/{project.pk}/report/claims/")
    assert response.status_code == 200
    body = response.content.decode()
    flagged = body.split('id="flagged"')[1].split("</section>")[0]
    assert "Penguins migrate every winter [1]." in flagged and "Readers never" not in flagged
    assert re.search(r'class="claim claim-supported" tabindex="0"[^>]*>Readers never block', body)
    assert re.search(r'class="claim claim-unsupported" tabindex="0"[^>]*>Penguins', body)
    assert "“Readers never block writers in WAL mode.” — " in body
    assert f'href="/sources/{project.sources.get().pk}/">[1] WAL explained</a>' in body
    assert "version 1: 2 claims (1 supported, 1 unsupported)" in body


def test_the_report_page_links_to_its_claims(member_client, checked):
    project, report = checked
    body = member_client.get(f"/projects/{project.pk}/report/").content.decode()
    assert f'href="/projects/{project.pk}/report/claims/?version=1">Check claims</a>' in body


def test_a_member_disputes_a_claim_on_the_page_and_the_activity_log_records_it(
    member_client, member, checked
):
    project, report = checked
    claim = report.claims.get(status="unsupported")
    response = member_client.post(
        f"/claims/{claim.pk}/review/", {"review": "disputed", "note": "Off topic."}
    )
    assert response.status_code == 302
    assert response["Location"].endswith(f"?version=1#sentence-{claim.position}")
    claim.refresh_from_db()
    assert (claim.review, claim.review_note, claim.reviewed_by) == (
        "disputed",
        "Off topic.",
        member,
    )
    assert ActivityEntry.objects.filter(action=ActivityAction.CLAIM_REVIEWED, actor=member).exists()
    body = member_client.get(f"/projects/{project.pk}/report/claims/").content.decode()
    assert 'disputed</span> <span class="muted small">Off topic.</span>' in body


def test_a_review_that_is_neither_accept_nor_dispute_is_refused(member_client, checked):
    project, report = checked
    claim = report.claims.first()
    assert claim is not None
    member_client.post(f"/claims/{claim.pk}/review/", {"review": "maybe"})
    claim.refresh_from_db()
    assert claim.review == ""


def test_checking_again_from_the_page_queues_the_step(member_client, checked):
    project, report = checked
    project.steps.update(status=StepStatus.DONE)
    type(project).objects.transition(project.pk, ProjectStatus.DONE)
    response = member_client.post(f"/projects/{project.pk}/report/claims/check/")
    assert response.status_code == 302
    step = project.steps.filter(stage=Stage.CLAIMS).latest("created_at")
    assert (step.status, step.params) == (StepStatus.QUEUED, {"report_id": report.pk})
    project.refresh_from_db()
    assert project.status == ProjectStatus.WRITING


def test_a_version_without_a_check_says_so(member_client, member):
    project = make_project(member)
    add_report(project, [], markdown="# R\n\nNothing.")
    body = member_client.get(f"/projects/{project.pk}/report/claims/").content.decode()
    assert "were not checked yet" in body
    assert member_client.get(f"/projects/{project.pk}/report/claims/?version=9").status_code == 404


def test_the_version_diff_lists_the_claims_whose_status_changed(member_client, checked):
    project, first = checked
    second = add_report(
        project,
        list(project.sources.all()),
        markdown="# WAL\n\nReaders never block writers in WAL mode [1]. "
        "A checkpoint copies pages back into the database [1].\n",
    )
    step = StepRun.objects.create(
        project=project,
        stage=Stage.CLAIMS,
        key=f"claims:{second.pk}",
        params={"report_id": second.pk},
    )
    run_step(step.pk)
    body = member_client.get(f"/projects/{project.pk}/report/", {"a": 1, "b": 2}).content.decode()
    table = body.split('id="claim-changes"')[1].split("</table>")[0]
    rows = re.findall(r"<tr><td>(.*?)</td><td>(.*?)</td><td>(.*?)</td></tr>", table)
    assert [(s, re.sub(r"<[^>]+>", "", a), re.sub(r"<[^>]+>", "", b)) for s, a, b in rows] == [
        ("A checkpoint copies pages back into the database.", "not there", "supported"),
        ("Penguins migrate every winter.", "unsupported", "gone"),
    ]
