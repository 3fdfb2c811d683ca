"""Small access helpers: load a row or 404 (healthchecks' `_get_check_for_user` style).

Every signed-in member can read and act on every project, so the helpers only load; login is
enforced for every page by LoginRequiredMiddleware.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.utils.http import url_has_allowed_host_and_scheme
from pydantic import ValidationError

from research.models import Project, Query, Source
from research.pipeline.control import NotAllowed
from research.providers.llm import LLMNotConfigured


def get_project(project_id: int) -> Project:
    return get_object_or_404(Project.objects.select_related("owner"), pk=project_id)


def get_query(query_id: int) -> Query:
    return get_object_or_404(Query.objects.select_related("project", "section"), pk=query_id)


def get_source(source_id: int) -> Source:
    return get_object_or_404(Source.objects.select_related("project", "snapshot"), pk=source_id)


def action(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """A POST action: refusals become a message on the page it came from, not an error page."""

    @wraps(view)
    def wrapper(request: HttpRequest, *args, **kwargs) -> HttpResponse:
        try:
            return view(request, *args, **kwargs)
        except (NotAllowed, LLMNotConfigured, PermissionDenied, ValueError) as exc:
            messages.error(request, _message(exc))
        except ValidationError as exc:
            problems = "; ".join(
                f"{'.'.join(str(p) for p in e['loc'])}: {e['msg']}" for e in exc.errors()
            )
            messages.error(request, problems)
        return back(request)

    return wrapper


def back(request: HttpRequest, default: str = "/") -> HttpResponse:
    """Redirect to the form's `next` or the referring page, if it is on this site."""
    for candidate in (request.POST.get("next"), request.headers.get("Referer")):
        if candidate and url_has_allowed_host_and_scheme(
            candidate, allowed_hosts={request.get_host()}, require_https=request.is_secure()
        ):
            return redirect(candidate)
    return redirect(default)


def _message(exc: Exception) -> str:
    return getattr(exc, "reason", None) or str(exc) or type(exc).__name__
