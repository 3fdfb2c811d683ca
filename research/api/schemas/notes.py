"""The schemas of the notes router: a note, its target, and the filter of a list."""

from datetime import datetime
from typing import Annotated

from ninja import Field, Schema
from pydantic import AfterValidator

from research.api.schemas.common import MAX_ID, InSchema, NonEmpty
from research.errors import BadInput
from research.limits import NOTE_MAX
from research.services.notes import Target


def _target(value: str) -> str:
    try:
        target = Target.parse(value)
    except BadInput as exc:
        raise ValueError(exc.reason) from None
    if target.id > MAX_ID:
        raise ValueError(f"the id is at most {MAX_ID}")
    return str(target)


TargetName = Annotated[
    str,
    Field(
        pattern=r"^(project|query|source|summary|report|question):[0-9]{1,15}$",
        description="What the note is about, as in `source:12`: project, query, source, "
        "summary, report or question, and an id.",
    ),
    AfterValidator(_target),
]


class NoteFilter(Schema):
    target: TargetName


class NoteIn(InSchema):
    target: TargetName
    text: NonEmpty = Field(..., min_length=1, max_length=NOTE_MAX)


class NoteEditIn(InSchema):
    text: NonEmpty = Field(..., min_length=1, max_length=NOTE_MAX)


class NoteOut(Schema):
    id: int
    project_id: int
    target: str = Field(..., description="What the note is about, as in `source:12`.")
    author: str
    text: str
    created_at: datetime
    edited_at: datetime | None

    @staticmethod
    def resolve_target(obj) -> str:
        return obj.target

    @staticmethod
    def resolve_author(obj) -> str:
        return obj.author.get_username()
