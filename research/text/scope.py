"""Domain scope: which web addresses a project may search and read.

A pattern is a host (`example.org`), a host and everything under it (`*.example.org`), or
either followed by a path prefix (`example.org/docs/`). A plain host matches itself and its
`www.` twin; `*.example.org` matches example.org and every host under it; a path prefix
matches the addresses whose path starts with it. Patterns are written without a scheme or a
port, in lower case (upper case is lowered; an internationalised name is IDNA-encoded).

A `Scope` holds a project's allow and deny lists and the site's deny list
(SEARCH_DENY_DOMAINS). `refusal(url)` says why an address is out (`None` when it is in):
the site's deny list first, then the project's, then its allow list (when it has one).
Only web addresses are judged: a library passage (`/library/...`) or an MCP server's
document (`mcp://...`) is no web host, and always in scope.

The search backends read `sites()` to write `site:` terms or their API's domain parameters.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum
from urllib.parse import urlsplit

WILDCARD = "*."
MAX_SITE_TERMS = 10  # more allowed hosts than this: no site: terms (engines cap query length)
_LABEL = re.compile(r"^(?!-)[a-z0-9-]{1,63}(?<!-)$")
_PATH = re.compile(r"^/[A-Za-z0-9._~!$&'()*+,;=:@%/-]*$")


class Rule(StrEnum):
    """Which list refused an address: named as the option or setting a person changes."""

    ALLOW = "domains.allow"
    DENY = "domains.deny"
    SITE_DENY = "SEARCH_DENY_DOMAINS"


@dataclass(frozen=True)
class Pattern:
    host: str  # ASCII, lower case, without "www." when `subdomains` is false
    subdomains: bool = False  # written "*.host"
    path: str = ""  # "/docs/": only addresses whose path starts so

    @classmethod
    def parse(cls, text: str) -> Pattern:
        """The pattern `text` writes, or ValueError saying what is wrong with it."""
        written = text.strip()
        if not written:
            raise ValueError("a domain pattern is empty")
        if "://" in written or written.startswith("//"):
            raise ValueError(f"{written!r}: write the host without a scheme, as example.org/docs/")
        host, slash, path = written.partition("/")
        subdomains = host.startswith(WILDCARD)
        host = _ascii_host(host.removeprefix(WILDCARD), written)
        path = slash + path
        if path and not _PATH.match(path):
            raise ValueError(f"{written!r}: the path may hold no spaces, '?' or '#'")
        if not subdomains:
            host = host.removeprefix("www.") if host.count(".") > 1 else host
        return cls(host, subdomains, path)

    def matches(self, host: str, path: str) -> bool:
        """Whether an address with this (lower-case ASCII) host and path is covered."""
        if self.subdomains:
            hit = host == self.host or host.endswith(f".{self.host}")
        else:
            hit = host in (self.host, f"www.{self.host}")
        return hit and path.startswith(self.path)

    def __str__(self) -> str:
        return f"{WILDCARD if self.subdomains else ''}{self.host}{self.path}"


def _ascii_host(host: str, written: str) -> str:
    host = host.lower().rstrip(".")
    if ":" in host:
        raise ValueError(f"{written!r}: write the host without a port")
    try:
        host = host.encode("idna").decode("ascii")
    except UnicodeError:
        raise ValueError(f"{written!r} is not a host name") from None
    if "*" in host or not host or not all(_LABEL.match(label) for label in host.split(".")):
        raise ValueError(
            f"{written!r} is not a domain pattern: write a host (example.org), a host and what "
            "is under it (*.example.org), or either with a path prefix (example.org/docs/)"
        )
    return host


def patterns(texts: Iterable[str]) -> tuple[Pattern, ...]:
    """Each text parsed (ValueError at the first bad one), repeats left out."""
    return tuple(dict.fromkeys(Pattern.parse(text) for text in texts))


@dataclass(frozen=True)
class Refusal:
    rule: Rule
    where: str  # the address's host (and path, when a path pattern was the reason)

    def __str__(self) -> str:
        if self.rule is Rule.ALLOW:
            return f"outside the project's domains: {self.where} ({self.rule})"
        if self.rule is Rule.DENY:
            return f"outside the project's domains: {self.where} is denied ({self.rule})"
        return f"outside the site's domains: {self.where} is denied site-wide ({self.rule})"


@dataclass(frozen=True)
class Scope:
    allow: tuple[Pattern, ...] = ()
    deny: tuple[Pattern, ...] = ()
    site_deny: tuple[Pattern, ...] = ()

    @classmethod
    def of(
        cls, *, allow: Iterable[str] = (), deny: Iterable[str] = (), site_deny: Iterable[str] = ()
    ) -> Scope:
        return cls(patterns(allow), patterns(deny), patterns(site_deny))

    def __bool__(self) -> bool:
        """Whether the scope narrows anything at all."""
        return bool(self.allow or self.deny or self.site_deny)

    def refusal(self, url: str) -> Refusal | None:
        """Why the address is out of scope, or None (also for anything but a web address)."""
        parts = _web_parts(url)
        if parts is None:
            return None
        host, path = parts
        for rule, listed in ((Rule.SITE_DENY, self.site_deny), (Rule.DENY, self.deny)):
            if any(p.matches(host, path) for p in listed):
                return Refusal(rule, _where(host, path, listed))
        if self.allow and not any(p.matches(host, path) for p in self.allow):
            return Refusal(Rule.ALLOW, _where(host, path, self.allow))
        return None

    def admits(self, url: str) -> bool:
        return self.refusal(url) is None

    def sites(self) -> list[str]:
        """The allowed hosts, each once, for `site:` terms and include-domain parameters."""
        return list(dict.fromkeys(p.host for p in self.allow))

    def denied_sites(self) -> list[str]:
        """The denied hosts (project's and site's) that deny a whole host, for exclude-domain
        parameters."""
        return list(dict.fromkeys(p.host for p in (*self.site_deny, *self.deny) if not p.path))

    def with_sites(self, query: str, *, alternatives: bool = True) -> str:
        """`query` with the allowed hosts as `site:` terms: one host as `site:a`, several as
        `(site:a OR site:b)` where the engine documents OR (`alternatives`). None are added
        when the engine cannot say so or there are more than MAX_SITE_TERMS hosts: the
        results are held to the scope afterwards either way."""
        hosts = self.sites()
        if not hosts or len(hosts) > MAX_SITE_TERMS or (len(hosts) > 1 and not alternatives):
            return query
        terms = [f"site:{host}" for host in hosts]
        either = terms[0] if len(terms) == 1 else f"({' OR '.join(terms)})"
        return f"{query} {either}"


NO_SCOPE = Scope()


def _web_parts(url: str) -> tuple[str, str] | None:
    try:
        parts = urlsplit(url.strip())
        host = parts.hostname or ""
    except ValueError:
        return None
    if parts.scheme.lower() not in ("http", "https") or not host:
        return None
    try:
        host = host.rstrip(".").encode("idna").decode("ascii")
    except UnicodeError:
        pass  # an undecodable host matches no pattern
    return host, parts.path or "/"


def _where(host: str, path: str, listed: tuple[Pattern, ...]) -> str:
    return f"{host}{path}" if path != "/" and any(p.path for p in listed) else host
