"""A member's hand-edited report, made ready to store as a model's report is.

The member writes the body; Dossier writes the rest. The Markdown is normalised as a model's
is (markdown.py), a references list the member wrote is cut (ours is built from the cited
sources), and every `[n]` must name a source of the project: `unresolved` lists those that do
not, for the caller to refuse. Links are removed as from a model's text (citations.clean),
except the ones the version edited already had in its body (Dossier's own: a chart, a source's
figure, a dataset page, the claim ledger), which the member may keep or delete, not add.
"""

from __future__ import annotations

from research.text import citations, markdown

PLACEHOLDER = "\x00link{}\x00"


def body(text: str) -> str:
    """The report's text as stored before its references: normalised, any References cut."""
    normalised = markdown.normalise(text)
    match = citations.REFERENCES_HEADING.search(normalised)
    return (normalised[: match.start()] if match else normalised).strip()


def cited(text: str) -> list[int]:
    """The numbers the text cites as `[n]`, in the order it first cites them."""
    found: list[int] = []
    for match in citations.CITATION.finditer(text):
        for number in match.group(1).replace(";", ",").split(","):
            if int(number) not in found:
                found.append(int(number))
    return found


def unresolved(text: str, known: set[int]) -> list[int]:
    """The `[n]` of the text that name no source in `known`, in the order it cites them."""
    return [n for n in cited(text) if n not in known]


def links(text: str) -> set[str]:
    """The link targets of a Markdown text (`[text](target)` and `![alt](target)`)."""
    return {_target(match.group(0)) for match in citations.MD_LINK.finditer(text)}


def clean(text: str, allowed: set[int], trusted: set[str]) -> citations.Cleaned:
    """The body cleaned as a model's (citations.clean), the links to a `trusted` target kept."""
    kept: list[str] = []

    def hold(match) -> str:
        if _target(match.group(0)) not in trusted:
            return match.group(0)
        kept.append(match.group(0))
        return PLACEHOLDER.format(len(kept) - 1)

    cleaned = citations.clean(citations.MD_LINK.sub(hold, text), allowed)
    restored = cleaned.markdown
    for i, link in enumerate(kept):
        restored = restored.replace(PLACEHOLDER.format(i), link)
    cleaned.markdown = restored
    return cleaned


def _target(link: str) -> str:
    """`target` of `[text](target "title")`."""
    inner = link[link.rfind("](") + 2 : -1]
    return inner.split(' "', 1)[0].strip()
