"""What a question asks figures of: the things (the named things it compares, else its
subject) and the periods (the years it names, every year of a span it names)."""

from __future__ import annotations

import re

from research.text.extractive.aspects import subject_part
from research.text.extractive.names import named_things, subject_phrases

MAX_SPAN = 12  # years of a span listed one by one ("from 2012 to 2024")
SPAN = re.compile(
    r"((?:19|20)\d\d)\s*(?:年)?\s*(?:-|–|—|to|until|through|and|至|到|~)\s*((?:19|20)\d\d)"
)
YEAR = re.compile(r"(?<!\d)((?:19|20)\d\d)(?!\d)")


def asked_names(question: str) -> tuple[str, ...]:
    """The things the question asks figures of: the named things it compares, else the names
    in the part where its subject is named ("the subscribers of Larkmere Telecom and Oakline
    Networks": both), none a part of another."""
    named = named_things(question)
    if named:
        return named.names
    found: list[str] = []  # longest first: each name that is no part of a longer one
    for phrase in subject_phrases(subject_part(question)):
        if not any(phrase in longer for longer in found):
            found.append(phrase)
    return tuple(sorted(found, key=question.find))  # in the question's order


def asked_measure(question: str) -> str:
    """The measure a comparison asks of its named things ("票房收入"); "" when it names none."""
    named = named_things(question)
    return named.measure if named else ""


def asked_periods(question: str) -> tuple[str, ...]:
    """The years the question names, each year of a span it names ("from 2020 to 2023":
    2020, 2021, 2022, 2023), in order."""
    found = {int(year) for year in YEAR.findall(question)}
    for start, end in SPAN.findall(question):
        first, last = sorted((int(start), int(end)))
        if last - first <= MAX_SPAN:
            found |= set(range(first, last + 1))
    return tuple(str(year) for year in sorted(found))
