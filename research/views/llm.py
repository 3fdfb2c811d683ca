"""The LLM page: how each configured model is asked, and a check that probes it now; the MCP
servers declared as sources, their tools and last failures, and a button that lists them now."""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_http_methods

from research.errors import NotConfigured
from research.models import ModelProfile
from research.providers.llm.profile import Profile
from research.services import llm_check, mcp_servers
from research.services.health import native_crashes


@require_http_methods(["GET", "POST"])
def llm_page(request: HttpRequest) -> HttpResponse:
    context: dict = {
        "models": [m for m in (settings.LLM_MODEL, settings.LLM_FAST_MODEL) if m],
        "endpoint": settings.LLM_BASE_URL or "OpenAI",
        "crashes": native_crashes(),
        "profiles": [
            (row, Profile.from_dict(row.data))
            for row in ModelProfile.objects.order_by("model", "endpoint")
        ],
    }
    if request.method == "POST" and request.POST.get("check") == "mcp":
        context["mcp_answered"] = mcp_servers.list_tools_now(user=request.user)
    elif request.method == "POST":
        try:
            context["checks"] = llm_check.check()
        except NotConfigured as exc:
            context["problem"] = exc.reason
    context["mcp_servers"] = mcp_servers.shown()
    return render(request, "research/llm.html", context)
