"""Token estimates, token-budget chunks, even shares of a budget, and truncation."""

from __future__ import annotations

import re

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
