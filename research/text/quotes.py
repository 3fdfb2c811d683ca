"""Exact quotes: the passage of a text that a model's quote reproduces, or none."""

from __future__ import annotations

import re

_SPACE = re.compile(r"\s+")


def find_exact(quote: str, text: str) -> str | None:
    """The passage of `text` that `quote` reproduces, exactly as `text` has it, or None.

    A quote that differs from the text only in white space (line breaks, double spaces) is
    mapped back to the text's own characters; any other difference means it is not a quote.
    """
    quote = quote.strip().strip('"“”')
    if len(quote) < 8:
        return None
    if quote in text:
        return quote
    words = _SPACE.split(quote)
    pattern = r"\s+".join(re.escape(word) for word in words if word)
    match = re.search(pattern, text)
    return match.group(0) if match else None


def exact_quotes(quotes: list[str], text: str, limit: int) -> tuple[list[str], int]:
    """Keep quotes found verbatim in `text` (deduplicated, at most `limit`); count the rest."""
    kept: list[str] = []
    dropped = 0
    for quote in quotes:
        exact = find_exact(quote, text)
        if exact is None:
            dropped += 1
        elif exact not in kept and len(kept) < limit:
            kept.append(exact)
    return kept, dropped
