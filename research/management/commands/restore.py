"""`manage.py restore PATH [--noinput]`: replace the database with a backup."""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from research.errors import DossierError
from research.management.commands.backup import size_text
from research.services import backup


class Command(BaseCommand):
    help = (
        "Replace the database with a backup made by `manage.py backup`. Stop the web server "
        "and the worker first. The database it replaces is backed up to DATA_DIR/backups/."
    )

    def add_arguments(self, parser):
        parser.add_argument("path", type=Path)
        parser.add_argument(
            "--noinput",
            "--no-input",
            action="store_false",
            dest="interactive",
            help="Do not ask for confirmation.",
        )

    def handle(self, *args, path: Path, interactive: bool, **opts):
        if interactive:
            answer = input(
                f"This replaces the whole database with {path}. Stop the web server and the "
                f"worker first. Type 'yes' to go on: "
            )
            if answer.strip().lower() != "yes":
                raise CommandError("Nothing was restored.")
        try:
            safety = backup.restore(path)
        except DossierError as exc:
            raise CommandError(exc.reason) from None
        self.stdout.write(
            f"The database it replaced is kept in {safety.path} ({size_text(safety.size)})."
        )
        self.stdout.write(
            f"Restored {path}. Run `manage.py migrate` if the backup is older than this version "
            f"(`make run` does), then start the site."
        )
