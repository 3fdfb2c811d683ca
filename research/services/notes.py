"""Notes: any member annotates a project or one of its queries, sources, summaries, reports or
questions; only the author edits or deletes a note."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import QuerySet
from django.utils import timezone

from research.errors import BadInput, Forbidden, NotFound
from research.limits import NOTE_MAX
from research.models import NOTE_TARGETS, Note, Project, Query, Question, Report, Source, Summary

TARGET_KINDS = ("project", *NOTE_TARGETS)


@dataclass(frozen=True)
class Target:
    """What a note is about: a kind and an id, as in `source:12`."""

    kind: str
    id: int

    @classmethod
    def parse(cls, value: str) -> Target:
        kind, _, raw_id = (value or "").partition(":")
        if kind not in TARGET_KINDS or not raw_id.isdigit():
            kinds = ", ".join(TARGET_KINDS)
            raise BadInput(
                f"target must look like 'source:12', with a kind among {kinds}", field="target"
            )
        return cls(kind, int(raw_id))

    def __str__(self) -> str:
        return f"{self.kind}:{self.id}"


_MODELS: dict[str, type[Project | Query | Source | Summary | Report | Question]] = {
    "project": Project,
    "query": Query,
    "source": Source,
    "summary": Summary,
    "report": Report,
    "question": Question,
}


def resolve(target: Target) -> tuple[Project, dict]:
    """The project a target belongs to and the Note fields that point at it; a project in the
    trash, and what is in it, are not found."""
    model = _MODELS[target.kind]
    related = {"summary": ["query__project"], "project": []}.get(target.kind, ["project"])
    obj = model.objects.live().select_related(*related).filter(pk=target.id).first()
    if obj is None:
        raise NotFound(f"No {target.kind} with id {target.id}.")
    if target.kind == "project":
        return obj, {}
    project = obj.query.project if target.kind == "summary" else obj.project
    return project, {target.kind: obj}


def notes_on(target: Target) -> QuerySet[Note]:
    notes = Note.objects.select_related("author")
    if target.kind == "project":
        return notes.filter(project_id=target.id)
    return notes.filter(**{f"{target.kind}_id": target.id})


def add_note(*, target: Target, text: str, user) -> Note:
    text = _clean(text)
    project, fields = resolve(target)
    return Note.objects.create(project=project, author=user, text=text, **fields)


def edit_note(note: Note, *, text: str, user) -> Note:
    _check_author(note, user)
    note.text = _clean(text)
    note.edited_at = timezone.now()
    note.save(update_fields=["text", "edited_at"])
    return note


def delete_note(note: Note, *, user) -> None:
    _check_author(note, user)
    note.delete()


def _check_author(note: Note, user) -> None:
    if note.author_id != user.pk:
        raise Forbidden("Only the author can change or delete a note.")


def _clean(text: str) -> str:
    text = (text or "").strip()
    if not text:
        raise BadInput("A note cannot be empty.", field="text")
    if len(text) > NOTE_MAX:
        raise BadInput(f"A note is at most {NOTE_MAX:,} characters.", field="text")
    return text
