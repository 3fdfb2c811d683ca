"""Clarifying questions before a run: an ambiguous question waits for a member's answers, which
reach the plan; skipping plans from the question alone; a clear question never waits."""

from __future__ import annotations

import pytest

from research.models import ActivityAction, ActivityEntry, Project, ProjectStatus, StepRun
from research.services import runs
from research.services.api_tokens import create_token
from tests.api_helpers import ApiClient
from tests.factories import make_project
from tests.fakes.researcher import schema_name
from tests.test_pipeline_run import run_inline
from tests.test_worker_pipeline import settled, wait_for

pytestmark = pytest.mark.django_db(transaction=True)

JAGUAR = "How fast is a jaguar?"
POLICY = "What is the impact of the new policy?"
CAR = [
    ("Jaguar F-Type review: the fastest Jaguar car", "The sports car has a V8 engine; Land Rover"),
    ("Jaguar I-Pace electric car", "The electric car from Jaguar Land Rover; its engine and range"),
    ("Jaguar XJ sedan engine specs", "Jaguar's luxury car with a supercharged engine, Land Rover"),
]
CAT = [
    ("Jaguar - Wikipedia", "The jaguar (Panthera onca) is a large cat species of the Americas"),
    ("Jaguar facts: the big cat", "Jaguars are the largest cat species in the Americas, Panthera"),
    (
        "How fast can a jaguar run?",
        "The cat species Panthera onca sprints; a predator of the Americas",
    ),
]


def _senses(searx, question: str):
    """The first search of `question` finds a carmaker and a big cat; other searches, pages."""
    base = searx.page_base_url.rstrip("/")

    def results_for(query: str) -> list[dict]:
        if query != question:
            return searx.default_results(query)
        return [
            {"url": f"{base}/page/jaguar-{i}", "title": title, "content": snippet}
            for i, (title, snippet) in enumerate(CAR + CAT, start=1)
        ]

    return results_for


def _draft(member, question: str, **options) -> Project:
    options = {"clarify": True, "queries": 2, "reflection_rounds": 0, **options}
    return make_project(member, status=ProjectStatus.DRAFT, question=question, options=options)


def _start(member, question: str, **options) -> Project:
    return runs.start(_draft(member, question, **options), user=member)


def _api(member) -> ApiClient:
    return ApiClient(create_token(user=member)[1])


@pytest.mark.worker
def test_an_ambiguous_question_waits_for_answers_and_the_worker_plans_with_them(
    world, worker, member, member_client
):
    world.searx.results_for = _senses(world.searx, JAGUAR)
    project = _start(member, JAGUAR, engine="extractive")

    def waiting() -> bool:
        project.refresh_from_db()
        return project.status == ProjectStatus.AWAITING_CLARIFICATION

    wait_for(waiting, 120, worker, "the clarifying questions")

    [asked] = project.clarifications
    assert asked["id"] == "q1" and "jaguar" in asked["question"]
    cat = next(choice for choice in asked["choices"] if "cat" in choice)
    assert any("car" in choice for choice in asked["choices"] if choice != cat)
    assert not Project.objects.running().filter(pk=project.pk).exists()
    assert not project.sections.exists()  # nothing is planned before the answers
    listed = member_client.get("/?status=awaiting_clarification").content.decode()
    assert "Awaiting clarification" in listed and JAGUAR in listed
    page = member_client.get(f"/projects/{project.pk}/").content.decode()
    assert asked["question"] in page
    assert f'name="answer-q1" value="{cat}"' in page and "Skip" in page

    answer = _api(member).post(f"/api/projects/{project.pk}/clarify", {"answers": {"q1": cat}})
    assert answer.status_code == 202, answer.content
    # planning, or already past it: the worker may plan before the answer is read back
    assert answer.json()["status"] in {*ProjectStatus.running(), ProjectStatus.DONE}
    assert answer.json()["status"] != ProjectStatus.AWAITING_CLARIFICATION
    assert answer.json()["clarifications"][0]["answer"] == cat
    wait_for(lambda: settled(project), 180, worker, "the project to finish")

    assert project.status == ProjectStatus.DONE, project.error
    texts = list(project.queries.values_list("text", flat=True))
    assert texts and all("cat" in text.lower() for text in texts), texts
    page = member_client.get(f"/projects/{project.pk}/").content.decode()
    assert "Clarified before planning" in page and cat in page
    entry = ActivityEntry.objects.get(project=project, action=ActivityAction.CLARIFIED)
    assert entry.actor == member and cat in entry.detail


def test_the_answers_reach_the_models_plan_prompt(world, member):
    world.llm.responder.clarifying = [
        {"question": "Which policy do you mean?", "choices": ["The rent cap", "The 2026 tax act"]}
    ]
    project = _draft(member, POLICY, engine="llm")
    project = run_inline(lambda: runs.start(project, user=member), project)
    assert project.status == ProjectStatus.AWAITING_CLARIFICATION, project.error
    assert project.clarifications == [
        {
            "id": "q1",
            "question": "Which policy do you mean?",
            "choices": ["The rent cap", "The 2026 tax act"],
            "answer": "",
        }
    ]
    assert "PlanOutput" not in [schema_name(r) for r in world.llm.requests]

    api, answered = _api(member), []
    url = f"/api/projects/{project.pk}/clarify"
    project = run_inline(
        lambda: answered.append(api.post(url, {"answers": {"q1": "The rent cap"}})), project
    )

    assert answered[0].status_code == 202, answered[0].content
    assert project.status == ProjectStatus.DONE, project.error
    [plan] = [r for r in world.llm.requests if schema_name(r) == "PlanOutput"]
    prompt = plan["messages"][-1]["content"]
    assert "<clarifications>\n- Which policy do you mean? The rent cap\n</clarifications>" in prompt
    assert "answered clarifying questions" in plan["messages"][0]["content"]


def test_skipping_plans_from_the_question_alone(world, member):
    world.llm.responder.clarifying = [{"question": "Which country do you mean?", "choices": []}]
    project = _draft(member, POLICY, engine="llm")
    project = run_inline(lambda: runs.start(project, user=member), project)
    assert project.status == ProjectStatus.AWAITING_CLARIFICATION

    api, answered = _api(member), []
    url = f"/api/projects/{project.pk}/clarify"
    project = run_inline(lambda: answered.append(api.post(url, {"skip": True})), project)

    assert answered[0].status_code == 202 and project.status == ProjectStatus.DONE
    [plan] = [r for r in world.llm.requests if schema_name(r) == "PlanOutput"]
    assert "<clarifications>" not in plan["messages"][-1]["content"]
    assert project.clarifications[0]["answer"] == "" and project.clarified_at is not None
    assert ActivityEntry.objects.filter(
        project=project, action=ActivityAction.CLARIFIED, detail__startswith="Skipped"
    ).exists()


def test_a_clear_question_is_planned_without_waiting(world, member):
    project = _draft(member, "How does SQLite WAL mode work?", engine="extractive")
    project = run_inline(lambda: runs.start(project, user=member), project)
    assert project.status == ProjectStatus.DONE, project.error
    assert project.clarifications == [] and project.clarified_at is None
    step = StepRun.objects.get(project=project, key="clarify")
    assert step.detail == "the question is clear: nothing to ask"


def test_the_page_takes_a_written_answer_in_place(world, member, member_client):
    world.searx.results_for = _senses(world.searx, JAGUAR)
    project = _draft(member, JAGUAR, engine="extractive")
    project = run_inline(lambda: runs.start(project, user=member), project)
    assert project.status == ProjectStatus.AWAITING_CLARIFICATION
    form = {"answer-q1": "other", "other-q1": "the big cat of the Americas"}
    posted = []
    url = f"/projects/{project.pk}/clarify/"
    project = run_inline(lambda: posted.append(member_client.post(url, form)), project)

    assert posted[0].status_code == 302
    assert project.status == ProjectStatus.DONE, project.error
    assert project.clarifications[0]["answer"] == "the big cat of the Americas"
    assert all("americas" in q.lower() for q in project.queries.values_list("text", flat=True))


def test_answers_are_refused_with_the_reason(member):
    asked = [{"id": "q1", "question": "Which one?", "choices": ["A", "B"], "answer": ""}]
    project = make_project(
        member, status=ProjectStatus.AWAITING_CLARIFICATION, clarifications=asked
    )
    api = _api(member)
    url = f"/api/projects/{project.pk}/clarify"

    unknown = api.post(url, {"answers": {"q9": "A"}})
    assert unknown.status_code == 422
    assert unknown.json()["errors"][0]["field"] == "answers.q9"
    assert "q1" in unknown.json()["detail"]
    both = api.post(url, {"answers": {"q1": "A"}, "skip": True})
    assert both.status_code == 422 and "not both" in both.json()["detail"]
    empty = api.post(url, {"answers": {"q1": "  "}})
    assert empty.status_code == 422 and "skip" in empty.json()["detail"]
    project.refresh_from_db()
    assert project.status == ProjectStatus.AWAITING_CLARIFICATION  # nothing was lost

    done = make_project(member, status=ProjectStatus.DONE)
    refused = api.post(f"/api/projects/{done.pk}/clarify", {"skip": True})
    assert refused.status_code == 409
    assert "awaiting clarification" in refused.json()["detail"]


def test_a_project_waiting_for_answers_can_be_cancelled(member):
    asked = [{"id": "q1", "question": "Which one?", "choices": [], "answer": ""}]
    project = make_project(
        member, status=ProjectStatus.AWAITING_CLARIFICATION, clarifications=asked
    )
    answer = _api(member).post(f"/api/projects/{project.pk}/cancel", {})
    assert answer.status_code in (200, 202), answer.content
    project.refresh_from_db()
    assert project.status == ProjectStatus.CANCELLED
