"""`manage.py backup PATH [--force]`: a consistent copy of the database while the site runs."""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from research.errors import DossierError
from research.services import backup


def size_text(size: int) -> str:
    value = float(size)
    for unit in ("bytes", "KB", "MB", "GB"):
        if value < 1000 or unit == "GB":
            return f"{value:,.0f} {unit}" if unit == "bytes" else f"{value:,.1f} {unit}"
        value /= 1000
    raise AssertionError("unreachable")


class Command(BaseCommand):
    help = (
        "Copy the database to PATH while the site runs: SQLite's online backup, or pg_dump "
        "(custom format) on PostgreSQL. PATH may be a folder, for a dated file in it."
    )

    def add_arguments(self, parser):
        parser.add_argument("path", type=Path)
        parser.add_argument("--force", action="store_true", help="Replace PATH if it exists.")

    def handle(self, *args, path: Path, force: bool, **opts):
        try:
            copy = backup.backup(path, overwrite=force)
        except DossierError as exc:
            raise CommandError(exc.reason) from None
        self.stdout.write(f"Wrote {copy.path} ({size_text(copy.size)}, {copy.kind}).")
        for item in backup.also_keep():
            self.stdout.write(f"Also keep, from the data directory: {item}.")
