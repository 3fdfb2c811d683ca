"""`manage.py backup` and `manage.py restore`: a consistent copy while the site writes, and
the database put back from it."""

from __future__ import annotations

import io
import json
import os
import shutil
import sqlite3
import stat
import sys
import threading
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command
from django.db import connection

from research.errors import NotConfigured, ProviderFailed
from research.models import Project
from research.services import backup
from tests.factories import make_project

on_sqlite = pytest.mark.skipif(connection.vendor != "sqlite", reason="SQLite's backup API")


@pytest.fixture
def data_dir(settings, tmp_path) -> Path:
    settings.DATA_DIR = tmp_path / "data"
    settings.DATA_DIR.mkdir()
    return settings.DATA_DIR


def _ledger(path: Path) -> sqlite3.Connection:
    conn = sqlite3.connect(path, timeout=30, isolation_level=None)
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("CREATE TABLE IF NOT EXISTS ledger (id INTEGER PRIMARY KEY, amount INTEGER)")
    return conn


def test_a_backup_taken_while_another_connection_writes_is_the_database_at_one_instant(tmp_path):
    live, copy = tmp_path / "live.sqlite3", tmp_path / "copy.sqlite3"
    _ledger(live).close()
    busy, stop = threading.Event(), threading.Event()
    transactions: list[int] = []

    def write() -> None:
        conn = _ledger(live)
        done = 0
        while not stop.is_set():
            conn.execute("BEGIN IMMEDIATE")  # two rows that cancel out, in one transaction
            conn.executemany("INSERT INTO ledger (amount) VALUES (?)", [(done + 1,), (-done - 1,)])
            conn.execute("COMMIT")
            done += 1
            if done == 200:
                busy.set()
        transactions.append(done)
        conn.close()

    writer = threading.Thread(target=write)
    writer.start()
    try:
        assert busy.wait(120), "the writer never got going"
        backup.sqlite_backup(live, copy)
    finally:
        stop.set()
        writer.join()
    restored = sqlite3.connect(copy)
    rows, total = restored.execute("SELECT count(*), sum(amount) FROM ledger").fetchone()
    assert rows >= 400 and rows % 2 == 0 and total == 0  # whole transactions only
    assert rows <= 2 * transactions[0]
    assert restored.execute("PRAGMA journal_mode").fetchone() == ("delete",)
    assert restored.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith("copy")) == [copy.name]


@on_sqlite
@pytest.mark.django_db(transaction=True)
def test_the_backup_command_copies_the_database_and_says_where_and_how_big(
    member, data_dir, tmp_path
):
    make_project(member, question="Is this in the backup?")
    out = io.StringIO()
    call_command("backup", str(tmp_path / "site.sqlite3"), stdout=out)
    size = (tmp_path / "site.sqlite3").stat().st_size
    # The test database (SQLite files do not shrink) is as big as the tests run before this one
    # on the same pytest-xdist worker made it: KB below a million bytes, else MB.
    unit, scale = ("KB", 1000) if size < 1000**2 else ("MB", 1000**2)
    assert f"Wrote {tmp_path / 'site.sqlite3'} ({size / scale:,.1f} {unit}, " in out.getvalue()
    assert "quick_check" in out.getvalue()
    copy = sqlite3.connect(tmp_path / "site.sqlite3")
    assert copy.execute("SELECT question FROM research_project").fetchall() == [
        ("Is this in the backup?",)
    ]


@on_sqlite
@pytest.mark.django_db(transaction=True)
def test_a_backup_into_a_folder_is_dated_and_never_replaces_a_file_unasked(data_dir, tmp_path):
    folder = tmp_path / "backups"
    folder.mkdir()
    call_command("backup", str(folder), stdout=io.StringIO())
    (made,) = folder.iterdir()
    assert made.name.startswith("dossier-") and made.suffix == ".sqlite3"
    with pytest.raises(CommandError, match="already exists; choose another name or pass --force"):
        call_command("backup", str(made), stdout=io.StringIO())
    call_command("backup", str(made), "--force", stdout=io.StringIO())


@on_sqlite
@pytest.mark.django_db(transaction=True)
def test_the_backup_names_the_secret_key_file_to_keep_too(data_dir, tmp_path, monkeypatch):
    monkeypatch.delenv("SECRET_KEY", raising=False)
    (data_dir / "secret_key").write_text("generated")
    out = io.StringIO()
    call_command("backup", str(tmp_path / "b.sqlite3"), stdout=out)
    assert f"Also keep, from the data directory: {data_dir / 'secret_key'}" in out.getvalue()


@on_sqlite
@pytest.mark.django_db(transaction=True)
def test_the_backup_names_the_library_files_to_keep_too(data_dir, tmp_path):
    (data_dir / "library" / "ab").mkdir(parents=True)
    (data_dir / "library" / "ab" / "ab12.pdf").write_bytes(b"%PDF-1.7")
    out = io.StringIO()
    call_command("backup", str(tmp_path / "b.sqlite3"), stdout=out)
    assert f"Also keep, from the data directory: {data_dir / 'library'}/: the library" in (
        out.getvalue()
    )


@on_sqlite
@pytest.mark.django_db(transaction=True)
def test_restore_puts_the_database_back_as_it_was_and_keeps_the_one_it_replaced(
    member, data_dir, tmp_path
):
    kept = make_project(member, question="before the backup")
    call_command("backup", str(tmp_path / "b.sqlite3"), stdout=io.StringIO())
    make_project(member, question="after the backup")
    out = io.StringIO()
    call_command("restore", str(tmp_path / "b.sqlite3"), "--noinput", stdout=out)
    assert list(Project.objects.values_list("pk", "question")) == [(kept.pk, "before the backup")]
    (safety,) = (data_dir / "backups").iterdir()
    assert str(safety) in out.getvalue()
    replaced = sqlite3.connect(safety)
    assert len(replaced.execute("SELECT id FROM research_project").fetchall()) == 2


@on_sqlite
@pytest.mark.django_db(transaction=True)
def test_restore_refuses_a_file_that_is_not_a_dossier_backup(member, data_dir, tmp_path):
    make_project(member)
    (tmp_path / "notes.txt").write_text("not a database at all, just some text " * 200)
    _ledger(tmp_path / "other.sqlite3").close()
    with pytest.raises(CommandError, match="not a SQLite database"):
        call_command("restore", str(tmp_path / "notes.txt"), "--noinput")
    with pytest.raises(CommandError, match="not a Dossier database"):
        call_command("restore", str(tmp_path / "other.sqlite3"), "--noinput")
    with pytest.raises(CommandError, match="No backup file"):
        call_command("restore", str(tmp_path / "missing.sqlite3"), "--noinput")
    assert Project.objects.count() == 1
    assert not (data_dir / "backups").exists()


def test_without_pg_dump_the_error_names_the_tool(tmp_path, monkeypatch):
    monkeypatch.setenv("PATH", str(tmp_path))
    with pytest.raises(NotConfigured, match="pg_dump is not installed.*postgresql-client"):
        backup.pg_dump({"NAME": "dossier"}, tmp_path / "b.dump")


def _pg_dump_on_path(tmp_path: Path, monkeypatch, body: str) -> None:
    """A pg_dump of our own first on PATH: it writes its --file, then runs `body`."""
    tool = tmp_path / "bin" / "pg_dump"
    tool.parent.mkdir()
    tool.write_text(
        f"#!{sys.executable}\n"
        "import json, os, sys\n"
        "out = next(a.split('=', 1)[1] for a in sys.argv if a.startswith('--file='))\n"
        "open(out, 'wb').write(b'PGDMP')\n" + body
    )
    tool.chmod(tool.stat().st_mode | stat.S_IXUSR)
    monkeypatch.setenv("PATH", f"{tool.parent}{os.pathsep}{os.environ['PATH']}")


def test_pg_dump_gets_the_password_in_its_environment_never_on_its_command_line(
    tmp_path, monkeypatch
):
    seen = tmp_path / "seen.json"
    record = "{'argv': sys.argv[1:], 'password': os.environ.get('PGPASSWORD')}"
    _pg_dump_on_path(tmp_path, monkeypatch, f"json.dump({record}, open({str(seen)!r}, 'w'))\n")
    db = {"NAME": "dossier", "USER": "app", "PASSWORD": "s3cret", "HOST": "db", "PORT": 5433}
    backup.pg_dump(db, tmp_path / "b.dump")
    recorded = json.loads(seen.read_text())
    assert recorded["password"] == "s3cret"
    assert not any("s3cret" in arg for arg in recorded["argv"])
    assert {"--format=custom", "--dbname=dossier", "--host=db", "--port=5433"} <= set(
        recorded["argv"]
    )
    assert (tmp_path / "b.dump").read_bytes() == b"PGDMP"


def test_a_failed_pg_dump_says_why_and_leaves_no_file(tmp_path, monkeypatch):
    _pg_dump_on_path(tmp_path, monkeypatch, "sys.stderr.write('no such database'); sys.exit(1)\n")
    out = tmp_path / "out"
    out.mkdir()
    with pytest.raises(ProviderFailed, match=r"pg_dump failed \(exit 1\): no such database"):
        backup.pg_dump({"NAME": "dossier"}, out / "b.dump")
    assert list(out.iterdir()) == []


@pytest.mark.skipif(
    connection.vendor != "postgresql"
    or not (shutil.which("pg_dump") and shutil.which("pg_restore")),
    reason="needs PostgreSQL (DATABASE_URL) and its client tools",
)
@pytest.mark.django_db(transaction=True)
def test_postgres_backup_and_restore_round_trip(member, data_dir, tmp_path):
    kept = make_project(member, question="before the backup")
    out = io.StringIO()
    call_command("backup", str(tmp_path / "b.dump"), stdout=out)
    assert "pg_dump archive" in out.getvalue()
    make_project(member, question="after the backup")
    connection.close()
    call_command("restore", str(tmp_path / "b.dump"), "--noinput", stdout=io.StringIO())
    assert list(Project.objects.values_list("pk", "question")) == [(kept.pk, "before the backup")]
