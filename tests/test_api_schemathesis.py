"""Schemathesis against /api/openapi.json: no 5xx, and every response matches the schema.

It loads the schema from the WSGI application with a bearer token and runs every operation
in-process, with all of schemathesis' checks (server errors, status codes, content types, response
schemas, valid data accepted, invalid data refused). The fuzzing phase is derandomized and bounded
(MAX_EXAMPLES per operation, positive and negative); the coverage phase, which alone would send
over a thousand requests, is off. Nothing leaves the machine: the test's transaction never commits,
so no pipeline step is dispatched, and the LLM and search settings point at a closed port.
"""

import pytest
import schemathesis
from django.core import signals
from django.db import close_old_connections

from research.services.api_tokens import create_token
from research_site.wsgi import application

pytest_plugins = ["tests.api_fixtures"]

MAX_EXAMPLES = 12  # per operation: about 30 operations, so some 360 requests


def _config(token: str) -> schemathesis.Config:
    return schemathesis.Config.from_dict(
        {
            "headers": {"Authorization": f"Bearer {token}"},
            "generation": {
                "max-examples": MAX_EXAMPLES,
                "deterministic": True,
                "database": "none",
            },
            "phases": {"coverage": {"enabled": False}, "stateful": {"enabled": False}},
            # A 422 is a valid answer to schema-valid data that names what does not exist or
            # cannot be used: a collection or a section by an id the schema cannot know, a URL
            # whose host is no valid name. On PostgreSQL ids keep counting across tests, so
            # which generated ids exist depends on the order the suite runs in.
            "checks": {
                "positive_data_acceptance": {
                    "expected-statuses": ["2xx", "3xx", 401, 403, 404, 409, 422, 429]
                }
            },
        }
    )


@pytest.fixture
def api_schema(request, db, settings, member, finished_project, fast_passwords):
    """The schema as the app serves it, to a member with a token."""
    # schemathesis 4.32's lazy schemas read `node._nodeid`, which pytest 9.2 no longer has.
    if not hasattr(request.node, "_nodeid"):
        request.node._nodeid = request.node.nodeid
    settings.LLM_MODEL = "fake-model"
    settings.LLM_BASE_URL = "http://127.0.0.1:9/v1"  # the discard port: nothing listens
    settings.SEARCH_PROVIDER = "searxng"
    settings.SEARXNG_URL = "http://127.0.0.1:9"
    token = create_token(user=member, name="schemathesis")[1]
    headers = {"Authorization": f"Bearer {token}"}
    # Django closes the connection around each request, which would end the test transaction;
    # its own test client disconnects these handlers the same way.
    signals.request_started.disconnect(close_old_connections)
    signals.request_finished.disconnect(close_old_connections)
    try:
        yield schemathesis.openapi.from_wsgi(
            "/api/openapi.json", application, config=_config(token), headers=headers
        )
    finally:
        signals.request_started.connect(close_old_connections)
        signals.request_finished.connect(close_old_connections)


schema = schemathesis.pytest.from_fixture("api_schema")


@schema.parametrize()
def test_the_api_answers_every_generated_request_within_its_schema(case):
    body = case.body if isinstance(case.body, dict) else {}
    if "file" in body and not getattr(body["file"], "data", body["file"]):  # schemathesis' Binary
        # Werkzeug's multipart encoder writes no line break between an empty file's headers and
        # the closing boundary, so Django sees no file at all ("file: Field required"); one
        # byte is as valid for the schema, and the upload's answer is what is under test.
        body["file"] = b"\x00"
    case.call_and_validate()
