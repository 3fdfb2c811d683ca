"""Project pages: the list, a new project, a project, its live progress, its actions."""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.contrib import messages
from django.core.paginator import Paginator
from django.db.models import Count, Prefetch, Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from research.errors import BadInput, NotFound
from research.models import (
    NOTE_TARGETS,
    ActivityEntry,
    Delivery,
    ModelProfile,
    Note,
    Project,
    Query,
    RefreshEvery,
    Section,
    StepRun,
    Webhook,
)
from research.output.progress import progress
from research.providers.llm import LLMNotConfigured, check_configured
from research.providers.llm.profile import Profile
from research.providers.search import available_providers, describe
from research.services import clarify, projects, refreshes, runs, selectors, trash, watching
from research.services.health import check_crashes, check_database, check_worker
from research.views.forms import ProjectFilterForm, ProjectForm
from research.views.questions import questions_context
from research.views.reports import report_context

PAGE_SIZE = 25


@require_GET
def project_list(request: HttpRequest) -> HttpResponse:
    form = ProjectFilterForm(request.GET)
    wanted = form.cleaned_data if form.is_valid() else {}
    rows = projects.listed(
        status=wanted.get("status") or "",
        owner=wanted.get("owner") or "",
        text=wanted.get("q") or "",
    )
    page = Paginator(rows, PAGE_SIZE).get_page(request.GET.get("page"))
    query_string = request.GET.copy()
    query_string.pop("page", None)
    return render(
        request,
        "research/project_list.html",
        {"page": page, "form": form, "query_string": query_string.urlencode()},
    )


def _backends() -> dict:
    try:
        check_configured()
        llm_problem = ""
    except LLMNotConfigured as exc:
        llm_problem = exc.reason
    return {
        "llm_model": settings.LLM_MODEL,
        "llm_fast_model": settings.LLM_FAST_MODEL,
        "llm_endpoint": settings.LLM_BASE_URL or "OpenAI",
        "llm_problem": llm_problem,
        "llm_profiles": _profiles(),
        "search_default": describe(settings.SEARCH_PROVIDER),
        "search_ready": available_providers(),
    }


def _profiles() -> list[tuple[str, str]]:
    """How each configured model is asked, as the workers learnt it."""
    models = {settings.LLM_MODEL, settings.LLM_FAST_MODEL} - {""}
    rows = ModelProfile.objects.filter(model__in=models).order_by("model", "endpoint")
    return [(row.model, Profile.from_dict(row.data).describe()) for row in rows]


@require_http_methods(["GET", "POST"])
def project_new(request: HttpRequest) -> HttpResponse:
    form = ProjectForm(request.POST or None)
    backends = _backends()
    if request.method == "POST" and form.is_valid():
        start = "draft" not in request.POST
        if start and backends["llm_problem"] and form.cleaned_data["engine"] == "llm":
            messages.error(request, backends["llm_problem"])
        else:
            project = projects.create_project(
                question=form.cleaned_data["question"],
                options=form.options(),
                user=request.user,
                start=start,
            )
            return redirect("project", project.pk)
    return render(request, "research/project_new.html", {"form": form, **backends})


def _outline(project: Project) -> list[tuple[Section | None, list[Query]]]:
    queries = project.queries.annotate(
        n_results=Count("results", distinct=True),
        n_selected=Count("results", filter=Q(results__selected=True), distinct=True),
    ).order_by("position", "id")
    sections = list(
        Section.objects.filter(project=project).prefetch_related(Prefetch("queries", queries))
    )
    loose = [q for q in queries if q.section_id is None]
    outline = [(section, list(section.queries.all())) for section in sections]
    return outline + ([(None, loose)] if loose else [])


def _activity(project: Project, limit: int = 30) -> list[dict]:
    steps = (
        StepRun.objects.filter(project=project, started_at__isnull=False)
        .select_related("requested_by", "query", "source", "section")
        .order_by("-started_at")[:limit]
    )
    notes = Note.objects.filter(project=project).select_related("author").order_by("-created_at")
    entries = ActivityEntry.objects.filter(project=project).select_related("actor")
    events = [{"at": s.started_at, "step": s} for s in steps]
    events += [{"at": n.created_at, "note": n} for n in notes[:limit]]
    events += [{"at": e.at, "entry": e} for e in entries[:limit]]
    return _grouped(sorted(events, key=lambda e: e["at"], reverse=True)[:limit])


def _grouped(events: list[dict]) -> list[dict]:
    """Steps in a row of the same stage, outcome and requester as one line with a count and
    the rest under "more" (fourteen "Recheck a page — done" lines read as one)."""
    out: list[dict] = []
    for event in events:
        step, last = event.get("step"), out[-1] if out else {}
        if step and not step.error and _same_kind(last.get("step"), step):
            last["more"].append(step)
            continue
        out.append({**event, "more": []})
    return out


def _same_kind(one: StepRun | None, other: StepRun) -> bool:
    return (
        one is not None
        and not one.error
        and (one.stage, one.status, one.requested_by_id)
        == (other.stage, other.status, other.requested_by_id)
    )


@require_GET
def project_detail(request: HttpRequest, project_id: int) -> HttpResponse:
    try:
        project = selectors.get_project(project_id)
    except NotFound:
        if not Project.objects.trashed().filter(pk=project_id).exists():
            raise
        return _in_trash(request, project_id)
    context = {
        **_live(project),
        "opts": project.opts,
        "refresh_choices": RefreshEvery.choices,
        "activity": _activity(project),
        **report_context(project, request.GET.get("version")),
        **questions_context(project),
        "watching": watching.is_watching(project, request.user),
        "webhook": Webhook.objects.filter(project=project).first(),
        "deliveries": Delivery.objects.filter(report__project=project).select_related("report")[
            :10
        ],
    }
    return render(request, "research/project_detail.html", context)


def _in_trash(request: HttpRequest, project_id: int) -> HttpResponse:
    """A project in the trash: who moved it there and when, and Restore (with a 404 status, as
    the project is not there)."""
    project = selectors.get_trashed_project(project_id)
    context = {
        "project": project,
        "days_left": trash.days_left(project),
        "purge_at": trash.purge_at(project),
        "can_purge": trash.can_purge(project, request.user),
    }
    return render(request, "research/project_trashed.html", context, status=404)


@require_GET
def project_progress(request: HttpRequest, project_id: int) -> HttpResponse:
    """The progress block and the parts of the page that change with it (the tabs' counts,
    the outline, the notes): one poll keeps a running project's page live."""
    project = selectors.get_project(project_id)
    context = {
        **_live(project),
        "report": project.reports.filter(is_current=True).only("version").first(),
    }
    return render(request, "research/partials/live.html", context)


def _live(project: Project) -> dict:
    """What a project's page shows that changes while it runs: the progress, the outline, the
    counts and the notes (the page, and the poll that keeps it live, show the same)."""
    notes = Note.objects.filter(project=project, **dict.fromkeys(NOTE_TARGETS))
    return {
        "project": project,
        "progress": progress(project),
        "outline": _outline(project),
        "counts": projects.with_counts(Project.objects.filter(pk=project.pk)).get(),
        "notes": notes.select_related("author"),
        "note_target": f"project:{project.pk}",
    }


def _refresh(project: Project, *, user) -> None:
    refreshes.start_refresh(project, user=user)


# What a project's buttons do: the verb in the URL, and the service it calls (and "delete").
ACTIONS: dict[str, Callable[..., object]] = {
    "start": runs.start,
    "cancel": runs.cancel,
    "resume": runs.resume,
    "approve": runs.approve,
    "refresh": _refresh,
}


@require_POST
def project_action(request: HttpRequest, project_id: int, verb: str) -> HttpResponse:
    project = selectors.get_project(project_id)
    if verb == "delete":
        trash.trash(project, user=request.user)
        messages.success(
            request,
            f"“{project}” was moved to the trash. Any member can restore it there for "
            f"{settings.TRASH_DAYS} days.",
        )
        return redirect("project-list")
    ACTIONS[verb](project, user=request.user)
    return redirect("project", project.pk)


@require_POST
def project_clarify(request: HttpRequest, project_id: int) -> HttpResponse:
    """The page's answers to the clarifying questions: for each, the answer chosen or written
    ("other" takes the text box), or Skip."""
    project = selectors.get_project(project_id)
    skip = "skip" in request.POST
    answers = {} if skip else _posted_answers(request, project)
    clarify.answer(project, answers=answers, skip=skip, user=request.user)
    messages.success(
        request,
        "Skipped: the plan is made from the question alone."
        if skip
        else "Thank you: the plan is being made with your answers.",
    )
    return redirect("project", project.pk)


def _posted_answers(request: HttpRequest, project: Project) -> dict[str, str]:
    answers = {}
    for asked in project.clarifications:
        key = asked["id"]
        chosen = request.POST.get(f"answer-{key}", "")
        answers[key] = request.POST.get(f"other-{key}", "") if chosen == "other" else chosen
    return answers


@require_POST
def project_schedule(request: HttpRequest, project_id: int) -> HttpResponse:
    """Set how often the project refreshes itself (the one option that changes after start)."""
    project = selectors.get_project(project_id)
    every = request.POST.get("refresh", "")
    if every not in RefreshEvery.values:
        raise BadInput("Choose never, every day, every week or every month.", field="refresh")
    projects.update_options(project, {"refresh": every}, user=request.user)
    label = RefreshEvery(every).label.lower()
    messages.success(request, f"This project now refreshes: {label}.")
    return redirect("project", project.pk)


@require_GET
def health(request: HttpRequest) -> HttpResponse:
    checks = [check_database(), check_worker()]
    status = 200 if all(check.ok for check in checks) else 503
    # A past crash is for people to look at; it does not make a serving site unhealthy.
    context = {"checks": checks, "crashes": check_crashes()}
    return render(request, "research/health.html", context, status=status)
