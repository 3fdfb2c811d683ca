"""The member's own page: API tokens (created, listed, revoked)."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET, require_POST

from research.models import ApiToken
from research.services import api_tokens
from research.views.access import MemberRequest


@require_GET
def account(request: MemberRequest) -> HttpResponse:
    return render(
        request,
        "research/account.html",
        {
            "tokens": ApiToken.objects.filter(user=request.user),
            "new_token": request.session.pop("new_token", None),
        },
    )


@require_POST
def token_create(request: HttpRequest) -> HttpResponse:
    _, raw = api_tokens.create_token(user=request.user, name=request.POST.get("name", ""))
    request.session["new_token"] = raw  # shown once, on the next page view
    return redirect("account")


@require_POST
def token_revoke(request: HttpRequest, token_id: int) -> HttpResponse:
    token = api_tokens.revoke(token_id, user=request.user)
    messages.success(request, f"Token {token} revoked.")
    return redirect("account")
