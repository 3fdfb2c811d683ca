"""The claim ledger API: a version's claims, members' reviews, and checking them again."""

import pytest

from research.models import ActivityAction, ActivityEntry, Claim, ProjectStatus, StepStatus
from research.pipeline.engine.registry import run_step
from tests.factories import add_report, add_sources, make_project

pytest_plugins = ["tests.api_fixtures"]
pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fast_passwords")]


@pytest.fixture
def checked(api, finished_project):
    """The finished project after its claims were checked through the API (the step run
    here: a test's transaction never commits, so nothing dispatches it)."""
    response = api.post(f"/api/projects/{finished_project.pk}/report/claims")
    assert response.status_code == 202, response.content
    step = response.json()
    assert (step["stage"], step["status"]) == ("claims", "queued")
    run_step(step["id"])
    finished_project.refresh_from_db()
    return finished_project


def test_it_lists_the_current_versions_claims_with_their_quotes_and_statuses(api, checked):
    (claim,) = api.get(f"/api/projects/{checked.pk}/report/claims").json()
    source = checked.sources.get(n=1)
    assert claim == {
        "id": Claim.objects.get().pk,
        "position": 0,
        "sentence": "WAL works [1].",
        "citations": [1],
        "source_ids": [source.pk],
        "quote": "",
        "quote_source_id": None,
        "score": 0.0,
        "status": "unsupported",
        "reason": "the cited source does not say it (0% of its terms at best)",
        "method": "lexical",
        "review": "",
        "review_note": "",
    }


def test_the_check_is_a_step_of_the_project_saying_what_it_found(api, checked):
    step = checked.steps.get(stage="claims")
    assert step.status == StepStatus.DONE
    assert step.detail.startswith("done with the extractive fallback (version 1: 1 claims")


def test_an_older_version_has_its_own_claims_and_an_unknown_one_is_404(
    api, checked, member, finished_project
):
    add_report(checked, list(checked.sources.all()), user=member)
    url = f"/api/projects/{checked.pk}/report/claims"
    assert api.get(url).json() == []  # the new version is not checked yet
    assert [c["sentence"] for c in api.get(url, {"version": 1}).json()] == ["WAL works [1]."]
    response = api.get(url, {"version": 7})
    assert response.status_code == 404 and "version 7" in response.json()["detail"]


def test_a_member_disputes_a_claim_with_a_note_and_the_activity_log_records_it(
    api, checked, member
):
    claim = Claim.objects.get()
    response = api.patch(
        f"/api/claims/{claim.pk}", {"review": "disputed", "note": "Source 1 says nothing."}
    )
    assert response.status_code == 200, response.content
    assert (response.json()["review"], response.json()["review_note"]) == (
        "disputed",
        "Source 1 says nothing.",
    )
    claim.refresh_from_db()
    assert (claim.reviewed_by, claim.reviewed_at is not None) == (member, True)
    entry = ActivityEntry.objects.get(action=ActivityAction.CLAIM_REVIEWED)
    assert (entry.project, entry.actor) == (checked, member)
    assert entry.detail.startswith(f"Disputed claim {claim.pk} of report v1: WAL works [1].")
    assert entry.detail.endswith("— Source 1 says nothing.")


def test_accepting_needs_no_note(api, checked):
    claim = Claim.objects.get()
    response = api.patch(f"/api/claims/{claim.pk}", {"review": "accepted"})
    assert response.status_code == 200
    assert response.json()["review"] == "accepted"


@pytest.mark.parametrize("body", [{"review": "maybe"}, {"review": ""}, {"note": "x"}, {}])
def test_a_review_other_than_accepted_or_disputed_is_refused(api, checked, body):
    claim = Claim.objects.get()
    response = api.patch(f"/api/claims/{claim.pk}", body)
    assert response.status_code == 422
    claim.refresh_from_db()
    assert claim.review == ""


def test_the_claims_of_a_project_in_the_trash_are_not_found(api, checked):
    claim = Claim.objects.get()
    type(checked).objects.filter(pk=checked.pk).update(deleted_at="2026-01-01T00:00:00Z")
    assert api.patch(f"/api/claims/{claim.pk}", {"review": "accepted"}).status_code == 404
    assert api.get(f"/api/projects/{checked.pk}/report/claims").status_code == 404


def test_claims_cannot_be_checked_while_the_project_is_a_draft_or_has_no_report(api, member):
    project = make_project(member, status=ProjectStatus.DRAFT)
    response = api.post(f"/api/projects/{project.pk}/report/claims")
    assert response.status_code == 409
    assert response.json()["detail"] == "The project has no report whose claims could be checked."


def test_a_check_for_a_source_of_another_project_is_404(api, checked, member):
    (foreign,) = add_sources(make_project(member), 1)
    url = f"/api/projects/{checked.pk}/report/claims"
    assert api.post(url, {"source_id": foreign.pk}).status_code == 404
