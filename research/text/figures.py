"""Figures from sources as a report shows them, and which section each fits.

A source's figure is an image block and its caption, which cites the source and says whose
picture it is:

    ![Figure 2: Heat pumps installed in Avalon each year](figures/17.png)

    *Figure 2: Heat pumps installed in Avalon each year [3]. Image: Heat pumps in Avalon,
    news.example.*

`figures/<figure id>.<ext>` is resolved by the pages, the PDF and the exports (which name it
figures/k.ext, k the figure's number). Figures number with the analyses' charts: `numbers`
counts both in the order the report shows them.

Without a language model, a section shows the figure whose caption, alt text and heading share
the most of their terms with the section's title, goal and queries (`choose`), among the
figures of sources that have findings in that section; at most `per_section` each, and a figure
once.
"""

from __future__ import annotations

import re
from collections.abc import Hashable, Sequence
from dataclasses import dataclass

from research.text.analysis.figure import FIGURE_START
from research.text.extractive.scoring import coverage
from research.text.extractive.terms import terms

# A source's figure as the report's Markdown links it.
FIGURE_LINK = re.compile(r"\]\(figures/(\d+)\.(png|jpg)\)")
MIN_RELEVANCE = 0.25  # the share of a figure's terms its section must say
WORDS = {
    "en": {"figure": "Figure", "image": "Image"},
    "zh": {"figure": "图", "image": "图片来源"},
}


def path(figure_id: int, extension: str) -> str:
    return f"figures/{figure_id}.{extension}"


def markdown(
    number: int, label: str, image: str, n: int, attribution: str, language: str = "en"
) -> str:
    """The figure's block: the image, then its caption citing its source [n] and whose it is."""
    words = WORDS.get(language, WORDS["en"])
    label = " ".join(label.replace("[", "(").replace("]", ")").replace("*", "").split())
    caption = f"{words['figure']} {number}: {label}"
    colon = "：" if language == "zh" else ": "
    credit = f" {words['image']}{colon}{attribution}." if attribution else ""
    return f"![{caption}]({image})\n\n*{caption} [{n}].{credit}*\n"


def attribution(title: str, domain: str) -> str:
    """Whose picture it is: the page's title and its site."""
    title = " ".join(title.replace("*", "").replace("[", "(").replace("]", ")").split())
    return ", ".join(part for part in (title, domain) if part)


def numbers(markdown_text: str) -> dict[tuple[str, int], int]:
    """Every figure of a report by its number k, in the order it shows them: ("chart", dataset
    id) for an analysis's chart (or its caption, when it has no chart), ("figure", figure id)
    for a source's."""
    found: dict[tuple[str, int], int] = {}
    for match in FIGURE_START.finditer(markdown_text):
        chart = match.group(1) or match.group(2)
        key = ("chart", int(chart)) if chart else ("figure", int(match.group(3)))
        found.setdefault(key, len(found) + 1)
    return found


@dataclass(frozen=True)
class Offered:
    key: int  # the figure's id
    label: str  # its caption, else its alt text
    heading: str
    sections: frozenset[Hashable]  # the sections its source has findings in


@dataclass(frozen=True)
class Part:
    key: Hashable  # the section's id
    about: str  # its title, goal and queries


def choose(parts: Sequence[Part], offered: Sequence[Offered], per_section: int) -> dict:
    """Each section's figures (keys), best first: the pairs of a section and a figure of a
    source with findings in it, by the share of the figure's terms the section says, the best
    pair taken first; none under MIN_RELEVANCE."""
    pairs = []
    for place, part in enumerate(parts):
        wanted = set(terms(part.about))
        for figure in offered:
            if part.key not in figure.sections:
                continue
            said = terms(f"{figure.label} {figure.heading}")
            score = coverage(said, list(wanted))
            if score >= MIN_RELEVANCE:
                pairs.append((-score, place, figure.key, part.key))
    chosen: dict = {}
    used: set[int] = set()
    for _, _, figure_key, part_key in sorted(pairs, key=lambda p: p[:3]):
        room = chosen.setdefault(part_key, [])
        if figure_key in used or len(room) >= per_section:
            continue
        room.append(figure_key)
        used.add(figure_key)
    return {key: keys for key, keys in chosen.items() if keys}
