"""A report's cited sources as reference files: BibTeX (bibtexparser writes it), RIS (rispy)
and CSL-JSON, one entry per cited source, from the same CSL-JSON items the styled reference
lists are drawn from (pipeline/shared/references.py), so a source is described once.

Web pages are `@online` / `ELEC` with the day Dossier read them as their access date; papers
are what their metadata says (`@article`/`JOUR`, `@inproceedings`/`CPAPER`, a preprint
`@misc`/`GEN`); library documents and MCP documents are `@misc`/`GEN` of their collection or
server. Each entry's key is `ref<n>`, n its citation number in the report.
"""

from __future__ import annotations

import json
from typing import Any

import bibtexparser
import rispy
from bibtexparser import model

from research.models import Source
from research.pipeline.shared.references import csl_item

# CSL types as BibTeX (biblatex for web pages) and RIS types; anything else: misc / GEN.
BIBTEX_TYPES = {
    "article-journal": "article",
    "paper-conference": "inproceedings",
    "webpage": "online",
    "book": "book",
    "chapter": "incollection",
    "report": "techreport",
    "thesis": "phdthesis",
}
RIS_TYPES = {
    "article-journal": "JOUR",
    "paper-conference": "CPAPER",
    "webpage": "ELEC",
    "book": "BOOK",
    "chapter": "CHAP",
    "report": "RPRT",
    "thesis": "THES",
}
CONTAINER = {"article": "journal", "inproceedings": "booktitle", "incollection": "booktitle"}


def items(sources: list[Source]) -> list[dict[str, Any]]:
    return [csl_item(source) for source in sources]


def csl_json(sources: list[Source]) -> str:
    return json.dumps(items(sources), ensure_ascii=False, indent=2, sort_keys=True) + "\n"


def bibtex(sources: list[Source]) -> str:
    library = bibtexparser.Library()
    for source, item in zip(sources, items(sources), strict=True):
        kind = BIBTEX_TYPES.get(item["type"], "misc")
        fields = [model.Field(name, value) for name, value in _bibtex_fields(item, kind)]
        library.add(model.Entry(kind, f"ref{source.n}", fields))
    return bibtexparser.write_string(library)


def _bibtex_fields(item: dict[str, Any], kind: str) -> list[tuple[str, str]]:
    fields = [("title", _latex(item.get("title", "")))]
    if authors := _names(item, " and ", "{{{}}}"):
        fields.append(("author", authors))
    if year := _date(item.get("issued"), "{0}"):
        fields.append(("year", year))
    container = item.get("container-title") or item.get("publisher")
    if container:
        fields.append((CONTAINER.get(kind, "howpublished"), _latex(container)))
    for csl, name in (("volume", "volume"), ("issue", "number"), ("page", "pages")):
        if item.get(csl):
            fields.append((name, _latex(str(item[csl]))))
    if item.get("medium"):
        fields.append(("type", _latex(item["medium"])))
    if item.get("DOI"):
        fields.append(("doi", item["DOI"]))
    if item.get("URL"):
        fields.append(("url", item["URL"]))
    if accessed := _date(item.get("accessed"), "{0:04d}-{1:02d}-{2:02d}"):
        fields.append(("urldate", accessed))
    return [(name, "{" + value + "}") for name, value in fields if value]


def ris(sources: list[Source]) -> str:
    entries = []
    for source, item in zip(sources, items(sources), strict=True):
        entry: dict[str, Any] = {
            "type_of_reference": RIS_TYPES.get(item["type"], "GEN"),
            "id": f"ref{source.n}",
            "title": item.get("title", ""),
        }
        if authors := [_name(a, "{}") for a in item.get("author", [])]:
            entry["authors"] = authors
        if year := _date(item.get("issued"), "{0}"):
            entry["year"] = year
        entry |= _ris_more(item)
        entries.append(entry)
    return rispy.dumps(entries)


def _ris_more(item: dict[str, Any]) -> dict[str, Any]:
    more: dict[str, Any] = {}
    if item.get("container-title"):
        more["secondary_title"] = item["container-title"]
    for csl, name in (("volume", "volume"), ("issue", "number"), ("publisher", "publisher")):
        if item.get(csl):
            more[name] = str(item[csl])
    if item.get("page"):
        more["start_page"], _, end = str(item["page"]).replace("–", "-").partition("-")
        if end:
            more["end_page"] = end
    if item.get("DOI"):
        more["doi"] = item["DOI"]
    if item.get("URL"):
        more["urls"] = [item["URL"]]
    if accessed := _date(item.get("accessed"), "{0:04d}/{1:02d}/{2:02d}"):
        more["access_date"] = accessed
    if item.get("medium"):
        more["type_of_work"] = item["medium"]
    return more


def _names(item: dict[str, Any], joiner: str, literal: str) -> str:
    return joiner.join(_name(a, literal) for a in item.get("author", []))


def _name(author: dict[str, str], literal: str) -> str:
    """ "Family, Given"; an organisation as `literal` says (braced in BibTeX, so that it is not
    read as a person's family and given names)."""
    if author.get("family"):
        given = author.get("given", "")
        return _latex(f"{author['family']}, {given}" if given else author["family"])
    return literal.format(_latex(author.get("literal", "")))


def _date(value: Any, pattern: str) -> str:
    """A CSL date's parts through `pattern` ("" without them, or without enough of them)."""
    try:
        parts = value["date-parts"][0]
        return pattern.format(*parts)
    except (TypeError, KeyError, IndexError, ValueError):
        return ""


def _latex(text: str) -> str:
    """Text safe inside a braced BibTeX value: braces balanced, TeX's specials escaped."""
    text = " ".join(str(text).split()).replace("{", "(").replace("}", ")")
    for special in ("\\", "&", "%", "#", "$"):
        text = text.replace(special, "\\" + special if special != "\\" else "/")
    return text
