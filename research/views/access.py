"""Small access helpers: load a row or 404 (healthchecks' `_get_check_for_user` style).

Every signed-in member can read and act on every project, so the helpers only load; login is
enforced for every page by LoginRequiredMiddleware. They load only what is not in the trash: a
project in the trash, or a row of one, is not found. A refused action raises an error of the one
family, which DossierErrorMiddleware turns into a message on the page it came from.
"""

from __future__ import annotations

from django.contrib.auth.models import User
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.utils.http import url_has_allowed_host_and_scheme

from research.models import Collection, Document, Project, Query, Source
from research.services import trash


class MemberRequest(HttpRequest):
    """A request from a signed-in member: every page but the login page is one."""

    user: User


def get_project(project_id: int) -> Project:
    return trash.live_project(Project.objects.select_related("owner"), project_id)


def get_query(query_id: int) -> Query:
    rows = Query.objects.live().select_related("project", "section")
    return get_object_or_404(rows, pk=query_id)


def get_source(source_id: int) -> Source:
    rows = Source.objects.live().select_related("project", "snapshot")
    return get_object_or_404(rows, pk=source_id)


def get_collection(collection_id: int) -> Collection:
    return get_object_or_404(Collection, pk=collection_id)


def get_document(document_id: int) -> Document:
    rows = Document.objects.select_related("collection", "added_by")
    return get_object_or_404(rows, pk=document_id)


def back(request: HttpRequest, default: str = "/") -> HttpResponse:
    """Redirect to the form's `next` or the referring page, if it is on this site."""
    for candidate in (request.POST.get("next"), request.headers.get("Referer")):
        if candidate and url_has_allowed_host_and_scheme(
            candidate, allowed_hosts={request.get_host()}, require_https=request.is_secure()
        ):
            return redirect(candidate)
    return redirect(default)
