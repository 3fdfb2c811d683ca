"""Small access helpers: load a row or 404 (healthchecks' `_get_check_for_user` style).

Every signed-in member can read and act on every project, so the helpers only load; login is
enforced for every page by LoginRequiredMiddleware. A refused action raises an error of the one
family, which DossierErrorMiddleware turns into a message on the page it came from.
"""

from __future__ import annotations

from django.contrib.auth.models import User
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.utils.http import url_has_allowed_host_and_scheme

from research.models import Project, Query, Source


class MemberRequest(HttpRequest):
    """A request from a signed-in member: every page but the login page is one."""

    user: User


def get_project(project_id: int) -> Project:
    return get_object_or_404(Project.objects.select_related("owner"), pk=project_id)


def get_query(query_id: int) -> Query:
    return get_object_or_404(Query.objects.select_related("project", "section"), pk=query_id)


def get_source(source_id: int) -> Source:
    return get_object_or_404(Source.objects.select_related("project", "snapshot"), pk=source_id)


def back(request: HttpRequest, default: str = "/") -> HttpResponse:
    """Redirect to the form's `next` or the referring page, if it is on this site."""
    for candidate in (request.POST.get("next"), request.headers.get("Referer")):
        if candidate and url_has_allowed_host_and_scheme(
            candidate, allowed_hosts={request.get_host()}, require_https=request.is_secure()
        ):
            return redirect(candidate)
    return redirect(default)
