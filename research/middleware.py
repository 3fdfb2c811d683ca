"""Middleware of the pages: login required, a Content-Security-Policy, and the pages' one
mapping of the error family.

The admin's system checks import every middleware, in each process of the worker cluster too;
what the library and the views bring is imported when a request first needs it."""

from collections.abc import Callable

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.middleware import LoginRequiredMiddleware as _DjangoLoginRequired
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render

from research.errors import DossierError, NotFound, TooLarge

POLICY = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
)


def lockout_response(
    request: HttpRequest, credentials: dict | None = None, **kwargs
) -> HttpResponse:
    """What django-axes answers a locked-out address (AXES_LOCKOUT_CALLABLE): JSON with
    Retry-After for the API, the sign-in page's explanation for people; 429 either way."""
    minutes = settings.LOGIN_COOLOFF_MINUTES
    if request.path_info.startswith("/api/"):
        detail = f"Too many failed attempts from this address: try again in {minutes} minutes."
        response: HttpResponse = JsonResponse({"detail": detail}, status=429)
    else:
        context = {"failure_limit": settings.LOGIN_MAX_FAILURES, "minutes": minutes}
        context["username"] = (credentials or {}).get("username", "")
        response = render(request, "registration/locked_out.html", context, status=429)
    response["Retry-After"] = str(minutes * 60)
    return response


class ContentSecurityPolicyMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if not request.path.startswith("/api/docs"):
            response.headers.setdefault("Content-Security-Policy", POLICY)
        return response


class UploadLimitMiddleware:
    """A multipart request larger than LIBRARY_MAX_UPLOAD_MB gets a 413 before Django reads its
    body (the CSRF check would read it into temporary files). The API takes one file a request
    (as the pages' script sends them); a page's upload form without the script sends every file
    chosen in one request, and is told so on an error page."""

    ALLOWANCE = 1024 * 1024  # the multipart framing and the other fields

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if request.content_type == "multipart/form-data":
            from research.services import library

            try:
                length = int(request.META.get("CONTENT_LENGTH") or 0)
                library.refuse_too_large(max(0, length - self.ALLOWANCE) or None)
            except ValueError:
                pass
            except TooLarge as exc:
                if request.path_info.startswith("/api/"):
                    return JsonResponse({"detail": exc.reason}, status=exc.http_status)
                return self._refuse_form(request, length)
        return self.get_response(request)

    @staticmethod
    def _refuse_form(request: HttpRequest, length: int) -> HttpResponse:
        error = TooLarge(
            f"The files chosen come to {length / 1024 / 1024:.1f} MB; without the page’s script "
            "they are sent together, and the library takes up to "
            f"{settings.LIBRARY_MAX_UPLOAD_MB} MB at a time (LIBRARY_MAX_UPLOAD_MB). Go back and "
            "choose fewer files at a time."
        )
        response = render(request, "research/error.html", {"error": error}, status=413)
        response.headers["Content-Security-Policy"] = POLICY
        return response


class LoginRequiredMiddleware(_DjangoLoginRequired):
    """Django's login-required default for pages; the API answers 401 itself (see api/auth.py)."""

    def process_view(self, request, view_func, view_args, view_kwargs):
        if request.path_info.startswith("/api/"):
            return None
        return super().process_view(request, view_func, view_args, view_kwargs)


class DossierErrorMiddleware:
    """The pages' one mapping of the error family (the API has its own, in research_site/api.py).

    A refused action (a POST) goes back to the page it came from with the reason as a message,
    so nothing typed is lost to an error page; a page that cannot be shown (a GET) answers with
    the error's status and its reason.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exc: Exception) -> HttpResponse | None:
        if not isinstance(exc, DossierError) or request.path_info.startswith("/api/"):
            return None
        if request.method == "POST":
            from research.views.access import back

            messages.error(request, exc.reason)
            return back(request)
        if isinstance(exc, NotFound):
            raise Http404(exc.reason)
        return render(request, "research/error.html", {"error": exc}, status=exc.http_status)
