"""Follow-up questions: answered from a project's stored sources, by the model or extractively,
and researched further when the sources do not cover them."""

from __future__ import annotations

import json
import re

import pytest

from research.limits import QUESTION_MAX
from research.models import (
    Project,
    ProjectStatus,
    Query,
    Question,
    QuestionStatus,
    Source,
    Stage,
    StepRun,
    StepStatus,
)
from tests.fakes.researcher import schema_name
from tests.test_pipeline_run import research, run_inline

pytest_plugins = ["tests.api_fixtures"]
pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("fast_passwords")]

COVERED = "How does SQLite WAL mode work?"
UNCOVERED = "What do beekeepers feed honeybees during winter?"


def finished(engine: str) -> Project:
    result, code = research(COVERED, "--engine", engine)
    assert code == 0, result
    return Project.objects.get(pk=result["project_id"])


def ask(api, project: Project, text: str) -> dict:
    """Ask through the API and let the worker's runner answer it here."""
    answered: dict = {}

    def post() -> None:
        response = api.post(f"/api/projects/{project.pk}/questions", {"question": text})
        assert response.status_code == 202, response.content
        answered.update(response.json())

    run_inline(post, project)
    response = api.get(f"/api/questions/{answered['id']}")
    assert response.status_code == 200
    return response.json()


def assert_cites_own_sources(project: Project, answer: dict) -> None:
    numbers = dict(Source.objects.filter(project=project).values_list("n", "pk"))
    assert answer["citations"]
    for citation in answer["citations"]:
        assert numbers[citation["n"]] == citation["source_id"]
        assert f"[{citation['n']}]" in answer["answer"]
    assert {int(n) for n in re.findall(r"\[(\d+)\]", answer["answer"])} <= set(numbers)


@pytest.mark.parametrize("engine", ["llm", "extractive"])
def test_a_question_is_answered_from_the_stored_sources_citing_the_projects_numbers(
    world, api, engine
):
    project = finished(engine)
    searches, pages = len(world.searx.requests), len(world.web.requests)
    answer = ask(api, project, "How do checkpoints work in SQLite WAL mode?")
    assert (answer["status"], answer["covered"], answer["method"]) == ("done", True, engine)
    assert_cites_own_sources(project, answer)
    assert "[99]" not in answer["answer"]  # the model's invented number is dropped
    assert answer["author"] == "alice" and answer["queries"] == []
    assert (len(world.searx.requests), len(world.web.requests)) == (searches, pages)
    step = StepRun.objects.get(project=project, stage=Stage.ANSWER)
    assert step.status == StepStatus.DONE and "passages" in step.detail
    project.refresh_from_db()
    assert project.status == ProjectStatus.DONE and project.reports.count() == 1
    listed = api.get(f"/api/projects/{project.pk}/questions").json()
    assert [q["id"] for q in listed["items"]] == [answer["id"]]


def test_an_extractive_answer_quotes_the_sources_verbatim(world, api):
    project = finished("extractive")
    answer = ask(api, project, "How do checkpoints work in SQLite WAL mode?")
    texts = {s.n: s.text for s in Source.objects.filter(project=project)}
    quotes = re.findall(r"“(.*?)” \[(\d+)\]", answer["answer"], re.S)
    assert quotes
    for quote, n in quotes:
        assert quote in texts[int(n)]


@pytest.mark.parametrize("engine", ["llm", "extractive"])
def test_an_uncovered_question_says_so_and_offers_the_searches_that_would_cover_it(
    world, api, engine
):
    project = finished(engine)
    answer = ask(api, project, UNCOVERED)
    assert answer["status"] == "done" and answer["covered"] is False
    assert answer["answer"].startswith("The project's sources do not answer this question.")
    assert answer["queries"]


def test_researching_an_uncovered_question_adds_a_section_runs_only_it_and_answers_again(
    world, api
):
    project = finished("llm")
    versions = list(project.reports.values_list("pk", flat=True))
    queries_before = set(Query.objects.filter(project=project).values_list("pk", flat=True))
    answer = ask(api, project, UNCOVERED)
    assert answer["covered"] is False

    def research_it() -> None:
        response = api.post(f"/api/questions/{answer['id']}/research")
        assert response.status_code == 202, response.content
        assert response.json()["status"] == "queued"

    project = run_inline(research_it, project)
    assert project.status == ProjectStatus.DONE
    question = Question.objects.get(pk=answer["id"])
    assert question.section is not None and question.section.title == UNCOVERED
    added = Query.objects.filter(project=project).exclude(pk__in=queries_before)
    assert {q.section_id for q in added} == {question.section_id}  # no reflection follow-up
    assert [q.text for q in added] == answer["queries"]
    assert list(project.reports.values_list("pk", flat=True)) == versions  # no new version
    again = api.get(f"/api/questions/{answer['id']}").json()
    assert (again["status"], again["covered"]) == ("done", True), again
    assert_cites_own_sources(project, again)
    assert {c["source_id"] for c in again["citations"]} <= set(
        Source.objects.filter(results__query__in=added).values_list("pk", flat=True)
    )
    assert StepRun.objects.filter(project=project, stage=Stage.ANSWER).count() == 2


def test_a_covered_question_cannot_be_researched_and_a_failed_project_must_be_resumed(world, api):
    project = finished("extractive")
    answer = ask(api, project, "How do checkpoints work in SQLite WAL mode?")
    response = api.post(f"/api/questions/{answer['id']}/research")
    assert response.status_code == 409
    assert "already answer" in response.json()["detail"]


@pytest.mark.parametrize(
    "body, field",
    [({"question": "   "}, "question"), ({"question": "x" * (QUESTION_MAX + 1)}, "question")],
)
def test_an_empty_or_too_long_question_is_refused(world, api, body, field):
    project = finished("extractive")
    response = api.post(f"/api/projects/{project.pk}/questions", body)
    assert response.status_code == 422, response.content
    assert field in response.content.decode()
    assert not Question.objects.exists()


def test_a_project_without_a_fetched_source_cannot_be_asked(api, member):
    from tests.factories import make_project

    project = make_project(member, status=ProjectStatus.DRAFT)
    response = api.post(f"/api/projects/{project.pk}/questions", {"question": "Why?"})
    assert response.status_code == 409
    assert "no fetched source" in response.json()["detail"]


def test_the_questions_of_a_project_in_the_trash_are_not_found(world, api, member):
    from research.services import trash

    project = finished("extractive")
    answer = ask(api, project, "How do checkpoints work in SQLite WAL mode?")
    trash.trash(project, user=member)
    assert api.get(f"/api/questions/{answer['id']}").status_code == 404
    assert api.get(f"/api/projects/{project.pk}/questions").status_code == 404


def test_when_the_model_fails_the_answer_falls_back_to_quotes_or_fails_with_the_reason(
    world, api, settings
):
    project = finished("llm")
    settings.LLM_BASE_URL = "http://127.0.0.1:9/v1"  # nothing listens there
    settings.LLM_MAX_RETRIES = 0
    answer = ask(api, project, "How do checkpoints work in SQLite WAL mode?")
    assert (answer["status"], answer["method"]) == ("done", "fallback")
    assert "“" in answer["answer"]
    step = StepRun.objects.get(project=project, stage=Stage.ANSWER)
    assert "the LLM failed" in step.detail
    project.options = {**project.options, "fallback": False}
    project.save(update_fields=["options"])
    answer = ask(api, project, "How do checkpoints work in SQLite WAL mode?")
    assert answer["status"] == "failed" and "LLM_MAX_RETRIES" in answer["error"]
    project.refresh_from_db()
    assert project.status == ProjectStatus.DONE and not project.error
    assert Question.objects.get(pk=answer["id"]).status == QuestionStatus.FAILED


def test_members_add_notes_to_a_question(world, api):
    project = finished("extractive")
    answer = ask(api, project, "How do checkpoints work in SQLite WAL mode?")
    target = f"question:{answer['id']}"
    response = api.post("/api/notes", {"target": target, "text": "Check the second quote."})
    assert response.status_code == 201, response.content
    listed = api.get("/api/notes", {"target": target}).json()
    assert [n["text"] for n in listed["items"]] == ["Check the second quote."]


def test_cancelling_or_resuming_a_run_leaves_a_question_being_answered_alone(world, member):
    from research.pipeline.engine.registry import run_step
    from research.services import questions, runs

    project = finished("extractive")
    runs.rerun_query(project.queries.all()[0], user=member)  # a run, with nobody to work it
    question = questions.ask(project, text="How do checkpoints work in WAL mode?", user=member)
    runs.cancel(Project.objects.get(pk=project.pk), user=member)
    step = StepRun.objects.get(project=project, stage=Stage.ANSWER)
    assert step.status == StepStatus.QUEUED  # not the run's to cancel
    assert StepRun.objects.filter(project=project, status=StepStatus.CANCELLED).exists()
    run_step(step.pk)
    question.refresh_from_db()
    assert question.status == QuestionStatus.DONE and question.covered


def _answering(world, answer: str, covered: bool = True):
    """The model answers the question prompt with `answer`; every other prompt as before."""
    others = world.llm.responder

    def responder(request):
        if schema_name(request) == "QuestionAnswer":
            return json.dumps({"covered": covered, "answer": answer, "queries": []})
        return others(request)

    world.llm.responder = responder


def _stored_sentence(project: Project) -> tuple[int, str]:
    """A long sentence of a stored source, as the source has it."""
    for source in Source.objects.filter(project=project, snapshot__isnull=False).order_by("n"):
        for sentence in re.split(r"(?<=\.)\s+", source.text):
            if 60 <= len(sentence) <= 300 and sentence.endswith("."):
                return source.n, sentence
    raise AssertionError("no long sentence stored")


@pytest.mark.parametrize("covered", [True, False])
def test_a_model_answer_citing_nothing_is_replaced_by_the_passages_quoted_and_cited(
    world, api, covered
):
    project = finished("llm")
    _, sentence = _stored_sentence(project)
    _answering(world, f"Here is what I know. {sentence}", covered=covered)
    answer = ask(api, project, "How do checkpoints work in SQLite WAL mode?")
    assert answer["method"] == "fallback" and answer["citations"]
    assert answer["answer"].startswith("The model's answer cited none of the")
    assert "Here is what I know" not in answer["answer"]
    assert_cites_own_sources(project, answer)
    step = StepRun.objects.get(project=project, stage=Stage.ANSWER)
    assert "cited none of the" in step.detail


def test_a_sentence_of_the_answer_that_a_source_says_word_for_word_is_cited_to_it(world, api):
    project = finished("llm")
    n, sentence = _stored_sentence(project)
    other = 1 if n != 1 else 2
    _answering(world, f"Checkpoints copy pages back [{other}]. {sentence}")
    answer = ask(api, project, "How do checkpoints work in SQLite WAL mode?")
    assert answer["method"] == "llm"
    assert sentence[:-1] + f" [{n}]." in answer["answer"]
    assert {c["n"] for c in answer["citations"]} == {n, other}


def test_a_model_answer_holding_the_prompts_tags_is_replaced_by_the_passages_saying_why(world, api):
    project = finished("llm")
    n, sentence = _stored_sentence(project)
    _answering(world, f'<passage n="{n}">{sentence}</passage> [{n}]')
    answer = ask(api, project, "How do checkpoints work in SQLite WAL mode?")
    assert answer["method"] == "fallback" and answer["citations"]
    assert answer["answer"].startswith(
        "The model's answer was not usable (it holds the prompt's own tags (<passage>))"
    )
    assert "<passage" not in answer["answer"].split("\n", 1)[1]
