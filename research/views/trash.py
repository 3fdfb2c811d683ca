"""The trash: projects deleted in the last TRASH_DAYS days, restore, delete for good."""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET, require_POST

from research.models import ActivityEntry
from research.services import selectors, trash

PAGE_SIZE = 50
RECENT_PURGES = 20


@require_GET
def trash_list(request: HttpRequest) -> HttpResponse:
    page = Paginator(selectors.trashed_projects(), PAGE_SIZE).get_page(request.GET.get("page"))
    rows = [
        {
            "project": project,
            "days_left": trash.days_left(project),
            "can_purge": trash.can_purge(project, request.user),
        }
        for project in page
    ]
    purges = ActivityEntry.objects.purges().select_related("actor")[:RECENT_PURGES]
    context = {"page": page, "rows": rows, "purges": purges, "trash_days": settings.TRASH_DAYS}
    return render(request, "research/trash.html", context)


@require_POST
def project_restore(request: HttpRequest, project_id: int) -> HttpResponse:
    project = trash.restore(selectors.get_trashed_project(project_id), user=request.user)
    messages.success(request, f"“{project}” was restored.")
    return redirect("project", project.pk)


@require_POST
def project_purge(request: HttpRequest, project_id: int) -> HttpResponse:
    project = selectors.get_trashed_project(project_id)
    trash.purge(project, user=request.user)
    messages.success(request, f"“{project}” was deleted for good.")
    return redirect("trash")
