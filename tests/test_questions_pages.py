"""Follow-up questions on the project page: ask, see the answer with linked citations, research
what the sources do not cover, and annotate a question."""

from __future__ import annotations

import pytest

from research.models import Project, Question
from tests.test_pipeline_run import research, run_inline

pytestmark = pytest.mark.django_db(transaction=True)


def finished(engine: str = "extractive") -> Project:
    result, code = research("How does SQLite WAL mode work?", "--engine", engine)
    assert code == 0, result
    return Project.objects.get(pk=result["project_id"])


def ask_on_page(member_client, project: Project, text: str) -> Question:
    def post() -> None:
        url = f"/projects/{project.pk}/questions/ask/"
        response = member_client.post(url, {"question": text})
        assert response.status_code == 302
        assert response["Location"].endswith(f"/projects/{project.pk}/#questions")

    run_inline(post, project)
    return Question.objects.get(project=project, text=text)


def test_a_question_asked_on_the_project_page_is_answered_there_with_linked_citations(
    world, member_client
):
    project = finished()
    page = member_client.get(f"/projects/{project.pk}/").content.decode()
    assert 'id="questions"' in page and "Ask a follow-up question" in page
    question = ask_on_page(member_client, project, "How do checkpoints work in WAL mode?")
    assert question.status == "done" and question.covered
    page = member_client.get(f"/projects/{project.pk}/").content.decode()
    assert "How do checkpoints work in WAL mode?" in page
    source_id = question.citations[0]["source_id"]
    assert f'href="/sources/{source_id}/' in page  # the [n] links to the source's passage
    assert 'data-poll="/projects/' not in page.split('id="questions"')[1]  # nothing to wait for
    detail = member_client.get(f"/questions/{question.pk}/").content.decode()
    assert "Add a note" in detail and f'value="question:{question.pk}"' in detail


def test_an_empty_question_on_the_page_goes_back_with_the_reason(world, member_client):
    project = finished()
    response = member_client.post(
        f"/projects/{project.pk}/questions/ask/",
        {"question": "  "},
        HTTP_REFERER=f"http://testserver/projects/{project.pk}/",
        follow=True,
    )
    assert "A question cannot be empty." in response.content.decode()
    assert not Question.objects.exists()


def test_an_uncovered_question_offers_research_and_the_button_starts_it(world, member_client):
    project = finished()
    question = ask_on_page(member_client, project, "What do beekeepers feed honeybees in winter?")
    assert question.covered is False
    page = member_client.get(f"/projects/{project.pk}/").content.decode()
    assert f'action="/questions/{question.pk}/research/"' in page and "Research this" in page

    def research_it() -> None:
        response = member_client.post(f"/questions/{question.pk}/research/")
        assert response.status_code == 302

    run_inline(research_it, project)
    question.refresh_from_db()
    assert question.covered and question.section is not None
    detail = member_client.get(f"/questions/{question.pk}/").content.decode()
    assert "Research this" not in detail and "Cites" in detail


def test_a_question_being_answered_is_polled_until_it_is_done(world, member_client, member):
    project = finished()
    Question.objects.create(project=project, text="Still thinking?", author=member)
    block = member_client.get(f"/projects/{project.pk}/questions/").content.decode()
    assert f'data-poll="/projects/{project.pk}/questions/"' in block
    assert "Answering from the project" in block
