"""Every JSON request body of the API refuses what it does not know: the walk goes over every
POST, PUT and PATCH operation of the OpenAPI document the app serves."""

from __future__ import annotations

import re

import pytest

pytest_plugins = ["tests.api_fixtures"]

SURPLUS = "surplus_key"


def _json_body_operations(document: dict) -> list[tuple[str, str]]:
    found = []
    for path, operations in document["paths"].items():
        for method, operation in operations.items():
            if method not in {"post", "put", "patch"}:
                continue
            content = operation.get("requestBody", {}).get("content", {})
            if "application/json" in content:
                found.append((method, path))
    return found


def test_every_json_body_refuses_an_unknown_key_naming_it(api):
    document = api.get("/api/openapi.json").json()
    operations = _json_body_operations(document)
    assert ("post", "/api/projects") in operations and ("post", "/api/notes") in operations
    assert len(operations) >= 20, operations  # the walk covers the whole API
    for method, path in operations:
        url = re.sub(r"\{[^}]+\}", "1", path)
        response = getattr(api, method)(url, {SURPLUS: 1})
        assert response.status_code == 422, (method, path, response.content)
        fields = [error["field"] for error in response.json()["errors"]]
        assert SURPLUS in fields, (method, path, fields)
        assert SURPLUS in response.json()["detail"]


@pytest.mark.parametrize(
    ("path", "body"),
    [
        ("/api/library/collections", {"name": "Deals", "colour": "red"}),
        ("/api/notes", {"target": "project:1", "text": "A note", "pinned": True}),
    ],
)
def test_a_valid_body_with_one_unknown_key_is_refused_and_nothing_is_made(api, member, path, body):
    from research.models import Collection, Note

    response = api.post(path, body)
    assert response.status_code == 422, response.content
    (unknown,) = set(body) - {"name", "target", "text"}
    assert response.json()["errors"] == [
        {"field": unknown, "message": "Extra inputs are not permitted"}
    ]
    assert not Collection.objects.exists() and not Note.objects.exists()


HUGE = 10**20  # no supported database has such an id


@pytest.mark.parametrize(
    ("method", "path", "body", "field"),
    [
        ("post", "/api/projects", {"question": "q", "options": {"collections": [HUGE]}}, None),
        ("get", "/api/library/search", {"q": "x", "collection": HUGE}, "collection.0"),
        ("get", "/api/library/documents", {"collection": HUGE}, "collection"),
        ("post", "/api/sources/1/library", {"collection": HUGE}, "collection"),
    ],
)
def test_an_id_no_database_can_hold_is_refused_naming_the_field(api, method, path, body, field):
    response = getattr(api, method)(path, body)
    assert response.status_code == 422, response.content
    fields = [error["field"] for error in response.json()["errors"]]
    assert (field or "options.collections.0") in fields
