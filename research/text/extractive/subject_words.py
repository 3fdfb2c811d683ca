"""The words by which a document names the question's subject: the subject's own name, not a
funding round of it; where no name is given whole, its distinctive word (of a web page) or any
of its words (a team's own documents, a sheet that names no one)."""

from __future__ import annotations

import re

from research.text.extractive.evidence import Known
from research.text.extractive.namesakes import distinctive_word
from research.text.extractive.terms import terms
from research.text.writing import is_cjk

DATA_SHARE = 0.5  # of a document's units, table rows at least: a sheet or a table's export


ROUND = re.compile(r"(?:Pre-)?(?:Series [A-Z]\d?|Seed)(?: round)?|[A-Z]\+?轮|天使轮|种子轮")


def owners(phrases: tuple[str, ...]) -> tuple[str, ...]:
    """The phrases that name the subject itself, not a funding round of it ("Series B" of
    "Quillfern's Series B"); all of them when each is a round."""
    return tuple(p for p in phrases if not ROUND.fullmatch(p)) or phrases


def heads(phrases: tuple[str, ...], subject: set[str]) -> set[str]:
    """The words a document must give to be about the subject when it names it by none of its
    names: for a name that opens with a word of its kind ("MV", "Port"), its distinctive word
    ("Selkie" of MV Selkie Dawn: "All dawn sailings" is not about it); else any word of the
    subject's."""
    heads = {p: distinctive_word(p) for p in phrases if not is_cjk(p[:1])}
    stripped = {p: head for p, head in heads.items() if head != p.split()[0]}
    if not stripped:
        return subject
    return {t for p in phrases for t in terms(stripped.get(p, p))}


def name_terms(known: Known, about: str, phrases: tuple[str, ...]) -> set[str]:
    """The terms a document may name the subject by: of a web page, a name's distinctive word
    however written ("sqlite") and its Chinese terms (a publisher's "food banks" is not Fennick
    Vale Food Bank, nor is "the Brackenhurst Allotment Association" the Brackenfold Allotment
    Society); all the words of a library document (a team's own "K3 robot" is Kestrel
    Robotics') or of a sheet that names no one ("Robot model; Price" of Tallowmere Robotics'
    price list)."""
    words = set(terms(about))
    if not phrases or not WEB.match(known.address) or sheet_of_no_one(known):
        return words  # no source writes the subject's name as the question does: its words
    distinctive = set(terms(" ".join(distinctive_word(p) for p in phrases)))
    return (words & distinctive) | {t for t in words if is_cjk(t[:1])}


def sheet_of_no_one(known: Known) -> bool:
    """Whether a document is mostly table rows and names no one inside a sentence ("Food banks
    in the Common Larder Network …" is that network's)."""
    units = list(known.units.values())
    rows = sum(bool(unit.columns) for unit in units)
    return bool(units) and rows >= DATA_SHARE * len(units) and not NAME_INSIDE.search(known.about)


WEB = re.compile(r"https?://")
NAME_INSIDE = re.compile(r"(?<=[a-z,] )[A-Z][\w'’&-]+(?: (?:of |the |and |& )?[A-Z][\w'’&-]+)+")
