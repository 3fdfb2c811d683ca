"""Render times of the heaviest pages.

Builds, in a throwaway SQLite database: one project with 1,000 sources, 200 summaries, 50 notes
and a report citing 200 of them; and 1,000 projects for the list. Then renders the project page
and the project list through Django's test client and prints the median and worst times and
the number of SQL queries of each.

    .venv/bin/python bench/pages.py [--repeat N]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def setup(data_dir: str) -> None:
    os.environ.update(
        DJANGO_SETTINGS_MODULE="research_site.settings",
        DEBUG="0",
        DOSSIER_DATA_DIR=data_dir,
        SECRET_KEY="bench-only-secret-key-0123456789",
        ALLOWED_HOSTS="testserver",
    )
    os.environ.pop("DATABASE_URL", None)
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def big_project(owner):
    from research.models import (
        Note,
        Project,
        ProjectStatus,
        Query,
        QuerySource,
        Report,
        Section,
        Source,
        Stage,
        StepRun,
        StepStatus,
        Summary,
    )

    project = Project.objects.create(question="big", owner=owner, status=ProjectStatus.DONE)
    sections = Section.objects.bulk_create(
        Section(project=project, title=f"Section {i}", position=i) for i in range(5)
    )
    queries = Query.objects.bulk_create(
        Query(project=project, section=sections[i % 5], text=f"query {i}", position=i)
        for i in range(20)
    )
    sources = Source.objects.bulk_create(
        Source(
            project=project,
            n=i + 1,
            url=f"https://e{i}.example/",
            domain=f"e{i}.example",
            title=f"Source {i}",
        )
        for i in range(1000)
    )
    QuerySource.objects.bulk_create(
        QuerySource(query=queries[i % 20], source=sources[i], rank=i // 20 + 1, selected=i < 200)
        for i in range(1000)
    )
    Summary.objects.bulk_create(
        Summary(
            query=queries[i % 20],
            source=sources[i],
            text="A finding. " * 20,
            quotes=["a quoted passage of the source", "another passage"],
        )
        for i in range(200)
    )
    body = "\n\n".join(f"Claim number {i} is supported [{i}]." for i in range(1, 201))
    Report.objects.create(
        project=project,
        version=1,
        markdown=f"# Report\n\n{body}\n",
        style="professional",
        language="English",
    )
    Note.objects.bulk_create(
        Note(project=project, author=owner, text=f"note {i}") for i in range(50)
    )
    StepRun.objects.bulk_create(
        StepRun(project=project, stage=Stage.SUMMARIZE, key=f"k{i}", status=StepStatus.DONE)
        for i in range(400)
    )
    return project


def many_projects(owner, count: int = 1000) -> None:
    from research.models import Project

    Project.objects.bulk_create(
        Project(question=f"question {i}", owner=owner) for i in range(count)
    )


def measure(client, path: str, repeat: int) -> tuple[float, float, int]:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    times = []
    for _ in range(repeat):
        with CaptureQueriesContext(connection) as queries:
            started = time.perf_counter()
            response = client.get(path)
            times.append(time.perf_counter() - started)
        assert response.status_code == 200, (path, response.status_code)
    return statistics.median(times), max(times), len(queries)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=10)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as data_dir:
        setup(data_dir)
        from django.contrib.auth import get_user_model
        from django.test import Client

        owner = get_user_model().objects.create_user("bench", password="bench-password-1")
        project = big_project(owner)
        many_projects(owner)
        client = Client()
        client.force_login(owner)
        print(f"{'page':<48} {'median ms':>9} {'worst ms':>8} {'SQL':>4}")
        for label, path in [
            ("project (1,000 sources, 200 summaries, 50 notes)", f"/projects/{project.pk}/"),
            ("project list (1,001 projects, page 1)", "/"),
            ("project list, text search", "/?q=question+99"),
            ("sources of the big project, page 1", f"/projects/{project.pk}/sources/"),
        ]:
            median, worst, sql = measure(client, path, args.repeat)
            print(f"{label:<48} {median * 1000:9.1f} {worst * 1000:8.1f} {sql:>4}")


if __name__ == "__main__":
    main()
