"""What every page shares: the member's request, an id a form posted, and going back.

Every signed-in member can read and act on every project; login is enforced for every page by
LoginRequiredMiddleware. Pages load rows through research/services/selectors.py, as the API
does: what is missing, or in the trash, is not found. A refused action raises an error of the
one family, which DossierErrorMiddleware turns into a message on the page it came from.
"""

from __future__ import annotations

from django.contrib.auth.models import User
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils.http import url_has_allowed_host_and_scheme

from research.errors import BadInput


class MemberRequest(HttpRequest):
    """A request from a signed-in member: every page but the login page is one."""

    user: User


def posted_id(request: HttpRequest, name: str) -> int:
    """The id a form posted as `name`; a missing or malformed one is refused, naming it."""
    value = (request.POST.get(name) or "").strip()
    if not value.isdigit():
        raise BadInput(f"Choose a {name}.", field=name)
    return int(value)


def back(request: HttpRequest, default: str = "/") -> HttpResponse:
    """Redirect to the form's `next` or the referring page, if it is on this site."""
    for candidate in (request.POST.get("next"), request.headers.get("Referer")):
        if candidate and url_has_allowed_host_and_scheme(
            candidate, allowed_hosts={request.get_host()}, require_https=request.is_secure()
        ):
            return redirect(candidate)
    return redirect(default)
