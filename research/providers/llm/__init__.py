"""Any OpenAI-compatible endpoint, as the pipeline needs it: chat completions and embeddings.

client.py     chat completions: limits, errors, reading answers
calls.py      the openai client and the retries every call shares
embeddings.py vectors for texts (EMBEDDING_MODEL), for the library's semantic search
answers.py    a structured answer checked: found, unwrapped, validated, never repaired cut off
reasoning.py  thinking taken out of an answer before anything parses or stores it
profile.py    what each endpoint and model accepts, learnt from refusals and remembered
discovery.py  the context window, asked of the server once
(../pacing.py: adaptive concurrency and retry waits, shared with the search engines)
"""

from research.providers.llm.answers import json_schema
from research.providers.llm.client import (
    ContextExceeded,
    LLMClient,
    LLMError,
    LLMNotConfigured,
    Meter,
    RequestRejected,
    UnusableAnswer,
    Usage,
    Written,
    check_configured,
    messages_tokens,
)

__all__ = [
    "ContextExceeded",
    "LLMClient",
    "LLMError",
    "LLMNotConfigured",
    "Meter",
    "RequestRejected",
    "UnusableAnswer",
    "Usage",
    "Written",
    "check_configured",
    "json_schema",
    "messages_tokens",
]
