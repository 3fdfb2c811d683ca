"""The gate on a model's free text (a report, a section's rewrite): what is wrong with it, in
words a member reads, before anything is kept. Real endpoints answer a report prompt with a
JSON list of phrases, echo the prompt's own tags, answer in another language than asked, cite
nothing they were given or numbers they were not. Each problem found is one short phrase
("a JSON list, not prose"); none means the text may be kept.

The prompt's tags are given by the caller (research/prompts reads them from its own files), so
a new prompt's tag is covered without editing this module.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from research.text.writing import CJK

CITATION = re.compile(r"\[(\d{1,4})\]")
HEADING = re.compile(r"^#{2,3}\s+(.+?)\s*#*\s*$", re.MULTILINE)
MIN_PROSE_WORDS = 3  # fewer words than this is no answer at all
MIN_CJK_SHARE = 0.2  # of a Chinese answer's letters; an English one has almost none
MAX_CJK_SHARE = 0.5  # of an English answer's letters


@dataclass(frozen=True)
class Expect:
    what: str  # "report", "section", "answer": how a member calls it
    language: str = "en"  # the language code asked for
    headings: tuple[str, ...] = ()  # the planned "##" sections it must keep
    sources: frozenset[int] = frozenset()  # the citation numbers it was given
    tags: frozenset[str] = field(default_factory=frozenset)  # the prompts' own tags


def problems(text: str, expect: Expect) -> list[str]:
    """What makes `text` unusable as the `expect`ed answer; [] when nothing does."""
    shape = _shape(text)
    if shape:
        return [shape]
    found = []
    tags = sorted(_tags_in(text, expect.tags))
    if tags:
        found.append("it holds the prompt's own tags (" + ", ".join(f"<{t}>" for t in tags) + ")")
    language = _language(text, expect.language)
    if language:
        found.append(language)
    cited = {int(n) for n in CITATION.findall(text)}
    if expect.sources and not cited & expect.sources:
        found.append("it cites none of the sources it was given")
    stray = sorted(cited - expect.sources) if expect.sources else []
    if stray:
        found.append("it cites " + ", ".join(f"[{n}]" for n in stray) + f", {STRAY}")
    if expect.headings and not _keeps_sections(text, expect.headings):
        found.append("it drops the planned sections")
    return found


def hard(found: list[str]) -> list[str]:
    """The problems no cleaning mends: all but citations of sources it was not given, which
    the citation cleaner removes and the version counts."""
    return [problem for problem in found if not problem.endswith(STRAY)]


STRAY = "which it was not given"


def _shape(text: str) -> str:
    """What the text is when it is no prose: JSON, a list of phrases, nothing."""
    body = text.strip()
    if body[:1] in "[{":
        try:
            parsed = json.loads(body)
        except ValueError:
            parsed = None
        if isinstance(parsed, list):
            return "a JSON list, not prose"
        if isinstance(parsed, dict):
            return "a JSON object, not prose"
    words = re.findall(rf"[A-Za-z]+|[{CJK}]", body)
    if len(words) < MIN_PROSE_WORDS:
        return "too short to be an answer"
    lines = [line.strip() for line in body.splitlines() if line.strip()]
    items = [line for line in lines if re.match(r"^(?:[-*•]|\d+[.)])\s", line)]
    sentences = re.findall(r"[.!?。！？](?:\s|$)|[。！？]", body)
    if lines and len(items) == len(lines) and not sentences and not CITATION.search(body):
        return "a list of phrases, not prose"  # cited posts ("1. WAL keeps a log [1]") are not
    return ""


def _tags_in(text: str, tags: Iterable[str]) -> set[str]:
    return {t for t in tags if re.search(rf"</?{re.escape(t)}(?:[\s>/]|$)", text)}


def _language(text: str, asked: str) -> str:
    letters = re.findall(rf"[A-Za-z]|[{CJK}]", CITATION.sub("", text))
    if not letters:
        return ""
    share = sum(1 for ch in letters if not ch.isascii()) / len(letters)
    if asked.startswith("zh") and share < MIN_CJK_SHARE:
        return "it is not in Chinese, as asked"
    if asked.startswith("en") and share > MAX_CJK_SHARE:
        return "it is not in English, as asked"
    return ""


def _keeps_sections(text: str, headings: tuple[str, ...]) -> bool:
    """Whether the text has "##" sections for at least half the planned ones."""
    written = HEADING.findall(text)
    return len(written) * 2 >= len(headings)


def repair(found: list[str], expect: Expect) -> str:
    """The message that asks for the answer again, naming what was wrong."""
    cites = (
        " Cite the sources by their numbers in square brackets, only those you were given."
        if expect.sources
        else ""
    )
    sections = " Keep one '## ' heading for each planned section." if expect.headings else ""
    return (
        f"That {expect.what} is not usable: {'; '.join(found)}. Write the {expect.what} again "
        f"as Markdown prose, without any tags from the prompt.{cites}{sections}"
    )
