"""The library: collections, documents (upload, download, read again), passages and search."""

from django.db.models import Count
from django.http import FileResponse, HttpResponse
from ninja import File, Form, Query, Router
from ninja.files import UploadedFile
from ninja.pagination import paginate
from ninja.responses import Status

from research.api.common import ACTION, BODY, Pagination, answers
from research.api.schemas.common import Id
from research.api.schemas.library import (
    CollectionIn,
    CollectionOut,
    CollectionPatch,
    DocumentFilters,
    DocumentOut,
    PassageOut,
    SaveToLibraryIn,
    SearchFilters,
    SearchHitOut,
    UploadOut,
)
from research.models import Collection, Document, Passage
from research.models.search import MARK_END, MARK_START
from research.output.rendering import marked_snippet
from research.pipeline.shared import semantic
from research.services import library, selectors

router = Router(tags=["library"])


def _collections():
    return Collection.objects.select_related("created_by").annotate(
        document_count=Count("documents")
    )


def _documents():
    return Document.objects.select_related("collection", "added_by").annotate(
        passage_count=Count("passages")
    )


def load_collection(collection_id: int) -> Collection:
    return selectors.get_row(_collections(), collection_id, "collection")


def load_document(document_id: int) -> Document:
    return selectors.get_row(_documents(), document_id, "document")


@router.get("/library/collections", response=answers({200: list[CollectionOut]}))
@paginate(Pagination)
def list_collections(request):
    """Every collection, by name, with how many documents it holds."""
    return _collections().order_by("name")


@router.post("/library/collections", response=answers({201: CollectionOut}, 409, BODY))
def create_collection(request, payload: CollectionIn):
    """A new collection; names are unique."""
    collection = library.create_collection(
        name=payload.name, description=payload.description, user=request.auth
    )
    return Status(201, selectors.get_collection(collection.pk))


@router.get("/library/collections/{collection_id}", response=answers({200: CollectionOut}, 404))
def get_collection(request, collection_id: Id):
    return selectors.get_collection(collection_id)


@router.patch(
    "/library/collections/{collection_id}", response=answers({200: CollectionOut}, *ACTION, BODY)
)
def update_collection(request, collection_id: Id, payload: CollectionPatch):
    """Rename a collection or change its description."""
    library.update_collection(
        selectors.get_collection(collection_id), name=payload.name, description=payload.description
    )
    return selectors.get_collection(collection_id)


@router.delete("/library/collections/{collection_id}", response=answers({204: None}, 404))
def delete_collection(request, collection_id: Id):
    """The collection, its documents and their files, for good."""
    library.delete_collection(selectors.get_collection(collection_id))
    return Status(204, None)


@router.get("/library/documents", response=answers({200: list[DocumentOut]}))
@paginate(Pagination)
def list_documents(request, filters: Query[DocumentFilters]):
    """Documents, newest first, filtered by collection, kind or status."""
    rows = _documents()
    for field in ("collection", "kind", "status"):
        value = getattr(filters, field)
        if value is not None:
            rows = rows.filter(**{f"{field}_id" if field == "collection" else field: value})
    return rows


@router.post(
    "/library/documents",
    response=answers({201: UploadOut, 200: UploadOut}, 404, 413, BODY),
)
def upload_document(request, file: File[UploadedFile], collection: Form[Id]):
    """Upload a file (multipart: `file`, `collection`). 201 with the new document, queued for
    extraction; 200 with `duplicate: true` when the same bytes are already in the library, with
    that document. A file that cannot be read is accepted and ends `failed`, saying why; a file
    over LIBRARY_MAX_UPLOAD_MB gets a 413 and is not stored."""
    library.refuse_too_large(file.size)
    added = library.add_document(
        selectors.get_collection(collection),
        stream=file,
        filename=file.name or "",
        user=request.auth,
    )
    return _uploaded(added)


class _Uploaded:
    """The document as UploadOut reads it: its own fields, and what the upload found."""

    def __init__(self, document: Document, added: library.Added) -> None:
        self.document, self.duplicate, self.message = document, not added.created, added.message

    def __getattr__(self, name: str):
        return getattr(self.document, name)


def _uploaded(added: library.Added) -> Status:
    """201 with the new document, or 200 with the one that already holds these bytes."""
    out = _Uploaded(selectors.get_document(added.document.pk), added)
    return Status(201 if added.created else 200, out)


@router.get("/library/documents/{document_id}", response=answers({200: DocumentOut}, 404))
def get_document(request, document_id: Id):
    """The document: its status (and the reason when it failed), size, kind and passages."""
    return selectors.get_document(document_id)


@router.delete("/library/documents/{document_id}", response=answers({204: None}, 404))
def delete_document(request, document_id: Id):
    """The document, its passages and its stored file, for good."""
    library.delete_document(selectors.get_document(document_id))
    return Status(204, None)


@router.get("/library/documents/{document_id}/file", response=answers({200: None}, 404))
def download_document(request, document_id: Id):
    """The original file, as uploaded."""
    document = selectors.get_document(document_id)
    return FileResponse(
        library.open_original(document), as_attachment=True, filename=document.filename
    )


@router.post(
    "/library/documents/{document_id}/extract", response=answers({202: DocumentOut}, *ACTION)
)
def extract_again(request, document_id: Id):
    """Read a failed document again (after raising a limit, say)."""
    library.extract_again(selectors.get_document(document_id))
    return Status(202, selectors.get_document(document_id))


@router.get(
    "/library/documents/{document_id}/passages", response=answers({200: list[PassageOut]}, 404)
)
@paginate(Pagination)
def list_passages(request, document_id: Id):
    """The document's passages in order, each with its locator."""
    return Passage.objects.filter(document=selectors.get_document(document_id)).order_by("position")


@router.get("/library/search", response=answers({200: list[SearchHitOut]}))
def search(request, response: HttpResponse, filters: Query[SearchFilters]):
    """Search over the passages of ready documents, best first: full text (BM25), fused with
    semantic search when EMBEDDING_MODEL is set. The header X-Search-Mode says which ranked
    the answer: `hybrid`, or `bm25` (no model set, no vectors yet, or the query could not be
    embedded)."""
    found = semantic.search(
        filters.q, collections=filters.collection, kinds=filters.kind, limit=filters.limit
    )
    response["X-Search-Mode"] = found.mode
    return [hit_out(hit) for hit in found.hits]


def hit_out(hit) -> dict:
    passage, document = hit.passage, hit.passage.document
    return {
        "passage_id": passage.pk,
        "document_id": document.pk,
        "title": str(document),
        "collection_id": document.collection_id,
        "collection": document.collection.name,
        "kind": document.kind,
        "locator": passage.locator,
        "score": hit.score,
        "snippet": hit.snippet.replace(MARK_START, "").replace(MARK_END, ""),
        "snippet_html": marked_snippet(hit.snippet, MARK_START, MARK_END),
    }


@router.post(
    "/sources/{source_id}/library",
    response=answers({201: UploadOut, 200: UploadOut}, *ACTION, BODY),
)
def save_source(request, source_id: Id, payload: SaveToLibraryIn):
    """Save a fetched web source into a collection, with its URL and fetch time."""
    added = library.save_source(
        selectors.get_source(source_id),
        selectors.get_collection(payload.collection),
        user=request.auth,
    )
    return _uploaded(added)
