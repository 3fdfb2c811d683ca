"""Any OpenAI-compatible chat completions endpoint, as the pipeline needs it.

client.py     the one module that imports openai: calls, limits, errors, reading answers
answers.py    a structured answer checked: found, unwrapped, validated, never repaired cut off
reasoning.py  thinking taken out of an answer before anything parses or stores it
"""

from research.providers.llm.answers import json_schema
from research.providers.llm.client import (
    LLMClient,
    LLMError,
    LLMNotConfigured,
    Meter,
    RequestRejected,
    Usage,
    Written,
    check_configured,
)

__all__ = [
    "LLMClient",
    "LLMError",
    "LLMNotConfigured",
    "Meter",
    "RequestRejected",
    "Usage",
    "Written",
    "check_configured",
    "json_schema",
]
