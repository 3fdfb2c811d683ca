"""The shapes every reader returns."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Block:
    """A run of text and where it is in its document."""

    text: str
    locator: str  # "p. 14", "slide 3", "Results › Costs", "rows 41–80"; "" when nothing says
    page: int | None = None  # the page or slide number, when there is one
    paragraphs: bool = (
        False  # a citation may name its paragraph ("Costs, ¶ 3"): HTML, Markdown, DOCX
    )


@dataclass(frozen=True)
class ExtractedDocument:
    kind: str  # a DocumentKind value: pdf, docx, pptx, html, markdown, text, csv, epub
    title: str
    blocks: list[Block]
    pages: int | None = None  # pages or slides, when the format has them


@dataclass(frozen=True)
class PassageDraft:
    position: int
    text: str
    locator: str
    page: int | None
    words: int  # CJK characters count one each


HEADING_SEPARATOR = " › "
