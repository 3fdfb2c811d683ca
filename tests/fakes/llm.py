"""FakeLLM: an OpenAI-compatible chat completions endpoint on 127.0.0.1, scripted by the test.

    with FakeLLM(lambda request: '{"answer": 42}') as llm:
        client = openai.OpenAI(base_url=f"{llm.url}/v1", api_key="test")
        ...
        assert llm.requests[0]["response_format"]["type"] == "json_schema"

The `responder` gets each request's JSON body and returns the message content (a str), or a dict:
`{"content": ..., "usage": {...}, "finish_reason": ..., "reasoning_content": ...}` to shape the
answer, or `{"status": 500, "body": {...}, "headers": {...}}` to answer with an HTTP error.
tests/fakes/behaviours.py wraps a responder to answer the way real models misbehave.

It also serves POST /v1/embeddings (`embedding_requests` holds their bodies): each input becomes
a bag of its words hashed into EMBEDDING_DIMS dimensions, after SYNONYMS maps a word to its
family's name, so that texts sharing words or synonyms are near and others are orthogonal.
Vectors are not normalised (as some servers' are not). The fault queues apply to it as to chat.
"""

from __future__ import annotations

import base64
import hashlib
import itertools
import json
import re
import struct
import time
from collections import deque
from collections.abc import Callable
from typing import Any, Literal, get_args

from tests.fakes.server import FakeServer, RecordedRequest, Reply

Responder = Callable[[dict[str, Any]], str | dict[str, Any]]
BrokenJSON = Literal["truncated", "trailing_comma", "fenced", "prose"]
CHAT_PATHS = frozenset({"/v1/chat/completions", "/chat/completions"})
MODEL_PATHS = frozenset({"/v1/models", "/models"})
EMBEDDING_PATHS = frozenset({"/v1/embeddings", "/embeddings"})
EMBEDDING_DIMS = 64
SYNONYMS = {
    "automobile": "car",
    "vehicle": "car",
    "motorcar": "car",
    "physician": "doctor",
    "medic": "doctor",
    "revenue": "income",
    "earnings": "income",
}
REASONING_FIELDS = ("reasoning_content", "reasoning")
_ERROR_TYPES = {400: "invalid_request_error", 401: "authentication_error", 429: "rate_limit_error"}


def estimate_tokens(text: str) -> int:
    """The fake's token count: a quarter of the characters, at least one."""
    return max(1, len(text) // 4)


def openai_error(message: str, status: int, *, code: str | None = None) -> dict[str, Any]:
    kind = _ERROR_TYPES.get(status, "server_error" if status >= 500 else "invalid_request_error")
    return {"error": {"message": message, "type": kind, "param": None, "code": code}}


def prompt_text(request: dict[str, Any]) -> str:
    """Every text part of every message, joined: what the prompt token count is estimated from."""
    parts: list[str] = []
    for message in request.get("messages") or []:
        content = message.get("content") if isinstance(message, dict) else None
        if isinstance(content, str):
            parts.append(content)
        elif isinstance(content, list):
            parts.extend(str(part.get("text", "")) for part in content if isinstance(part, dict))
    return "\n".join(parts)


def fake_embedding(text: str) -> list[float]:
    """The fake's vector for `text`: word counts hashed into EMBEDDING_DIMS, synonyms joined.
    A text with no words gets the last dimension, so that no vector is zero."""
    vector = [0.0] * EMBEDDING_DIMS
    for word in re.findall(r"\w+", text.lower()):
        word = SYNONYMS.get(word, word)
        digest = hashlib.sha256(word.encode()).digest()
        vector[int.from_bytes(digest[:4], "big") % (EMBEDDING_DIMS - 1)] += 1.0
    if not any(vector):
        vector[-1] = 1.0
    return vector


def break_json(content: str, variant: BrokenJSON) -> str:
    """Spoil `content` the way real models do, so that json.loads() fails on the result."""
    if variant == "truncated":
        broken = content[: max(1, len(content) // 2)]
    elif variant == "trailing_comma":
        cut = max(content.rfind("}"), content.rfind("]"))
        broken = content[:cut] + "," + content[cut:] if cut > 0 else content + ","
    elif variant == "fenced":
        broken = f"```json\n{content}\n```"
    else:
        broken = f"Sure! Here is the JSON you asked for:\n{content}\nAnything else?"
    try:
        json.loads(broken)
    except ValueError:
        return broken
    return broken + ' {"'  # e.g. "7" truncated to a still-valid "7"


def _not_scripted(request: dict[str, Any]) -> dict[str, Any]:
    message = (
        "FakeLLM got a chat completion request but no responder was scripted; set "
        "`fake_llm.responder = lambda request: '...'` in the test "
        f"(model={request.get('model')!r})"
    )
    return {"status": 400, "body": openai_error(message, 400, code="fake_llm_not_scripted")}


class FakeLLM(FakeServer):
    """OpenAI chat completions (non-streaming) on loopback. `requests` holds the JSON bodies."""

    label = "FakeLLM"

    def __init__(
        self,
        responder: Responder | None = None,
        *,
        model: str = "fake-model",
        latency: float = 0.0,
        reject_json_schema: bool = False,
        response_formats: frozenset[str] = frozenset({"json_schema", "json_object"}),
        token_param: str = "",
        system_role: bool = True,
        context: int = 0,
        serves: str = "",
        ollama_window: int = 0,
        model_context: int = 32768,
        ollama_parameters: str = "temperature 0.6",
    ) -> None:
        super().__init__(latency=latency)
        self.responder: Responder = responder or _not_scripted
        self.model = model
        self.reject_json_schema = reject_json_schema
        self.response_formats = response_formats  # the response_format types it accepts
        self.token_param = token_param  # "max_completion_tokens": refuses max_tokens, as o1 does
        self.system_role = system_role  # False: refuses system messages, as some templates do
        self.context = context  # refuse prompt + max_tokens past this, as vLLM and OpenAI do
        self.serves = serves  # the metadata it serves: vllm, openrouter, llamacpp or ollama
        self.ollama_window = ollama_window  # cut longer prompts from the front, as Ollama does
        self.model_context = model_context  # the model's own window, as its metadata says
        self.ollama_parameters = ollama_parameters  # what /api/show lists ("num_ctx 8192")
        self.requests: list[dict[str, Any]] = []
        self.embedding_requests: list[dict[str, Any]] = []
        self.responder_errors: list[Exception] = []
        self._broken: deque[BrokenJSON] = deque()
        self._storm_until = 0.0
        self._storm_retry_after = "1"
        self._ids = itertools.count(1)

    def rate_limit_for(self, seconds: float, retry_after: str = "1") -> None:
        """Answer every chat request 429 for the next `seconds`, asking to wait `retry_after`."""
        with self._lock:
            self._storm_until = time.monotonic() + seconds
            self._storm_retry_after = retry_after

    def broken_json_next(self, count: int = 1, variant: BrokenJSON = "truncated") -> None:
        """Spoil the message content of the next `count` successful answers."""
        if variant not in get_args(BrokenJSON):
            raise ValueError(f"variant must be one of {get_args(BrokenJSON)}, got {variant!r}")
        with self._lock:
            self._broken.extend([variant] * count)

    # --- FakeServer hooks -----------------------------------------------------------------

    def counts(self, request: RecordedRequest) -> bool:
        """Chat completions and embeddings; the metadata requests of context discovery are
        not counted."""
        return request.path in CHAT_PATHS or request.path in EMBEDDING_PATHS

    def record(self, request: RecordedRequest) -> None:
        if request.path in CHAT_PATHS:
            self.requests.append(_json_object(request) or {})
        elif request.path in EMBEDDING_PATHS:
            self.embedding_requests.append(_json_object(request) or {})

    def failure_reply(self, status: int, body: Any, headers: dict[str, str]) -> Reply:
        if body is None:
            body = openai_error(f"FakeLLM injected HTTP {status}", status)
        return super().failure_reply(status, body, headers)

    def answer(self, request: RecordedRequest) -> Reply:
        if request.path not in CHAT_PATHS and (metadata := self._metadata(request)) is not None:
            return metadata
        if request.method == "POST" and request.path in EMBEDDING_PATHS:
            return self._embeddings(request)
        if request.method != "POST" or request.path not in CHAT_PATHS:
            asked = f"{request.method} {request.path}"
            message = f"FakeLLM serves POST /v1/chat/completions and /v1/embeddings, not {asked}"
            return Reply.json(openai_error(message, 404), 404)
        with self._lock:
            storm, retry_after = time.monotonic() < self._storm_until, self._storm_retry_after
        if storm:
            error = openai_error("Rate limit reached: please slow down", 429)
            return Reply.json(error, 429, {"Retry-After": retry_after})
        body = _json_object(request)
        if body is None:
            return Reply.json(openai_error("The request body is not a JSON object", 400), 400)
        if rejection := self._rejection(body):
            return Reply.json(openai_error(rejection, 400), 400)
        body = self._cut_to_window(body)
        try:
            scripted = self.responder(body)
        except Exception as exc:  # the test's responder failed: say so in the answer
            if body.get("_cut"):  # it lost the instructions with the prompt's beginning
                return self._reply(body, "I do not have enough information to answer.")
            with self._lock:
                self.responder_errors.append(exc)
            return Reply.json(openai_error(f"FakeLLM responder raised {exc!r}", 500), 500)
        return self._reply(body, scripted)

    # --- answers --------------------------------------------------------------------------

    def _metadata(self, request: RecordedRequest) -> Reply | None:
        """What each kind of server tells about its models (see context discovery)."""
        model: dict[str, Any] = {"id": self.model, "object": "model", "created": 0}
        window = self.context or self.model_context
        if request.method == "GET" and request.path in MODEL_PATHS:
            key = {"vllm": "max_model_len", "openrouter": "context_length"}.get(self.serves)
            if key:
                model[key] = window
            return Reply.json({"object": "list", "data": [model]})
        if self.serves == "llamacpp" and request.path == "/props":
            return Reply.json({"default_generation_settings": {"n_ctx": window}})
        if self.serves == "ollama" and request.path == "/api/show":
            info = {"general.architecture": "qwen3", "qwen3.context_length": self.model_context}
            return Reply.json({"model_info": info, "parameters": self.ollama_parameters})
        return None

    def _embeddings(self, request: RecordedRequest) -> Reply:
        """OpenAI's embeddings answer: one vector per input, as floats or base64 float32."""
        body = _json_object(request) or {}
        inputs = body.get("input")
        if isinstance(inputs, str):
            inputs = [inputs]
        if (
            not isinstance(inputs, list)
            or not inputs
            or not all(isinstance(text, str) and text for text in inputs)
        ):
            message = "'input' must be a non-empty string or a list of non-empty strings"
            return Reply.json(openai_error(message, 400), 400)
        data = []
        for index, text in enumerate(inputs):
            vector: Any = fake_embedding(text)
            if body.get("encoding_format") == "base64":
                vector = base64.b64encode(struct.pack(f"<{len(vector)}f", *vector)).decode()
            data.append({"object": "embedding", "index": index, "embedding": vector})
        tokens = sum(estimate_tokens(text) for text in inputs)
        usage = {"prompt_tokens": tokens, "total_tokens": tokens}
        return Reply.json(
            {"object": "list", "data": data, "model": body.get("model"), "usage": usage}
        )

    def _cut_to_window(self, body: dict[str, Any]) -> dict[str, Any]:
        """Ollama's habit: a prompt longer than its window loses its beginning, silently."""
        if not self.ollama_window or estimate_tokens(prompt_text(body)) <= self.ollama_window:
            return body
        keep, kept = self.ollama_window * 4, list[dict[str, Any]]()
        for message in reversed(body.get("messages") or []):
            content = str(message.get("content") or "")[-keep:] if keep > 0 else ""
            keep -= len(content)
            kept.insert(0, {**message, "content": content})
        return {**body, "messages": kept, "_cut": True}

    def _rejection(self, body: dict[str, Any]) -> str:
        """The 400 message a real server of this kind gives, or "" to answer."""
        if body.get("stream"):
            return "FakeLLM does not stream; call with stream=False"
        kind = (body.get("response_format") or {}).get("type")
        if kind and (
            kind not in self.response_formats or (self.reject_json_schema and kind == "json_schema")
        ):
            return f"response_format type {kind!r} is not supported by this model"
        if self.token_param == "max_completion_tokens" and "max_tokens" in body:
            return (
                "Unsupported parameter: 'max_tokens' is not supported with this model. "
                "Use 'max_completion_tokens' instead."
            )
        roles = {m.get("role") for m in body.get("messages") or [] if isinstance(m, dict)}
        if not self.system_role and "system" in roles:
            return "System role not supported"
        prompt = estimate_tokens(prompt_text(body))
        answer = int(body.get("max_tokens") or body.get("max_completion_tokens") or 0)
        if self.context and prompt + answer > self.context:
            return (
                f"This model's maximum context length is {self.context} tokens. However, you "
                f"requested {prompt + answer} tokens ({prompt} in the messages, {answer} in the "
                "completion). Please reduce the length of the messages or completion."
            )
        return ""

    def _reply(self, body: dict[str, Any], scripted: str | dict[str, Any]) -> Reply:
        if isinstance(scripted, dict) and "status" in scripted:
            status = int(scripted["status"])
            error = scripted.get("body") or openai_error(f"FakeLLM scripted HTTP {status}", status)
            return Reply.json(error, status, scripted.get("headers"))
        shape = scripted if isinstance(scripted, dict) else {"content": scripted}
        content = shape.get("content", "")
        if not isinstance(content, str):
            content = json.dumps(content)
        with self._lock:
            variant = self._broken.popleft() if self._broken else None
        if variant is not None:
            content = break_json(content, variant)
        return Reply.json(self._completion(body, content, shape))

    def _completion(self, body: dict[str, Any], content: str, shape: dict[str, Any]) -> dict:
        prompt_tokens = estimate_tokens(prompt_text(body))
        completion_tokens = estimate_tokens(content)
        usage = {"prompt_tokens": prompt_tokens, "completion_tokens": completion_tokens}
        usage |= shape.get("usage") or {}
        usage.setdefault("total_tokens", usage["prompt_tokens"] + usage["completion_tokens"])
        message = {"role": "assistant", "content": content}
        for field in REASONING_FIELDS:  # how some servers return a reasoning model's thinking
            if field in shape:
                message[field] = shape[field]
        finish_reason = shape.get("finish_reason", "stop")
        choice = {"index": 0, "message": message, "finish_reason": finish_reason}
        completion = {
            "id": f"chatcmpl-fake-{next(self._ids)}",
            "object": "chat.completion",
            "created": int(time.time()),
            "model": body.get("model") or self.model,
            "choices": [choice],
            "usage": usage,
        }
        if "usage" in shape and shape["usage"] is None:  # like endpoints that report none
            del completion["usage"]
        return completion


def _json_object(request: RecordedRequest) -> dict[str, Any] | None:
    try:
        body = request.json()
    except ValueError:
        return None
    return body if isinstance(body, dict) else None
