"""Pages. Views are thin: they check access, call domain functions and render."""

from __future__ import annotations

from django.core.paginator import Paginator
from django.db.models import Count
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from research import health as health_checks
from research.models import Project


@require_GET
def project_list(request: HttpRequest) -> HttpResponse:
    projects = (
        Project.objects.select_related("owner")
        .annotate(
            n_queries=Count("queries", distinct=True), n_sources=Count("sources", distinct=True)
        )
        .order_by("-created_at", "-id")
    )
    page = Paginator(projects, 25).get_page(request.GET.get("page"))
    return render(request, "research/project_list.html", {"page": page})


@require_GET
def health(request: HttpRequest) -> HttpResponse:
    checks = [health_checks.check_database(), health_checks.check_worker()]
    status = 200 if all(check.ok for check in checks) else 503
    return render(request, "research/health.html", {"checks": checks}, status=status)
