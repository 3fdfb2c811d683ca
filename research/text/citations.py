"""Citations in a report: keep `[n]` only for real sources; the references come from the table.

No URL in a report comes from the model: links and bare URLs in its text are removed, and the
references list is built from the Source rows the report cites.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

CITATION = re.compile(r"\[(\d{1,4}(?:\s*[,;]\s*\d{1,4})*)\](?!\()")
MD_LINK = re.compile(r"!?\[([^\]]*)\]\((?:[^()\s]|\([^()\s]*\))+(?:\s+\"[^\"]*\")?\)")
BARE_URL = re.compile(r"<?\b(?:https?|ftp)://[^\s<>\]\)]+>?", re.IGNORECASE)
REFERENCES_HEADING = re.compile(
    r"^#{1,6}\s*(references|sources|bibliography|参考文献|参考资料|来源)\s*$", re.I | re.M
)


@dataclass
class Cleaned:
    markdown: str
    cited: list[int]  # sorted
    removed_citations: int
    removed_links: int
    first_use: list[int]  # the cited numbers in the order the text first cites them

    def renumbered(self, new: dict[int, int]) -> Cleaned:
        """The same text citing new[n] for each [n] that `new` renumbers."""
        text = CITATION.sub(
            lambda m: "".join(f"[{new.get(int(n), int(n))}]" for n in re.findall(r"\d+", m[1])),
            self.markdown,
        )
        order = [new.get(n, n) for n in self.first_use]
        return Cleaned(text, sorted(order), self.removed_citations, self.removed_links, order)


def clean(markdown: str, allowed: set[int]) -> Cleaned:
    text = _drop_model_references(markdown)
    text, links = _strip_links(text)
    cited: list[int] = []
    removed = 0

    def keep(match: re.Match) -> str:
        nonlocal removed
        numbers = [int(n) for n in re.split(r"\s*[,;]\s*", match.group(1))]
        good = [n for n in numbers if n in allowed]
        removed += len(numbers) - len(good)
        for n in good:
            if n not in cited:
                cited.append(n)
        return "".join(f"[{n}]" for n in good)

    text = CITATION.sub(keep, text)
    text = re.sub(r"[ \t]+([.,;:!?。，；：])", r"\1", text)
    return Cleaned(text.strip(), sorted(cited), removed, links, cited)


def _drop_model_references(markdown: str) -> str:
    """A references section the model wrote anyway is cut: ours replaces it."""
    match = REFERENCES_HEADING.search(markdown)
    return markdown[: match.start()] if match else markdown


def _strip_links(text: str) -> tuple[str, int]:
    count = 0

    def link_text(match: re.Match) -> str:
        nonlocal count
        count += 1
        return match.group(1)

    text = MD_LINK.sub(link_text, text)
    text, bare = BARE_URL.subn("", text)
    return text, count + bare


def references(sources) -> str:
    lines = ["## References", ""]
    for source in sources:
        title = (source.title or source.domain or source.url).replace("]", ")").replace("[", "(")
        date = f" ({source.published.isoformat()})" if source.published else ""
        if getattr(source, "paper", None):  # a scholarly work: its authors, venue and DOI
            lines.append(f"[{source.n}] {paper_entry(source.paper, title, source.url)}")
        elif source.url.startswith("/"):  # a place on this site (a library passage): link it
            lines.append(f"[{source.n}] [{title}]({source.url}). {source.domain}{date}.")
        elif source.url.startswith(("http://", "https://")):
            lines.append(f"[{source.n}] {title}. {source.domain}{date}. <{source.url}>")
        else:  # a document an MCP server gave (mcp://...): its server names it, no link opens it
            lines.append(f"[{source.n}] {title}. {source.domain}{date}.")
        lines.append("")
    return "\n".join(lines).rstrip() + "\n"


def paper_entry(paper: dict, title: str, url: str) -> str:
    """ "Lindqvist, A., & van der Berg, P. (2021). Title. Venue. doi:10.x/y <url>", then
    "**Retracted**: the notice" when the paper was retracted."""
    title = str(paper.get("title") or title).replace("]", ")").replace("[", "(")
    names = [_author(author) for author in paper.get("authors") or [] if isinstance(author, dict)]
    names = [name for name in names if name]
    if len(names) > 6:
        names = names[:6] + ["et al."]
    who = ", ".join(names[:-1]) + ", & " + names[-1] if len(names) > 1 else "".join(names)
    year = f"({paper['year']})" if paper.get("year") else ""
    parts = [" ".join(filter(None, [who, year])), title, str(paper.get("venue") or "")]
    doi = str(paper.get("doi") or "")
    entry = ". ".join(part.rstrip(".") for part in parts if part) + "."
    entry += (f" doi:{doi}." if doi else "") + f" <{url}>"
    return entry + retraction(paper)


def retraction(paper: dict) -> str:
    """ " **Retracted**: Retracted by 10.x/z on 2024-03-01" for a retracted paper, else ""."""
    if not paper.get("retracted"):
        return ""
    notice = str(paper.get("retraction") or "").strip()
    return " **Retracted**" + (f": {notice}" if notice else ".")


def _author(author: dict) -> str:
    """ "van der Berg, P." from {"family": "van der Berg", "given": "Pieter"}."""
    if author.get("literal"):
        return str(author["literal"])
    family, given = str(author.get("family") or ""), str(author.get("given") or "")
    initials = " ".join(f"{part[0]}." for part in given.replace("-", " ").split() if part)
    return f"{family}, {initials}" if family and initials else family or given
