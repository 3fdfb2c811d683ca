"""Finding a model's context window from the server that serves it, once, with cheap GETs.

In order, the first that answers:
  vLLM         GET {base}/models: the model's `max_model_len`;
  others       GET {base}/models: a `context_length` (OpenRouter), `max_context_length` or
               `loaded_context_length` (LM Studio) on the model's entry;
  Ollama       POST {root}/api/show: `num_ctx` among the parameters the model was made with;
               else GET {root}/api/ps: the loaded model's `context_length`; else Ollama's
               default window (4,096 tokens), not the model's own, which is much larger:
               Ollama's OpenAI endpoint serves the default and cuts longer prompts silently
               (the calls still ask for `num_ctx`, for servers that honour it);
  llama.cpp    GET {root}/props: `default_generation_settings.n_ctx`.
Nothing found is not an error: the window is then learnt from the server's refusals and from
prompts it reports it cut (client.py), and LLM_CONTEXT_TOKENS, when set, overrides everything.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any
from urllib.parse import urljoin

import httpx

from research.providers import tls

log = logging.getLogger(__name__)
TIMEOUT = httpx.Timeout(3.0, connect=2.0)
OLLAMA_DEFAULT = 4096
CONTEXT_KEYS = ("max_model_len", "context_length", "max_context_length", "loaded_context_length")


@dataclass(frozen=True)
class Window:
    tokens: int
    source: str  # where it came from, for people
    ollama: bool = False  # ask for it per call as Ollama's num_ctx


def discover(
    base_url: str, model: str, api_key: str = "", *, transport: Any = None
) -> Window | None:
    """The model's context window as the server tells it, or None."""
    headers = {"Authorization": f"Bearer {api_key}"} if api_key else {}
    root = _root(base_url)
    try:
        with httpx.Client(
            timeout=TIMEOUT, headers=headers, verify=tls.context(), transport=transport
        ) as client:
            return (
                _models(client, base_url, model)
                or _ollama(client, root, model)
                or _llama_cpp(client, root)
            )
    except httpx.HTTPError as exc:  # discovery is a courtesy: the calls will tell
        log.info("context discovery at %s failed: %s", base_url, exc)
        return None


def _root(base_url: str) -> str:
    base = base_url.rstrip("/")
    return base[: -len("/v1")] + "/" if base.endswith("/v1") else base + "/"


def _json(response: httpx.Response) -> Any:
    if response.status_code != 200:
        return None
    try:
        return response.json()
    except ValueError:
        return None


def _ollama(client: httpx.Client, root: str, model: str) -> Window | None:
    shown = _json(client.post(urljoin(root, "api/show"), json={"model": model}))
    if not isinstance(shown, dict) or "model_info" not in shown:
        return None
    for line in str(shown.get("parameters") or "").splitlines():
        name, _, value = line.partition(" ")
        if name == "num_ctx" and value.strip().isdigit():
            return Window(int(value.strip()), "Ollama: num_ctx of the model", ollama=True)
    loaded = _json(client.get(urljoin(root, "api/ps")))
    running = loaded.get("models") if isinstance(loaded, dict) else None
    for entry in running if isinstance(running, list) else []:
        if not isinstance(entry, dict) or entry.get("name") not in (model, f"{model}:latest"):
            continue
        if isinstance(length := entry.get("context_length"), int) and length > 0:
            return Window(length, "Ollama: the loaded model's context_length", ollama=True)
    info = shown.get("model_info") or {}
    own = [v for k, v in info.items() if k.endswith(".context_length") and isinstance(v, int)]
    window = min([OLLAMA_DEFAULT, *own])
    return Window(window, "Ollama's default num_ctx (set LLM_CONTEXT_TOKENS to use more)", True)


def _models(client: httpx.Client, base_url: str, model: str) -> Window | None:
    listed = _json(client.get(urljoin(base_url.rstrip("/") + "/", "models")))
    entries = listed.get("data") if isinstance(listed, dict) else None
    for entry in entries or []:
        if not isinstance(entry, dict) or entry.get("id") != model:
            continue
        for key in CONTEXT_KEYS:
            value = entry.get(key)
            if isinstance(value, int) and value > 0:
                return Window(value, f"the server's /models: {key}")
    return None


def _llama_cpp(client: httpx.Client, root: str) -> Window | None:
    props = _json(client.get(urljoin(root, "props")))
    settings = props.get("default_generation_settings") if isinstance(props, dict) else None
    n_ctx = settings.get("n_ctx") if isinstance(settings, dict) else None
    if isinstance(n_ctx, int) and n_ctx > 0:
        return Window(n_ctx, "llama.cpp: n_ctx")
    return None
