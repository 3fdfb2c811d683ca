"""Which of a question's key phrases reads as a section's heading without a model: a phrase of
its own words, not a piece of the question nor its subject's name again."""

from __future__ import annotations

import re

from research.text.extractive.aspects import QUESTION_WORDS
from research.text.extractive.terms import language_of


def reads_as_heading(phrase: str, named: list[str]) -> bool:
    """Whether a key phrase titles a section of its own, beside the subject's names `named`
    (lowercase)."""
    return (
        _spaced_phrase(phrase) and not names_only(phrase, named) and not cuts_a_name(phrase, named)
    )


def _spaced_phrase(phrase: str) -> bool:
    """A key phrase that reads as a heading: two words or more, in a spaced script (a run of
    CJK characters cut by count may split a word), and none of the words that ask ("water can
    Hallam" of "How much water can Hallam Reservoir hold?" is a piece of the question)."""
    words = phrase.lower().split()
    return (
        not language_of(phrase).startswith(("zh", "ja", "ko"))
        and len(words) >= 2
        and not QUESTION_WORDS.intersection(words)
    )


def names_only(phrase: str, named: list[str]) -> bool:
    """Whether a key phrase is little more than the question's subject ("Port of Saltmarsh's",
    "Saltmarsh's automated"): the whole report is about it, so it titles no section of its own
    unless two words of its own are left."""
    subject = {w for name in named for w in name.split()}
    words = re.sub(r"(?:'s|’s|'|’)(?=\s|$)", "", phrase).lower().split()
    return len([w for w in words if w not in subject and w not in JOINING]) < 2


JOINING = frozenset("of the a an and in on at for to".split())


def cuts_a_name(phrase: str, named: list[str]) -> bool:
    """Whether a key phrase cuts one of the subject's names, opening with its later words or
    ending with its earlier ones ("Bank offshore wind" of "the Caddow Bank offshore wind
    farm"): a piece of the question, no heading."""
    words = re.sub(r"(?:'s|’s|'|’)(?=\s|$)", "", phrase).lower().split()
    for name in named:
        parts = name.split()
        if len(parts) < 2 or name in " ".join(words):
            continue
        if words[0] in parts[1:] or words[-1] in parts[:-1]:
            return True
    return False
