"""Backups: a consistent copy of the database while the site runs, and putting one back.

Everything members make lives in the database: projects and all their rows, the page cache,
report versions, notes, the activity log, members and API tokens. So a backup is the database.

- SQLite: the online backup API (`sqlite3.Connection.backup`) copies every page in one read
  transaction: the web server and the worker keep writing (WAL mode) while the copy is the
  database as it was at one instant. The copy is one self-contained file (journal mode DELETE),
  checked with `PRAGMA quick_check`, and appears under its name only once complete.
- PostgreSQL: `pg_dump --format=custom`, which reads one snapshot; `pg_restore` puts it back in
  one transaction. The password reaches both in PGPASSWORD, never on the command line.

Restoring replaces the whole database, so it first backs up the database it replaces (to
DATA_DIR/backups/). Besides the database, the data directory holds `secret_key` (used only when
SECRET_KEY is not set; without it members sign in again), `reports/` (Markdown files written by
`manage.py research`, whose reports are in the database too), `library/` (the library's
original files; their passages are in the database), `figures/` (the sources' figures,
re-encoded; the report shows them from there) and what Dossier makes again by
itself (`staticfiles/`, `locks/`): `also_keep()` names what of that is there.
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from django.conf import settings
from django.utils import timezone

from research.errors import BadInput, NotConfigured, NotFound, ProviderFailed

PG_CLIENT = "PostgreSQL's client tools (Debian/Ubuntu: apt-get install postgresql-client)"


@dataclass(frozen=True)
class Copy:
    path: Path
    size: int
    kind: str


def _database() -> dict[str, Any]:
    return settings.DATABASES["default"]


def _is_sqlite(db: dict[str, Any]) -> bool:
    return db["ENGINE"] == "django.db.backends.sqlite3"


def backup(target: Path, *, overwrite: bool = False) -> Copy:
    """Copy the database to `target` (a file, or a folder to put a dated file in)."""
    db = _database()
    target = _target(target, _suffix(db), overwrite)
    if _is_sqlite(db):
        sqlite_backup(Path(db["NAME"]), target)
        kind = "SQLite database, checked with PRAGMA quick_check"
    else:
        pg_dump(db, target)
        kind = "pg_dump archive, custom format"
    return Copy(target, target.stat().st_size, kind)


def restore(source: Path) -> Copy:
    """Replace the database with the backup at `source`; the database it replaces is backed up
    first, and that copy is returned."""
    if not source.is_file():
        raise BadInput(f"No backup file at {source}.", field="path")
    db = _database()
    if _is_sqlite(db):
        _check_sqlite(source)
    backups = Path(settings.DATA_DIR) / "backups"
    safety = backup(backups / f"before-restore-{_stamp()}{_suffix(db)}")
    if _is_sqlite(db):
        sqlite_restore(source, Path(db["NAME"]))
    else:
        pg_restore(db, source)
    return safety


def also_keep() -> list[str]:
    """What of the data directory, besides the database, is worth keeping with a backup."""
    data = Path(settings.DATA_DIR)
    found = []
    if (data / "secret_key").is_file() and not os.environ.get("SECRET_KEY", "").strip():
        found.append(f"{data / 'secret_key'}: signs sessions; without it members sign in again")
    reports = data / "reports"
    if reports.is_dir() and any(reports.iterdir()):
        found.append(f"{reports}/: report files `manage.py research` wrote (also in the database)")
    library = data / "library"
    if library.is_dir() and any(p.is_file() for p in library.rglob("*")):
        found.append(
            f"{library}/: the library's original files (their passages are in the database; "
            "downloading and reading them again need the files)"
        )
    figures = data / "figures"
    if figures.is_dir() and any(p.is_file() for p in figures.rglob("*")):
        found.append(f"{figures}/: the sources' figures, re-encoded, which the reports show")
    return found


# --- SQLite ------------------------------------------------------------------------------


def sqlite_backup(source: Path, target: Path) -> None:
    """A consistent copy of the SQLite database at `source`, written to `target`."""
    if not source.is_file():
        raise NotFound(f"No SQLite database at {source}; `manage.py migrate` makes one.")
    with _partial(target) as partial:
        live = sqlite3.connect(source, timeout=_busy_timeout())
        try:
            copy = sqlite3.connect(partial)
            try:
                live.backup(copy)  # every page in one step: one read transaction, one instant
                copy.execute("PRAGMA journal_mode=DELETE")  # one file, no -wal beside it
                _quick_check(copy, partial)
            finally:
                copy.close()
        finally:
            live.close()


def sqlite_restore(source: Path, target: Path) -> None:
    """Write the backup at `source` over the database at `target`, through SQLite's own
    locking, so a connection still open sees either the old database or the restored one."""
    backup_db = sqlite3.connect(f"file:{source}?mode=ro", uri=True)
    try:
        live = sqlite3.connect(target, timeout=_busy_timeout())
        try:
            backup_db.backup(live)
        finally:
            live.close()
    finally:
        backup_db.close()


def _check_sqlite(path: Path) -> None:
    """Refuse a file that is not an intact SQLite database made by Dossier."""
    try:
        conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            _quick_check(conn, path)
            tables = {row[0] for row in conn.execute("SELECT name FROM sqlite_master")}
        finally:
            conn.close()
    except sqlite3.DatabaseError as exc:
        raise BadInput(f"{path} is not a SQLite database ({exc}).", field="path") from None
    if not {"django_migrations", "research_project"} <= tables:
        raise BadInput(f"{path} is not a Dossier database: it has no projects table.", field="path")


def _quick_check(conn: sqlite3.Connection, path: Path) -> None:
    problems = [row[0] for row in conn.execute("PRAGMA quick_check")]
    if problems != ["ok"]:
        raise BadInput(f"{path} failed SQLite's quick_check: {'; '.join(problems)}", field="path")


def _busy_timeout() -> float:
    return float(_database().get("OPTIONS", {}).get("timeout", 30))


# --- PostgreSQL --------------------------------------------------------------------------


def pg_dump(db: dict[str, Any], target: Path) -> None:
    tool = _tool("pg_dump")
    with _partial(target) as partial:
        _run([tool, "--format=custom", f"--file={partial}", *_pg_connection(db)], db)


def pg_restore(db: dict[str, Any], source: Path) -> None:
    options = ["--clean", "--if-exists", "--no-owner", "--single-transaction"]
    _run([_tool("pg_restore"), *options, *_pg_connection(db), str(source)], db)


def _pg_connection(db: dict[str, Any]) -> list[str]:
    """The tools' connection options: never the password (see _run)."""
    args = ["--no-password", f"--dbname={db['NAME']}"]
    if db.get("HOST"):
        args.append(f"--host={db['HOST']}")
    if db.get("PORT"):
        args.append(f"--port={db['PORT']}")
    if db.get("USER"):
        args.append(f"--username={db['USER']}")
    return args


def _run(command: list[str], db: dict[str, Any]) -> None:
    env = dict(os.environ)
    if db.get("PASSWORD"):
        env["PGPASSWORD"] = str(db["PASSWORD"])
    sslmode = (db.get("OPTIONS") or {}).get("sslmode")
    if sslmode:
        env["PGSSLMODE"] = str(sslmode)
    done = subprocess.run(command, env=env, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        tool = Path(command[0]).name
        raise ProviderFailed(f"{tool} failed (exit {done.returncode}): {done.stderr.strip()}")


def _tool(name: str) -> str:
    path = shutil.which(name)
    if path is None:
        raise NotConfigured(
            f"{name} is not installed or not on PATH; it comes with {PG_CLIENT}, and backing "
            f"up or restoring a PostgreSQL database needs it."
        )
    return path


# --- Paths -------------------------------------------------------------------------------


def _target(path: Path, suffix: str, overwrite: bool) -> Path:
    """`path`, or a dated file in it when it is a folder; never an existing file by accident."""
    if path.is_dir():
        path = path / f"dossier-{_stamp()}{suffix}"
    if path.exists() and not overwrite:
        raise BadInput(f"{path} already exists; choose another name or pass --force.", field="path")
    path.parent.mkdir(parents=True, exist_ok=True)
    return path


@contextmanager
def _partial(target: Path) -> Iterator[Path]:
    """A file to write beside `target` that becomes `target` only if the writing succeeds."""
    partial = target.with_name(target.name + ".partial")
    partial.unlink(missing_ok=True)
    try:
        yield partial
    except BaseException:
        partial.unlink(missing_ok=True)
        raise
    partial.replace(target)


def _suffix(db: dict[str, Any]) -> str:
    return ".sqlite3" if _is_sqlite(db) else ".dump"


def _stamp() -> str:
    return timezone.now().strftime("%Y%m%d-%H%M%S")
