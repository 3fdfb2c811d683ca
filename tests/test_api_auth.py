"""API authentication: a bearer token or a session with CSRF; nothing answers anonymous requests."""

import re

import pytest
from django.http import HttpRequest
from django.test import Client
from django.utils import timezone

from research.errors import NotFound
from research.models import ApiToken, ProjectStatus
from research.services.api_tokens import create_token, revoke
from research_site.api import api as ninja_api
from tests.api_helpers import ApiClient
from tests.factories import make_project

pytest_plugins = ["tests.api_fixtures"]
pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fast_passwords")]


def _operations() -> list[tuple[str, str]]:
    schema = ninja_api.get_openapi_schema(path_prefix="/api/")
    return [
        (method, re.sub(r"\{[^}]+\}", "1", path))
        for path, methods in schema["paths"].items()
        for method in methods
    ]


@pytest.mark.parametrize(("method", "path"), _operations())
def test_it_rejects_anonymous_requests_on_every_route(method, path):
    client = ApiClient(None, Client(enforce_csrf_checks=True))
    if method in ("post", "patch"):
        response = getattr(client, method)(path, {"text": "x"})
    else:
        response = getattr(client, method)(path)
    assert response.status_code == 401, (method, path)
    assert response.json() == {"detail": "Unauthorized"}


@pytest.mark.parametrize("path", ["/api/openapi.json", "/api/docs"])
def test_the_schema_and_docs_reject_anonymous_requests(client, path):
    response = client.get(path)
    assert response.status_code == 401
    assert response.json() == {"detail": "Unauthorized"}


def test_the_schema_answers_a_token_and_a_session(api, member_client):
    assert api.get("/api/openapi.json").json()["info"]["title"] == "Dossier API"
    assert member_client.get("/api/openapi.json").status_code == 200
    assert member_client.get("/api/docs").status_code == 200


def test_a_bearer_token_authenticates_and_is_marked_used(api, member):
    response = api.get("/api/me")
    assert response.status_code == 200
    assert response.json() == {"username": "alice"}
    assert ApiToken.objects.get(user=member).last_used_at is not None


@pytest.mark.parametrize(
    "header",
    ["Bearer dsr_not-a-real-token", "Bearer ", "Token dsr_abc", "dsr_abc", "Basic YWxpY2U6eA=="],
)
def test_a_wrong_or_malformed_token_is_401(client, member, header):
    response = client.get("/api/me", headers={"Authorization": header})
    assert response.status_code == 401


def test_a_revoked_token_is_401(member):
    token, raw = create_token(user=member)
    revoke(token.pk, user=member)
    assert ApiClient(raw).get("/api/me").status_code == 401


def test_a_member_cannot_revoke_another_members_token(member, other_member):
    token, raw = create_token(user=member)
    with pytest.raises(NotFound):
        revoke(token.pk, user=other_member)
    assert ApiClient(raw).get("/api/me").status_code == 200


def test_a_token_of_a_deactivated_member_is_401(member):
    _, raw = create_token(user=member)
    member.is_active = False
    member.save()
    assert ApiClient(raw).get("/api/me").status_code == 401


def test_a_token_needs_no_csrf_token(member):
    _, raw = create_token(user=member)
    client = ApiClient(raw, Client(enforce_csrf_checks=True))
    response = client.post("/api/projects", {"question": "Why?", "start": False})
    assert response.status_code == 201


# --- Sessions and CSRF -------------------------------------------------------------------

CSRF_SECRET = "abcdefghijklmnopqrstuvwxyz012345"  # 32 characters, as Django's cookie holds


@pytest.fixture
def session_client(member) -> Client:
    client = Client(enforce_csrf_checks=True)
    # A login, through every authentication backend: django-axes' asks for the request.
    assert client.login(request=HttpRequest(), username="alice", password="correct horse battery")
    client.cookies["csrftoken"] = CSRF_SECRET
    return client


def test_a_session_reads_without_a_csrf_token(session_client):
    assert session_client.get("/api/me").json() == {"username": "alice"}


def test_a_session_post_without_the_csrf_token_is_refused(session_client):
    response = session_client.post(
        "/api/projects", '{"question": "Why?", "start": false}', content_type="application/json"
    )
    assert response.status_code == 403
    assert "CSRF" in response.json()["detail"]


def test_a_session_post_with_the_csrf_token_succeeds(session_client, member):
    response = session_client.post(
        "/api/projects",
        '{"question": "Why?", "start": false}',
        content_type="application/json",
        headers={"X-CSRFToken": CSRF_SECRET},
    )
    assert response.status_code == 201
    assert response.json()["owner"] == "alice"


def test_a_session_delete_needs_the_csrf_token_too(session_client, member):
    project = make_project(member, status=ProjectStatus.DONE)
    url = f"/api/projects/{project.pk}"
    assert session_client.delete(url).status_code == 403
    assert session_client.delete(url, headers={"X-CSRFToken": CSRF_SECRET}).status_code == 200


def test_all_members_can_act_on_all_projects(other_api, member):
    project = make_project(member, status=ProjectStatus.RESEARCHING, started_at=timezone.now())
    response = other_api.post(f"/api/projects/{project.pk}/cancel")
    assert response.status_code == 200
    assert response.json()["owner"] == "alice"
