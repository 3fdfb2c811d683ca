"""A Content-Security-Policy for every response: no inline script, nothing from elsewhere."""

from collections.abc import Callable

from django.contrib.auth.middleware import LoginRequiredMiddleware as _DjangoLoginRequired
from django.http import HttpRequest, HttpResponse

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


class ContentSecurityPolicyMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if not request.path.startswith("/api/docs"):
            response.headers.setdefault("Content-Security-Policy", POLICY)
        return response


class LoginRequiredMiddleware(_DjangoLoginRequired):
    """Django's login-required default for pages; the API answers 401 itself (see auth.py)."""

    def process_view(self, request, view_func, view_args, view_kwargs):
        if request.path_info.startswith("/api/"):
            return None
        return super().process_view(request, view_func, view_args, view_kwargs)
