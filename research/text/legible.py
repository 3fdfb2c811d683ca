"""Whether a PDF page's text layer reads as text, or is a scan's: the pages that are not are
read by OCR.

A scanned page has no text layer, or one that is not text: a page number alone, or the glyph
codes of a font that maps them to nothing (replacement characters, private-use code points,
control characters). A page of figures has letters among them; it keeps its text layer.
"""

from __future__ import annotations

import unicodedata

JUNK_CATEGORIES = frozenset({"Co", "Cc", "Cn", "Cs"})  # private use, control, unassigned, surrogate
MAX_JUNK = 0.3  # of the characters that are not spaces
MIN_LETTERS = 0.1


def legible(text: str) -> bool:
    """Some letters, at least a tenth of the characters, and at most 30% replacement
    characters, private-use, control or unassigned code points."""
    chars = [char for char in text if not char.isspace()]
    if not chars:
        return False
    letters = sum(char.isalpha() for char in chars)
    junk = sum(char == "\ufffd" or unicodedata.category(char) in JUNK_CATEGORIES for char in chars)
    return letters > 0 and letters >= MIN_LETTERS * len(chars) and junk <= MAX_JUNK * len(chars)
