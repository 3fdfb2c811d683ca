"""Every page and every API route needs a signed-in member."""

import pytest
from django.urls import URLPattern, URLResolver
from django.urls.converters import get_converters

from research_site.urls import urlpatterns

PUBLIC = {"/accounts/login/"}


def _paths(patterns, prefix=""):
    for entry in patterns:
        if isinstance(entry, URLResolver):
            yield from _paths(entry.url_patterns, prefix + str(entry.pattern))
        elif isinstance(entry, URLPattern):
            route = prefix + str(entry.pattern)
            yield "/" + _fill(route).lstrip("^").rstrip("$").replace("\\", "")


def _fill(route: str) -> str:
    """Put a plausible value in each path converter: 1 for ids, the first choice otherwise."""
    converters = get_converters()
    while "<" in route:
        start = route.index("<")
        end = route.index(">", start)
        token = route[start + 1 : end]
        name = token.split(":")[0] if ":" in token else "str"
        sample = (
            "1" if name in ("int", "str", "slug", "path") else converters[name].regex.split("|")[0]
        )
        route = route[:start] + sample + route[end + 1 :]
    return route


def _site_paths():
    paths = set()
    for path in _paths(urlpatterns):
        if path.startswith(("/admin/", "/api/")) or path in PUBLIC or "(?P" in path:
            continue
        paths.add(path)
    return sorted(paths)


@pytest.mark.parametrize("path", _site_paths())
def test_pages_send_anonymous_visitors_to_the_login_page(client, db, path):
    response = client.get(path)
    assert response.status_code == 302
    assert response.url.startswith("/accounts/login/")


def test_the_login_page_is_public(client, db):
    response = client.get("/accounts/login/")
    assert response.status_code == 200
    assert b"Sign in" in response.content


def test_the_admin_needs_a_staff_login(client, db):
    response = client.get("/admin/")
    assert response.status_code == 302
    assert "/admin/login/" in response.url


def test_api_routes_answer_anonymous_requests_with_401(client, db):
    from research_site.api import api

    checked = 0
    for path_view in api.urls[0]:
        route = "/api/" + str(path_view.pattern)
        if route == "/api/":
            continue
        for token in ("<int:", "<str:", "<path:"):
            while token in route:
                start = route.index(token)
                route = route[:start] + "1" + route[route.index(">", start) + 1 :]
        for method in ("get", "post", "patch", "delete"):
            response = getattr(client, method)(route)
            if response.status_code == 405:
                continue
            assert response.status_code == 401, (method, route, response.status_code)
            checked += 1
    assert checked > 0


def test_a_signed_in_member_sees_the_project_list(member_client):
    response = member_client.get("/")
    assert response.status_code == 200
    assert b"Projects" in response.content
