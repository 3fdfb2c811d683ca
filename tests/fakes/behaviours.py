"""Models as people actually run them: a responder wrapper that answers like a misbehaving model.

    FakeLLM(responder=Behaving(Researcher(), think="tags"))

It takes the cooperative answer of the responder it wraps and spoils it the way real endpoints
do: reasoning in tags or in a separate field, JSON wrapped in an extra object, the schema echoed
back instead of filled in, a 0-1 scale for a 0-10 field, or an answer cut off at the request's
output limit (`finish_reason: "length"`), with thinking that spends part of that limit first.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Literal

from tests.fakes.llm import Responder, estimate_tokens
from tests.fakes.researcher import schema_name

Think = Literal["", "tags", "closing_only", "reasoning_content", "reasoning", "field_only"]

THOUGHT = (
    "Let me think about this. The user wants JSON; source [7] looked useful but I should check "
    'the schema first. {"draft": true} Okay, writing the answer now.'
)


@dataclass
class Behaving:
    """A responder that answers like a model with these habits."""

    responder: Responder
    think: Think = ""  # where the thinking goes; "field_only": thinking, and no content
    thinking_tokens: int = 0  # thinking is padded to this many tokens (spends the output limit)
    wrap: str = ""  # wrap JSON answers in one key; "schema": the answer's schema name
    echo_schema: bool = False  # answer JSON requests with the schema itself
    unit_scale: bool = False  # 0-10 scores given on a 0-1 scale
    output_limit: bool = False  # cut the answer at the request's max_tokens
    answers: list[str] = field(default_factory=list)  # what was sent back, for the tests

    def __call__(self, request: dict[str, Any]) -> dict[str, Any]:
        kind = schema_name(request)
        scripted = self.responder(request)
        content = scripted if isinstance(scripted, str) else str(scripted.get("content", ""))
        if kind != "text":
            content = self._spoil_json(kind, content, request)
        thought = self._thought()
        shape = self._place(content, thought)
        if self.output_limit:
            shape = self._cut(shape, request)
        self.answers.append(str(shape.get("content", "")))
        return shape

    def _spoil_json(self, kind: str, content: str, request: dict[str, Any]) -> str:
        if self.echo_schema:
            return json.dumps(_schema(request, kind))
        data = json.loads(content)
        if self.unit_scale and kind == "RankOutput":
            for judgement in data["judgements"]:
                judgement["score"] = round(judgement["score"] / 10, 2)
        if self.wrap:
            data = {kind if self.wrap == "schema" else self.wrap: data}
        return json.dumps(data, ensure_ascii=False)

    def _thought(self) -> str:
        if not self.think:
            return ""
        padding = " Hmm." * max(0, self.thinking_tokens - estimate_tokens(THOUGHT))
        return THOUGHT + padding

    def _place(self, content: str, thought: str) -> dict[str, Any]:
        if self.think == "tags":
            return {"content": f"<think>\n{thought}\n</think>\n\n{content}"}
        if self.think == "closing_only":
            return {"content": f"{thought}\n</think>\n\n{content}"}
        if self.think in ("reasoning_content", "reasoning"):
            return {"content": content, self.think: thought}
        if self.think == "field_only":
            return {"content": "", "reasoning_content": f"{thought}\nFinal answer: {content}"}
        return {"content": content}

    def _cut(self, shape: dict[str, Any], request: dict[str, Any]) -> dict[str, Any]:
        """Thinking and answer share the output limit, as they do on real servers."""
        limit = request.get("max_tokens") or request.get("max_completion_tokens") or 10**9
        thought = str(shape.get("reasoning_content") or shape.get("reasoning") or "")
        room = limit - estimate_tokens(thought) if thought else limit
        content = str(shape.get("content", ""))
        if estimate_tokens(content) <= room:
            return shape
        return {**shape, "content": content[: max(0, room) * 4], "finish_reason": "length"}


def _schema(request: dict[str, Any], kind: str) -> dict[str, Any]:
    fmt = request.get("response_format") or {}
    if fmt.get("type") == "json_schema":
        return fmt["json_schema"]["schema"]
    prompt = request["messages"][-1]["content"]
    start = prompt.find("{")
    return json.loads(prompt[start:]) if start >= 0 else {"title": kind, "type": "object"}
