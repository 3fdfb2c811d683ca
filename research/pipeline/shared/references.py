"""A report's sources as references: CSL-JSON items from the Source rows, and the report's
References section in the project's citation style.

Reads:    cited Sources with their scholarly metadata (`paper`), library document (and its
          collection) and snapshot (the access date of a web page).
Writes:   nothing.

What each kind of source is to a style:
* a paper: its type, authors, year, venue, volume, issue, pages and DOI, as its API gave them;
* a web page: a `webpage` whose author is its site (as APA has it for a page with no person
  named: the site name is then not said twice), its publication date when the page gave one,
  and the day Dossier read it as the access date;
* a library document: a `document` by the authors and of the day its file's metadata names
  (else of its collection, the team's own, with no date), with its file kind (PDF, DOCX...);
  a document saved from the web is that web page;
* a document an MCP server gave: a `document` of that server (`mcp:NAME`).

`numeric`, the default style, is Dossier's own list (text/citations.py); the others are drawn
by text/csl.py. The `[n]` markers stay in every style: each entry starts with its own.
"""

from __future__ import annotations

from datetime import date, datetime
from typing import Any

from research.models import Source
from research.models.statuses import CitationStyle
from research.text import citations, csl

# Words that make a name an organisation's ("Acme Research Group"), not a person's.
ORGANISATION_WORDS = frozenset(
    {"group", "inc", "ltd", "llc", "corp", "corporation", "company", "co", "university",
     "institute", "association", "agency", "department", "ministry", "council", "team",
     "foundation", "committee", "office", "bank", "center", "centre", "society", "lab", "labs",
     "laboratory", "press", "board", "commission", "bureau", "network", "project"}
)  # fmt: skip


def section(sources: list[Source], style: str) -> str:
    """The report's References: `## References`, then one paragraph per source, by n."""
    if style == CitationStyle.NUMERIC or not sources:
        return citations.references(sources)
    items = [csl_item(source) for source in sources]
    lines = ["## References", ""]
    for source, entry in zip(sources, csl.entries(items, style), strict=True):
        lines += [f"[{source.n}] {entry}{citations.retraction(source.paper or {})}", ""]
    return "\n".join(lines).rstrip() + "\n"


def csl_item(source: Source) -> dict[str, Any]:
    """The source as a CSL-JSON item, with the id `ref-<n>`."""
    base = {"id": f"ref-{source.n}", "title": source.title or source.url}
    if source.paper:
        return base | _paper(source.paper, source.url)
    document = source.document if source.document_id else None
    if document is not None and not document.source_url:
        return base | _document(document)
    if document is not None:
        return base | _page(document.source_url, document.title, None, document.fetched_at)
    if source.url.startswith(("http://", "https://")):
        read = source.snapshot.fetched_at if source.snapshot_id and source.snapshot else None
        return base | _page(source.url, source.title, source.published, read or source.created_at)
    return base | {"type": "document", "author": [{"literal": source.domain or "MCP"}]}


def _paper(paper: dict[str, Any], url: str) -> dict[str, Any]:
    item: dict[str, Any] = {"type": str(paper.get("type") or "article-journal")}
    if paper.get("title"):
        item["title"] = str(paper["title"])
    authors = [a for a in paper.get("authors") or [] if isinstance(a, dict)]
    names = [_name(a) for a in authors]
    if names := [n for n in names if n]:
        item["author"] = names
    if isinstance(paper.get("year"), int):
        item["issued"] = {"date-parts": [[paper["year"]]]}
    for key, field in (("venue", "container-title"), ("volume", "volume"), ("issue", "issue")):
        if paper.get(key):
            item[field] = str(paper[key])
    if paper.get("pages"):
        item["page"] = str(paper["pages"])
    if paper.get("doi"):
        item["DOI"] = str(paper["doi"])
    else:
        item["URL"] = str(paper.get("landing_url") or paper.get("pdf_url") or url)
    return item


def _name(author: dict[str, Any]) -> dict[str, str]:
    if author.get("family"):
        return {"family": str(author["family"]), "given": str(author.get("given") or "")}
    return {"literal": str(author["literal"])} if author.get("literal") else {}


def _document(document) -> dict[str, Any]:
    """A library document as its metadata says: its authors and date when the file names them,
    else its collection (the team's own) and no date."""
    names = [person(name) for name in document.authors or [] if str(name).strip()]
    item: dict[str, Any] = {
        "type": "document",
        "title": str(document),
        "author": names or [{"literal": document.collection.name}],
    }
    if document.issued:
        item["issued"] = _date(document.issued)
    if document.kind:
        item["medium"] = document.kind.upper()
    return item


def person(name: str) -> dict[str, str]:
    """A name as metadata writes it, as CSL reads names: "Smith, Jane" and "Jane Smith" are a
    person; anything else ("Acme Research Group", "ACME") is kept whole, as an organisation."""
    name = " ".join(str(name).split())
    family, comma, given = name.partition(",")
    if comma and family.strip() and given.strip():
        return {"family": family.strip(), "given": given.strip()}
    words = name.split()
    organisation = any(word.strip(".,").lower() in ORGANISATION_WORDS for word in words)
    if not organisation and 2 <= len(words) <= 3 and all(_capitalised(w) for w in words):
        return {"family": words[-1], "given": " ".join(words[:-1])}
    return {"literal": name}


def _capitalised(word: str) -> bool:
    return word[:1].isupper() and (word[1:].islower() or word[1:] in ("", "."))


def _page(url: str, title: str, published: date | None, read: datetime | None) -> dict[str, Any]:
    site = _site(url)
    item: dict[str, Any] = {"type": "webpage", "URL": url, "author": [{"literal": site}]}
    if title:
        item["title"] = title
    if published:
        item["issued"] = _date(published)
    if read:
        item["accessed"] = _date(read.date())
    return item


def _site(url: str) -> str:
    host = url.split("//", 1)[-1].split("/", 1)[0].split("@")[-1].split(":")[0].lower()
    return host.removeprefix("www.")


def _date(day: date) -> dict[str, list[list[int]]]:
    return {"date-parts": [[day.year, day.month, day.day]]}
