"""The cases of bench/kinds.py: questions of six kinds, each over a small corpus of its own, with
the facts a good answer states.

A case is one question (English or Chinese) and the documents it is researched over: library
files (the suffix of a document's path says the format the bench makes of it: .pdf, .docx,
.xlsx, .md, .html) or, when `where` is "web", the same documents served as loopback web pages
found by a fake search engine. Every document is written once, as Markdown; an .xlsx document's
"## " headings name its sheets and its tables are their rows. Every corpus is fictional, so no
answer can come from anything but its documents; each has distractors (`off`: a policy, a
bulletin, a brand guide, or something else of a colliding name such as "Aurora Borealis Tours"
beside "Aurora Bikes"), superseded versions and tables.

The facts are graded mechanically: a fact is covered when any of its `figures` (as the
documents write them) appears in the report's body. `subjects` are the named things a
comparison (or any question over several named things) puts in sections of their own, each
with the other names it goes by: they tell which section a quote belongs in.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from bench import facts_corpus


class Kind:
    FACT = "fact"  # a fact about one named thing
    COMPARISON = "comparison"  # a comparison across 3-6 named things
    TREND = "trend"  # a trend over years
    LIST = "list"  # a list or enumeration
    EXPLAIN = "explain"  # a how or why explanation
    BRIEF = "brief"  # a due-diligence brief with several asked parts

    ALL = (FACT, COMPARISON, TREND, LIST, EXPLAIN, BRIEF)


@dataclass(frozen=True)
class Doc(facts_corpus.Doc):
    """A document (its path, whose suffix is its format; its ISO date, a web result's
    publishedDate; its Markdown), and whether it is about something else."""

    off: bool = False  # nothing of it belongs in the report


@dataclass(frozen=True)
class Fact:
    name: str
    figures: tuple[str, ...]  # any one of them in the body states the fact


@dataclass(frozen=True)
class Case:
    id: str  # unique, e.g. "comparison-cities-en"
    kind: str  # one of Kind.ALL
    language: str  # "en" or "zh"
    question: str
    documents: tuple[Doc, ...]
    facts: tuple[Fact, ...]
    subjects: tuple[tuple[str, ...], ...] = ()  # named things, each with its aliases
    where: str = "library"  # or "web"
    notes: str = field(default="", compare=False)  # what the case tests, for the reader
