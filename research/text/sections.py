"""A report cut into its parts and put back together byte for byte, for a section's rewrite.

A report's Markdown is:

    preamble     everything before its first `## ` heading: the `# title`, the summary, an
                 extractive report's line saying what it is
    sections     each `## ` heading with what follows it up to the next `## ` heading (a
                 `### ` sub-heading stays inside its section), counted from 1
    references   the last `## References` heading and everything after it (Dossier writes its
                 references last); "" when the report has none

The References are not a section: only the body's sections are counted and rewritten. A `## `
line inside a fenced code block is no heading. `join` gives back exactly the text `split` was
given, and `Split.replaced` changes one section's text while its heading line, the blank lines
after it and the whitespace that ends it stay as they were, so every other byte of the report
is unchanged; `demoted` keeps a new text's `## ` headings from starting sections of their own.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

_HEADING = re.compile(r"^## +(\S.*?)[ \t#]*$")
_REFERENCES = re.compile(r"^## +References[ \t]*$")
_FENCE = re.compile(r"^\s*(```|~~~)")


@dataclass(frozen=True)
class Section:
    """One `## ` section: heading + gap + body + tail is its exact text."""

    heading: str  # the heading line, without its line break: "## Costs"
    gap: str  # the line break and blank lines between the heading and the body
    body: str  # the section's text, without the whitespace around it
    tail: str  # the whitespace after the body, up to the next heading

    @property
    def title(self) -> str:
        found = _HEADING.match(self.heading)
        return found.group(1).strip() if found else self.heading.lstrip("#").strip()

    @property
    def text(self) -> str:
        return self.heading + self.gap + self.body + self.tail


@dataclass(frozen=True)
class Split:
    preamble: str
    sections: tuple[Section, ...]
    references: str

    def join(self) -> str:
        return self.preamble + "".join(s.text for s in self.sections) + self.references

    def replaced(self, k: int, body: str) -> Split:
        """The report with section k's (from 1) body replaced by `body` (stripped); its heading
        and the whitespace around its body kept."""
        old = self.sections[k - 1]
        new = replace(old, body=body.strip(), gap=old.gap or "\n\n", tail=old.tail or "\n\n")
        sections = list(self.sections)
        sections[k - 1] = new
        return replace(self, sections=tuple(sections))


def split(markdown: str) -> Split:
    """The report's preamble, `## ` sections and References: `split(m).join() == m`."""
    lines = markdown.splitlines(keepends=True)
    headings = _headings(lines)
    references = next((i for i in reversed(headings) if _REFERENCES.match(lines[i])), None)
    body_headings = [i for i in headings if references is None or i < references]
    end = len(lines) if references is None else references
    preamble = "".join(lines[: body_headings[0] if body_headings else end])
    sections = tuple(
        _section(lines[start:stop])
        for start, stop in zip(body_headings, [*body_headings[1:], end], strict=False)
    )
    return Split(preamble, sections, "".join(lines[end:]))


def demoted(body: str) -> str:
    """A section's new text with each `## ` heading (outside fenced code) made `### `: it
    stays inside the section instead of starting another."""
    lines = body.splitlines(keepends=True)
    for i in _headings(lines):
        lines[i] = "#" + lines[i]
    return "".join(lines)


def _headings(lines: list[str]) -> list[int]:
    """The indexes of the `## ` heading lines outside fenced code."""
    found, fenced = [], False
    for i, line in enumerate(lines):
        if _FENCE.match(line):
            fenced = not fenced
        elif not fenced and _HEADING.match(line.rstrip("\r\n")):
            found.append(i)
    return found


def _section(lines: list[str]) -> Section:
    heading = lines[0].rstrip("\r\n")
    rest = lines[0][len(heading) :] + "".join(lines[1:])
    body = rest.strip()
    if not body:
        return Section(heading, "", "", rest)
    start = rest.index(body)
    return Section(heading, rest[:start], body, rest[start + len(body) :])
