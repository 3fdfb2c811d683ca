"""Django for a benchmark: a throwaway database, DEBUG off as a server runs, migrated."""

from __future__ import annotations

import os


def setup_django(data_dir: str, **env: str) -> None:
    """Settings for the loopback fakes plus `env`, on a SQLite file in `data_dir` (or on
    BENCH_DATABASE_URL=postgres://...), then django.setup() and migrate."""
    os.environ.update(
        DJANGO_SETTINGS_MODULE="research_site.settings",
        DEBUG="0",  # as a server runs: no query log
        SECRET_KEY="bench-secret-key-not-for-production-0123456789abcdef",
        DOSSIER_DATA_DIR=data_dir,
        SEARCH_PROVIDER="searxng",
        FETCH_ALLOW_HOSTS="127.0.0.0/8",
        **env,
    )
    if os.environ.get("BENCH_DATABASE_URL"):
        os.environ["DATABASE_URL"] = os.environ["BENCH_DATABASE_URL"]
    else:
        os.environ.pop("DATABASE_URL", None)
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
