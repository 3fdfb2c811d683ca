"""A model's structured answer, checked before anything uses it.

The JSON object is found in the text (fences and prose around it are ignored), validated against
the output model (which forbids unknown keys, so a wrong shape never validates as empty), and,
when it fails, one level of wrapper (`{"PlanOutput": {...}}`, `{"result": {...}}`) is taken off
and tried again. An answer that only repeats the JSON schema is recognised as such. An answer the
model did not finish (cut off at its output limit) is never repaired into partial data: the
caller asks again with more room. Each problem says what to tell the model on a retry, and what
to tell people if the retry fails too.
"""

from __future__ import annotations

import functools
import json
from typing import Any, TypeVar

import json_repair
from pydantic import BaseModel, ValidationError

T = TypeVar("T", bound=BaseModel)

SCHEMA_WORDS = frozenset({"properties", "$defs", "required", "additionalProperties"})
MAX_STARTS = 20  # where in a long text to look for the JSON object


class Unusable(Exception):
    """The answer cannot be used as it is; `retry` is what to tell the model."""

    kind = "invalid"

    def __init__(self, detail: str, retry: str) -> None:
        super().__init__(detail)
        self.detail = detail
        self.retry = retry


class SchemaEcho(Unusable):
    kind = "schema echo"


class NotJSON(Unusable):
    kind = "not JSON"


class CutOff(Exception):
    """The model stopped at its output limit before the JSON object was complete."""


class ThinkingOnly(Exception):
    """The model thought but gave no answer, and its thinking holds none that validates."""


@functools.cache
def json_schema(schema: type[BaseModel]) -> dict:
    """The JSON schema sent for `schema`. Pydantic builds it anew on every call, which costs a
    millisecond or more, so it is built once (the worker's warm-up builds them all)."""
    return schema.model_json_schema()


def response_format(schema: type[BaseModel]) -> dict:
    """The `response_format` that asks an OpenAI-compatible server for `schema`'s JSON."""
    return {
        "type": "json_schema",
        "json_schema": {"name": schema.__name__, "schema": json_schema(schema)},
    }


def parse(answer: str, schema: type[T], *, cut_off: bool = False, reasoning: str = "") -> T:
    """The answer as a `schema` instance, or Unusable / CutOff / ThinkingOnly saying why not."""
    if not answer.strip():
        if cut_off:
            raise CutOff()
        if reasoning:
            return _from_reasoning(reasoning, schema)
        raise NotJSON("the answer was empty", _retry_not_json(schema))
    data = _load(answer, repair=not cut_off)
    if data is None:
        if cut_off:
            raise CutOff()
        raise NotJSON("the answer held no JSON object", _retry_not_json(schema))
    return validate(data, schema)


def validate(data: Any, schema: type[T]) -> T:
    """`data`, or the one object it wraps, as a `schema` instance."""
    try:
        return schema.model_validate(data)
    except ValidationError as error:
        first = error
    inner = _wrapped(data, schema)
    if inner is not None:
        try:
            return schema.model_validate(inner)
        except ValidationError:
            pass
    if _is_schema(data) or (inner is not None and _is_schema(inner)):
        raise SchemaEcho("the answer repeated the JSON schema", _retry_schema_echo(schema))
    detail = short_errors(first)
    raise Unusable(detail, f"Your answer could not be used: {detail}. {_only_json(schema)}")


def short_errors(error: ValidationError) -> str:
    parts = []
    for item in error.errors()[:5]:
        where = ".".join(str(p) for p in item["loc"]) or "answer"
        parts.append(f"{where}: {item['msg']}")
    return "; ".join(parts)


def schema_instruction(schema: type[BaseModel]) -> str:
    return (
        "Answer with one JSON object and nothing else, matching this JSON schema:\n"
        + json.dumps(json_schema(schema), ensure_ascii=False)
    )


# --- Finding the object ------------------------------------------------------------------


def _load(text: str, *, repair: bool) -> Any:
    """The first JSON object in `text`; repaired (json-repair) only when `repair` is set."""
    decoder = json.JSONDecoder()
    starts = [i for i, char in enumerate(text) if char in "{["][:MAX_STARTS]
    for start in starts:
        try:
            value, _ = decoder.raw_decode(text, start)
        except ValueError:
            continue
        if isinstance(value, dict) or (isinstance(value, list) and value):
            return value
    if not repair or not starts:
        return None
    repaired = json_repair.loads(text[starts[0] :])
    return repaired if isinstance(repaired, dict | list) and repaired else None


def _wrapped(data: Any, schema: type[BaseModel] | None = None) -> dict | None:
    """The object inside a one-key wrapper; or a bare list given for the one list the schema
    has (`[{"id": 1, ...}]` for `{"judgements": [...]}`)."""
    if isinstance(data, dict) and len(data) == 1:
        (value,) = data.values()
        if isinstance(value, dict):
            return value
    if isinstance(data, list) and schema is not None:
        lists = [n for n, f in schema.model_fields.items() if _is_list(f.annotation)]
        if len(lists) == 1:
            return {lists[0]: data}
    return None


def _is_list(annotation: Any) -> bool:
    return getattr(annotation, "__origin__", None) is list


def _is_schema(data: Any) -> bool:
    if not isinstance(data, dict):
        return False
    return "properties" in data and (
        data.get("type") == "object" or bool(SCHEMA_WORDS & data.keys())
    )


def _from_reasoning(reasoning: str, schema: type[T]) -> T:
    """A model that put its final answer in its thinking: the last object there, if valid."""
    decoder = json.JSONDecoder()
    for start in reversed([i for i, char in enumerate(reasoning) if char == "{"][-MAX_STARTS:]):
        try:
            value, _ = decoder.raw_decode(reasoning, start)
            return schema.model_validate(value)
        except (ValueError, ValidationError):
            continue
    raise ThinkingOnly()


# --- What to tell the model on a retry ---------------------------------------------------


def _keys(schema: type[BaseModel]) -> str:
    return ", ".join(f'"{name}"' for name in schema.model_fields)


def _only_json(schema: type[BaseModel]) -> str:
    return f"Answer again with only the JSON object, with the keys {_keys(schema)}."


def _retry_not_json(schema: type[BaseModel]) -> str:
    return f"Your answer was not a JSON object. {_only_json(schema)}"


def _retry_schema_echo(schema: type[BaseModel]) -> str:
    fields = "; ".join(
        f'"{name}": {field.description or "a value"}' for name, field in schema.model_fields.items()
    )
    return (
        "You repeated the JSON schema instead of filling it in. Do not write the schema. "
        f"Write one JSON object whose keys are filled with real values: {fields}."
    )
