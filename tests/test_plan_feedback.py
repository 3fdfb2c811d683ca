"""Written feedback on a plan under review: the plan is made again as the feedback asks, by the
model (the test fake) or by rule (the extractive engine); the earlier plan is kept, and the
project awaits review again."""

from __future__ import annotations

import pytest

from research.models import ActivityAction, ActivityEntry, Project, ProjectStatus, Query
from research.services.api_tokens import create_token
from tests.api_helpers import ApiClient
from tests.factories import make_project
from tests.fakes.researcher import schema_name
from tests.test_pipeline_run import run_inline

pytestmark = pytest.mark.django_db(transaction=True)


def _reviewed(member, question: str, **options) -> Project:
    project = make_project(
        member,
        status=ProjectStatus.DRAFT,
        question=question,
        options={"review_plan": True, "reflection_rounds": 0, **options},
    )
    from research.services import runs

    project = run_inline(lambda: runs.start(project, user=member), project)
    assert project.status == ProjectStatus.AWAITING_REVIEW, project.error
    return project


def _titles(project: Project) -> list[str]:
    return list(project.sections.order_by("position").values_list("title", flat=True))


def _feedback(api: ApiClient, project: Project, text: str) -> Project:
    answers = []
    url = f"/api/projects/{project.pk}/plan/feedback"
    project = run_inline(lambda: answers.append(api.post(url, {"text": text})), project)
    assert answers[0].status_code == 202, answers[0].content
    # the answer reads the project as it is: the steps run on threads here, and the rule-made
    # plan of the extractive engine may be done before the answer is read
    assert answers[0].json()["status"] in {"planning", "awaiting_review"}
    return project


def test_feedback_through_the_api_makes_the_model_revise_the_plan(world, member):
    project = _reviewed(member, "How does SQLite WAL mode work?", queries=4)
    assert _titles(project) == ["Background", "Evidence"]
    api = ApiClient(create_token(user=member)[1])

    project = _feedback(api, project, "Drop the background, add costs.")

    assert project.status == ProjectStatus.AWAITING_REVIEW
    assert _titles(project) == ["Evidence", "Costs"]
    assert not Query.objects.filter(project=project, text__icontains="background").exists()
    assert Query.objects.filter(project=project, section__title="Costs").exists()
    plans = [r for r in world.llm.requests if schema_name(r) == "PlanOutput"]
    last = plans[-1]["messages"][-1]["content"]
    assert "<feedback>\nDrop the background, add costs.\n</feedback>" in last
    assert "## Background: What it is" in last  # the earlier plan, given to the model
    kept = api.get(f"/api/projects/{project.pk}/plan/feedback").json()
    assert [s["title"] for s in kept["previous"]["sections"]] == ["Background", "Evidence"]
    assert kept["sections_removed"] == ["Background"] and kept["sections_added"] == ["Costs"]
    assert ActivityEntry.objects.filter(
        project=project, action=ActivityAction.PLAN_EDITED, detail__contains="add costs"
    ).exists()


def test_the_extractive_engine_applies_the_feedback_by_rule(world, member, member_client):
    question = "Kestrel Robotics: funding history, products and competitors"
    project = _reviewed(member, question, engine="extractive", queries=6)
    before = _titles(project)
    assert "Funding history" in before

    api = ApiClient(create_token(user=member)[1])
    project = _feedback(api, project, "drop the funding history, add running costs")

    assert project.status == ProjectStatus.AWAITING_REVIEW
    after = _titles(project)
    assert after == [t for t in before if t != "Funding history"] + ["Running costs"]
    added = Query.objects.filter(project=project, section__title="Running costs")
    assert "Kestrel Robotics running costs" in added.values_list("text", flat=True)
    assert not Query.objects.filter(project=project, text__icontains="funding").exists()
    page = member_client.get(f"/projects/{project.pk}/review/").content.decode()
    assert "What the feedback changed" in page
    assert "<del>Funding history</del>" in page and "<ins>Running costs</ins>" in page
    assert "Make the plan again with this feedback" in page


def test_feedback_is_refused_unless_the_plan_awaits_review(member):
    project = make_project(member, status=ProjectStatus.RESEARCHING)
    api = ApiClient(create_token(user=member)[1])
    answer = api.post(f"/api/projects/{project.pk}/plan/feedback", {"text": "add costs"})
    assert answer.status_code == 409
    assert "awaiting review" in answer.json()["detail"]
    assert api.post(f"/api/projects/{project.pk}/plan/feedback", {"text": " "}).status_code == 422
    assert api.get(f"/api/projects/{project.pk}/plan/feedback").status_code == 404
