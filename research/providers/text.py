"""Text tools: token estimates, token-budget chunks, truncation and exact-quote checks."""

from __future__ import annotations

import re

_SPACE = re.compile(r"\s+")
_WIDE = re.compile("[\u2e80-\U0010ffff]")


def estimate_tokens(text: str) -> int:
    """Rough token count: CJK characters count one each, other text four characters a token."""
    narrow = len(_WIDE.sub("", text))  # in C: this runs on every prompt and every chunk
    wide = len(text) - narrow
    return max(1, wide + narrow // 4)


def chunks(text: str, max_tokens: int) -> list[str]:
    """Split `text` on paragraph boundaries into pieces of at most about `max_tokens`."""
    pieces: list[str] = []
    current: list[str] = []
    size = 0
    for paragraph in _paragraphs(text, max_tokens):
        tokens = estimate_tokens(paragraph)
        if current and size + tokens > max_tokens:
            pieces.append("\n\n".join(current))
            current, size = [], 0
        current.append(paragraph)
        size += tokens
    if current:
        pieces.append("\n\n".join(current))
    return pieces


def _paragraphs(text: str, max_tokens: int):
    for paragraph in re.split(r"\n\s*\n", text):
        paragraph = paragraph.strip()
        if not paragraph:
            continue
        if estimate_tokens(paragraph) <= max_tokens:
            yield paragraph
            continue
        step = max(200, len(paragraph) * max_tokens // estimate_tokens(paragraph))
        for start in range(0, len(paragraph), step):
            yield paragraph[start : start + step]


def even_share(room: int, count: int, *, floor: int, cap: int) -> int:
    """Tokens for each of `count` items sharing `room`: never under `floor`, never over `cap`."""
    return max(floor, min(cap, room // max(1, count)))


def truncate(text: str, max_tokens: int) -> str:
    if estimate_tokens(text) <= max_tokens:
        return text
    keep = max(1, len(text) * max_tokens // estimate_tokens(text))
    return text[:keep].rstrip() + " …"


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
