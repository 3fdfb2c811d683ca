"""arXiv: GET {ARXIV_URL}/query?search_query=..., an Atom feed of preprints.

arXiv asks for no more than one request every three seconds. Each entry is a preprint (CSL
"article"): its abstract page, its PDF (every arXiv paper is open), its authors, and the DOI of
its published version when the authors gave one, else arXiv's own DataCite DOI.
"""

from __future__ import annotations

import datetime
import re

import httpx
from lxml import etree

from research.providers.scholarly.base import Paper, ScholarlyApi, doi_of, link, person, xml
from research.providers.search.base import SearchError, clean, parse_date

NS = {
    "atom": "http://www.w3.org/2005/Atom",
    "arxiv": "http://arxiv.org/schemas/atom",
    "opensearch": "http://a9.com/-/spec/opensearch/1.1/",
}
MAX_RESULTS = 100
ARXIV_DOI = "10.48550/arxiv."
ERROR_ID = "/api/errors"
MAX_TERMS = 10
_WORD = re.compile(r"[\w-]+")
_STOP = {"a", "an", "and", "are", "as", "at", "by", "for", "from", "how", "in", "is", "of", "on"}
_STOP |= {"or", "the", "to", "what", "which", "with", "does", "do", "why", "when", "who"}
_ID = re.compile(r"/abs/(.+?)(v\d+)?$")


class ArxivApi(ScholarlyApi):
    name = "arxiv"
    label = "arXiv"
    required_setting = "ARXIV_URL"
    interval = 3.0
    accept = "application/atom+xml"

    def papers(self, query: str, *, max_results: int, since: datetime.date | None) -> list[Paper]:
        params = {
            "search_query": search_query(query, since),
            "start": 0,
            "max_results": min(max_results, MAX_RESULTS),
            "sortBy": "relevance",
        }
        feed = self.get_xml("/query", params)
        refused = error_of(feed)
        if refused:
            raise SearchError(f"{self.label} refused the query: {refused}")
        return [entry_paper(entry) for entry in feed.findall("atom:entry", NS)]

    def _detail(self, response: httpx.Response) -> str:
        """An HTTP error's reason: the error entry arXiv answers with."""
        try:
            refused = error_of(xml(response.content))
        except etree.XMLSyntaxError:
            refused = ""
        return f": {refused}" if refused else super()._detail(response)


def error_of(feed: etree._Element) -> str:
    """What an error entry says ("incorrect id format for 1234"), or "" when there is none."""
    for entry in feed.findall("atom:entry", NS):
        if ERROR_ID in entry.findtext("atom:id", "", NS):
            return clean(entry.findtext("atom:summary", "", NS)) or "an error"
    return ""


def search_query(query: str, since: datetime.date | None = None) -> str:
    """The content words of `query`, any of them in any field (sorted by relevance, a paper
    with more of them comes first; all of them would find nothing for a long query), and a
    submission date range when asked:
    '(all:heat OR all:pumps) AND submittedDate:[202401010000 TO 209912312359]'."""
    words = [w for w in _WORD.findall(query.lower()) if w not in _STOP] or query.lower().split()
    terms = " OR ".join(f"all:{word}" for word in list(dict.fromkeys(words))[:MAX_TERMS])
    if since:
        return f"({terms}) AND submittedDate:[{since:%Y%m%d}0000 TO 209912312359]"
    return terms


def entry_paper(entry: etree._Element) -> Paper:
    abs_url = link(entry.findtext("atom:id", "", NS).strip())
    pdf = ""
    for element in entry.findall("atom:link", NS):
        if element.get("title") == "pdf" or element.get("type") == "application/pdf":
            pdf = link(element.get("href"))
    published = parse_date(entry.findtext("atom:published", "", NS).strip())
    return Paper(
        title=clean(entry.findtext("atom:title", "", NS)),
        provider="arxiv",
        doi=doi_of(entry.findtext("arxiv:doi", "", NS)) or arxiv_doi(abs_url),
        authors=[
            a for a in (person(el.findtext("atom:name", "", NS)) for el in _authors(entry)) if a
        ],
        year=published.year if published else None,
        venue=clean(entry.findtext("arxiv:journal_ref", "", NS)) or "arXiv",
        abstract=clean(entry.findtext("atom:summary", "", NS)),
        open_access=True,
        pdf_url=pdf,
        landing_url=abs_url,
        type="article",
        published=published,
    )


def arxiv_doi(abs_url: str) -> str:
    """arXiv's DataCite DOI of a paper ("10.48550/arxiv.2401.01234"), from its abstract page."""
    match = _ID.search(abs_url)
    return ARXIV_DOI + match[1].lower() if match else ""


def _authors(entry: etree._Element) -> list[etree._Element]:
    return entry.findall("atom:author", NS)
