"""API authentication: a signed-in session (with CSRF) or a bearer token.

Every route, the OpenAPI schema and the docs page included, answers 401 to anonymous requests.
"""

from __future__ import annotations

from functools import wraps

from django.http import JsonResponse
from ninja.errors import HttpError
from ninja.security import HttpBearer, SessionAuth
from ninja.utils import check_csrf

from research.services import api_tokens, signins


class BearerTokenAuth(HttpBearer):
    """`Authorization: Bearer <token>`, a token made by `create_api_token` or on the profile."""

    def authenticate(self, request, token: str):
        signins.refuse_if_locked(request)  # too many bad tokens from this address: 429
        user = api_tokens.authenticate(token.strip())
        if user is None:
            signins.token_failed(request)
            return None
        request.user = user
        return user


class CsrfSessionAuth(SessionAuth):
    """Django's session, with Django's CSRF check on unsafe methods.

    Ninja's SessionAuth checks CSRF before it looks at the session, so an anonymous POST would
    get 403; here anonymous requests get 401 and only signed-in members are checked for CSRF.
    """

    def _get_key(self, request):
        return request.COOKIES.get(self.param_name)

    def authenticate(self, request, key):
        if not request.user.is_authenticated:
            return None
        if self.csrf and not getattr(request, "_ninja_csrf_exempt", False):
            if check_csrf(request) is not None:
                raise HttpError(403, "CSRF check failed: send the X-CSRFToken header.")
        return request.user


def docs_require_member(view):
    """The docs page and the OpenAPI schema: a signed-in member or a valid bearer token."""

    @wraps(view)
    def wrapper(request, *args, **kwargs):
        if not request.user.is_authenticated and not BearerTokenAuth()(request):
            return JsonResponse({"detail": "Unauthorized"}, status=401)
        return view(request, *args, **kwargs)

    return wrapper


api_auth = [BearerTokenAuth(), CsrfSessionAuth()]
