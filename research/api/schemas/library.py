"""The schemas of the library router: collections, documents, passages and search."""

from datetime import date, datetime
from typing import Annotated

from ninja import Field, Schema

from research.api.schemas.common import Id, InSchema, NonEmpty, Text
from research.limits import COLLECTION_NAME_MAX, DESCRIPTION_MAX, SEARCH_TERMS_MAX
from research.models import DocumentKind, DocumentStatus, OneOf

DocumentStatusName = Annotated[str, OneOf.of(DocumentStatus)]
DocumentKindName = Annotated[str, OneOf.of(DocumentKind, "")]  # "": not read yet


class CollectionIn(InSchema):
    name: NonEmpty = Field(..., max_length=COLLECTION_NAME_MAX)
    description: Text = Field("", max_length=DESCRIPTION_MAX)


class CollectionPatch(InSchema):
    name: NonEmpty | None = Field(None, max_length=COLLECTION_NAME_MAX)
    description: Text | None = Field(None, max_length=DESCRIPTION_MAX)


class CollectionOut(Schema):
    id: int
    name: str
    description: str
    documents: int = Field(0, description="How many documents it holds.")
    created_by: str | None
    created_at: datetime
    updated_at: datetime

    @staticmethod
    def resolve_documents(obj) -> int:
        return getattr(obj, "document_count", 0)

    @staticmethod
    def resolve_created_by(obj) -> str | None:
        return obj.created_by.get_username() if obj.created_by_id else None


class DocumentOut(Schema):
    id: int
    collection_id: int
    collection: str
    title: str
    filename: str
    folder: str = Field("", description='The folder it was uploaded from ("archive/2025").')
    kind: DocumentKindName
    size: int = Field(..., description="Bytes.")
    sha256: str
    status: DocumentStatusName
    error: str = Field(..., description="Why it failed, when it did.")
    pages: int | None = Field(..., description="Pages or slides, when the format has them.")
    authors: list[str] = Field(..., description="The authors its file's metadata names.")
    issued: date | None = Field(..., description="The day its file's metadata says it was made.")
    ocr_pages: int = Field(
        ...,
        description="The pages read by OCR: an image's, or a PDF's pages without a usable text "
        "layer; 0 when none was.",
    )
    ocr_confidence: float | None = Field(
        ..., description="The mean confidence of the words OCR read, 0 to 100."
    )
    passages: int
    source_url: str = Field(..., description="For a saved web page: where it was fetched.")
    fetched_at: datetime | None
    added_by: str | None
    created_at: datetime
    extracted_at: datetime | None
    download_url: str

    @staticmethod
    def resolve_collection(obj) -> str:
        return obj.collection.name

    @staticmethod
    def resolve_passages(obj) -> int:
        count = getattr(obj, "passage_count", None)
        return obj.passages.count() if count is None else count

    @staticmethod
    def resolve_added_by(obj) -> str | None:
        return obj.added_by.get_username() if obj.added_by_id else None

    @staticmethod
    def resolve_download_url(obj) -> str:
        return f"/api/library/documents/{obj.pk}/file"


class UploadOut(DocumentOut):
    duplicate: bool = Field(
        ..., description="True: the same bytes were already in the library, as this document."
    )
    message: str


class PassageOut(Schema):
    id: int
    document_id: int
    position: int
    locator: str = Field(..., description='Where it is: "p. 14", "slide 3", a heading path.')
    page: int | None
    text: str
    words: int


class SearchHitOut(Schema):
    passage_id: int
    document_id: int
    title: str = Field(..., description="The document's title.")
    collection_id: int
    collection: str
    kind: DocumentKindName
    locator: str
    score: float = Field(..., description="Higher is better; compare within one search only.")
    snippet: str = Field(..., description="The best-matching part of the passage.")
    snippet_html: str = Field(..., description="The snippet, escaped, matches in <mark>.")


class SaveToLibraryIn(InSchema):
    collection: Id = Field(..., description="The collection's id.")


class DocumentFilters(Schema):
    collection: Id | None = None
    kind: DocumentKindName | None = None
    status: DocumentStatusName | None = None


class SearchFilters(Schema):
    q: str = Field(..., min_length=1, max_length=SEARCH_TERMS_MAX)
    collection: list[Id] = Field(default_factory=list)
    kind: list[DocumentKindName] = Field(default_factory=list)
    limit: int = Field(20, ge=1, le=100)
