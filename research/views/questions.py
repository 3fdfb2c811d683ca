"""Follow-up questions on the project page: ask, watch them answered, research the uncovered."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_POST

from research.models import Note, Project, Question
from research.services import questions, selectors
from research.views.reports import render_cited

SHOWN = 10  # questions listed on the project page


def questions_context(project: Project) -> dict:
    """The project page's questions: the latest, each answer rendered with linked citations."""
    rows = [_rendered(q) for q in project.questions.select_related("author", "section")[:SHOWN]]
    return {"questions": rows, "questions_open": any(q.is_open for q in rows)}


def _rendered(question: Question) -> Question:
    """The question with `answer_html`: its answer as safe HTML, each [n] linked."""
    html = render_cited(question.project, question.answer) if question.answer else ""
    setattr(question, "answer_html", html)  # noqa: B010 - a template-only attribute
    return question


@require_GET
def questions_block(request: HttpRequest, project_id: int) -> HttpResponse:
    """The questions block alone, polled while a question is being answered."""
    project = selectors.get_project(project_id)
    context = {"project": project, **questions_context(project)}
    return render(request, "research/partials/project_questions.html", context)


@require_POST
def question_ask(request: HttpRequest, project_id: int) -> HttpResponse:
    project = selectors.get_project(project_id)
    questions.ask(project, text=request.POST.get("question", ""), user=request.user)
    return redirect(reverse("project", args=[project.pk]) + "#questions")


@require_GET
def question_detail(request: HttpRequest, question_id: int) -> HttpResponse:
    question = selectors.get_question(question_id)
    project = question.project
    context = {
        "project": project,
        "question": _rendered(question),
        "notes": Note.objects.filter(question=question).select_related("author"),
        "note_target": f"question:{question.pk}",
    }
    return render(request, "research/question_detail.html", context)


@require_POST
def question_research(request: HttpRequest, question_id: int) -> HttpResponse:
    question = questions.research(selectors.get_question(question_id), user=request.user)
    return redirect("question", question.pk)
