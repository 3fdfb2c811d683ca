"""Pages of items: a shop's ranges, a guide's trails, a programme's courses, each a heading that
names it over a sentence or two about it.

"Pre-seasoned cast iron skillets, griddles and casseroles that last a lifetime." says nothing
of which range it describes: its heading, "Tarnhold cast iron", does. Such a sentence is quoted
after its heading, as a table row is after its header, and is found by its page's title
("Cookware") as well as by its own words.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from research.text.extractive.names import proper_words
from research.text.extractive.sentences import Sentence

ITEM_HEADINGS = 3  # a page of items has at least as many
ITEM_UNITS = 3  # sentences under an item's heading, at most
ITEM_WORDS = 5  # of an item's heading, at most


def item_headings(found: Sequence[Sentence], text: str, title: str = "") -> frozenset[str]:
    """The headings of a page of items (`found`: the units of `text`, titled `title`, whose
    heading is the page's, not an item's): at least ITEM_HEADINGS
    headings, most of the page's, each a name of a few words over a few sentences. Not a
    report's headings ("Funding", "Company profile", "How the fund is governed"), which are
    common words or stand over more; not a Chinese page's, whose headings a capital does not
    tell from a section's (公司介绍)."""
    under: dict[str, int] = {}
    for unit in found:
        if unit.context and not unit.columns and unit.context.casefold() != title.casefold():
            under[unit.context] = under.get(unit.context, 0) + 1
    names = proper_words(text)
    named = {h for h, n in under.items() if n <= ITEM_UNITS and names_an_item(h, names)}
    if len(named) < ITEM_HEADINGS or len(named) * 2 < len(under):
        return frozenset()
    return frozenset(named)


def names_an_item(heading: str, names: frozenset[str]) -> bool:
    """A heading of a few words that opens with a word the page writes only as a name
    ("Ferrol Tri-Ply"), not a lead-in ("Its main uses:")."""
    words = heading.split()
    first = words[0].lower() if words else ""
    return (
        0 < len(words) <= ITEM_WORDS
        and first.isascii()
        and words[0][:1].isupper()
        and first in names
        and first not in NOT_NAMES
        and not COMMON_NOUN.search(first)
        and not heading.endswith((":", "?"))
    )


# A step's or a section's heading opens with a common word ("After the decision", "Validation",
# "Assessment and decision"), which a page may capitalise nowhere but there.
NOT_NAMES = frozenset(
    "how why what when where who which our the a an about after before during step stage "
    "first next then finally contact overview summary introduction background history notes "
    "key main other more further".split()
)
COMMON_NOUN = re.compile(r"(?:tion|sion|ment|ing|ance|ence|ity|ness|ship|ies)$")
