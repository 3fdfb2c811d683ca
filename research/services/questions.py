"""Follow-up questions on a project: asking one, and researching what the sources do not cover.

A question is answered by an `answer` step (pipeline/stages/answer.py) from the project's stored
sources only, beside any run and without changing the project. When the sources do not cover
it, "research this" adds a section with the searches that would, runs only those (no new report
version: the member asks for one when they want it), and the question is answered again once
the project is done (or failed) again.
"""

from __future__ import annotations

from django.db import transaction

from research.errors import BadInput, NotAllowed
from research.limits import HEADING_MAX, QUERY_MAX, QUESTION_MAX
from research.models import (
    FetchStatus,
    Project,
    ProjectStatus,
    Query,
    QueryOrigin,
    Question,
    QuestionStatus,
    Section,
    Stage,
)
from research.pipeline.engine.runner import ensure_step
from research.providers.llm import check_configured
from research.services.runs import reopen


def ask(project: Project, *, text: str, user) -> Question:
    """A new question, queued for the worker."""
    text = _question_text(text)
    if not project.sources.filter(fetch_status=FetchStatus.FETCHED).exists():
        state = project.get_status_display().lower()
        raise NotAllowed(
            f"The project ({state}) has no fetched source yet to answer from; "
            "ask once its research has read some pages."
        )
    if project.opts.uses_llm:
        check_configured()
    with transaction.atomic():
        question = Question.objects.create(project=project, text=text, author=user)
        _enqueue(question, user)
    return question


def _question_text(text: str) -> str:
    text = (text or "").strip()
    if not text:
        raise BadInput("A question cannot be empty.", field="question")
    if len(text) > QUESTION_MAX:
        raise BadInput(
            f"A question is at most {QUESTION_MAX} characters; this one has {len(text)}.",
            field="question",
        )
    return text


def _enqueue(question: Question, user=None) -> None:
    ensure_step(
        question.project,
        Stage.ANSWER,
        f"answer:q{question.pk}:r{question.rounds}",
        params={"question_id": question.pk},
        requested_by=user,
    )


def research(question: Question, *, user) -> Question:
    """Research what the sources did not cover: a section with the searches the answer
    suggested, researched now, then the question answered again."""
    if question.is_open:
        raise NotAllowed("The question is still being answered.")
    if question.covered is not False:
        raise NotAllowed("The project's sources already answer this question.")
    if question.section_id is not None:
        raise NotAllowed("This question was researched already; ask it again to go further.")
    project = question.project
    if project.status == ProjectStatus.FAILED:
        raise NotAllowed("The project failed; resume it before researching more.")
    with transaction.atomic():
        section = _section_for(question)
        Question.objects.filter(pk=question.pk).update(
            section=section,
            status=QuestionStatus.QUEUED,
            rounds=question.rounds + 1,
            covered=None,
            finished_at=None,
        )
        reopen(project, user=user, new_version=False)
    question.refresh_from_db()
    return question


def _section_for(question: Question) -> Section:
    """A section named after the question, with its searches; it does not reflect."""
    project = question.project
    section = Section.objects.create(
        project=project,
        title=question.text[:HEADING_MAX],
        goal=question.text,
        position=project.sections.next_position(),
        reflects=False,
    )
    first = project.queries.next_position()
    for i, text in enumerate(dict.fromkeys(question.queries or [question.text])):
        Query.objects.create(
            project=project,
            section=section,
            text=text[:QUERY_MAX],
            origin=QueryOrigin.USER,
            position=first + i,
            edited_by=question.author,
        )
    return section


def answer_researched(project_id: int, status: str) -> None:
    """Once a project is done (or failed) again, answer the questions its research was for."""
    if status not in (ProjectStatus.DONE, ProjectStatus.FAILED):
        return
    waiting = Question.objects.filter(
        project_id=project_id, status=QuestionStatus.QUEUED, section__isnull=False
    ).select_related("project")
    for question in waiting:
        _enqueue(question)


def on_status_changed(sender, *, project_id: int, status: str, **kwargs) -> None:
    """The status door's signal: once the change is committed, answer what research was for."""
    transaction.on_commit(lambda: answer_researched(project_id, status))
