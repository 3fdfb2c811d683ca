"""Watching a project and its webhook, from the project page."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.views.decorators.http import require_POST

from research.services import selectors, watching


@require_POST
def watch_toggle(request: HttpRequest, project_id: int) -> HttpResponse:
    project = selectors.get_project(project_id)
    if watching.is_watching(project, request.user):
        watching.unwatch(project, user=request.user)
        messages.success(request, "You no longer watch this project.")
    else:
        watching.watch(project, user=request.user)
        email = getattr(request.user, "email", "")
        where = email or "no address: add one to your account to get them"
        messages.success(request, f"You will be emailed each new report version ({where}).")
    return redirect(reverse("project", args=[project.pk]) + "#watching")


@require_POST
def webhook_set(request: HttpRequest, project_id: int) -> HttpResponse:
    project = selectors.get_project(project_id)
    url = request.POST.get("url", "").strip()
    if not url:
        watching.clear_webhook(project)
        messages.success(request, "The webhook is removed.")
    else:
        hook = watching.set_webhook(project, url, user=request.user)
        messages.success(
            request,
            f"New versions will be POSTed to {hook.url}. Its signing secret, shown only now: "
            f"{hook.secret}",
        )
    return redirect(reverse("project", args=[project.pk]) + "#watching")
