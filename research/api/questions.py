"""Follow-up questions on a project, answered from its stored sources."""

from ninja import Router
from ninja.pagination import paginate
from ninja.responses import Status

from research.api.common import ACTION, BODY, RERUN, Pagination, answers
from research.api.schemas.common import Id
from research.api.schemas.questions import QuestionIn, QuestionOut
from research.models import Question
from research.services import questions, selectors

router = Router(tags=["questions"])


@router.post("/projects/{project_id}/questions", response=answers({202: QuestionOut}, *RERUN, BODY))
def ask_question(request, project_id: Id, payload: QuestionIn):
    """Ask a follow-up question; the worker answers it from the project's stored sources."""
    question = questions.ask(
        selectors.get_project(project_id), text=payload.question, user=request.auth
    )
    return Status(202, selectors.get_question(question.pk))


@router.get("/projects/{project_id}/questions", response=answers({200: list[QuestionOut]}, 404))
@paginate(Pagination)
def list_questions(request, project_id: Id):
    """The project's questions, newest first."""
    return Question.objects.filter(project=selectors.get_project(project_id)).select_related(
        "author"
    )


@router.get("/questions/{question_id}", response=answers({200: QuestionOut}, 404))
def get_question(request, question_id: Id):
    return selectors.get_question(question_id)


@router.post("/questions/{question_id}/research", response=answers({202: QuestionOut}, *ACTION))
def research_question(request, question_id: Id):
    """Research what the sources do not cover: a new section with the suggested searches; the
    question is answered again when that research is done. No new report version is made."""
    question = questions.research(selectors.get_question(question_id), user=request.auth)
    return Status(202, selectors.get_question(question.pk))
