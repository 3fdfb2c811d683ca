"""`manage.py import_documents PATH... --collection NAME`: add files to the library.

Folders are walked recursively (hidden files and folders are skipped). Each file is stored and
queued for the worker, which reads it; `--here` reads them in this process instead. A progress
bar shows the files done; at the end, every file that was refused or failed is listed with why.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import TextIO, cast

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError
from tqdm import tqdm

from research.errors import DossierError
from research.models import Collection, Document, DocumentStatus
from research.services import library


def walk(paths: list[str]) -> Iterator[Path]:
    for raw in paths:
        path = Path(raw)
        if not path.exists():
            raise CommandError(f"{raw}: no such file or folder.")
        if path.is_file():
            yield path
            continue
        for found in sorted(path.rglob("*")):
            hidden = any(part.startswith(".") for part in found.relative_to(path).parts)
            if found.is_file() and not hidden:
                yield found


class Command(BaseCommand):
    help = "Add files, or every file under folders, to a library collection."

    def add_arguments(self, parser):
        parser.add_argument("paths", nargs="+", metavar="PATH")
        parser.add_argument("--collection", required=True, help="Its name; made if it is new.")
        parser.add_argument("--user", help="The member recorded as adding them.")
        parser.add_argument(
            "--here", action="store_true", help="Read the files in this process, not the worker."
        )

    def handle(self, *args, paths, collection, user, here, **options):
        member = self._member(user)
        files = list(walk(paths))
        target, made = self._collection(collection, member)
        if made:
            self.stdout.write(f'Made the collection "{target.name}".')
        counts = {"added": 0, "already there": 0, "refused": 0}
        problems: list[str] = []
        added: list[Document] = []
        for path in self._bar(files, "Importing"):
            outcome = self._add(target, path, member, problems)
            counts[outcome[0]] += 1
            if outcome[1] is not None:
                added.append(outcome[1])
        if here:
            for document in self._bar(added, "Reading"):
                library.extract(document.pk)
        self._report(counts, problems, added, here)

    def _bar(self, items: list, desc: str) -> tqdm:
        """A progress bar on the command's own stderr (tqdm draws with carriage returns, so it
        writes to the stream under Django's wrapper, which would add line ends)."""
        stream = cast(TextIO, self.stderr._out)
        return tqdm(items, desc=desc, unit="file", disable=not items, file=stream)

    def _add(self, target, path: Path, member, problems):
        try:
            with path.open("rb") as stream:
                result = library.add_document(
                    target, stream=stream, filename=path.name, user=member
                )
        except (DossierError, OSError) as exc:
            problems.append(f"{path}: {getattr(exc, 'reason', exc)}")
            return "refused", None
        if not result.created:
            return "already there", None
        return "added", result.document

    def _report(self, counts, problems, added, here) -> None:
        self.stdout.write(", ".join(f"{n} {what}" for what, n in counts.items()) + ".")
        for line in problems:
            self.stderr.write(line)
        if here:
            ids = [doc.pk for doc in added]
            failed = Document.objects.filter(pk__in=ids, status=DocumentStatus.FAILED)
            for document in failed:
                self.stderr.write(f"{document.filename}: {document.error}")
            self.stdout.write(f"{len(ids) - len(failed)} read, {len(failed)} failed.")
        elif added:
            self.stdout.write(
                f"{len(added)} files are queued; the worker (make run, or manage.py qcluster) "
                "reads them. Their status is on the library page."
            )

    def _member(self, username):
        if not username:
            return None
        found = get_user_model().objects.filter(username=username).first()
        if found is None:
            raise CommandError(f"No member named {username}.")
        return found

    def _collection(self, name: str, member) -> tuple[Collection, bool]:
        existing = Collection.objects.filter(name=name.strip()).first()
        if existing:
            return existing, False
        try:
            return library.create_collection(name=name, user=member), True
        except DossierError as exc:
            raise CommandError(exc.reason) from None
