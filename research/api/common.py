"""What every route module shares: pagination, documented answers, loading rows or 404.

Rows load only from projects not in the trash: anything in the trash is not found (404).
"""

from ninja import Field, Schema
from ninja.pagination import LimitOffsetPagination

from research.api.schemas.common import MAX_ID, ErrorOut


class Pagination(LimitOffsetPagination):
    """`limit` (1 to 200, default 50) and `offset`; the answer has `items` and `count`."""

    class Input(Schema):
        limit: int = Field(50, ge=1, le=200)
        offset: int = Field(0, ge=0, le=MAX_ID)


def answers(ok: dict, *errors: int) -> dict:
    """The documented responses: the success ones, 401, 422 and the given error statuses."""
    return {**ok, **{code: ErrorOut for code in (401, 422, *errors)}}


# The errors a route may answer besides 401 and 422: a body that is not JSON (400), an unknown
# id (404), an action that does not fit the state (409), no LLM configured (503).
BODY = 400
ACTION = (404, 409)
RERUN = (404, 409, 503)
