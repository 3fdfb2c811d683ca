"""An id that names nothing is a 404 that says what is missing, on every route that takes one.

One walk over the OpenAPI document the app serves: every operation with an id in its path is
sent a valid request for an id no row has, and must answer 404 naming the kind of row."""

from __future__ import annotations

import re

pytest_plugins = ["tests.api_fixtures"]

MISSING = 987654
# A valid body or query string for the operations that need one, so that only the id is wrong.
VALID: dict[tuple[str, str], dict] = {
    ("patch", "/api/claims/{claim_id}"): {"review": "accepted"},
    ("patch", "/api/library/collections/{collection_id}"): {"name": "Deals"},
    ("patch", "/api/notes/{note_id}"): {"text": "A note"},
    ("patch", "/api/projects/{project_id}"): {"options": {"refresh": "weekly"}},
    ("post", "/api/projects/{project_id}/plan/feedback"): {"text": "add costs"},
    ("post", "/api/projects/{project_id}/clarify"): {"skip": True},
    ("post", "/api/projects/{project_id}/queries"): {"text": "heat pumps"},
    ("post", "/api/projects/{project_id}/questions"): {"question": "Why?"},
    ("post", "/api/projects/{project_id}/report"): {},
    ("put", "/api/projects/{project_id}/report"): {"markdown": "# R", "base_version": 1},
    ("post", "/api/projects/{project_id}/report/claims"): {},
    ("post", "/api/projects/{project_id}/report/sections/{k}/rewrite"): {
        "instruction": "shorter",
        "version": 1,
    },
    ("get", "/api/projects/{project_id}/report/export"): {"format": "md"},
    ("post", "/api/projects/{project_id}/sections"): {"title": "Costs"},
    ("post", "/api/projects/{project_id}/sources"): {"url": "https://example.org/"},
    ("put", "/api/projects/{project_id}/webhook"): {"url": "https://example.org/hook"},
    ("patch", "/api/queries/{query_id}"): {"text": "heat pumps"},
    ("post", "/api/queries/{query_id}/move"): {"direction": "up"},
    ("patch", "/api/sections/{section_id}"): {"title": "Costs"},
    ("post", "/api/sections/{section_id}/move"): {"direction": "up"},
    ("patch", "/api/sources/{source_id}"): {"pinned": True},
    ("post", "/api/sources/{source_id}/library"): {"collection": 1},
}


def _operations_with_an_id(document: dict) -> list[tuple[str, str]]:
    return [
        (method, path)
        for path, operations in document["paths"].items()
        if "{" in path
        for method in operations
    ]


def test_every_route_that_takes_an_id_answers_404_naming_what_is_missing(api, llm_configured):
    document = api.get("/api/openapi.json").json()
    operations = _operations_with_an_id(document)
    assert len(operations) >= 50, operations  # the walk covers the whole API
    for method, path in operations:
        what = re.search(r"\{(\w+)_id\}", path).group(1)  # type: ignore[union-attr]
        url = path.replace(f"{{{what}_id}}", str(MISSING)).replace("{k}", "1")  # a section
        data = VALID.get((method, path))
        if method in {"get", "delete"}:
            response = getattr(api, method)(url, *([data] if data else []))
        else:
            response = getattr(api, method)(url, data)
        assert response.status_code == 404, (method, path, response.content)
        assert response.json()["detail"].startswith(f"No {what} with id {MISSING}"), (method, path)
