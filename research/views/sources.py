"""Source pages: metadata, the extracted text with quotes highlighted, summaries, actions."""

from __future__ import annotations

from django.contrib import messages
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.safestring import mark_safe
from django.views.decorators.http import require_GET, require_POST

from research.models import Claim, Collection, Note, Summary
from research.output import rendering
from research.output.progress import progress
from research.services import runs, selectors, sources


@require_GET
def source_detail(request: HttpRequest, source_id: int) -> HttpResponse:
    source = selectors.get_source(source_id)
    summaries = list(
        Summary.objects.filter(source=source).select_related("query").in_outline_order()
    )
    marks = [(f"q{s.pk}-{i}", quote) for s in summaries for i, quote in enumerate(s.quotes)]
    ledger = Claim.objects.filter(quote_source=source).exclude(quote="").order_by("pk")
    marks += [(f"c{pk}", quote) for pk, quote in ledger.values_list("pk", "quote")]
    summary_notes: dict[int, list[Note]] = {}
    for note in Note.objects.filter(summary__source=source).select_related("author"):
        if note.summary_id is not None:
            summary_notes.setdefault(note.summary_id, []).append(note)
    text = source.text
    context = {
        "source": source,
        "project": source.project,
        "summaries": [
            (s, [(f"q{s.pk}-{i}", q) for i, q in enumerate(s.quotes)], summary_notes.get(s.pk, []))
            for s in summaries
        ],
        "text_html": mark_safe(rendering.highlight(text, marks)) if text else "",  # noqa: S308
        "links": source.results.select_related("query").order_by("query__position"),
        "notes": Note.objects.filter(source=source).select_related("author"),
        "note_target": f"source:{source.pk}",
        "steps": source.steps.order_by("-created_at")[:10],
        "collections": [] if source.document_id else Collection.objects.order_by("name"),
    }
    return render(request, "research/source_detail.html", context)


# What a source's buttons do: the verb in the URL, and what it calls or sets.
SOURCE_FLAGS: dict[str, dict[str, bool]] = {
    "exclude": {"excluded": True},
    "include": {"excluded": False},
    "pin": {"pinned": True},
    "unpin": {"pinned": False},
}
SOURCE_ACTIONS = {
    "refetch": (runs.refetch_source, "The page is being fetched again."),
    "resummarize": (runs.resummarize_source, "The source is being summarised again."),
}


@require_POST
def source_action(request: HttpRequest, source_id: int, verb: str) -> HttpResponse:
    source = selectors.get_source(source_id)
    if verb in SOURCE_ACTIONS:
        function, message = SOURCE_ACTIONS[verb]
        function(source, user=request.user)
        messages.success(request, message)
    else:
        sources.set_source_flags(source, user=request.user, **SOURCE_FLAGS[verb])
    return redirect("source", source.pk)


@require_GET
def source_list(request: HttpRequest, project_id: int) -> HttpResponse:
    project = selectors.get_project(project_id)
    rows = project.sources.order_by("n")
    status = request.GET.get("status", "")
    if status:
        rows = rows.filter(fetch_status=status)
    page = Paginator(rows, 50).get_page(request.GET.get("page"))
    context = {"project": project, "page": page, "status": status}
    if project.is_running:  # the list polls itself, so sources appear as they are read
        context |= {"progress": progress(project), "poll_url": request.get_full_path()}
    return render(request, "research/source_list.html", context)


@require_POST
def source_add(request: HttpRequest, project_id: int) -> HttpResponse:
    project = selectors.get_project(project_id)
    source = sources.add_source(project, url=request.POST.get("url", ""), user=request.user)
    messages.success(request, f"Source [{source.n}] added; it will be fetched and summarised.")
    return redirect("source", source.pk)
