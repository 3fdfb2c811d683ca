"""Helpers for the API tests: a JSON client with a bearer token, and a query counter.

Rows are built with tests/factories.py."""

from __future__ import annotations

import json

from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext


class ApiClient:
    """Django's test client speaking JSON with `Authorization: Bearer <token>`."""

    def __init__(self, token: str | None, client: Client | None = None):
        self.client = client or Client()
        self.headers = {"Authorization": f"Bearer {token}"} if token else {}

    def get(self, path: str, params: dict | None = None):
        return self.client.get(path, params or {}, headers=self.headers)

    def delete(self, path: str):
        return self.client.delete(path, headers=self.headers)

    def post(self, path: str, body=None):
        return self._send("post", path, body)

    def patch(self, path: str, body=None):
        return self._send("patch", path, body)

    def put(self, path: str, body=None):
        return self._send("put", path, body)

    def _send(self, method: str, path: str, body):
        data = json.dumps(body) if body is not None else ""
        send = getattr(self.client, method)
        return send(path, data, content_type="application/json", headers=self.headers)


def count_queries(call) -> int:
    """How many SQL queries `call()` runs; the response must be a 200. A bearer-token request
    spends three of its own: whether its address is locked out, the token, its last use."""
    with CaptureQueriesContext(connection) as captured:
        response = call()
    assert response.status_code == 200, response.content
    return len(captured)
