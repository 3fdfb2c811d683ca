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
# The project first, and not this folder: run as a script, bench/ would come first on the path,
# and bench/mcp.py would hide the mcp SDK that research/ imports.
sys.path[:] = [str(ROOT), *(p for p in sys.path if Path(p or ".").resolve() != ROOT / "bench")]


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
    call_command("collectstatic", interactive=False, verbosity=0)  # as `manage.py serve` does


def measure(client, path: str, repeat: int) -> tuple[float, float, float, int]:
    """First render (cold: templates compiled, code imported), then median and worst of the
    `repeat` renders after it, and the SQL queries of one render."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    times = []
    for _ in range(repeat + 1):
        with CaptureQueriesContext(connection) as queries:
            started = time.perf_counter()
            response = client.get(path)
            times.append(time.perf_counter() - started)
        assert response.status_code == 200, (path, response.status_code)
    first, rest = times[0], times[1:]
    return first, statistics.median(rest), max(rest), len(queries)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=10)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as data_dir:
        setup(data_dir)
        from django.contrib.auth import get_user_model
        from django.test import Client

        from tests.factories import big_project, many_projects

        owner = get_user_model().objects.create_user("bench", password="bench-password-1")
        project = big_project(owner)
        many_projects([owner])
        client = Client()
        client.force_login(owner)
        print(f"{'page':<48} {'first ms':>8} {'median ms':>9} {'worst ms':>8} {'SQL':>4}")
        for label, path in [
            ("project (1,000 sources, 200 summaries, 50 notes)", f"/projects/{project.pk}/"),
            ("project list (1,001 projects, page 1)", "/"),
            ("project list, text search", "/?q=question+99"),
            ("sources of the big project, page 1", f"/projects/{project.pk}/sources/"),
        ]:
            first, median, worst, sql = measure(client, path, args.repeat)
            print(
                f"{label:<48} {first * 1000:8.1f} {median * 1000:9.1f} {worst * 1000:8.1f} {sql:>4}"
            )


if __name__ == "__main__":
    main()
