"""What every scholarly API gives: `Paper`s, asked for politely, failing in words to act on.

A `ScholarlyApi` is an HTTP search backend (search/retry.py: retries, the engine's pace, the
one httpx path the web engines use) with what scholarly APIs add: a base URL setting (tests
point it at a loopback fake), an optional key, the contact their etiquette asks for
(SCHOLARLY_MAILTO, in the User-Agent and where the API wants it as a parameter) and the spacing
between requests its documentation asks for (SCHOLARLY_PACING). `papers()` is what the merged
scholarly search asks; `search()` gives the same papers as search results, each with its
metadata as `SearchResult.paper`.
"""

from __future__ import annotations

import datetime
import re
from abc import abstractmethod
from dataclasses import asdict, dataclass, field
from typing import Any, ClassVar

import httpx
from django.conf import settings
from lxml import etree

from research.providers import pacing
from research.providers.search.base import (
    Hit,
    SearchError,
    SearchNotConfigured,
    SearchResult,
    check_time_range,
    clean,
    web_url,
)
from research.providers.search.retry import USER_AGENT, HttpSearchProvider

ENGINE = "scholarly"  # every paper's search result names this engine; `provider` says which API
DOI_RESOLVER = "https://doi.org/"
TITLE_WORDS = 5  # a title this long or longer names one work
SNIPPET_ABSTRACT = 600  # characters of the abstract in a result's snippet
_DOI = re.compile(r"10\.\d{4,9}/\S+")
_SINCE_DAYS = {"day": 1, "week": 7, "month": 31, "year": 366}


@dataclass
class Paper:
    """One work as an API described it; `as_dict()` is what Source.paper keeps."""

    title: str
    provider: str
    doi: str = ""  # "10.1000/xyz", lower case, no resolver
    authors: list[dict[str, str]] = field(default_factory=list)  # {"family", "given"}/{"literal"}
    year: int | None = None
    venue: str = ""
    abstract: str = ""
    cited_by: int | None = None
    open_access: bool | None = None
    pdf_url: str = ""
    landing_url: str = ""
    retracted: bool = False
    retraction: str = ""  # the notice: "Retracted by 10.x/z on 2024-03-01"
    type: str = "article-journal"  # a CSL type
    published: datetime.date | None = None  # the full date when the API gives one
    retracts: str = ""  # set on a retraction notice: the DOI it retracts (not a paper to read)

    def as_dict(self) -> dict[str, Any]:
        kept = asdict(self)
        del kept["published"], kept["retracts"]
        return kept

    @property
    def url(self) -> str:
        """Where the paper is: its landing page, or its DOI resolved."""
        return self.landing_url or (DOI_RESOLVER + self.doi if self.doi else self.pdf_url)

    def title_key(self) -> str:
        """What makes two APIs' records one paper when their DOIs do not (a preprint and its
        journal version; a record without one): the title's words, when there are enough of
        them to tell a work ("" for "Editorial")."""
        words = re.findall(r"\w+", self.title.casefold())
        return "title:" + " ".join(words) if len(words) >= TITLE_WORDS else ""

    def snippet(self) -> str:
        """What a search result shows of it, and the ranking reads: venue, year, citations,
        open access, a retraction, then the abstract's beginning."""
        facts = [", ".join(filter(None, [self.venue, str(self.year or "")]))]
        if self.cited_by is not None:
            facts.append(f"cited by {self.cited_by:,}")
        if self.open_access:
            facts.append("open access")
        if self.retracted:
            facts.append("RETRACTED")
        head = " · ".join(fact for fact in facts if fact)
        abstract = self.abstract[:SNIPPET_ABSTRACT].rsplit(" ", 1)[0] + "…"
        if len(self.abstract) <= SNIPPET_ABSTRACT:
            abstract = self.abstract
        return ". ".join(part for part in (head, abstract) if part)

    def merge(self, other: Paper) -> None:
        """What `other` (the same work, from another API) knows that this record lacks."""
        for name in ("doi", "venue", "abstract", "pdf_url", "landing_url", "retraction"):
            if not getattr(self, name) and getattr(other, name):
                setattr(self, name, getattr(other, name))
        self.authors = self.authors or other.authors
        self.year = self.year or other.year
        self.published = self.published or other.published
        counts = [n for n in (self.cited_by, other.cited_by) if n is not None]
        self.cited_by = max(counts) if counts else None
        if other.open_access is not None:
            self.open_access = bool(self.open_access) or other.open_access
        self.retracted = self.retracted or other.retracted

    def result(self) -> SearchResult:
        return SearchResult(
            self.url, self.title, self.snippet(), self.published, ENGINE, paper=self.as_dict()
        )


class ScholarlyApi(HttpSearchProvider):
    """One scholarly API. Subclasses set the names and implement `papers()`."""

    name: str
    label: str
    required_setting: ClassVar[str]  # its base URL's setting: "OPENALEX_URL"
    key_setting: ClassVar[str] = ""  # "SEMANTIC_SCHOLAR_API_KEY": used when set
    interval: ClassVar[float] = 0.0  # seconds between requests, as the API's documentation asks
    accept: ClassVar[str] = "application/json"

    @property
    def base(self) -> str:
        return self.setting().rstrip("/")

    @property
    def key(self) -> str:
        if not self.key_setting:
            return ""
        return str(getattr(settings, self.key_setting, "") or "").strip()

    def headers(self) -> dict[str, str]:
        """The User-Agent names Dossier and, when set, the contact (SCHOLARLY_MAILTO)."""
        mailto = settings.SCHOLARLY_MAILTO
        agent = USER_AGENT.removesuffix(")") + (f"; mailto:{mailto})" if mailto else ")")
        return {"User-Agent": agent, "Accept": self.accept}

    def pause(self) -> float:
        """Seconds between two requests to this API, as its documentation asks."""
        return self.interval

    def get_json(self, path: str, params: dict[str, Any], **headers: str) -> Any:
        """GET `path` under the base URL, paced, with retries: its JSON."""
        url = self.base + path
        return self.request_json("GET", url, params=params, headers=self.headers() | headers)

    def get_xml(self, path: str, params: dict[str, Any]) -> etree._Element:
        """GET `path` under the base URL, paced, with retries: its XML document (no entity is
        resolved, nothing is fetched)."""
        url = self.base + path
        body = self.request("GET", url, params=params, headers=self.headers()).content
        try:
            return xml(body)
        except etree.XMLSyntaxError as exc:
            raise SearchError(f"{self.label} answered with something that is not XML") from exc

    def _send(
        self, client: httpx.Client, method: str, url: str, request: dict[str, Any]
    ) -> httpx.Response:
        if settings.SCHOLARLY_PACING and self.pause():
            endpoint = httpx.URL(url).copy_with(path="/", query=None, fragment=None)
            pacing.spacing_for(f"scholarly {endpoint}", self.pause()).wait()
        return super()._send(client, method, url, request)

    def find(self, query: str, *, max_results: int, time_range: str = "") -> list[Paper]:
        """Papers for `query`; a failure is a SearchError naming the API and its setting."""
        check_time_range(time_range)
        query = " ".join(query.split())
        if not query or max_results < 1:
            return []
        base = self.base  # SearchNotConfigured when the URL setting is empty
        try:
            found = self.papers(query, max_results=max_results, since=since(time_range))
        except SearchNotConfigured:
            raise
        except SearchError as exc:
            raise SearchError(f"{exc.reason}. {self.advice(base)}") from exc
        return [paper for paper in found if paper.title][:max_results]

    def advice(self, base: str) -> str:
        """What to change when the API fails: its address, its key, or the list of APIs."""
        key = f"; set {self.key_setting} for a rate limit of your own" if self.key_setting else ""
        where = f"{self.label} is asked at {self.required_setting}={base}"
        return f"{where}{key}; or leave {self.name} out of SCHOLARLY_PROVIDERS"

    def search(
        self, query: str, *, max_results: int = 10, time_range: str = "", language: str = ""
    ) -> list[SearchResult]:
        papers = self.find(query, max_results=max_results, time_range=time_range)
        return [paper.result() for paper in papers if not paper.retracts]

    def fetch(self, query: str, *, max_results: int, time_range: str, language: str) -> list[Hit]:
        """The papers as a web engine's hits (without their metadata)."""
        papers = self.find(query, max_results=max_results, time_range=time_range)
        return [Hit(p.url, p.title, p.snippet(), p.published) for p in papers]

    @abstractmethod
    def papers(self, query: str, *, max_results: int, since: datetime.date | None) -> list[Paper]:
        """Ask the API (through `get`); raise SearchError when its answer is not usable."""


# --- helpers the APIs share -------------------------------------------------------------------


def xml(body: bytes) -> etree._Element:
    """An XML document, parsed without resolving entities or fetching anything (a parser per
    call: lxml's parsers are not shared between threads)."""
    return etree.fromstring(body, parser=etree.XMLParser(resolve_entities=False, no_network=True))


def since(time_range: str, today: datetime.date | None = None) -> datetime.date | None:
    """The first day a time range ("year") admits; None for any time."""
    if not time_range:
        return None
    return (today or datetime.date.today()) - datetime.timedelta(days=_SINCE_DAYS[time_range])


def doi_of(value: Any) -> str:
    """ "10.1000/xyz" from a DOI however written ("https://doi.org/10.1000/XYZ", "doi:..."),
    lower case (DOIs are case-insensitive); "" when there is none."""
    match = _DOI.search(value.strip()) if isinstance(value, str) else None
    return match[0].rstrip(".,;").lower() if match else ""


_PARTICLES = {"van", "von", "der", "den", "de", "del", "della", "di", "da", "du", "la", "le"}


_BODIES = {"association", "collaboration", "committee", "consortium", "council", "group"}
_BODIES |= {"initiative", "institute", "investigators", "network", "organization", "society"}
_BODIES |= {"organisation", "team", "university", "agency", "foundation", "centre", "center"}


def person(name: Any) -> dict[str, str]:
    """{"family", "given"} from a name written whole ("Jane Q. van Dyke"); an organisation
    ("Nordic Heat Consortium") or a one-word name is {"literal": ...}."""
    words = clean(name).split()
    if len(words) < 2 or _BODIES & {word.lower() for word in words}:
        return {"literal": " ".join(words)} if words else {}
    cut = len(words) - 1
    while cut > 1 and words[cut - 1].lower() in _PARTICLES:
        cut -= 1
    return {"family": " ".join(words[cut:]), "given": " ".join(words[:cut])}


def named(family: Any, given: Any) -> dict[str, str]:
    """An author given as parts; just the family name when the API gave no other."""
    family, given = clean(family), clean(given)
    if family and given:
        return {"family": family, "given": given}
    return {"literal": family or given} if family or given else {}


def year_of(value: Any) -> int | None:
    """A plausible publication year from a number or text."""
    try:
        year = int(str(value).strip()[:4])
    except ValueError:
        return None
    return year if 1500 <= year <= 2200 else None


def day_of(parts: Any) -> datetime.date | None:
    """A full date from [year, month, day] (Crossref's date-parts); None when any is missing."""
    if isinstance(parts, list) and len(parts) >= 3 and all(isinstance(p, int) for p in parts[:3]):
        try:
            return datetime.date(*parts[:3])
        except ValueError:
            return None
    return None


def link(value: Any) -> str:
    """An absolute http(s) address, or ""."""
    return web_url(value)


def count(value: Any) -> int | None:
    return value if isinstance(value, int) and value >= 0 else None


def as_dict(value: Any) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def as_list(value: Any) -> list[dict[str, Any]]:
    """The objects in a JSON list; [] for anything else."""
    return [item for item in value if isinstance(item, dict)] if isinstance(value, list) else []
