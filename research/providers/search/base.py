"""The search interface: one call, normalised results, failures with a readable reason.

Every backend is a `Searcher`. A web engine is a `SearchProvider`: it implements `fetch()`, which
turns its API's answer into `Hit`s as the API spelled them, and `SearchProvider.search()` cleans
those into `SearchResult`s the same way for every engine. `fetch_news()` and `search_news()` are
the same for the engine's news search (`news.NewsSearcher` is a query's "news:week" route).
`fetch_images()` and `search_images()` are its image search, for an engine that documents one
(`image_search`): each `ImageResult` is an image with the page it was found on and its title.
"""

from __future__ import annotations

import datetime
import email.utils
import html
import re
from abc import ABC, abstractmethod
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, ClassVar, Protocol
from urllib.parse import urlsplit

import httpx
from django.conf import settings

from research.errors import NotConfigured, ProviderFailed
from research.text.scope import NO_SCOPE, Scope

TIME_RANGES = ("", "day", "week", "month", "year")
NEWS = "news"  # a news search's results name their engine "searxng news"
IMAGES = "images"  # an image search's, "searxng images"


@dataclass(frozen=True)
class SearchResult:
    url: str
    title: str
    snippet: str
    published: datetime.date | None
    engine: str
    passage_id: int | None = None  # a passage of the team's library (then `url` is its page)
    text: str = ""  # the whole text, when the backend gave it (an MCP tool's result)
    locator: str = ""  # where the backend found it: 'mcp:docs › search {"query": "…"}'
    # a scholarly work's metadata (providers/scholarly), as Source.paper keeps it
    paper: dict[str, Any] = field(default_factory=dict, hash=False, compare=False)


@dataclass(frozen=True)
class Hit:
    """One result as a backend's API gave it, before normalisation (values may be anything)."""

    url: Any
    title: Any = ""
    snippet: Any = ""
    published: Any = None


@dataclass(frozen=True)
class ImageHit:
    """One image result as a backend's API gave it (values may be anything)."""

    image: Any  # the image's address
    page: Any = None  # the page it was found on
    title: Any = ""  # its title or description


@dataclass(frozen=True)
class ImageResult:
    """An image search's result: the image, the page it came from ("" when the engine does
    not say: Tavily's) and its title or caption."""

    image: str
    page: str
    title: str
    engine: str


class Fetch(Protocol):
    def __call__(
        self, query: str, *, max_results: int, time_range: str, language: str
    ) -> Iterable[Hit]: ...


class SearchError(ProviderFailed):
    """A search failed for good; `reason` says why in words a user can act on."""


class SearchNotConfigured(SearchError, NotConfigured):
    """The backend needs a setting that is empty (the reason names the variable)."""

    http_status = NotConfigured.http_status


def check_time_range(time_range: str) -> None:
    if time_range not in TIME_RANGES:
        raise ValueError(f"time_range must be one of {TIME_RANGES}, got {time_range!r}")


@dataclass(frozen=True)
class Gathered:
    """What a search found, with what the step's note says of it: each failing backend's
    reason ("mcp:docs: ..."), and `notes` such as a failover ("DuckDuckGo refused: ...; used
    SearXNG"); `by` names who answered, when that is not the searcher's own name."""

    results: list[SearchResult]
    failures: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    by: str = ""


class Searcher(ABC):
    """What the research asks of any backend, the web's, the library or an MCP server's:
    `search()`, or `gather()` for the results with what the step's note says of them. `name`
    says which in notes and results ("searxng", "library", "mcp:docs")."""

    name: str
    label: str

    @abstractmethod
    def search(
        self, query: str, *, max_results: int = 10, time_range: str = "", language: str = ""
    ) -> list[SearchResult]:
        """Up to `max_results` results for `query`, optionally only from the last day..year."""

    def gather(
        self, query: str, *, max_results: int = 10, time_range: str = "", language: str = ""
    ) -> Gathered:
        """`search()`'s results, and what the step's note should say of them (nothing here)."""
        return Gathered(
            self.search(query, max_results=max_results, time_range=time_range, language=language)
        )


class Gatherer(Searcher):
    """A searcher made of others (engines in turn, backends together): it says what it did in
    `gather()`, and `search()` is that answer's results."""

    @abstractmethod
    def gather(
        self, query: str, *, max_results: int = 10, time_range: str = "", language: str = ""
    ) -> Gathered:
        """The results, and what the step's note should say of them."""

    def search(
        self, query: str, *, max_results: int = 10, time_range: str = "", language: str = ""
    ) -> list[SearchResult]:
        return self.gather(
            query, max_results=max_results, time_range=time_range, language=language
        ).results


class SearchProvider(Searcher):
    """A web search engine: its settings, and `fetch()` of its API's raw hits, which `search()`
    normalises the same way for every engine."""

    required_setting: ClassVar[str] = ""  # e.g. "BRAVE_API_KEY"; empty: needs nothing
    image_search: ClassVar[bool] = False  # whether the engine documents an image search
    # Whether the engine documents OR between site: terms (a scope of several allowed hosts)
    site_alternatives: ClassVar[bool] = True
    # The project's domains (text/scope.py): get_provider sets it; `scoped_query` writes it
    scope: Scope = NO_SCOPE

    def __init__(self, *, transport: httpx.BaseTransport | None = None) -> None:
        """`transport` replaces the network for backends that speak HTTP through httpx."""
        self.transport = transport

    @classmethod
    def is_configured(cls) -> bool:
        return not cls.required_setting or bool(getattr(settings, cls.required_setting, ""))

    def setting(self) -> str:
        """The value of `required_setting`, or SearchNotConfigured naming the variable."""
        value = str(getattr(settings, self.required_setting, "") or "").strip()
        if not value:
            raise SearchNotConfigured(
                f"{self.label} is not configured: {self.required_setting} is not set"
            )
        return value

    def search(
        self, query: str, *, max_results: int = 10, time_range: str = "", language: str = ""
    ) -> list[SearchResult]:
        return self._normalised(self.fetch, query, max_results, time_range, language, self.name)

    def search_news(
        self, query: str, *, max_results: int = 10, time_range: str = "", language: str = ""
    ) -> list[SearchResult]:
        """The engine's news search: recent articles, optionally from the last day..year."""
        engine = f"{self.name} {NEWS}"
        return self._normalised(self.fetch_news, query, max_results, time_range, language, engine)

    def search_images(
        self, query: str, *, max_results: int = 10, language: str = ""
    ) -> list[ImageResult]:
        """The engine's image search: images with the page each came from; [] for an engine
        without one."""
        query = " ".join(query.split())
        if not self.image_search or not query or max_results < 1:
            return []
        if self.required_setting:
            self.setting()
        hits = self.fetch_images(
            self.scoped_query(query), max_results=max_results, language=language.strip()
        )
        return normalise_images(hits, max_results=max_results, engine=f"{self.name} {IMAGES}")

    def _normalised(
        self,
        fetch: Fetch,
        query: str,
        max_results: int,
        time_range: str,
        language: str,
        engine: str,
    ) -> list[SearchResult]:
        check_time_range(time_range)
        if self.required_setting:
            self.setting()
        query = " ".join(query.split())
        if not query or max_results < 1:
            return []
        hits = fetch(
            self.scoped_query(query),
            max_results=max_results,
            time_range=time_range,
            language=language.strip(),
        )
        return normalise(hits, max_results=max_results, engine=engine)

    def scoped_query(self, query: str) -> str:
        """The query as sent: with the scope's allowed hosts as `site:` terms, which the
        engines here document (an engine with domain parameters instead overrides this)."""
        return self.scope.with_sites(query, alternatives=self.site_alternatives)

    @abstractmethod
    def fetch(
        self, query: str, *, max_results: int, time_range: str, language: str
    ) -> Iterable[Hit]:
        """Ask the backend; raise SearchError (or retry.Retryable) when it fails."""

    def fetch_news(
        self, query: str, *, max_results: int, time_range: str, language: str
    ) -> Iterable[Hit]:
        """Ask the backend's news search, as `fetch` asks its web search."""
        raise SearchError(f"{self.label} has no news search; choose another search_provider")

    def fetch_images(self, query: str, *, max_results: int, language: str) -> Iterable[ImageHit]:
        """Ask the backend's image search (only called when `image_search` says it has one)."""
        return []


# --- normalisation -----------------------------------------------------------------------

_TAG = re.compile(r"</?[a-zA-Z][^<>]*>")


def clean(value: Any) -> str:
    """Text without tags, entities or runs of whitespace ("" for anything that is not text)."""
    if not isinstance(value, str):
        return ""
    return " ".join(html.unescape(_TAG.sub("", value)).split())


def web_url(value: Any) -> str:
    """The URL if it is an absolute http(s) URL with a host, else ""."""
    url = value.strip() if isinstance(value, str) else ""
    try:
        parts = urlsplit(url)
    except ValueError:
        return ""
    return url if parts.scheme.lower() in ("http", "https") and parts.hostname else ""


def _dedupe_key(url: str) -> str:
    parts = urlsplit(url)
    lowered = parts._replace(scheme=parts.scheme.lower(), netloc=parts.netloc.lower())
    return lowered._replace(fragment="").geturl()


def normalise(hits: Iterable[Hit], *, max_results: int, engine: str) -> list[SearchResult]:
    """Clean text, drop non-web URLs and repeats (the first wins), parse dates, cap the count."""
    results: list[SearchResult] = []
    seen: set[str] = set()
    for hit in hits:
        url = web_url(hit.url)
        if not url or _dedupe_key(url) in seen:
            continue
        seen.add(_dedupe_key(url))
        title = clean(hit.title) or url
        published = parse_date(hit.published)
        results.append(SearchResult(url, title, clean(hit.snippet), published, engine))
        if len(results) >= max_results:
            break
    return results


def normalise_images(
    hits: Iterable[ImageHit], *, max_results: int, engine: str
) -> list[ImageResult]:
    """Image results with a web address, each image once, their pages' addresses web ones or
    "", titles cleaned, the count capped."""
    results: list[ImageResult] = []
    seen: set[str] = set()
    for hit in hits:
        image = web_url(hit.image)
        if not image or _dedupe_key(image) in seen:
            continue
        seen.add(_dedupe_key(image))
        results.append(ImageResult(image, web_url(hit.page), clean(hit.title), engine))
        if len(results) >= max_results:
            break
    return results


# --- dates -------------------------------------------------------------------------------

_FORMATS = ("%B %d, %Y", "%b %d, %Y", "%d %B %Y", "%d %b %Y", "%Y/%m/%d", "%d.%m.%Y", "%b %Y")
_RELATIVE = re.compile(r"^(\d+|an?|one)\s+(minute|hour|day|week|month|year)s?\s+ago$")
_UNIT_DAYS = {"minute": 0, "hour": 0, "day": 1, "week": 7, "month": 30, "year": 365}


def parse_date(value: Any, *, today: datetime.date | None = None) -> datetime.date | None:
    """A publication date from what APIs send: ISO 8601, RFC 2822, "May 1, 2024", "3 days ago"."""
    if isinstance(value, datetime.datetime):
        return value.date()
    if isinstance(value, datetime.date):
        return value
    text = value.strip() if isinstance(value, str) else ""
    if not text:
        return None
    for parse in (_iso, _rfc2822, _formatted):
        if (day := parse(text)) is not None:
            return day if 1900 <= day.year <= 2200 else None
    return _relative(text.lower(), today or datetime.date.today())


def _iso(text: str) -> datetime.date | None:
    try:
        return datetime.datetime.fromisoformat(text).date()
    except ValueError:
        return None


def _rfc2822(text: str) -> datetime.date | None:
    try:
        return email.utils.parsedate_to_datetime(text).date()
    except (TypeError, ValueError, IndexError):
        return None


def _formatted(text: str) -> datetime.date | None:
    text = text.replace("Sept ", "Sep ")
    for fmt in _FORMATS:
        try:
            return datetime.datetime.strptime(text, fmt).date()
        except ValueError:
            continue
    return None


def _relative(text: str, today: datetime.date) -> datetime.date | None:
    if text in ("today", "yesterday"):
        return today - datetime.timedelta(days=int(text == "yesterday"))
    match = _RELATIVE.match(text)
    if match is None:
        return None
    count = int(match[1]) if match[1].isdigit() else 1
    return today - datetime.timedelta(days=count * _UNIT_DAYS[match[2]])


# --- languages ---------------------------------------------------------------------------

_LANGUAGE_NAMES = {
    "english": "en", "german": "de", "deutsch": "de", "french": "fr", "français": "fr",
    "spanish": "es", "español": "es", "italian": "it", "italiano": "it", "portuguese": "pt",
    "dutch": "nl", "polish": "pl", "russian": "ru", "chinese": "zh", "japanese": "ja",
    "korean": "ko", "arabic": "ar", "turkish": "tr", "swedish": "sv", "hindi": "hi",
}  # fmt: skip
_LANGUAGE_TAG = re.compile(r"^([a-z]{2})(?:[-_]([a-z]{2}))?$")


def language_tag(language: str) -> tuple[str, str]:
    """("de", "at") from "de-AT"; ("de", "") from "de" or "German"; ("", "") if unrecognised."""
    text = language.strip().lower()
    match = _LANGUAGE_TAG.match(_LANGUAGE_NAMES.get(text, text))
    if match is None:
        return "", ""
    return match[1], match[2] or ""


def items(data: Any, *path: str) -> list[dict[str, Any]]:
    """The objects listed at `data[path[0]][path[1]]...`; [] if the answer is shaped otherwise."""
    for key in path:
        data = data.get(key) if isinstance(data, dict) else None
    return [item for item in data if isinstance(item, dict)] if isinstance(data, list) else []
