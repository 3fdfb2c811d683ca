"""Query pages and plan review: edit, add, remove, reorder, rerun."""

from __future__ import annotations

from django.contrib import messages
from django.db.models import Count
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET, require_POST

from research.models import Note, ProjectStatus, QuerySource, Summary, routes
from research.services import outline, plan_feedback, runs, selectors
from research.views.access import back, posted_id


@require_GET
def query_detail(request: HttpRequest, query_id: int) -> HttpResponse:
    query = selectors.get_query(query_id)
    results = query.results.select_related("source").order_by("rank")
    summaries = {
        s.source_id: s
        for s in Summary.objects.filter(query=query).only(
            "id", "source_id", "relevant", "text", "quotes"
        )
    }
    elsewhere = _read_for(query)
    context = {
        "query": query,
        "project": query.project,
        "results": [
            (link, summaries.get(link.source_id), elsewhere.get(link.source_id, []))
            for link in results
        ],
        "steps": query.steps.order_by("-created_at")[:20],
        "notes": Note.objects.filter(query=query).select_related("author"),
        "note_target": f"query:{query.pk}",
        "can_rerun": query.project.status in runs.RERUNNABLE,
        "route_choices": routes.menu(query.project.opts.sources),
    }
    return render(request, "research/query_detail.html", context)


def _read_for(query) -> dict[int, list]:
    """For each of the query's results that another query chose: those queries (a page is read
    once for all; the result is not read for this query)."""
    chosen = QuerySource.objects.filter(source__results__query=query, selected=True).exclude(
        query=query
    )
    found: dict[int, list] = {}
    for link in chosen.select_related("query").order_by("query__position"):
        found.setdefault(link.source_id, []).append(link.query)
    return found


@require_POST
def query_edit(request: HttpRequest, query_id: int) -> HttpResponse:
    query = selectors.get_query(query_id)
    rerun = request.POST.get("rerun", "1") == "1"
    outline.edit_query(
        query,
        text=request.POST.get("text", ""),
        routes=_posted_routes(request),
        user=request.user,
        rerun=rerun,
    )
    if rerun and query.project.status not in (ProjectStatus.DRAFT, ProjectStatus.AWAITING_REVIEW):
        messages.success(request, "The query is being researched again.")
    return back(request, f"/queries/{query.pk}/")


def _posted_routes(request: HttpRequest) -> list[str] | None:
    """The routes ticked, when the form showed them (none ticked: every source); None when it
    did not, so they stay as they are."""
    return request.POST.getlist("routes") if request.POST.get("routes_shown") else None


@require_POST
def query_rerun(request: HttpRequest, query_id: int) -> HttpResponse:
    query = selectors.get_query(query_id)
    runs.rerun_query(query, user=request.user)
    messages.success(request, "The query is being researched again.")
    return redirect("query", query.pk)


@require_POST
def query_delete(request: HttpRequest, query_id: int) -> HttpResponse:
    query = selectors.get_query(query_id)
    project = query.project
    outline.delete_query(query, user=request.user)
    return back(request, f"/projects/{project.pk}/")


@require_POST
def query_move(request: HttpRequest, query_id: int, direction: str) -> HttpResponse:
    outline.move(selectors.get_query(query_id), direction=direction, user=request.user)
    return back(request)


@require_POST
def query_add(request: HttpRequest, project_id: int) -> HttpResponse:
    project = selectors.get_project(project_id)
    has_section = bool(request.POST.get("section"))
    section = selectors.get_section(project, posted_id(request, "section")) if has_section else None
    outline.add_query(
        project, text=request.POST.get("text", ""), user=request.user, section=section
    )
    return back(request, f"/projects/{project.pk}/")


@require_GET
def plan_review(request: HttpRequest, project_id: int) -> HttpResponse:
    project = selectors.get_project(project_id)
    sections = project.sections.annotate(n=Count("queries")).order_by("position", "id")
    queries = project.queries.select_related("section").order_by("position", "id")
    grouped = [(s, [q for q in queries if q.section_id == s.pk]) for s in sections]
    loose = [q for q in queries if q.section_id is None]
    return render(
        request,
        "research/plan_review.html",
        {
            "project": project,
            "grouped": grouped,
            "loose": loose,
            "sections": sections,
            "route_choices": routes.menu(project.opts.sources),
            "changes": plan_feedback.changes(project),
        },
    )


@require_POST
def plan_feedback_post(request: HttpRequest, project_id: int) -> HttpResponse:
    """Make the plan again with the member's written feedback; the page shows the new plan
    for approval once it is made, and what changed."""
    project = selectors.get_project(project_id)
    plan_feedback.replan(project, text=request.POST.get("text", ""), user=request.user)
    messages.success(request, "The plan is being made again with your feedback.")
    return redirect("plan-review", project.pk)


# What a section's buttons do, besides moving it up or down (Direction).
SECTION_EDITS = ("add", "edit", "delete")


@require_POST
def section_change(request: HttpRequest, project_id: int, verb: str) -> HttpResponse:
    project = selectors.get_project(project_id)
    title, goal = request.POST.get("title", ""), request.POST.get("goal", "")
    if verb == "add":
        outline.add_section(project, title=title, goal=goal, user=request.user)
        return back(request)
    section = selectors.get_section(project, posted_id(request, "section"))
    if verb == "edit":
        analysis = request.POST.get("analysis") == "1"
        outline.edit_section(section, title=title, goal=goal, analysis=analysis, user=request.user)
    elif verb == "delete":
        outline.delete_section(section, user=request.user)
    else:
        outline.move(section, direction=verb, user=request.user)
    return back(request)
