"""The REST API: one NinjaAPI that mounts the research app's router.

Every error is JSON `{"detail": "..."}` with the right status; validation errors add `errors`,
a list of `{"field", "message"}`, and name the fields in `detail` too.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pydantic
from django.core.exceptions import ObjectDoesNotExist
from django.http import Http404
from ninja import NinjaAPI
from ninja.errors import ValidationError

from research.api import router
from research.api.auth import api_auth, docs_require_member
from research.errors import BadInput, DossierError, TooManyAttempts

api = NinjaAPI(
    title="Dossier API",
    version="1",
    description=(
        "Everything a member can do on the pages. Authenticate with a session (send the CSRF "
        "token as `X-CSRFToken`) or `Authorization: Bearer <token>` (`manage.py "
        'create_api_token USERNAME`). Errors are `{"detail": ...}`.'
    ),
    auth=api_auth,
    urls_namespace="api",
    docs_decorator=docs_require_member,
)
api.add_router("/", router)

# Where ninja says a value came from; the first part of an error's `loc`.
_SOURCES = {"body", "query", "path", "header", "cookie", "form", "file"}
# What every route calls its query-string schema (`filters: Query[...]`); ninja names it in the
# `loc` of that schema's list fields ("filters.kind.0"), which the caller never wrote.
_FILTERS = "filters"


def _field(loc) -> str:
    parts = [str(part) for part in loc]
    if parts and parts[0] in _SOURCES:
        source, parts = parts[0], parts[1:]
        if source == "body" and len(parts) > 1:
            parts = parts[1:]  # the handler's parameter name, e.g. "payload"
        elif source == "body":
            parts = ["body"]
        elif source == "query" and len(parts) > 1 and parts[0] == _FILTERS:
            parts = parts[1:]
    return ".".join(parts) or "body"


def _invalid(request, errors: Sequence[Mapping[str, Any]]):
    problems = [{"field": _field(e.get("loc", ())), "message": e.get("msg", "")} for e in errors]
    detail = "; ".join(f"{p['field']}: {p['message']}" for p in problems) or "Invalid input."
    return api.create_response(request, {"detail": detail, "errors": problems}, status=422)


def _detail(status: int, default: str):
    def handler(request, exc):
        return api.create_response(request, {"detail": str(exc) or default}, status=status)

    return handler


@api.exception_handler(DossierError)
def _dossier_error(request, exc: DossierError):
    """The one mapping of the error family for the API: each kind carries its status."""
    if isinstance(exc, BadInput) and exc.field:
        return _invalid(request, [{"loc": (exc.field,), "msg": exc.reason}])
    response = api.create_response(request, {"detail": exc.reason}, status=exc.http_status)
    if isinstance(exc, TooManyAttempts):
        response["Retry-After"] = str(exc.retry_after)
    return response


@api.exception_handler(ValidationError)
def _ninja_validation_error(request, exc: ValidationError):
    return _invalid(request, exc.errors)


@api.exception_handler(pydantic.ValidationError)
def _pydantic_validation_error(request, exc: pydantic.ValidationError):
    return _invalid(request, exc.errors(include_url=False))


# Django's own: ninja raises Http404 for unknown routes; a row deleted under a request is 404.
api.add_exception_handler(Http404, _detail(404, "Not found."))
api.add_exception_handler(ObjectDoesNotExist, _detail(404, "Not found."))
