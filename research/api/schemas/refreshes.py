"""The schema of the refreshes router: a refresh and what it found."""

from datetime import datetime
from typing import Annotated, Any

from ninja import Field, Schema

from research.models import OneOf, RefreshStatus


class RefreshOut(Schema):
    id: int
    project_id: int
    status: Annotated[str, OneOf.of(RefreshStatus)]
    since_version: int | None = Field(description="The report version it compares with.")
    time_range: str = Field(description="How far back its searches looked; empty for any time.")
    changed: bool | None = Field(description="Whether it found anything new; null until known.")
    changes: dict[str, Any] = Field(
        description="new, changed and gone sources ({n, title, url, detail}), and the claims "
        "of the last version whose support changed ({sentence, old, new})."
    )
    scheduled: bool
    started_at: datetime
    finished_at: datetime | None

    @staticmethod
    def resolve_since_version(obj) -> int | None:
        return obj.since.version if obj.since else None
