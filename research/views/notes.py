"""Notes on anything: add, edit and delete (authors only)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.views.decorators.http import require_POST

from research.services import notes, selectors
from research.views.access import back


@require_POST
def note_add(request: HttpRequest) -> HttpResponse:
    target = notes.Target.parse(request.POST.get("target", ""))
    notes.add_note(target=target, text=request.POST.get("text", ""), user=request.user)
    return back(request)


@require_POST
def note_edit(request: HttpRequest, note_id: int) -> HttpResponse:
    note = selectors.get_note(note_id)
    notes.edit_note(note, text=request.POST.get("text", ""), user=request.user)
    return back(request)


@require_POST
def note_delete(request: HttpRequest, note_id: int) -> HttpResponse:
    note = selectors.get_note(note_id)
    notes.delete_note(note, user=request.user)
    return back(request)
