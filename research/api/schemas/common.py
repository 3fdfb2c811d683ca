"""What every router's schemas share: ids, text fields, the strict JSON body, errors and steps."""

from datetime import datetime
from typing import Annotated

from ninja import Field, Schema
from pydantic import AfterValidator, BaseModel, ConfigDict, model_validator

from research.limits import ID_MAX
from research.models import OneOf, Stage, StepStatus

MAX_ID = ID_MAX  # the largest id the API accepts


# What Python's str.strip() removes, spelled out so the documented pattern means the same in
# every regex dialect (ECMA's \s, Python's and Rust's differ).
_SPACE = r"\t\n\x0b\x0c\r\x1c-\x1f \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000"
NO_NUL = r"^[^\x00]*$"
NOT_BLANK = rf"^[^\x00]*[^\x00{_SPACE}][^\x00]*$"


def _no_nul(value: str) -> str:
    if "\x00" in value:
        raise ValueError("must not contain NUL characters")
    return value


def _stripped_not_empty(value: str) -> str:
    value = _no_nul(value).strip()
    if not value:
        raise ValueError("must not be empty")
    return value


Id = Annotated[int, Field(ge=1, le=MAX_ID)]
# The validators check what the patterns document, with friendlier messages.
Text = Annotated[str, AfterValidator(_no_nul), Field(json_schema_extra={"pattern": NO_NUL})]
NonEmpty = Annotated[
    str, AfterValidator(_stripped_not_empty), Field(json_schema_extra={"pattern": NOT_BLANK})
]

StageName = Annotated[str, OneOf.of(Stage)]
StepStatusName = Annotated[str, OneOf.of(StepStatus)]


def _integral_floats(data):
    """JSON Schema counts 3.0 as an integer; strict pydantic does not, so make it 3 (in lists
    too: `"collections": [3.0]`)."""
    if isinstance(data, dict):
        return {key: _integral_floats(value) for key, value in data.items()}
    if isinstance(data, list):
        return [_integral_floats(value) for value in data]
    if isinstance(data, float) and data.is_integer():
        return int(data)
    return data


class InSchema(BaseModel):
    """A JSON body. Unknown keys are refused (a typo is a 422, not silently ignored), and so
    are values of the wrong type: `"start": 0` is not a boolean, nor `"4"` a number."""

    model_config = ConfigDict(extra="forbid", strict=True)

    @model_validator(mode="before")
    @classmethod
    def json_integers(cls, data):
        return _integral_floats(data)


class FieldErrorOut(Schema):
    field: str = Field(..., description="The field's path, as in `options.queries`.")
    message: str


class ErrorOut(Schema):
    detail: str
    errors: list[FieldErrorOut] | None = Field(None, description="Only for invalid input (422).")


class TokensOut(Schema):
    prompt: int
    completion: int
    total: int


def tokens_of(obj) -> dict:
    """TokensOut of a project or a step."""
    return {"prompt": obj.tokens_prompt, "completion": obj.tokens_completion, "total": obj.tokens}


class StepOut(Schema):
    id: int
    project_id: int
    stage: StageName
    key: str
    status: StepStatusName
    attempt: int
    claimed_by: str = Field(description="The worker (host:pid) that claimed it last.")
    detail: str
    error: str
    tokens: TokensOut
    llm_calls: int
    query_id: int | None
    source_id: int | None
    section_id: int | None
    created_at: datetime
    started_at: datetime | None
    finished_at: datetime | None

    @staticmethod
    def resolve_tokens(obj) -> dict:
        return tokens_of(obj)
