"""Loopback fakes of the five scholarly APIs, answering in their documented formats.

    with FakeScholarly(pdf_base=web.url) as scholar:
        for name, value in scholar.settings().items():
            setattr(settings, name, value)

One catalogue of `FakePaper`s (CATALOGUE: a field study with an open-access PDF, a retracted
trial, an arXiv preprint, a PubMed paper, and Crossref's notice retracting the trial) is served
by each API that would know it, in that API's own shape:

    OpenAlex         GET /works?search=             JSON {"meta", "results": [work]}
    Crossref         GET /works?query=              JSON {"status", "message": {"items"}}
    Semantic Scholar GET /graph/v1/paper/search     JSON {"total", "offset", "data"}
    arXiv            GET /query?search_query=       Atom XML, one <entry> per preprint
    PubMed           GET /esearch.fcgi?term=        eSearchResult XML (PMIDs)
                     GET /efetch.fcgi?id=           PubmedArticleSet XML

A paper matches a query that shares a word with its title or abstract. Each fake records its
requests (`received`) and plays the base class's faults (`fail_next(429)`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from html import escape
from typing import Any, Self

from tests.fakes.server import FakeServer, RecordedRequest, Reply

ATOM = "application/atom+xml; charset=utf-8"
XML = "text/xml; charset=utf-8"
_STOP = {"a", "an", "and", "the", "of", "in", "on", "for", "to", "with", "how", "does", "what"}


@dataclass(frozen=True)
class FakePaper:
    key: str
    title: str
    abstract: str
    authors: tuple[tuple[str, str], ...]  # (given, family); ("", "Name") for an organisation
    year: int
    date: str  # ISO
    venue: str
    apis: frozenset[str]
    doi: str = ""
    cited_by: int = 0
    pdf: str = ""  # path of its open-access PDF on the PDF host
    pmid: str = ""
    pmcid: str = ""
    arxiv_id: str = ""
    retracted_by: str = ""  # the DOI of the notice that retracts it
    retracted_on: tuple[int, int, int] = (0, 0, 0)
    notice_for: str = ""  # set on a retraction notice: the DOI it retracts

    def words(self) -> set[str]:
        return _words(f"{self.title} {self.abstract}")


FIELD_STUDY = FakePaper(
    key="field-study",
    title="Heat pump performance in cold climates: a field study of 40 homes",
    abstract="We measured air-source heat pumps in 40 homes through two winters. The seasonal "
    "coefficient of performance was 2.6 at outdoor temperatures down to -20 C.",
    authors=(("Anna", "Lindqvist"), ("Pieter", "van der Berg"), ("", "Nordic Heat Consortium")),
    year=2021,
    date="2021-03-15",
    venue="Energy and Buildings",
    apis=frozenset({"openalex", "crossref", "semanticscholar"}),
    doi="10.5555/eb.2021.0042",
    cited_by=128,
    pdf="/papers/field-study.pdf",
)
RETRACTED_TRIAL = FakePaper(
    key="retracted-trial",
    title="Cold climate heat pump retrofits: a randomized trial of household energy use",
    abstract="In a randomized trial of 300 households, heat pump retrofits cut heating energy "
    "use by 71 percent in cold climates.",
    authors=(("Marcus", "Hale"), ("Jin", "Park")),
    year=2019,
    date="2019-06-01",
    venue="Journal of Building Performance",
    apis=frozenset({"openalex", "crossref", "pubmed"}),
    doi="10.5555/jbp.2019.0007",
    cited_by=45,
    pmid="31000001",
    retracted_by="10.5555/jbp.2023.0101",
    retracted_on=(2023, 5, 2),
)
PREPRINT = FakePaper(
    key="preprint",
    title="Modelling heat pump efficiency at low outdoor temperatures",
    abstract="We model the efficiency of vapour-compression heat pumps at low outdoor "
    "temperatures and find that defrost cycles cost 8 to 12 percent of output in cold climates.",
    authors=(("Sofia", "Moretti"),),
    year=2023,
    date="2023-01-04",
    venue="arXiv",
    apis=frozenset({"arxiv", "semanticscholar"}),
    arxiv_id="2301.01234",
    cited_by=3,
    pdf="/papers/2301.01234v1.pdf",  # not served: its text is its abstract
)
HEALTH_STUDY = FakePaper(
    key="health-study",
    title="Indoor temperature and health after heat pump installation in cold climates",
    abstract="Homes heated by heat pumps kept indoor temperatures above 19 C, and residents "
    "reported fewer respiratory symptoms over two winters.",
    authors=(("Ruth", "Okafor"), ("", "Cold Homes Study Group")),
    year=2022,
    date="2022-09-20",
    venue="BMC Public Health",
    apis=frozenset({"pubmed"}),
    doi="10.5555/bmc.2022.1188",
    pmid="36000002",
    pmcid="PMC9000002",
)
NOTICE = FakePaper(
    key="notice",
    title="Retraction notice to: Cold climate heat pump retrofits: a randomized trial",
    abstract="",
    authors=(),
    year=2023,
    date="2023-05-02",
    venue="Journal of Building Performance",
    apis=frozenset({"crossref"}),
    doi="10.5555/jbp.2023.0101",
    notice_for="10.5555/jbp.2019.0007",
)
CATALOGUE = (FIELD_STUDY, RETRACTED_TRIAL, PREPRINT, HEALTH_STUDY, NOTICE)


def _number(paper: FakePaper) -> int:
    """A stable number for the paper's ids at each API."""
    return 1000 + CATALOGUE.index(paper) if paper in CATALOGUE else 999


def _words(text: str) -> set[str]:
    return {word for word in re.findall(r"[a-z0-9]+", text.lower()) if word not in _STOP}


class FakeScholarApi(FakeServer):
    """One API over the catalogue: `api` names it, `answer` speaks its format."""

    api = ""

    def __init__(self, catalogue: tuple[FakePaper, ...], pdf_base: str) -> None:
        super().__init__()
        self.catalogue = [paper for paper in catalogue if self.api in paper.apis]
        self.pdf_base = pdf_base.rstrip("/")

    def matching(self, query: str, limit: int) -> list[FakePaper]:
        wanted = _words(query)
        return [paper for paper in self.catalogue if paper.words() & wanted][:limit]

    def pdf_url(self, paper: FakePaper) -> str | None:
        return f"{self.pdf_base}{paper.pdf}" if paper.pdf else None


class FakeOpenAlex(FakeScholarApi):
    label = "FakeOpenAlex"
    api = "openalex"

    def answer(self, request: RecordedRequest) -> Reply:
        if request.path != "/works":
            return Reply.json({"error": "Not found", "message": "no such path"}, status=404)
        limit = int(request.query.get("per-page", 25))
        works = [self.work(p) for p in self.matching(request.query.get("search", ""), limit)]
        meta = {"count": len(works), "db_response_time_ms": 12, "page": 1, "per_page": limit}
        return Reply.json({"meta": meta, "results": works, "group_by": []})

    def work(self, paper: FakePaper) -> dict[str, Any]:
        index: dict[str, list[int]] = {}
        for position, word in enumerate(paper.abstract.split()):
            index.setdefault(word, []).append(position)
        pdf = self.pdf_url(paper)
        location = {
            "is_oa": bool(pdf),
            "landing_page_url": f"https://doi.org/{paper.doi}",
            "pdf_url": pdf,
            "source": {
                "id": "https://openalex.org/S1",
                "display_name": paper.venue,
                "type": "journal",
            },
        }
        return {
            "id": f"https://openalex.org/W{_number(paper)}",
            "doi": f"https://doi.org/{paper.doi}" if paper.doi else None,
            "title": paper.title,
            "display_name": paper.title,
            "publication_year": paper.year,
            "publication_date": paper.date,
            "type": "article",
            "authorships": [
                {
                    "author_position": "first" if i == 0 else "middle",
                    "author": {"id": None, "display_name": f"{given} {family}".strip()},
                    "raw_author_name": f"{given} {family}".strip(),
                    "institutions": [],
                }
                for i, (given, family) in enumerate(paper.authors)
            ],
            "primary_location": location,
            "best_oa_location": location if pdf else None,
            "open_access": {"is_oa": bool(pdf), "oa_status": "gold" if pdf else "closed"},
            "cited_by_count": paper.cited_by,
            "abstract_inverted_index": index or None,
            "is_retracted": bool(paper.retracted_by),
        }


class FakeCrossref(FakeScholarApi):
    label = "FakeCrossref"
    api = "crossref"

    def answer(self, request: RecordedRequest) -> Reply:
        if request.path != "/works":
            return Reply.json({"status": "error", "message": "Resource not found."}, status=404)
        rows = int(request.query.get("rows", 20))
        items = [self.item(p) for p in self.matching(request.query.get("query", ""), rows)]
        message = {
            "facets": {},
            "total-results": len(items),
            "items": items,
            "items-per-page": rows,
            "query": {"start-index": 0, "search-terms": request.query.get("query", "")},
        }
        return Reply.json(
            {
                "status": "ok",
                "message-type": "work-list",
                "message-version": "1.0.0",
                "message": message,
            }
        )

    def item(self, paper: FakePaper) -> dict[str, Any]:
        day = [int(part) for part in paper.date.split("-")]
        item: dict[str, Any] = {
            "DOI": paper.doi.upper(),  # Crossref keeps the registrant's case
            "URL": f"https://doi.org/{paper.doi}",
            "type": "journal-article",
            "title": [paper.title],
            "container-title": [paper.venue],
            "published": {"date-parts": [day]},
            "issued": {"date-parts": [day[:1]]},
            "is-referenced-by-count": paper.cited_by,
            "author": [
                {"given": given, "family": family, "sequence": "first", "affiliation": []}
                if given
                else {"name": family, "sequence": "additional", "affiliation": []}
                for given, family in paper.authors
            ],
        }
        if paper.abstract:
            item["abstract"] = (
                f"<jats:title>Abstract</jats:title><jats:p>{escape(paper.abstract)}</jats:p>"
            )
        if paper.notice_for:
            item["update-to"] = [
                {
                    "updated": {"date-parts": [day]},
                    "DOI": paper.notice_for,
                    "type": "retraction",
                    "source": "publisher",
                    "label": "Retraction",
                }
            ]
        return item


class FakeSemanticScholar(FakeScholarApi):
    label = "FakeSemanticScholar"
    api = "semanticscholar"

    def answer(self, request: RecordedRequest) -> Reply:
        if request.path != "/graph/v1/paper/search":
            return Reply.json({"error": "Not found"}, status=404)
        limit = int(request.query.get("limit", 10))
        found = self.matching(request.query.get("query", ""), limit)
        if not found:  # the API leaves `data` out when nothing matches
            return Reply.json({"total": 0, "offset": 0})
        return Reply.json({"total": len(found), "offset": 0, "data": [self.item(p) for p in found]})

    def item(self, paper: FakePaper) -> dict[str, Any]:
        ids: dict[str, Any] = {"CorpusId": _number(paper)}
        if paper.doi:
            ids["DOI"] = paper.doi
        if paper.arxiv_id:
            ids["ArXiv"] = paper.arxiv_id
        pdf = self.pdf_url(paper)
        return {
            "paperId": f"{_number(paper):040x}",
            "externalIds": ids,
            "url": f"https://www.semanticscholar.org/paper/{paper.key}",
            "title": paper.title,
            "abstract": paper.abstract,
            "venue": paper.venue,
            "year": paper.year,
            "citationCount": paper.cited_by,
            "isOpenAccess": bool(pdf),
            "openAccessPdf": {"url": pdf, "status": "GREEN"} if pdf else None,
            "publicationTypes": ["JournalArticle"],
            "publicationDate": paper.date,
            "journal": {"name": paper.venue},
            "authors": [
                {"authorId": str(i), "name": f"{given} {family}".strip()}
                for i, (given, family) in enumerate(paper.authors)
            ],
        }


class FakeArxiv(FakeScholarApi):
    label = "FakeArxiv"
    api = "arxiv"

    def answer(self, request: RecordedRequest) -> Reply:
        if request.path != "/query":
            return Reply.text("Not Found", status=404)
        query = request.query.get("search_query", "")
        if not query:
            return Reply(400, {"Content-Type": ATOM}, self.error("search_query is empty").encode())
        words = " ".join(re.findall(r"all:([\w-]+)", query))
        found = self.matching(words, int(request.query.get("max_results", 10)))
        entries = "".join(self.entry(paper) for paper in found)
        feed = f"""<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
  <link href="http://arxiv.org/api/query" rel="self" type="application/atom+xml"/>
  <title type="html">ArXiv Query: {escape(query)}</title>
  <id>http://arxiv.org/api/fake</id>
  <updated>2024-01-01T00:00:00-05:00</updated>
  <opensearch:totalResults xmlns:opensearch="http://a9.com/-/spec/opensearch/1.1/">{len(found)}</opensearch:totalResults>
  <opensearch:startIndex xmlns:opensearch="http://a9.com/-/spec/opensearch/1.1/">0</opensearch:startIndex>
  {entries}
</feed>"""
        return Reply(200, {"Content-Type": ATOM}, feed.encode())

    def entry(self, paper: FakePaper) -> str:
        authors = "".join(
            f"<author><name>{escape(f'{given} {family}'.strip())}</name></author>"
            for given, family in paper.authors
        )
        pdf = self.pdf_url(paper) or ""
        return f"""<entry>
    <id>http://arxiv.org/abs/{paper.arxiv_id}v1</id>
    <updated>{paper.date}T18:00:00Z</updated>
    <published>{paper.date}T18:00:00Z</published>
    <title>{escape(paper.title)}</title>
    <summary>  {escape(paper.abstract)}
</summary>
    {authors}
    <link href="http://arxiv.org/abs/{paper.arxiv_id}v1" rel="alternate" type="text/html"/>
    <link title="pdf" href="{escape(pdf)}" rel="related" type="application/pdf"/>
    <arxiv:primary_category xmlns:arxiv="http://arxiv.org/schemas/atom" term="physics.app-ph" scheme="http://arxiv.org/schemas/atom"/>
    <category term="physics.app-ph" scheme="http://arxiv.org/schemas/atom"/>
  </entry>"""

    def error(self, message: str) -> str:
        return f"""<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
  <entry><id>http://arxiv.org/api/errors#incorrect_id_format</id><title>Error</title>
  <summary>{escape(message)}</summary></entry>
</feed>"""


class FakePubmed(FakeScholarApi):
    label = "FakePubmed"
    api = "pubmed"

    def answer(self, request: RecordedRequest) -> Reply:
        if request.path == "/esearch.fcgi":
            return self.esearch(request)
        if request.path == "/efetch.fcgi":
            return self.efetch(request)
        return Reply.text("Not Found", status=404)

    def esearch(self, request: RecordedRequest) -> Reply:
        term = request.query.get("term", "")
        if not term:
            error = "Empty term and query_key - nothing todo"
            body = f"<eSearchResult><ERROR>{error}</ERROR></eSearchResult>"
            return Reply(200, {"Content-Type": XML}, body.encode())
        found = self.matching(term, int(request.query.get("retmax", 20)))
        ids = "".join(f"<Id>{paper.pmid}</Id>" for paper in found)
        body = f"""<?xml version="1.0" encoding="UTF-8" ?>
<!DOCTYPE eSearchResult PUBLIC "-//NLM//DTD esearch 20060628//EN" "https://eutils.ncbi.nlm.nih.gov/eutils/dtd/20060628/esearch.dtd">
<eSearchResult><Count>{len(found)}</Count><RetMax>{len(found)}</RetMax><RetStart>0</RetStart>
<IdList>{ids}</IdList><TranslationSet/><QueryTranslation>{escape(term)}</QueryTranslation>
</eSearchResult>"""
        return Reply(200, {"Content-Type": XML}, body.encode())

    def efetch(self, request: RecordedRequest) -> Reply:
        wanted = request.query.get("id", "").split(",")
        by_pmid = {paper.pmid: paper for paper in self.catalogue}
        articles = "".join(self.article(by_pmid[pmid]) for pmid in wanted if pmid in by_pmid)
        body = f"""<?xml version="1.0" ?>
<!DOCTYPE PubmedArticleSet PUBLIC "-//NLM//DTD PubMedArticle, 1st January 2024//EN" "https://dtd.nlm.nih.gov/ncbi/pubmed/out/pubmed_240101.dtd">
<PubmedArticleSet>{articles}</PubmedArticleSet>"""
        return Reply(200, {"Content-Type": XML}, body.encode())

    def article(self, paper: FakePaper) -> str:
        year, month, day = paper.date.split("-")
        authors = "".join(
            f'<Author ValidYN="Y"><LastName>{escape(family)}</LastName>'
            f"<ForeName>{escape(given)}</ForeName><Initials>{given[:1]}</Initials></Author>"
            if given
            else f'<Author ValidYN="Y"><CollectiveName>{escape(family)}</CollectiveName></Author>'
            for given, family in paper.authors
        )
        types = '<PublicationType UI="D016428">Journal Article</PublicationType>'
        comments = ""
        if paper.retracted_by:
            types += '<PublicationType UI="D016441">Retracted Publication</PublicationType>'
            comments = (
                '<CommentsCorrectionsList><CommentsCorrections RefType="RetractionIn">'
                "<RefSource>J Build Perform. 2023 May 2;12(3):101</RefSource>"
                '<PMID Version="1">37000009</PMID></CommentsCorrections></CommentsCorrectionsList>'
            )
        ids = f'<ArticleId IdType="pubmed">{paper.pmid}</ArticleId>'
        ids += f'<ArticleId IdType="doi">{paper.doi}</ArticleId>' if paper.doi else ""
        ids += f'<ArticleId IdType="pmc">{paper.pmcid}</ArticleId>' if paper.pmcid else ""
        sentences = paper.abstract.split(". ", 1)
        section = '<AbstractText Label="{0}" NlmCategory="{0}">{1}</AbstractText>'
        abstract = section.format("BACKGROUND", escape(sentences[0].rstrip(".")) + ".")
        if len(sentences) > 1:
            abstract += section.format("RESULTS", escape(sentences[1]))
        return f"""<PubmedArticle>
  <MedlineCitation Status="MEDLINE" Owner="NLM">
    <PMID Version="1">{paper.pmid}</PMID>
    <Article PubModel="Print-Electronic">
      <Journal><JournalIssue CitedMedium="Internet"><Volume>12</Volume>
        <PubDate><Year>{year}</Year><Month>Jun</Month></PubDate></JournalIssue>
        <Title>{escape(paper.venue)}</Title></Journal>
      <ArticleTitle>{escape(paper.title)}</ArticleTitle>
      <ELocationID EIdType="doi" ValidYN="Y">{paper.doi}</ELocationID>
      <Abstract>{abstract}</Abstract>
      <AuthorList CompleteYN="Y">{authors}</AuthorList>
      <Language>eng</Language>
      <PublicationTypeList>{types}</PublicationTypeList>
      <ArticleDate DateType="Electronic">
        <Year>{year}</Year><Month>{month}</Month><Day>{day}</Day></ArticleDate>
    </Article>
    {comments}
  </MedlineCitation>
  <PubmedData><ArticleIdList>{ids}</ArticleIdList></PubmedData>
</PubmedArticle>"""


SETTINGS = {
    "openalex": "OPENALEX_URL",
    "crossref": "CROSSREF_URL",
    "semanticscholar": "SEMANTIC_SCHOLAR_URL",
    "arxiv": "ARXIV_URL",
    "pubmed": "PUBMED_URL",
}
FAKES: dict[str, type[FakeScholarApi]] = {
    "openalex": FakeOpenAlex,
    "crossref": FakeCrossref,
    "semanticscholar": FakeSemanticScholar,
    "arxiv": FakeArxiv,
    "pubmed": FakePubmed,
}


@dataclass
class FakeScholarly:
    """All five fakes over one catalogue, started and stopped together."""

    pdf_base: str
    catalogue: tuple[FakePaper, ...] = CATALOGUE
    apis: dict[str, FakeScholarApi] = field(default_factory=dict)

    def __enter__(self) -> Self:
        for name, fake in FAKES.items():
            self.apis[name] = fake(self.catalogue, self.pdf_base).start()
        return self

    def __exit__(self, *exc_info: object) -> None:
        for api in self.apis.values():
            api.stop()

    def settings(self) -> dict[str, Any]:
        """Settings that point every API at its fake, asked for all five without pauses."""
        urls = {SETTINGS[name]: api.url for name, api in self.apis.items()}
        return urls | {
            "SCHOLARLY_PROVIDERS": list(FAKES),
            "SCHOLARLY_PACING": False,
            "SCHOLARLY_MAILTO": "research@example.org",
        }

    @property
    def calls(self) -> int:
        return sum(api.calls for api in self.apis.values())
