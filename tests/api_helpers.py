"""Helpers for the API tests: a JSON client with a bearer token, builders for rows."""

from __future__ import annotations

import json
from datetime import timedelta

from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from research.models import (
    FetchStatus,
    PageSnapshot,
    Project,
    ProjectStatus,
    Query,
    QuerySource,
    Report,
    Section,
    Source,
    StepRun,
    StepStatus,
    Summary,
)


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

    def _send(self, method: str, path: str, body):
        data = json.dumps(body) if body is not None else ""
        send = getattr(self.client, method)
        return send(path, data, content_type="application/json", headers=self.headers)


def count_queries(call) -> int:
    """How many SQL queries `call()` runs; the response must be a 200."""
    with CaptureQueriesContext(connection) as captured:
        response = call()
    assert response.status_code == 200, response.content
    return len(captured)


def make_project(owner, *, status=ProjectStatus.DONE, question="How does SQLite WAL work?", **kw):
    return Project.objects.create(question=question, owner=owner, status=status, **kw)


def add_queries(project: Project, count: int, section: Section | None = None) -> list[Query]:
    start = project.queries.count()
    return [
        Query.objects.create(
            project=project, section=section, text=f"query {start + i}", position=start + i
        )
        for i in range(count)
    ]


def add_sources(project: Project, count: int, *, user=None, fetched: bool = True) -> list[Source]:
    sources = []
    for n in project.allocate_source_numbers(count):
        url = f"https://example.org/{project.pk}/{n}"
        snapshot = PageSnapshot.objects.create(url=url, title=f"Page {n}", text=f"Text of {n}.")
        sources.append(
            Source.objects.create(
                project=project,
                n=n,
                url=url,
                title=f"Page {n}",
                snapshot=snapshot if fetched else None,
                fetch_status=FetchStatus.FETCHED if fetched else FetchStatus.PENDING,
                added_by=user,
            )
        )
    return sources


def add_summary(query: Query, source: Source) -> Summary:
    QuerySource.objects.get_or_create(query=query, source=source, defaults={"rank": 1})
    return Summary.objects.create(
        query=query, source=source, text=f"What {source.n} says.", quotes=[f"Text of {source.n}."]
    )


def add_report(project: Project, cited: list[Source], *, user=None, markdown="") -> Report:
    project.reports.update(is_current=False)
    version = project.reports.count() + 1
    report = Report.objects.create(
        project=project,
        version=version,
        markdown=markdown or f"# Report {version}\n\nWAL works [{cited[0].n}].",
        style="professional",
        language="English",
        created_by=user,
    )
    report.cited_sources.set(cited)
    return report


def add_step(project: Project, key: str, *, status=StepStatus.DONE, **fields) -> StepRun:
    now = timezone.now()
    return StepRun.objects.create(
        project=project,
        stage=key.split(":")[0],
        key=key,
        status=status,
        attempt=1,
        started_at=now - timedelta(seconds=2),
        finished_at=now if status == StepStatus.DONE else None,
        **fields,
    )
