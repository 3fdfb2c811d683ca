"""The team's library: collections of uploaded documents, and the passages they are cut into.

A document's file is kept under DATA_DIR/library, named by its sha256, which is unique: the
same bytes are one document. Its text lives only in its passages, each with a locator (the
page, the slide or the heading path) that citations name. Full-text search over passages is in
search.py: FTS5 on SQLite, tsvector on PostgreSQL, both kept by the database itself.

With EMBEDDING_MODEL set, each passage also gets a PassageEmbedding: its vector, stored as
float32 bytes in a plain column on either database, and searched with numpy (semantic.py).
Neither sqlite-vec nor pgvector is used: Python's sqlite3 on the machines we run on cannot load
extensions, and pgvector is not packaged with every PostgreSQL.
"""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

from django.conf import settings
from django.core.files.storage import FileSystemStorage
from django.db import models
from django.utils import timezone

from research.limits import (
    COLLECTION_NAME_MAX,
    DESCRIPTION_MAX,
    ERROR_MAX,
    FILENAME_MAX,
    FOLDER_MAX,
    LOCATOR_MAX,
    SOURCE_TITLE_MAX,
    URL_MAX,
)
from research.models.statuses import DocumentKind, DocumentStatus
from research.text.writing import index_text

User = settings.AUTH_USER_MODEL
EXTRACT_ATTEMPTS = 3


class LibraryStorage(FileSystemStorage):
    """Files under DATA_DIR/library, where DATA_DIR is read each time (tests change it)."""

    @property
    def base_location(self) -> str:
        return str(Path(settings.DATA_DIR) / "library")

    @property
    def location(self) -> str:
        return str(Path(self.base_location).resolve())


def library_storage() -> FileSystemStorage:
    return LibraryStorage()


class Collection(models.Model):
    name = models.CharField(max_length=COLLECTION_NAME_MAX, unique=True)
    description = models.TextField(max_length=DESCRIPTION_MAX, blank=True)
    created_by = models.ForeignKey(
        User, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


class DocumentQuerySet(models.QuerySet):
    def ready(self) -> DocumentQuerySet:
        return self.filter(status=DocumentStatus.READY)

    def stale(self) -> DocumentQuerySet:
        """Queued but never picked up, or extracting past the timeout: a worker died."""
        now = timezone.now()
        lost = now - timedelta(seconds=settings.LIBRARY_EXTRACT_TIMEOUT)
        unclaimed = now - timedelta(seconds=60)
        return self.filter(
            models.Q(status=DocumentStatus.EXTRACTING, claimed_at__lt=lost)
            | models.Q(status=DocumentStatus.QUEUED, queued_at__lt=unclaimed)
        )


class Document(models.Model):
    collection = models.ForeignKey(Collection, on_delete=models.CASCADE, related_name="documents")
    title = models.CharField(max_length=SOURCE_TITLE_MAX, blank=True)
    filename = models.CharField(max_length=FILENAME_MAX)
    folder = models.CharField(
        max_length=FOLDER_MAX,
        blank=True,
        help_text='The folder it was uploaded from ("archive/2025"): it may say a version is old.',
    )
    file = models.FileField(storage=library_storage, upload_to="", max_length=300)
    size = models.PositiveBigIntegerField()
    sha256 = models.CharField(max_length=64, unique=True)
    kind = models.CharField(max_length=20, choices=DocumentKind.choices, blank=True)
    status = models.CharField(
        max_length=20, choices=DocumentStatus.choices, default=DocumentStatus.QUEUED
    )
    error = models.TextField(max_length=ERROR_MAX, blank=True)
    # Why the passages have no vectors (EMBEDDING_MODEL): the document is ready and searched by
    # BM25 all the same; the watchdog embeds them later.
    embedding_error = models.TextField(max_length=ERROR_MAX, blank=True)
    pages = models.PositiveIntegerField(null=True, blank=True)
    # What the file's own metadata says (PDF Info, Office core properties, EPUB Dublin Core):
    # its authors as written there, and the day it was made or published; references use them.
    authors = models.JSONField(default=list, blank=True)
    issued = models.DateField(null=True, blank=True)
    # The pages read by OCR (an image, or a PDF's pages without a usable text layer; 0: none),
    # and the mean confidence Tesseract gave their words, 0 to 100.
    ocr_pages = models.PositiveIntegerField(default=0)
    ocr_confidence = models.FloatField(null=True, blank=True)
    attempts = models.PositiveSmallIntegerField(default=0)
    queued_at = models.DateTimeField(default=timezone.now)
    claimed_at = models.DateTimeField(null=True, blank=True)
    extracted_at = models.DateTimeField(null=True, blank=True)
    source_url = models.URLField(max_length=URL_MAX, blank=True)
    fetched_at = models.DateTimeField(null=True, blank=True)
    added_by = models.ForeignKey(
        User, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    objects = DocumentQuerySet.as_manager()

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["status", "queued_at"])]

    def __str__(self) -> str:
        return self.title or self.filename


class PassageQuerySet(models.QuerySet):
    def create_indexed(self, passages: list[Passage]) -> list[Passage]:
        """Insert passages and their full-text index rows (search.py says what is indexed)."""
        created = self.bulk_create(passages)  # both databases return the new ids
        PassageIndex.objects.bulk_create(
            PassageIndex(passage=passage, text=index_text(passage.text)) for passage in created
        )
        return created


class Passage(models.Model):
    """A piece of a document, about 150-400 words, and where in the document it is."""

    document = models.ForeignKey(Document, on_delete=models.CASCADE, related_name="passages")
    position = models.PositiveIntegerField()
    locator = models.CharField(max_length=LOCATOR_MAX, blank=True)
    page = models.PositiveIntegerField(null=True, blank=True)
    text = models.TextField()
    words = models.PositiveIntegerField(default=0)

    objects = PassageQuerySet.as_manager()

    class Meta:
        ordering = ["document", "position"]
        constraints = [
            models.UniqueConstraint(fields=["document", "position"], name="passage_unique_position")
        ]

    def __str__(self) -> str:
        return f"{self.document_id}#{self.position} {self.locator}"


class PassageIndex(models.Model):
    """What the full-text index holds for a passage: its text, with each run of Chinese,
    Japanese or Korean cut into overlapping character pairs (those scripts have no spaces).
    The database's own full-text engine indexes this table (migration 0011)."""

    passage = models.OneToOneField(
        Passage, on_delete=models.CASCADE, primary_key=True, related_name="index"
    )
    text = models.TextField()

    def __str__(self) -> str:
        return f"index of passage {self.passage_id}"


class PassageEmbedding(models.Model):
    """A passage's vector from the embeddings model `model`, unit length, as float32 bytes."""

    passage = models.OneToOneField(
        Passage, on_delete=models.CASCADE, primary_key=True, related_name="embedding"
    )
    model = models.CharField(max_length=200)
    dims = models.PositiveIntegerField()
    vector = models.BinaryField()
    stored_at = models.DateTimeField(auto_now=True)  # semantic.py reads vectors again after it

    class Meta:
        indexes = [models.Index(fields=["model", "dims", "stored_at"])]  # semantic._matrix

    def __str__(self) -> str:
        return f"{self.passage_id} {self.model} ({self.dims})"
