"""Blocks -> passages of about 150 to 400 words, each with one locator.

A block is cut at sentence ends into pieces of at most `max_words` (a sentence longer than that
is cut between words, or between characters in a script without spaces). A piece shorter than
`min_words` is joined by the pieces that follow, from the next blocks too (a short section and
the sections after it, under the first one's heading), while it stays under `max_words`; but
never across pages or slides, so a citation names the one page a passage is on. A passage's
text is always a verbatim span of its block, or such spans joined by a blank line, so a quote
found in a passage is found in the document as it was read.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from research.providers.documents.base import Block, PassageDraft
from research.text.records import RECORD
from research.text.writing import WORD_RUN, is_cjk

_SENTENCE_END = re.compile(r"(?<=[.!?;:])\s+|(?<=[。！？；])|\n+")


def word_count(text: str) -> int:
    """Words, counting each CJK character as one (those scripts have no spaces)."""
    return sum(len(run) if is_cjk(run) else 1 for run in WORD_RUN.findall(text))


@dataclass
class _Piece:
    block: Block
    start: int
    end: int
    words: int

    @property
    def text(self) -> str:
        return self.block.text[self.start : self.end]


def split_passages(
    blocks: list[Block], *, min_words: int = 150, max_words: int = 400
) -> list[PassageDraft]:
    pieces = [piece for block in blocks for piece in _pieces(block, max_words)]
    groups: list[list[_Piece]] = []
    for piece in pieces:
        group = groups[-1] if groups else None
        size = sum(p.words for p in group) if group else 0
        same_page = group is not None and group[0].block.page == piece.block.page
        if group and same_page and size < min_words and size + piece.words <= max_words:
            group.append(piece)
        else:
            groups.append([piece])
    return [_draft(n, group) for n, group in enumerate(groups)]


def _pieces(block: Block, max_words: int) -> list[_Piece]:
    """The block cut at sentence ends into runs of at most `max_words` words."""
    pieces: list[_Piece] = []
    start = end = words = 0
    for unit_start, unit_end in _sentences(block.text):
        unit_words = word_count(block.text[unit_start:unit_end])
        if words and words + unit_words > max_words:
            pieces.append(_Piece(block, start, end, words))
            start, words = unit_start, 0
        if unit_words > max_words:
            pieces += _cut(block, unit_start, unit_end, max_words)
            start, words = unit_end, 0
            continue
        if not words:
            start = unit_start
        end, words = unit_end, words + unit_words
    if words:
        pieces.append(_Piece(block, start, end, words))
    return pieces


def _sentences(text: str) -> list[tuple[int, int]]:
    """Where the text's sentences are; a record line (a table's row under its header) is one,
    its semicolons and colons none's end."""
    spans, start = [], 0
    for match in _SENTENCE_END.finditer(text):
        if match.group().isspace() and "\n" not in match.group() and _in_record(text, match):
            continue
        if text[start : match.start()].strip():
            spans.append(_trimmed(text, start, match.start()))
        start = match.end()
    if text[start:].strip():
        spans.append(_trimmed(text, start, len(text)))
    return spans


def _in_record(text: str, match: re.Match[str]) -> bool:
    line_start = text.rfind("\n", 0, match.start()) + 1
    line_end = text.find("\n", match.end())
    return bool(RECORD.match(text[line_start : line_end if line_end >= 0 else len(text)].strip()))


def _trimmed(text: str, start: int, end: int) -> tuple[int, int]:
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    return start, end


def _cut(block: Block, start: int, end: int, max_words: int) -> list[_Piece]:
    """A sentence over `max_words`, cut between words (between characters without spaces)."""
    text = block.text
    cuts = [m.start() for m in re.finditer(r"\S+", text[start:end])]
    if is_cjk(text[start:end]) or len(cuts) <= 1:
        cuts = list(range(0, end - start))
    pieces = []
    for first in range(0, len(cuts), max_words):
        a = start + cuts[first]
        b = start + cuts[first + max_words] if first + max_words < len(cuts) else end
        a, b = _trimmed(text, a, b)
        if b > a:
            pieces.append(_Piece(block, a, b, word_count(text[a:b])))
    return pieces


def _draft(position: int, group: list[_Piece]) -> PassageDraft:
    first, last = group[0], group[-1]
    if all(p.block is first.block for p in group):
        text = first.block.text[first.start : last.end]
    else:
        text = "\n\n".join(p.text for p in group)
    return PassageDraft(position, text, _locator(group), first.block.page, word_count(text))


def _locator(group: list[_Piece]) -> str:
    """The first piece's locator (the first that has one: sections merged under it), with the
    paragraph it starts at when its block, not on a page, has several ("Costs, ¶ 3")."""
    piece = next((p for p in group if p.block.locator), group[0])
    paragraph = _paragraph(piece)
    if paragraph is None:
        return piece.block.locator
    return ", ".join(filter(None, [piece.block.locator, f"¶ {paragraph}"]))


def _paragraph(piece: _Piece) -> int | None:
    """The number of the paragraph the piece starts in, when its block (of HTML, Markdown or
    DOCX) has more than one; paragraphs are split at blank lines, or at line breaks in a text
    with none."""
    text = piece.block.text
    if not piece.block.paragraphs:
        return None
    breaks = r"\n\s*\n" if re.search(r"\n\s*\n", text) else r"\n"
    if len(re.findall(breaks, text.strip())) == 0:
        return None
    return len(re.findall(breaks, text[: piece.start])) + 1
