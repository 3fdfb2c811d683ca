"""PubMed through NCBI's E-utilities: {PUBMED_URL}/esearch.fcgi for the PMIDs that match, then
{PUBMED_URL}/efetch.fcgi for their records (PubMed XML).

NCBI asks every caller to name its tool and a contact (`tool`, `email`: SCHOLARLY_MAILTO) and to
send at most three requests a second, ten with an API key (PUBMED_API_KEY). A record's
publication type "Retracted Publication" marks a retracted paper; its "RetractionIn" comment
names the notice. A record in PubMed Central is open access.
"""

from __future__ import annotations

import datetime
from typing import Any

from django.conf import settings
from lxml import etree

from research.providers.scholarly.base import Paper, ScholarlyApi, doi_of, named, year_of
from research.providers.search.base import SearchError, clean

TOOL = "dossier"
MAX_IDS = 100
RETRACTED = "Retracted Publication"
NOTICE = "Retraction of Publication"
PUBMED_PAGE = "https://pubmed.ncbi.nlm.nih.gov/"
MONTHS = {m: i for i, m in enumerate("jan feb mar apr may jun jul aug sep oct nov dec".split(), 1)}


class PubmedApi(ScholarlyApi):
    name = "pubmed"
    label = "PubMed"
    required_setting = "PUBMED_URL"
    key_setting = "PUBMED_API_KEY"
    accept = "application/xml"

    def pause(self) -> float:
        return 0.1 if self.key else 0.34

    def papers(self, query: str, *, max_results: int, since: datetime.date | None) -> list[Paper]:
        params: dict[str, Any] = {
            "db": "pubmed",
            "term": query,
            "retmax": min(max_results, MAX_IDS),
            "sort": "relevance",
        }
        if since:
            params |= {"datetype": "pdat", "mindate": f"{since:%Y/%m/%d}", "maxdate": "3000"}
        found = self.get_xml("/esearch.fcgi", params | self.identity())
        error = clean(found.findtext("ERROR", ""))
        if error:
            raise SearchError(f"{self.label} refused the search: {error}")
        ids = [clean(pmid.text) for pmid in found.findall("IdList/Id") if clean(pmid.text)]
        if not ids:
            return []
        fetched = self.get_xml(
            "/efetch.fcgi",
            {"db": "pubmed", "id": ",".join(ids), "retmode": "xml"} | self.identity(),
        )
        records = {record.findtext("MedlineCitation/PMID", ""): record for record in fetched}
        return [record_paper(records[pmid]) for pmid in ids if pmid in records]

    def identity(self) -> dict[str, str]:
        """What NCBI asks each request to carry: the tool, its contact, the key when set."""
        named_by = {"tool": TOOL}
        if settings.SCHOLARLY_MAILTO:
            named_by["email"] = settings.SCHOLARLY_MAILTO
        if self.key:
            named_by["api_key"] = self.key
        return named_by


def record_paper(record: etree._Element) -> Paper:
    """A PubmedArticle's paper."""
    article = _one(record, "MedlineCitation/Article")
    pmid = clean(record.findtext("MedlineCitation/PMID", ""))
    ids = {i.get("IdType"): clean(i.text) for i in record.findall(".//ArticleIdList/ArticleId")}
    types = [clean(t.text) for t in article.findall("PublicationTypeList/PublicationType")]
    published = _published(article)
    return Paper(
        title=_text(article.find("ArticleTitle")),
        provider="pubmed",
        doi=doi_of(ids.get("doi")) or doi_of(article.findtext("ELocationID[@EIdType='doi']")),
        authors=[a for a in map(_author, article.findall("AuthorList/Author")) if a],
        year=year_of(article.findtext("Journal/JournalIssue/PubDate/Year"))
        or year_of(article.findtext("Journal/JournalIssue/PubDate/MedlineDate"))
        or (published.year if published else None),
        venue=clean(article.findtext("Journal/Title", "")),
        abstract=_abstract(article),
        open_access=True if ids.get("pmc") else None,
        landing_url=f"{PUBMED_PAGE}{pmid}/" if pmid else "",
        retracted=RETRACTED in types,
        retraction=_notice(record) if RETRACTED in types else "",
        published=published,
        retracts=f"pmid:{pmid}" if NOTICE in types else "",  # a notice, not a paper to read
    )


def _abstract(article: etree._Element) -> str:
    parts = []
    for section in article.findall("Abstract/AbstractText"):
        label = section.get("Label")
        text = _text(section)
        parts.append(f"{label.capitalize()}: {text}" if label and text else text)
    return "\n".join(part for part in parts if part)


def _author(author: etree._Element) -> dict[str, str]:
    collective = clean(author.findtext("CollectiveName", ""))
    if collective:
        return {"literal": collective}
    return named(author.findtext("LastName", ""), author.findtext("ForeName", ""))


def _notice(record: etree._Element) -> str:
    """ "Retracted: see Lancet. 2010;375(9713):445 (PMID 20137807)", or "Retracted"."""
    for comment in record.iter("CommentsCorrections"):
        if comment.get("RefType") == "RetractionIn":
            where = clean(comment.findtext("RefSource", ""))
            pmid = clean(comment.findtext("PMID", ""))
            return "Retracted: see " + where + (f" (PMID {pmid})" if pmid else "")
    return "Retracted"


def _published(article: etree._Element) -> datetime.date | None:
    """The electronic publication date, else the issue's when it is a whole date."""
    for path in ("ArticleDate", "Journal/JournalIssue/PubDate"):
        date = article.find(path)
        if date is None:
            continue
        year = year_of(date.findtext("Year"))
        month = clean(date.findtext("Month", "")).lower()[:3]
        day = clean(date.findtext("Day", ""))
        number = int(month) if month.isdigit() else MONTHS.get(month)
        if year and number and day.isdigit():
            try:
                return datetime.date(year, number, int(day))
            except ValueError:
                continue
    return None


def _text(element: etree._Element | None) -> str:
    """An element's text with its inline markup (<i>, <sup>) read as text."""
    return clean("".join(str(part) for part in element.itertext())) if element is not None else ""


def _one(record: etree._Element, path: str) -> etree._Element:
    found = record.find(path)
    return found if found is not None else etree.Element("Article")
