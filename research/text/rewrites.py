"""A section of a report rewritten without a language model (the extractive engine of the
rewrite stage): by selection, never by writing.

The extractive engine understands three instructions (case and spacing aside):

- `shorter`: about half of the section's paragraphs are kept, those that cite a source first,
  then the earlier ones (an extractive report puts each section's best quotes first), in the
  section's order; a section of one paragraph keeps about half of its sentences the same way.
  Figures, tables, sub-headings and italic lines (a note) stay.
- `longer`: verbatim quotes of the section's sources' findings that the report does not quote
  yet are added after its text, `“quote” [n]`, the most relevant to the section first (BM25
  over its title, goal and queries) and none too like another (MMR), as the brief chooses.
- `more figures`: the stage adds a source's figure when the section's sources have one the
  report does not show; otherwise `figures_table` adds a table of the figures its sources'
  quotes state (measure, value, source) that the section does not already give.

Each returns None when it has nothing to leave out or add: the step then fails saying so, and
no version pretends to have changed.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from research.text.claims import split_sentences
from research.text.extractive.figures import figures, label
from research.text.extractive.scoring import bm25, jaccard, mmr
from research.text.extractive.terms import terms

SHORTER, LONGER, MORE_FIGURES = "shorter", "longer", "more figures"
INSTRUCTIONS = (SHORTER, LONGER, MORE_FIGURES)
ADDED_QUOTES = 3  # quotes `longer` adds at most
TABLE_ROWS = 4  # rows of a figures table at most
MIN_QUOTE = 20  # characters: a shorter "quote" says too little to add

_PARAGRAPH_BREAK = re.compile(r"\n[ \t]*\n\s*")
_CITED = re.compile(r"\[\d+\]")


@dataclass(frozen=True)
class Quote:
    text: str
    n: int  # the source's citation number


def instruction(text: str) -> str | None:
    """The instruction as the extractive engine knows it, or None."""
    said = " ".join(text.lower().split()).strip(" .!")
    return said if said in INSTRUCTIONS else None


def paragraphs(body: str) -> list[str]:
    return [p for p in _PARAGRAPH_BREAK.split(body.strip()) if p.strip()]


def _kept(paragraph: str) -> bool:
    """A paragraph `shorter` never leaves out: a figure, a table, a heading, an italic line."""
    first = paragraph.lstrip()
    italic = re.fullmatch(r"([_*]).+\1", first.strip(), re.S) is not None
    return first.startswith(("![", "|", "#", "<")) or italic


def shorter(body: str) -> str | None:
    """About half of the section's paragraphs (or of a lone paragraph's sentences), cited ones
    first, then the earlier; None when it has one sentence to say."""
    parts = paragraphs(body)
    prose = [i for i, p in enumerate(parts) if not _kept(p)]
    if len(prose) >= 2:
        keep = set(_first_cited([parts[i] for i in prose], (len(prose) + 1) // 2))
        chosen = {prose[j] for j in keep}
        return "\n\n".join(p for i, p in enumerate(parts) if i in chosen or i not in prose)
    if not prose:
        return None
    sentences = split_sentences(" ".join(parts[prose[0]].split()))
    if len(sentences) < 2:
        return None
    keep = set(_first_cited(sentences, (len(sentences) + 1) // 2))
    parts[prose[0]] = " ".join(s for j, s in enumerate(sentences) if j in keep)
    return "\n\n".join(parts)


def _first_cited(texts: Sequence[str], count: int) -> list[int]:
    """The indexes of `count` texts: those citing a source first, then in order."""
    order = sorted(range(len(texts)), key=lambda i: (not _CITED.search(texts[i]), i))
    return order[: min(count, len(texts) - 1)]


def longer(body: str, report: str, topic: str, quotes: Sequence[Quote]) -> str | None:
    """The section with up to ADDED_QUOTES of `quotes` the `report` does not hold yet, the most
    relevant to `topic` first; None when every one is already quoted."""
    said = _plain(report)
    fresh: dict[str, Quote] = {}
    for quote in quotes:
        text = " ".join(quote.text.split())
        if len(text) >= MIN_QUOTE and _plain(text) not in said and text not in fresh:
            fresh[text] = Quote(text, quote.n)
    if not fresh:
        return None
    found = sorted(fresh.values(), key=lambda q: q.text)
    bags = [terms(q.text) for q in found]
    scores = bm25(terms(topic), bags)
    order = sorted(range(len(found)), key=lambda i: (-scores[i], found[i].text))
    top = max(scores) or 1.0
    chosen = mmr(
        order,
        [scores[i] / top for i in order],
        lambda a, b: jaccard(bags[a], bags[b]),
        ADDED_QUOTES,
    )
    added = [f"“{found[i].text}” [{found[i].n}]" for i in chosen]
    return "\n\n".join([body.strip(), *added])


def _plain(text: str) -> str:
    """Text as compared for "already quoted": its words, lower case."""
    return " ".join(re.sub(r"[“”\"*_]", " ", text).split()).casefold()


def figures_table(body: str, quotes: Sequence[Quote], columns: tuple[str, str, str]) -> str | None:
    """The section with a table of the figures its sources' quotes state (measure, value,
    source), up to TABLE_ROWS, each value once and none the section already gives; None when
    there is none to add."""
    rows: list[str] = []
    seen: set[str] = set()
    for quote in sorted(quotes, key=lambda q: (q.n, q.text)):
        value = next((f for f in figures(quote.text) if f.kind != "date"), None)
        if value is None or value.value in seen or value.value in body:
            continue
        seen.add(value.value)
        measure = label(quote.text, value) or "—"
        cells = [measure, value.value, f"[{quote.n}]"]
        rows.append("| " + " | ".join(c.replace("|", "/") for c in cells) + " |")
        if len(rows) == TABLE_ROWS:
            break
    if not rows:
        return None
    table = "\n".join(["| " + " | ".join(columns) + " |", "|---|---|---|", *rows])
    return body.strip() + "\n\n" + table


def with_block(body: str, block: str) -> str:
    """The section with `block` (a figure) after its text."""
    return body.strip() + "\n\n" + block.strip()
