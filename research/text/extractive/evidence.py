"""What the extractive brief is made of: a candidate quote (its source's number, the section
whose search found it), a planned part of the report, and what is known of a source (its
text, its vintage, its document's names and path)."""

from __future__ import annotations

import functools
from dataclasses import dataclass

from research.text.extractive.currency import Vintage
from research.text.extractive.items import item_headings, names_an_item
from research.text.extractive.key_figures import Quoted
from research.text.extractive.names import proper_words
from research.text.extractive.sentences import Sentence, sentences


@dataclass(frozen=True)
class Candidate:
    quote: str
    n: int  # the source's citation number
    section: int | None  # the planned section whose query found it; None for other queries
    query: str


@dataclass(frozen=True)
class Part:
    key: int | None
    title: str
    topic: str  # the title, the goal and the queries


@dataclass
class Known:
    address: str  # its URL (a library passage's holds its document's id)
    title: str
    text: str  # the source's stored text
    vintage: Vintage
    about: str  # its whole document's names and text (a library passage's document's)
    path: str = ""  # its document's folder and file name, or its URL's path
    headline: str = ""  # its document's own title (not a passage's headings), or its page's
    # its figures that are not its subject's now: restated otherwise by a newer source, or
    # stated of a thing the question does not ask about
    unsaid: frozenset[float] = frozenset()

    @property
    def order(self) -> tuple[bool, tuple[int, int, int], str, str, str]:
        """What orders sources where nothing else does: current before superseded, newer
        before older, then their documents' paths and titles ("…, p. 2"), which, unlike the
        ids in their addresses, do not change from one library to another."""
        year, month, day = self.vintage.as_of or (0, 0, 0)
        marked = bool(self.vintage.marked)
        return marked, (-year, -month, -day), self.path or self.address, self.title, self.address

    @functools.cached_property
    def units(self) -> dict[str, Sentence]:
        """Its sentence units (a table's rows among them), by their text."""
        return {s.text: s for s in sentences(self.text)}

    def quoting(self, quote: str, n: int) -> Quoted:
        """Its quote as the key figures and the opening read it, citing it as [n]."""
        return Quoted(quote, n, self.header(quote), self.vintage.said, self.unsaid)

    def header(self, quote: str) -> str:
        """A table row's header ("Round; Date; Amount"); "" for a sentence."""
        unit = self.units.get(quote)
        return unit.header if unit else ""

    def lead(self, quote: str) -> str:
        """What a reader needs before the quote to know what it is about: a table row's header,
        or an item's heading on a page of items ("Tarnhold cast iron"); "" else."""
        unit = self.units.get(quote)
        if unit is None:
            return ""
        return unit.header or (unit.context if unit.context in self._items else "")

    def item(self, quote: str) -> str:
        """The thing a unit of a list is about: its item's heading on a page of items, or a
        table row's first cell ("Corvane Aria Lite", "Aria 2"); "" for another sentence."""
        unit = self.units.get(quote)
        if unit is None:
            return ""
        if unit.columns:  # a row of named things ("Aria 2"), not of years or measures
            cell = unit.text.split(";")[0].split(":", 1)[-1].strip()
            return cell if names_an_item(cell, self._names) else ""
        return unit.context if unit.context in self._items else ""

    @functools.cached_property
    def _names(self) -> frozenset[str]:
        return proper_words(self.text)

    @functools.cached_property
    def _items(self) -> frozenset[str]:
        return item_headings(list(self.units.values()), self.text, self.headline or self.title)

    def columns(self, quote: str) -> str:
        """A table row's columns (its header, or a record line's column names); "" else."""
        unit = self.units.get(quote)
        return unit.columns if unit else ""

    def position(self, quote: str) -> int:
        """Where the unit stands in the source (the sources' units in their order)."""
        return self._positions.get(quote, len(self._positions))

    @functools.cached_property
    def _positions(self) -> dict[str, int]:
        return {text: k for k, text in enumerate(self.units)}
