"""Notes on a project or one of its queries, sources, summaries or reports."""

from ninja import Query, Router
from ninja.pagination import paginate
from ninja.responses import Status

from research.api.common import BODY, Pagination, answers
from research.api.schemas.common import Id
from research.api.schemas.notes import NoteEditIn, NoteFilter, NoteIn, NoteOut
from research.services import notes, selectors

router = Router(tags=["notes"])


@router.get("/notes", response=answers({200: list[NoteOut]}, 404))
@paginate(Pagination)
def list_notes(request, filters: Query[NoteFilter]):
    """The notes on a project, query, source, summary, report or question, oldest first."""
    target = notes.Target.parse(filters.target)
    notes.resolve(target)
    return notes.notes_on(target).order_by("created_at", "id")


@router.post("/notes", response=answers({201: NoteOut}, 404, BODY))
def add_note(request, payload: NoteIn):
    note = notes.add_note(
        target=notes.Target.parse(payload.target), text=payload.text, user=request.auth
    )
    return Status(201, selectors.get_note(note.pk))


@router.patch("/notes/{note_id}", response=answers({200: NoteOut}, 403, 404, BODY))
def edit_note(request, note_id: Id, payload: NoteEditIn):
    """Change a note's text: its author only."""
    return notes.edit_note(selectors.get_note(note_id), text=payload.text, user=request.auth)


@router.delete("/notes/{note_id}", response=answers({204: None}, 403, 404))
def delete_note(request, note_id: Id):
    """Delete a note: its author only."""
    notes.delete_note(selectors.get_note(note_id), user=request.auth)
    return Status(204, None)
