"""The team's library: collections, documents added to them, and their extraction.

Pages, the API and `manage.py import_documents` call these functions. A document is stored as
it arrives (streamed into DATA_DIR/library under its sha256, so the same bytes are stored once
and the second upload is told so), then a worker reads it (`extract`): the file becomes
passages with locators (and its embedded images figures: pipeline/shared/document_figures.py),
or the document fails with a reason people can act on, and the file is kept either way; with
EMBEDDING_MODEL set, the passages of a ready document are then embedded
(pipeline/shared/semantic.py). `requeue_stale` gives the work of a worker that died to another.
"""

from __future__ import annotations

import hashlib
import io
import logging
import tempfile
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import Count, F
from django.utils import timezone

from research.errors import BadInput, DossierError, NotAllowed, NotFound, TooLarge, reason_of
from research.limits import COLLECTION_NAME_MAX, DESCRIPTION_MAX, FILENAME_MAX, FOLDER_MAX
from research.models import Collection, Document, DocumentStatus, Passage
from research.models.library import EXTRACT_ATTEMPTS
from research.pipeline.shared import document_figures, semantic

logger = logging.getLogger(__name__)
CHUNK = 1024 * 1024


# --- Collections ------------------------------------------------------------------------------


def _collection_fields(name: str, description: str) -> tuple[str, str]:
    name = (name or "").strip()
    if not name or len(name) > COLLECTION_NAME_MAX:
        raise BadInput(
            f"A collection needs a name of 1 to {COLLECTION_NAME_MAX} characters.", field="name"
        )
    description = (description or "").strip()
    if len(description) > DESCRIPTION_MAX:
        raise BadInput(
            f"A description is at most {DESCRIPTION_MAX} characters.", field="description"
        )
    return name, description


def collections_with_counts():
    """Every collection by name, each with `document_count`."""
    return Collection.objects.annotate(document_count=Count("documents")).order_by("name")


def create_collection(*, name: str, description: str = "", user) -> Collection:
    name, description = _collection_fields(name, description)
    try:
        with transaction.atomic():
            return Collection.objects.create(name=name, description=description, created_by=user)
    except IntegrityError:
        raise NotAllowed(f'A collection named "{name}" already exists.') from None


def update_collection(
    collection: Collection, *, name: str | None = None, description: str | None = None
) -> Collection:
    new_name, new_description = _collection_fields(
        collection.name if name is None else name,
        collection.description if description is None else description,
    )
    collection.name, collection.description = new_name, new_description
    try:
        with transaction.atomic():
            collection.save(update_fields=["name", "description", "updated_at"])
    except IntegrityError:
        raise NotAllowed(f'A collection named "{new_name}" already exists.') from None
    return collection


def delete_collection(collection: Collection) -> None:
    """The collection, its documents and their stored files."""
    files = [doc.file.name for doc in collection.documents.all() if doc.file]
    collection.delete()
    _remove_files(files)


def delete_document(document: Document) -> None:
    name = document.file.name if document.file else ""
    document.delete()
    _remove_files([name] if name else [])


def _remove_files(names: Iterable[str]) -> None:
    storage = Document._meta.get_field("file").storage
    for name in names:
        try:
            storage.delete(name)
        except OSError as exc:  # the row is gone either way; a stray file is only space
            logger.warning("could not delete library file %s: %s", name, exc)


# --- Adding documents -------------------------------------------------------------------------


@dataclass(frozen=True)
class Added:
    document: Document
    created: bool  # False: the same bytes were already in the library, as `document`

    @property
    def message(self) -> str:
        if self.created:
            return f'"{self.document.filename}" was added; it is read in the background.'
        doc = self.document
        return (
            f'These bytes are already in the library as "{doc}" (document {doc.pk}, in the '
            f'collection "{doc.collection.name}"); nothing new was stored.'
        )


def max_upload_bytes() -> int:
    return settings.LIBRARY_MAX_UPLOAD_MB * 1024 * 1024


def refuse_too_large(size: int | None) -> None:
    """TooLarge (413) for a file, or a request, over LIBRARY_MAX_UPLOAD_MB."""
    if size is not None and size > max_upload_bytes():
        raise TooLarge(
            f"The file is {size / 1024 / 1024:.1f} MB; the library takes files of up to "
            f"{settings.LIBRARY_MAX_UPLOAD_MB} MB (LIBRARY_MAX_UPLOAD_MB)."
        )


def clean_filename(filename: str) -> str:
    name = Path((filename or "").replace("\\", "/")).name.strip()
    name = "".join(ch for ch in name if ch.isprintable())
    if not name:
        raise BadInput("The file needs a name.", field="file")
    if len(name) > FILENAME_MAX:
        stem, suffix = Path(name).stem, Path(name).suffix[:20]
        name = stem[: FILENAME_MAX - len(suffix)] + suffix
    return name


def clean_folder(filename: str) -> str:
    """The folders of a file's path ("archive/2025" of "archive/2025/report.pdf"), printable,
    without "." or ".." or a drive; "" for a bare name."""
    parts = Path((filename or "").replace("\\", "/")).parts[:-1]
    kept = ["".join(ch for ch in part if ch.isprintable()).strip() for part in parts]
    folder = "/".join(p for p in kept if p and p not in (".", "..", "/") and not p.endswith(":"))
    return folder[-FOLDER_MAX:].lstrip("/")


def add_document(
    collection: Collection, *, stream, filename: str, user, source_url: str = "", fetched_at=None
) -> Added:
    """Store a file read from `stream` (a binary file object) and queue it for extraction; a
    path's folders are kept beside its name."""
    folder, filename = clean_folder(filename), clean_filename(filename)
    storage = Document._meta.get_field("file").storage
    incoming = Path(storage.path("incoming"))
    incoming.mkdir(parents=True, exist_ok=True)
    digest, size, temp = _spool(stream, incoming)
    try:
        existing = Document.objects.select_related("collection").filter(sha256=digest).first()
        if existing is not None:
            return Added(existing, created=False)
        name = f"{digest[:2]}/{digest}{Path(filename).suffix.lower()[:20]}"
        Path(storage.path(name)).parent.mkdir(parents=True, exist_ok=True)
        temp.replace(storage.path(name))
        fields = {"filename": filename, "folder": folder, "file": name, "size": size}
        return _create(collection, fields, digest, user, source_url, fetched_at)
    finally:
        temp.unlink(missing_ok=True)


def _spool(stream, directory: Path) -> tuple[str, int, Path]:
    """Copy the stream to a temporary file, hashing and counting; TooLarge past the limit."""
    digest, size = hashlib.sha256(), 0
    with tempfile.NamedTemporaryFile(dir=directory, delete=False) as out:
        temp = Path(out.name)
        try:
            while chunk := stream.read(CHUNK):
                size += len(chunk)
                refuse_too_large(size)
                digest.update(chunk)
                out.write(chunk)
        except BaseException:
            temp.unlink(missing_ok=True)
            raise
    return digest.hexdigest(), size, temp


def _create(collection, fields, digest, user, source_url, fetched_at) -> Added:
    try:
        with transaction.atomic():
            document = Document.objects.create(
                collection=collection,
                title=Path(fields["filename"]).stem[:200],
                sha256=digest,
                **fields,
                added_by=user,
                source_url=source_url,
                fetched_at=fetched_at,
            )
            transaction.on_commit(lambda: enqueue(document.pk))
    except IntegrityError:  # the same bytes, uploaded at the same moment by someone else
        return Added(Document.objects.select_related("collection").get(sha256=digest), False)
    return Added(document, created=True)


def enqueue(document_id: int) -> None:
    from django_q.tasks import async_task

    async_task(
        "research.tasks.extract_document",
        document_id,
        task_name=f"document-{document_id}-{timezone.now().timestamp()}",
        save=False,
    )


def extract_again(document: Document) -> Document:
    """A failed document, queued again (after a setting was raised, say)."""
    if document.status != DocumentStatus.FAILED:
        raise NotAllowed(
            f"Document {document.pk} is {document.get_status_display().lower()}; only a failed "
            "one is read again."
        )
    Document.objects.filter(pk=document.pk, status=DocumentStatus.FAILED).update(
        status=DocumentStatus.QUEUED, error="", attempts=0, queued_at=timezone.now()
    )
    transaction.on_commit(lambda: enqueue(document.pk))
    document.refresh_from_db()
    return document


# --- Extraction, in the worker ----------------------------------------------------------------


def extract(document_id: int) -> str:
    """Claim a queued document, read it into passages, and record the outcome on it."""
    now = timezone.now()
    claimed = Document.objects.filter(pk=document_id, status=DocumentStatus.QUEUED).update(
        status=DocumentStatus.EXTRACTING, claimed_at=now, attempts=F("attempts") + 1
    )
    if not claimed:
        return f"document {document_id}: not queued"
    document = Document.objects.get(pk=document_id)
    # Imported here: the readers' libraries (pypdf, python-docx, python-pptx) load only in the
    # worker processes that read files, not in every web process.
    from research.providers import documents as reader

    try:
        extracted = reader.extract_document(
            Path(document.file.path),
            filename=document.filename,
            max_uncompressed=settings.LIBRARY_MAX_UNCOMPRESSED_MB * 1024 * 1024,
        )
        drafts = reader.split_passages(extracted.blocks)
    except Exception as exc:
        if not isinstance(exc, DossierError):
            logger.exception("extracting document %s", document_id)
        return _finish_failed(document, reason_of(exc))
    return _finish_ready(document, extracted, drafts)


def _finish_ready(document: Document, extracted, drafts) -> str:
    # Its images re-encoded and stored before the write lock is taken; none fails the document.
    figures = document_figures.prepare(extracted.figures)
    with transaction.atomic():
        mine = Document.objects.select_for_update().filter(
            pk=document.pk, status=DocumentStatus.EXTRACTING, attempts=document.attempts
        )
        if not mine.exists():
            return f"document {document.pk}: taken over by another worker"
        document.passages.all().delete()
        document_figures.replace(document, figures)
        Passage.objects.create_indexed(
            [
                Passage(
                    document=document,
                    position=draft.position,
                    locator=draft.locator[:500],
                    page=draft.page,
                    text=draft.text,
                    words=draft.words,
                )
                for draft in drafts
            ]
        )
        mine.update(
            status=DocumentStatus.READY,
            kind=extracted.kind,
            title=(extracted.title or document.title)[:500],
            pages=extracted.pages,
            authors=[name[:200] for name in extracted.authors[:20]],
            issued=extracted.issued,
            ocr_pages=extracted.ocr_pages,
            ocr_confidence=extracted.ocr_confidence,
            error="",
            extracted_at=timezone.now(),
        )
    # Outside the transaction: the embeddings call must not hold the database's write lock, and
    # its failure leaves the document ready (searched by BM25), the reason on it.
    said = f"document {document.pk}: {len(drafts)} passages" + document_figures.kept_note(figures)
    return said + semantic.embed_document(document.pk)


def _finish_failed(document: Document, reason: str) -> str:
    Document.objects.filter(
        pk=document.pk, status=DocumentStatus.EXTRACTING, attempts=document.attempts
    ).update(status=DocumentStatus.FAILED, error=reason[:4000], extracted_at=timezone.now())
    return f"document {document.pk}: failed: {reason}"


def requeue_stale() -> int:
    """Documents a dead worker left queued or half-read go back to the queue, three times
    at most."""
    count = 0
    for document in Document.objects.stale():
        if document.attempts >= EXTRACT_ATTEMPTS:
            done = Document.objects.filter(pk=document.pk, status=document.status).update(
                status=DocumentStatus.FAILED,
                error=(
                    f"The extraction stopped {document.attempts} times without finishing (a worker "
                    f"was stopped, or ran past LIBRARY_EXTRACT_TIMEOUT, "
                    f"{settings.LIBRARY_EXTRACT_TIMEOUT} s). Raise it, or read it again."
                ),
            )
        else:
            done = Document.objects.filter(
                pk=document.pk, status=document.status, attempts=document.attempts
            ).update(status=DocumentStatus.QUEUED, queued_at=timezone.now())
            if done:
                enqueue(document.pk)
        count += done
    return count


def open_original(document: Document):
    """The stored file, open for reading; NotFound when it is missing from the disk."""
    try:
        return document.file.open("rb")
    except (FileNotFoundError, ValueError):
        raise NotFound(
            f"The file of document {document.pk} is missing from the library folder "
            f"({settings.DATA_DIR}/library); restore it from a backup."
        ) from None


def save_source(source, collection: Collection, *, user) -> Added:
    """A fetched web source's text, saved as a document with its URL and fetch time."""
    snapshot = source.snapshot if source.snapshot_id else None
    if snapshot is None or not snapshot.text:
        raise NotAllowed(f"Source [{source.n}] has no fetched text yet; fetch it first.")
    title = source.title or snapshot.title or source.url
    body = f"# {title}\n\n{snapshot.text}\n".encode()
    stem = "".join(ch if ch.isalnum() else "-" for ch in title.lower()).strip("-")[:80]
    added = add_document(
        collection,
        stream=io.BytesIO(body),
        filename=f"{stem or 'page'}.md",
        user=user,
        source_url=snapshot.final_url or source.url,
        fetched_at=snapshot.fetched_at,
    )
    if added.created:
        Document.objects.filter(pk=added.document.pk).update(title=title[:500])
        added.document.title = title[:500]
    return added
