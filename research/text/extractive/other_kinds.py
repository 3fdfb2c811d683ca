"""Whether a document calls the question's subject another kind of thing ("folk band Selkie
Dawn" beside the ferry MV Selkie Dawn, "Dr Senna Halloway" beside the research vessel), or
speaks of another kind of the measure asked ("solar" beside installed wind capacity)."""

from __future__ import annotations

import re

from research.text.extractive.namesakes import distinctive_part, kind_group, name_pattern
from research.text.extractive.terms import terms
from research.text.writing import is_cjk

# Kinds of one measure that a question tells apart by one word: installed wind capacity is no
# solar capacity, library visits are no swimming visits (as word stems: "libraries" is "librari"),
# rural incomes are no urban ones.
MEASURE_KINDS = tuple(
    frozenset(terms(kinds))
    for kinds in (
        "wind solar hydro hydroelectric nuclear coal gas geothermal tidal biomass",
        "library pool swimming museum gym theatre cinema",
        "passenger freight cargo",
        "export import",
        "urban rural 城镇 农村",
        "水价 气价 电价",
    )
)


def other_measure(about: str, question: str) -> bool:
    """Whether a document speaks of a measure of another kind than the one the question names
    ("solar" beside "installed wind capacity") and never of the question's."""
    asked = set(terms(question))
    kinds = [(k, wanted) for k in MEASURE_KINDS if (wanted := asked & k)]
    if not kinds:
        return False  # the document is read only when the question names a kind of measure
    said = set(terms(about))
    return any(not wanted & said and (said & k) - wanted for k, wanted in kinds)


def other_kind(text: str, name: str, question: str) -> bool:
    """Whether `text` calls the question's subject by another kind of thing than the question
    does, and never by the question's: "folk band Selkie Dawn" when it asks about the ferry
    MV Selkie Dawn."""
    if is_cjk(name[:1]):
        return False
    if _other_proper_name(text, name, question):
        return True
    asked = next(map(kind_group, _kind_words(question, name)), None)
    if asked is not None and _a_person(text, name):
        return True  # "Dr Senna Halloway", after whom the research vessel was named
    own = distinctive_part(name)
    if asked is None or re.search(rf"\b(?:{'|'.join(map(re.escape, asked))})\b", text, re.I):
        return False
    called = _kind_words(text, own)
    return bool(called) and all(kind_group(word) != asked for word in called)


PERSON_TITLE = re.compile(r"\b(?:Dr|Prof|Professor|Mr|Mrs|Ms|Miss|Sir|Dame|Lady|Lord)\.?\s+$")


def _a_person(text: str, name: str) -> bool:
    """Whether `text` gives the name only after a person's title ("Dr Senna Halloway")."""
    found = [m.start() for m in re.finditer(name_pattern(name), text)]
    return bool(found) and all(PERSON_TITLE.search(text[max(0, at - 12) : at]) for at in found)


def _other_proper_name(text: str, name: str, question: str) -> bool:
    """Whether the question calls its subject a kind of thing after its name ("the Marrow
    Creek footbridge") and `text` only ever gives the name with another kind as a part of it
    ("the Marrow Creek Bridge replacement, Oregon Route 38"): another thing's proper name."""
    asked = re.search(rf"{name_pattern(name)}\s+([a-z][a-z-]+)", question)
    if asked is None or kind_group(asked[1]) is None:
        return False
    if re.search(rf"{name_pattern(name)}\s+{re.escape(asked[1])}\b", text, re.IGNORECASE):
        return False
    proper = re.findall(rf"{name_pattern(name)}\s+([A-Z][a-z]+)", text)
    return any(word.lower() != asked[1] and kind_group(word.lower()) is not None for word in proper)


def _kind_words(text: str, name: str) -> list[str]:
    """The lowercase words of a kind right before or after each mention of the name."""
    words = []
    for m in re.finditer(name_pattern(name), text):
        before = re.search(r"([a-zé-]+)\s+(?:[A-Z]{1,3}\s+)?$", text[: m.start()])
        after = re.match(r"\s+([a-zé-]+)", text[m.end() :])
        words += [w[1] for w in (before, after) if w and kind_group(w[1])]
    return words
