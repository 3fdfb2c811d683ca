"""Two report versions compared as a reader compares them: section by section, word by word.

Each version is cut at its `## ` headings (what comes before the first is the opening: the
title and the summary). Sections are matched by their heading. A section in both is the same
or changed; a changed one is a run of words kept, added and removed (difflib over words and
the spaces between them, so the text reads back exactly). A section in one version only was
added or removed whole. The references are left out: their changes follow the text's.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field

_SECTION = re.compile(r"^##[ \t]+(.+?)[ \t#]*$", re.MULTILINE)
_WORDS = re.compile(r"\s+|[^\s]+")
_REFERENCES = re.compile(r"^##\s+References\s*$", re.MULTILINE)


@dataclass(frozen=True)
class Piece:
    kind: str  # "same", "add" or "del"
    text: str


@dataclass
class SectionDiff:
    heading: str  # "" for the opening
    status: str  # "same", "changed", "added" or "removed"
    pieces: list[Piece] = field(default_factory=list)


def by_section(old: str, new: str) -> list[SectionDiff]:
    """The sections of `new` in order, each with its changes from `old`, then the sections
    only `old` has."""
    before, after = _sections(old), _sections(new)
    found: list[SectionDiff] = []
    for heading, text in after.items():
        if heading not in before:
            found.append(SectionDiff(heading, "added", [Piece("add", text)]))
        elif before[heading] == text:
            found.append(SectionDiff(heading, "same"))
        else:
            found.append(SectionDiff(heading, "changed", words(before[heading], text)))
    found += [
        SectionDiff(heading, "removed", [Piece("del", text)])
        for heading, text in before.items()
        if heading not in after
    ]
    return found


def words(old: str, new: str) -> list[Piece]:
    """`new` against `old`, word by word: kept, added and removed runs, merged."""
    a, b = _WORDS.findall(old), _WORDS.findall(new)
    pieces: list[Piece] = []
    matcher = difflib.SequenceMatcher(None, a, b, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            _add(pieces, "same", "".join(b[j1:j2]))
            continue
        _add(pieces, "del", "".join(a[i1:i2]))
        _add(pieces, "add", "".join(b[j1:j2]))
    return pieces


def _add(pieces: list[Piece], kind: str, text: str) -> None:
    if not text:
        return
    if pieces and pieces[-1].kind == kind:
        pieces[-1] = Piece(kind, pieces[-1].text + text)
    else:
        pieces.append(Piece(kind, text))


def _sections(markdown: str) -> dict[str, str]:
    body = _REFERENCES.split(markdown or "", maxsplit=1)[0]
    found: dict[str, str] = {}
    heading, start = "", 0
    for match in _SECTION.finditer(body):
        found[heading] = body[start : match.start()].strip()
        heading, start = match.group(1).strip(), match.end()
    found[heading] = body[start:].strip()
    return {h: t for h, t in found.items() if h or t}
