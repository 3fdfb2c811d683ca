"""Sign-in that resists guessing, through django-axes (settings: LOGIN_MAX_FAILURES and
LOGIN_COOLOFF_MINUTES).

The sign-in form goes through axes' authentication backend: after LOGIN_MAX_FAILURES failures
for one member from one address within the cool-off, that pair is refused without its password
being checked, until the cool-off ends or an admin deletes the access attempt in the admin. Bad
API tokens are counted the same way under one name for every token, per address, and refused
with TooManyAttempts (429, Retry-After). Each lockout goes to the activity log.
"""

from __future__ import annotations

import logging
from datetime import timedelta

from axes.handlers.proxy import AxesProxyHandler
from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.signals import user_login_failed
from django.http import HttpRequest
from django.utils import timezone

from research.errors import TooManyAttempts
from research.models import ActivityAction, ActivityEntry

log = logging.getLogger(__name__)

API_TOKENS = "(API token)"  # the name bad tokens are counted under


def client_address(request: HttpRequest) -> str:
    """The client's address (django-axes counts failed sign-ins by it): REMOTE_ADDR, or behind
    TRUST_PROXY the address the proxy saw, the last of X-Forwarded-For, which the proxy adds."""
    if settings.TRUST_PROXY:
        forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "")
        hops = [hop.strip() for hop in forwarded.split(",") if hop.strip()]
        if hops:
            return hops[-1]
    return request.META.get("REMOTE_ADDR", "")


def cooloff_seconds() -> int:
    return settings.LOGIN_COOLOFF_MINUTES * 60


def refuse_if_locked(request: HttpRequest, name: str = API_TOKENS) -> None:
    """TooManyAttempts when `name` (an API token by default) is locked out from this address."""
    if AxesProxyHandler.is_locked(request, {"username": name}):
        raise TooManyAttempts(
            f"Too many failed attempts from {client_address(request)}: try again in "
            f"{settings.LOGIN_COOLOFF_MINUTES} minutes.",
            retry_after=cooloff_seconds(),
        )


def token_failed(request: HttpRequest) -> None:
    """Count a bad API token against the address it came from."""
    user_login_failed.send(__name__, credentials={"username": API_TOKENS}, request=request)


def on_locked_out(
    sender, *, request: HttpRequest, username: str, ip_address: str, **kwargs
) -> None:
    """axes' `user_locked_out` signal: say so in the log and the activity log."""
    who = f" for {username} from {ip_address}:"
    since = timezone.now() - timedelta(minutes=settings.LOGIN_COOLOFF_MINUTES)
    entries = ActivityEntry.objects.filter(action=ActivityAction.LOCKED_OUT, at__gte=since)
    if entries.filter(detail__contains=who).exists():
        return  # a failure during the lockout: the same lockout, told once
    member = get_user_model().objects.filter(username=username).first()
    detail = (
        f"{settings.LOGIN_MAX_FAILURES} failed {'tokens' if username == API_TOKENS else 'sign-ins'}"
        f"{who} locked out from there for "
        f"{settings.LOGIN_COOLOFF_MINUTES} minutes (an admin can unlock it: Access attempts)."
    )
    log.warning("%s", detail)
    ActivityEntry.objects.create(
        action=ActivityAction.LOCKED_OUT,
        project=None,
        project_ref=0,
        project_label="Sign-in",
        actor=member,
        detail=detail,
    )
