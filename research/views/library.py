"""Library pages: collections, search, documents (upload, download, read again) and saving a
web source into a collection. The page's script uploads through the API, one file a request,
with progress; without it the upload form posts here and every file is added in turn."""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.core.files.uploadedfile import UploadedFile
from django.core.paginator import Paginator
from django.db.models import Count
from django.http import FileResponse, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.safestring import mark_safe
from django.views.decorators.http import require_GET, require_POST

from research.errors import BadInput, DossierError
from research.models import Collection, Document, Source
from research.models.search import MARK_END, MARK_START, search_passages
from research.output.rendering import marked_snippet
from research.services import library, selectors
from research.views.forms import CollectionForm, LibrarySearchForm

RECENT = 20
RESULTS = 50
PAGE_SIZE = 100


@require_GET
def library_home(request: HttpRequest) -> HttpResponse:
    collections = list(library.collections_with_counts())
    form = LibrarySearchForm(request.GET or None, collections=collections)
    results = None
    if form.is_valid() and form.cleaned_data["q"].strip():
        data = form.cleaned_data
        hits = search_passages(
            data["q"],
            collections=[data["collection"]] if data["collection"] else [],
            kinds=[data["kind"]] if data["kind"] else [],
            limit=RESULTS,
        )
        results = [
            (hit.passage, mark_safe(marked_snippet(hit.snippet, MARK_START, MARK_END)))  # noqa: S308
            for hit in hits
        ]
    context = {
        "collections": collections,
        "form": form,
        "results": results,
        "collection_form": CollectionForm(),
        "recent": Document.objects.select_related("collection")[:RECENT],
    }
    return render(request, "research/library.html", context)


@require_POST
def collection_create(request: HttpRequest) -> HttpResponse:
    collection = library.create_collection(
        name=request.POST.get("name", ""),
        description=request.POST.get("description", ""),
        user=request.user,
    )
    messages.success(request, f"The collection “{collection}” was created.")
    return redirect("collection", collection.pk)


@require_GET
def collection_detail(request: HttpRequest, collection_id: int) -> HttpResponse:
    collection = selectors.get_collection(collection_id)
    documents = collection.documents.annotate(passage_count=Count("passages")).order_by(
        "-created_at", "-id"
    )
    page = Paginator(documents, PAGE_SIZE).get_page(request.GET.get("page"))
    context = {
        "collection": collection,
        "page": page,
        "form": CollectionForm(
            initial={"name": collection.name, "description": collection.description}
        ),
        "max_upload_mb": settings.LIBRARY_MAX_UPLOAD_MB,
    }
    return render(request, "research/collection_detail.html", context)


@require_POST
def collection_edit(request: HttpRequest, collection_id: int) -> HttpResponse:
    collection = library.update_collection(
        selectors.get_collection(collection_id),
        name=request.POST.get("name", ""),
        description=request.POST.get("description", ""),
    )
    messages.success(request, f"The collection “{collection}” was saved.")
    return redirect("collection", collection.pk)


@require_POST
def collection_delete(request: HttpRequest, collection_id: int) -> HttpResponse:
    collection = selectors.get_collection(collection_id)
    library.delete_collection(collection)
    messages.success(request, f"The collection “{collection}” and its documents were deleted.")
    return redirect("library")


@require_POST
def collection_upload(request: HttpRequest, collection_id: int) -> HttpResponse:
    """Every file of the form, added in turn; each one's outcome is a message."""
    collection = selectors.get_collection(collection_id)
    files = request.FILES.getlist("file")
    if not files:
        raise BadInput("Choose one or more files to add.", field="file")
    for upload in files:
        _add_one(request, collection, upload)
    return redirect("collection", collection.pk)


def _add_one(request: HttpRequest, collection: Collection, upload: UploadedFile) -> None:
    try:
        library.refuse_too_large(upload.size)
        added = library.add_document(
            collection, stream=upload, filename=upload.name or "", user=request.user
        )
    except DossierError as exc:  # this file is refused; the others are still added
        messages.error(request, f"“{upload.name}” was not added: {exc.reason}")
        return
    (messages.success if added.created else messages.info)(request, added.message)


@require_GET
def document_detail(request: HttpRequest, document_id: int) -> HttpResponse:
    document = selectors.get_document(document_id)
    cited_by = (
        Source.objects.live()
        .filter(document=document)
        .select_related("project", "passage")
        .order_by("project_id", "n")
    )
    context = {
        "document": document,
        "passages": document.passages.order_by("position"),
        "cited_by": cited_by,
    }
    return render(request, "research/document_detail.html", context)


@require_GET
def document_download(request: HttpRequest, document_id: int) -> FileResponse:
    document = selectors.get_document(document_id)
    return FileResponse(
        library.open_original(document), as_attachment=True, filename=document.filename
    )


@require_POST
def document_extract(request: HttpRequest, document_id: int) -> HttpResponse:
    document = library.extract_again(selectors.get_document(document_id))
    messages.success(request, f"“{document}” is queued to be read again.")
    return redirect("document", document.pk)


@require_POST
def document_delete(request: HttpRequest, document_id: int) -> HttpResponse:
    document = selectors.get_document(document_id)
    library.delete_document(document)
    messages.success(request, f"“{document}” was deleted, with its file and passages.")
    return redirect("collection", document.collection_id)


@require_POST
def source_save(request: HttpRequest, source_id: int) -> HttpResponse:
    """A fetched web source's text, saved into the chosen collection."""
    source = selectors.get_source(source_id)
    chosen = request.POST.get("collection", "")
    if not chosen.isdigit():
        raise BadInput("Choose a collection to save the page into.", field="collection")
    added = library.save_source(source, selectors.get_collection(int(chosen)), user=request.user)
    (messages.success if added.created else messages.info)(request, added.message)
    return redirect("source", source.pk)
