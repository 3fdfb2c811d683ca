"""Library files -> blocks of text with locators -> passages.

    extracted = extract_document(path, filename="report.pdf", max_uncompressed=500 * 2**20)
    drafts = split_passages(extracted.blocks)

`detect_kind` decides what a file is by its content first (magic bytes; for a zip, the parts it
holds) and by its name only for text formats, so a PDF named .docx is read as a PDF. Each reader
returns `Block`s: runs of text with a people-readable locator ("p. 14", "slide 3", a heading
path "Results › Costs", "rows 41–80"). `split_passages` cuts them into passages of about 150 to
400 words that never straddle two locators once they are big enough, and whose text is always a
verbatim piece of a block. Every failure is a `DocumentUnreadable` whose reason says what to do.
A PDF's, Word file's or EPUB's embedded images come back as `extracted.figures` (embedded.py).
"""

from research.providers.documents.base import Block, ExtractedDocument, PassageDraft
from research.providers.documents.kinds import detect_kind
from research.providers.documents.passages import split_passages, word_count
from research.providers.documents.readers import extract_document

__all__ = [
    "Block",
    "ExtractedDocument",
    "PassageDraft",
    "detect_kind",
    "extract_document",
    "split_passages",
    "word_count",
]
