"""What one endpoint and model accept: a capability profile, learnt and remembered.

No setting describes a model. The profile starts from what OpenAI's API accepts and steps down
when the server refuses a request, naming what it refused:

  structured output   json_schema  ->  json_object, schema in the prompt  ->  the prompt alone
  output limit        max_tokens   ->  max_completion_tokens
  system role         accepted     ->  folded into the first user message

It also records the context window and where it came from, and the reasoning format seen. What
holds for every model at an endpoint (a server that silently cuts prompts past its window) is
kept under the model name ENDPOINT_WIDE. A profile is kept per process and, through a
`ProfileStore` (the database, given by the caller: providers import no models), shared by every
worker and shown to members.
"""

from __future__ import annotations

import re
import threading
from dataclasses import asdict, dataclass, field, fields
from datetime import UTC, datetime
from typing import Any, Literal, Protocol

ENDPOINT_WIDE = "*"  # the profile of what holds for every model at an endpoint
Rung = Literal["json_schema", "json_object", "prompt"]
RUNGS: tuple[Rung, ...] = ("json_schema", "json_object", "prompt")
TokenParam = Literal["max_tokens", "max_completion_tokens"]

_RESPONSE_FORMAT = re.compile(r"response_format|json_schema|json_object|structured output", re.I)
_TOKEN_PARAM = re.compile(r"max_tokens", re.I)
_SYSTEM_ROLE = re.compile(
    r"system (role|message|prompt)s? (is |are )?not supported|roles must alternate|"
    r"role.{0,20}system.{0,40}(not|unsupported|invalid)|"
    r"(not|n't|un) ?support\w*.{0,30}'?system|only user and assistant roles",
    re.I,
)


class ProfileStore(Protocol):
    """Where profiles are kept between processes (research.models gives the database one)."""

    def load_profile(self, endpoint: str, model: str) -> dict | None: ...

    def save_profile(self, endpoint: str, model: str, data: dict) -> None: ...


@dataclass
class Profile:
    rung: Rung = "json_schema"
    token_param: TokenParam = "max_tokens"
    system_role: bool = True
    context_tokens: int | None = None
    context_source: str = ""  # where the window came from ("Ollama: num_ctx of the model"...)
    context_discovered: bool = False  # the server was asked once (discovery.py)
    num_ctx: bool = False  # Ollama: ask for the window per call
    token_ratio: float | None = None  # the server's prompt tokens per token we estimate
    read_whole: int | None = None  # the longest prompt (its tokens) the server read whole
    answer_tokens: int | None = None  # the least room its answers need (thinking spends it)
    reasoning: str = ""  # how the model was seen to think: "tags", "field" or ""
    learnt: list[str] = field(default_factory=list)  # what was learnt, when, in words

    @classmethod
    def from_dict(cls, data: dict | None) -> Profile:
        known = {f.name for f in fields(cls)}
        return cls(**{k: v for k, v in (data or {}).items() if k in known})

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    def note(self, what: str) -> None:
        stamp = datetime.now(UTC).strftime("%Y-%m-%d %H:%M")
        self.learnt = [*self.learnt[-9:], f"{stamp} {what}"]

    def asked_with(self) -> tuple[Rung, TokenParam, bool]:
        return (self.rung, self.token_param, self.system_role)

    def learn_from_rejection(self, message: str, asked: tuple[Rung, TokenParam, bool]) -> bool:
        """Step down for a request the server refused, asked the way `asked` says. True when
        the request may be sent again: this refusal taught something, or another thread's did
        since (requests in flight together are refused together: one step down, not two)."""
        with _LEARNING:
            if self.asked_with() != asked:
                return True
            return self._learn(message) is not None

    def _learn(self, message: str) -> str | None:
        if self.token_param == "max_tokens" and _TOKEN_PARAM.search(message):
            if "max_completion_tokens" in message or "not supported" in message.lower():
                self.token_param = "max_completion_tokens"
                return self._learnt("asks for max_completion_tokens instead of max_tokens")
        if self.system_role and _SYSTEM_ROLE.search(message):
            self.system_role = False
            return self._learnt("accepts no system role: instructions go in the user message")
        if _RESPONSE_FORMAT.search(message) and self.rung != "prompt":
            self.rung = RUNGS[RUNGS.index(self.rung) + 1]
            return self._learnt(f"refused that response_format: structured output by {self.rung}")
        return None

    def _learnt(self, what: str) -> str:
        self.note(what)
        return what

    def learn_window(self, tokens: int, source: str) -> bool:
        """A smaller window than thought (a refusal, a prompt the server cut); True if new."""
        if self.context_tokens is not None and tokens >= self.context_tokens:
            return False
        self.context_tokens, self.context_source = tokens, source
        self.note(f"context window {tokens:,} tokens ({source})")
        return True

    def describe(self) -> str:
        """One line for people: what the model is asked with."""
        window = (
            "not known yet (the server does not say; set LLM_CONTEXT_TOKENS, or Dossier learns "
            "it the first time a prompt is refused as too long)"
        )
        if self.context_tokens:
            window = f"{self.context_tokens:,} tokens ({self.context_source})"
        return (
            f"structured output: {self.rung}; output limit: {self.token_param}; system role: "
            f"{'yes' if self.system_role else 'no'}; context: {window}"
            + (f"; thinks in {self.reasoning}" if self.reasoning else "")
        )


_LEARNING = threading.Lock()


class Profiles:
    """The profiles this process knows, loaded from and saved to the store."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._known: dict[tuple[str, str], Profile] = {}

    def get(self, endpoint: str, model: str, store: ProfileStore | None) -> Profile:
        key = (endpoint, model)
        with self._lock:
            if key in self._known:
                return self._known[key]
        loaded = Profile.from_dict(store.load_profile(endpoint, model) if store else None)
        with self._lock:
            return self._known.setdefault(key, loaded)

    def save(self, endpoint: str, model: str, profile: Profile, store: ProfileStore | None) -> None:
        if store is not None:
            store.save_profile(endpoint, model, profile.to_dict())

    def forget(self) -> None:
        """Drop what this process knows (tests; a changed endpoint)."""
        with self._lock:
            self._known.clear()


PROFILES = Profiles()


def adapt_messages(messages: list[dict], profile: Profile) -> list[dict]:
    """The messages as this model accepts them: without a system role, the instructions open
    the first user message."""
    if profile.system_role or not any(m["role"] == "system" for m in messages):
        return messages
    system = "\n\n".join(m["content"] for m in messages if m["role"] == "system")
    rest = [m for m in messages if m["role"] != "system"]
    if rest and rest[0]["role"] == "user":
        rest[0] = {"role": "user", "content": f"{system}\n\n{rest[0]['content']}"}
        return rest
    return [{"role": "user", "content": system}, *rest]
