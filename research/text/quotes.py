"""Exact quotes: the passage of a text that a model's quote reproduces, or none."""

from __future__ import annotations

from research.text.plain import locate, plain


def find_exact(quote: str, text: str) -> str | None:
    """The passage of `text` that `quote` reproduces, as a reader sees it, or None.

    A quote that differs from the text only in white space (line breaks, double spaces) or in
    Markdown marks (bold, a link's target, a list bullet) is the text's own words without those
    marks; any other difference means it is not a quote.
    """
    span = locate(quote, text) if len(quote.strip().strip('"“”')) >= 8 else None
    if span is None:
        return None
    return plain(text[span[0] : span[1]]).text.strip() or None


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
