"""The shapes every reader returns."""

from __future__ import annotations

from dataclasses import dataclass

from research.text.records import record_line


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


CSV_ROWS_PER_BLOCK = 40


def record_blocks(rows: list[list[str]], where: str = "") -> list[Block]:
    """A table's rows under its first row, as record lines ("City: Avalon; Year: 2023;
    Population: 120000"), CSV_ROWS_PER_BLOCK to a block located by its rows (after `where`,
    a sheet's name)."""
    header, body = rows[0], rows[1:] or rows[:1]
    blocks = []
    for start in range(0, len(body), CSV_ROWS_PER_BLOCK):
        chunk = body[start : start + CSV_ROWS_PER_BLOCK]
        lines = [record_line(header, row) for row in chunk]
        end = start + len(chunk)
        locator = f"rows {start + 1}–{end}"
        blocks.append(Block("\n".join(lines), f"{where}, {locator}" if where else locator))
    return blocks
