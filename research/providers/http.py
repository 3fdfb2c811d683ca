"""The one outbound HTTP choke point for fetching web pages.

Every page Dossier reads comes through `fetch`. It enforces, per request:

* only http and https URLs;
* the SSRF guard (`check_url`): the host is resolved once and no address it resolves to may lie
  in a special-purpose range, nor embed an IPv4 address that does (the table and the decoding
  are in `addresses.py`), unless `settings.FETCH_ALLOW_HOSTS` exempts it;
* redirects are followed by hand, at most `MAX_REDIRECTS`, and every hop passes the guard again,
  and the project's domain scope (`scope`, text/scope.py), so a redirect cannot leave it;
* a connect timeout, a wall-clock deadline for the whole fetch (checked while streaming the
  body too) and a body size limit (`settings.FETCH_MAX_BYTES`, checked against Content-Length
  and again while counting the streamed bytes);
* any final status outside 2xx is a `FetchError`.

DNS rebinding: the address the guard checked is the address we connect to. `fetch` puts the
checked addresses on the request (`PIN_EXTENSION`), and `PinnedTransport` rewrites the request
URL's host to that IP before handing it to httpx's normal transport, so httpcore opens the
socket to the literal IP and never asks DNS again. The original host name is kept where it
matters: the `Host` header (httpx set it from the original URL when the request was built) and,
for https, httpcore's documented `sni_hostname` request extension, which httpcore passes to
`ssl.SSLContext.wrap_socket(server_hostname=...)`, so SNI and certificate checking use the
real host name, not the IP. Keep-alive is off so one connection (and its TLS identity) is
never reused for a different host name that happens to share an IP.

Clients that send their own requests (the MCP SDK's, over httpx's async client) get
`checked_async_client`: its `CheckedAsyncTransport` runs `check_url` on every request it sends,
each redirect hop included, and pins it the same way.

This module does not touch the database.
"""

from __future__ import annotations

import contextlib
import ipaddress
import re
import socket
import time
from collections.abc import Iterator
from dataclasses import dataclass

import httpx
from django.conf import settings

from research.errors import ProviderFailed
from research.providers import addresses, tls
from research.text.scope import NO_SCOPE, Scope

CONNECT_TIMEOUT = 5.0
TOTAL_TIMEOUT = 20.0
MAX_REDIRECTS = 5
REDIRECT_STATUSES = frozenset({301, 302, 303, 307, 308})
ALLOWED_SCHEMES = frozenset({"http", "https"})
PIN_EXTENSION = "dossier.checked_addresses"

IPAddress = ipaddress.IPv4Address | ipaddress.IPv6Address

_MIB = 1024 * 1024


class FetchError(ProviderFailed):
    """A page could not be fetched. `reason` is written for people."""

    blocked: bool = False

    def __init__(self, reason: str, *, status_code: int | None = None) -> None:
        super().__init__(reason)
        self.status_code = status_code


class BlockedURL(FetchError):
    """Refused before connecting: bad scheme, unparseable URL or a non-public address."""

    blocked = True


class OutOfScope(BlockedURL):
    """Refused before connecting: the address is outside the project's domains (or the
    site's), on the first hop or on a redirect's."""


@dataclass(frozen=True)
class Fetched:
    url: str
    final_url: str
    status_code: int  # 304: not modified since the validators sent (the body is empty)
    content_type: str
    charset: str | None
    body: bytes
    etag: str = ""
    last_modified: str = ""

    @property
    def not_modified(self) -> bool:
        return self.status_code == 304


# --- SSRF guard ------------------------------------------------------------------------------


def check_url(url: str | httpx.URL) -> list[IPAddress]:
    """Resolve the URL's host and return the addresses to connect to, or raise BlockedURL.

    Every address must pass `addresses.refusal` (no special-purpose range, itself or embedded)
    unless the host name, or the address connected to, is listed in `settings.FETCH_ALLOW_HOSTS`.
    A host that does not resolve raises a plain FetchError.
    """
    parsed = _parse_url(url)
    host = _host_name(parsed)
    resolved = _resolve(host, parsed.port or (443 if parsed.scheme == "https" else 80))
    return _checked(host, resolved)


def _checked(host: str, resolved: list[IPAddress]) -> list[IPAddress]:
    """The addresses to connect to (IPv4-mapped ones as IPv4), once every one is allowed."""
    names, networks = _allow_list()
    if host not in names:
        for address in resolved:
            target = _unmapped(address)
            if any(target in net for net in networks):
                continue
            refused = addresses.refusal(address)
            if refused is not None:
                raise BlockedURL(_refused_reason(host, target, refused))
    connect: list[IPAddress] = []
    for address in map(_unmapped, resolved):
        if address not in connect:
            connect.append(address)
    return connect


def _refused_reason(host: str, target: IPAddress, refused: addresses.Refusal) -> str:
    if _ip_literal(host) is not None:
        return f"{refused}; to fetch from it anyway, add {target} to the FETCH_ALLOW_HOSTS setting"
    return (
        f"{host} resolves to {refused.subject}, which is {refused.range}; to fetch from it "
        f"anyway, add {host} to the FETCH_ALLOW_HOSTS setting"
    )


def _parse_url(url: str | httpx.URL) -> httpx.URL:
    try:
        parsed = httpx.URL(url)
    except (httpx.InvalidURL, TypeError) as exc:
        raise BlockedURL(f"not a valid URL: {exc}") from None
    if parsed.scheme not in ALLOWED_SCHEMES:
        scheme = parsed.scheme or "no scheme"
        raise BlockedURL(f"only http and https URLs can be fetched, not {scheme}")
    if not parsed.raw_host:
        raise BlockedURL("the URL has no host name")
    return parsed


def _host_name(url: httpx.URL) -> str:
    """The host as ASCII (IDNA-encoded), lower-case, without a trailing dot or brackets."""
    return url.raw_host.decode("ascii").lower().rstrip(".")


def _resolve(host: str, port: int) -> list[IPAddress]:
    literal = _ip_literal(host)
    if literal is not None:
        return [literal]
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except (OSError, UnicodeError):
        raise FetchError(f"could not resolve the host name {host}") from None
    found: list[IPAddress] = []
    for family, _, _, _, sockaddr in infos:
        if family not in (socket.AF_INET, socket.AF_INET6):
            continue
        address = ipaddress.ip_address(sockaddr[0])
        if address not in found:
            found.append(address)
    if not found:
        raise FetchError(f"the host name {host} has no internet address")
    return found


def _ip_literal(host: str) -> IPAddress | None:
    """An IP written in the URL, including the odd IPv4 spellings resolvers accept."""
    try:
        return ipaddress.ip_address(host)
    except ValueError:
        return _legacy_ipv4(host)


def _legacy_ipv4(host: str) -> ipaddress.IPv4Address | None:
    """Parse IPv4 the way inet_aton does: 1-4 parts, each decimal, 0-octal or 0x-hex.

    `2130706433`, `0177.0.0.1`, `0x7f.0.0.1` and `127.1` all mean 127.0.0.1. We decode them
    ourselves so the guard never depends on what the system resolver makes of them.
    """
    parts = host.split(".")
    if not 1 <= len(parts) <= 4:
        return None
    parsed = [_inet_number(part) for part in parts]
    numbers = [number for number in parsed if number is not None]
    if len(numbers) != len(parsed):
        return None
    *head, last = numbers
    if any(n > 255 for n in head) or last >= 256 ** (5 - len(parts)):
        return None
    value = last
    for index, number in enumerate(head):
        value += number << (8 * (3 - index))
    return ipaddress.IPv4Address(value)


def _inet_number(part: str) -> int | None:
    if re.fullmatch(r"0[xX][0-9a-fA-F]*", part):
        return int(part[2:] or "0", 16)
    if re.fullmatch(r"0[0-7]*", part):
        return int(part, 8)
    if re.fullmatch(r"[1-9][0-9]*", part):
        return int(part)
    return None


def _unmapped(address: IPAddress) -> IPAddress:
    """`::ffff:127.0.0.1` is 127.0.0.1: connect to (and match FETCH_ALLOW_HOSTS against) that."""
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        return address.ipv4_mapped
    return address


def _allow_list() -> tuple[set[str], list[ipaddress.IPv4Network | ipaddress.IPv6Network]]:
    """Split FETCH_ALLOW_HOSTS into host names and networks. Read on every call."""
    names: set[str] = set()
    networks: list[ipaddress.IPv4Network | ipaddress.IPv6Network] = []
    for item in settings.FETCH_ALLOW_HOSTS:
        item = item.strip()
        try:
            networks.append(ipaddress.ip_network(item.strip("[]"), strict=False))
        except ValueError:
            names.add(item.lower().rstrip("."))
    return names, networks


# --- Transport -------------------------------------------------------------------------------


class PinnedTransport(httpx.HTTPTransport):
    """An httpx transport that connects only to the addresses the SSRF guard checked.

    The request must carry the checked addresses in `request.extensions[PIN_EXTENSION]`
    (a request without them is refused). The URL host is swapped for the IP, so httpcore does
    no DNS lookup; the Host header stays as built from the original URL, and for https the
    original host name goes to httpcore's `sni_hostname` extension for SNI and certificate
    verification. Addresses are tried in order while the connection is refused.
    """

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        addresses = request.extensions.get(PIN_EXTENSION)
        if not addresses:
            raise BlockedURL("the request did not pass the address check")
        error: httpx.ConnectError | None = None
        for address in addresses:
            try:
                return super().handle_request(pinned(request, address))
            except httpx.ConnectError as exc:
                error = exc
        assert error is not None
        raise error


def pinned(request: httpx.Request, address: IPAddress) -> httpx.Request:
    extensions = {k: v for k, v in request.extensions.items() if k != PIN_EXTENSION}
    if request.url.scheme == "https":
        extensions["sni_hostname"] = request.url.raw_host.decode("ascii")
    return httpx.Request(
        request.method,
        request.url.copy_with(host=str(address)),
        headers=request.headers,
        stream=request.stream,
        extensions=extensions,
    )


def _client(transport: httpx.BaseTransport | None) -> httpx.Client:
    if transport is None:
        transport = PinnedTransport(
            verify=tls.context(), limits=httpx.Limits(max_keepalive_connections=0)
        )
    return httpx.Client(
        transport=transport,
        follow_redirects=False,
        trust_env=False,  # an environment proxy would do its own DNS lookup
        headers={
            "User-Agent": settings.FETCH_USER_AGENT,
            "Accept": "text/html,application/xhtml+xml,application/pdf;q=0.9,*/*;q=0.8",
            "Accept-Language": "en;q=0.9, *;q=0.5",
        },
    )


# --- Fetching --------------------------------------------------------------------------------


def fetch(
    url: str,
    *,
    etag: str = "",
    last_modified: str = "",
    transport: httpx.BaseTransport | None = None,
    scope: Scope = NO_SCOPE,
    accept: str = "",
    max_bytes: int | None = None,
) -> Fetched:
    """GET a page, following up to MAX_REDIRECTS redirects, each checked by the SSRF guard
    and held to `scope`, the project's domains (OutOfScope names the rule that refused).

    With `etag` or `last_modified` (from an earlier fetch) the GET is conditional: a server
    whose page did not change answers 304, returned as such with an empty body.
    `transport` is for tests (e.g. `httpx.MockTransport`); the guard still runs on every hop,
    but pinning to the checked address is the default transport's job. `accept` replaces the
    Accept header (an image's download), `max_bytes` the FETCH_MAX_BYTES cap (a smaller one).
    """
    deadline = time.monotonic() + TOTAL_TIMEOUT
    current = _parse_url(url)
    limit = min(max_bytes or settings.FETCH_MAX_BYTES, settings.FETCH_MAX_BYTES)
    validators = {"If-None-Match": etag, "If-Modified-Since": last_modified, "Accept": accept}
    conditional = {name: value for name, value in validators.items() if value}
    with _client(transport) as client:
        for hop in range(MAX_REDIRECTS + 1):
            _check_scope(scope, current, redirected=hop > 0)
            result = _fetch_hop(client, current, deadline, conditional, limit)
            if isinstance(result, httpx.URL):
                current = result
                continue
            return Fetched(url, str(current), *result)
    raise FetchError(f"too many redirects (more than {MAX_REDIRECTS})")


def _check_scope(scope: Scope, url: httpx.URL, *, redirected: bool) -> None:
    refusal = scope.refusal(str(url))
    if refusal is not None:
        raise OutOfScope(f"redirected to {url}, {refusal}" if redirected else str(refusal))


def post(
    url: str,
    body: bytes,
    headers: dict[str, str],
    *,
    transport: httpx.BaseTransport | None = None,
) -> int:
    """POST `body` (a webhook's): the same SSRF guard and address pinning as a fetch, no
    redirect followed, the answer's body read no further. Returns the 2xx status; raises
    FetchError (BlockedURL for a refused address) saying why otherwise."""
    deadline = time.monotonic() + TOTAL_TIMEOUT
    url_ = _parse_url(url)
    addresses = check_url(url_)
    with _client(transport) as client:
        request = client.build_request(
            "POST",
            url_,
            content=body,
            headers=headers,
            timeout=_timeout(deadline),
            extensions={PIN_EXTENSION: addresses},
        )
        with _translate_errors(url_):
            response = client.send(request, stream=True)
            response.close()  # the status is the answer; its body is not read
    if not response.is_success:
        reason = f"HTTP {response.status_code} {response.reason_phrase}".strip()
        raise FetchError(reason, status_code=response.status_code)
    return response.status_code


# (status, content type, charset, body, etag, last modified)
_Page = tuple[int, str, str | None, bytes, str, str]


def _fetch_hop(
    client: httpx.Client,
    url: httpx.URL,
    deadline: float,
    conditional: dict[str, str],
    limit: int,
) -> httpx.URL | _Page:
    """One request: the redirect target, or the page (see _Page)."""
    addresses = check_url(url)
    request = client.build_request(
        "GET",
        url,
        headers=conditional,
        timeout=_timeout(deadline),
        extensions={PIN_EXTENSION: addresses},
    )
    with _translate_errors(url):
        response = client.send(request, stream=True)
        try:
            return _read_response(response, url, deadline, limit)
        finally:
            response.close()


def _read_response(
    response: httpx.Response, url: httpx.URL, deadline: float, limit: int
) -> httpx.URL | _Page:
    location = response.headers.get("location")
    if response.status_code in REDIRECT_STATUSES and location:
        try:
            return url.join(location.strip())
        except httpx.InvalidURL:
            raise FetchError(f"redirected to an invalid URL: {location[:200]}") from None
    validators = response.headers.get("etag", ""), response.headers.get("last-modified", "")
    if response.status_code == 304:
        return 304, "", None, b"", *validators
    if not response.is_success:
        reason = f"HTTP {response.status_code} {response.reason_phrase}".strip()
        raise FetchError(reason, status_code=response.status_code)
    content_type, charset = parse_content_type(response.headers.get("content-type", ""))
    body = _read_body(response, deadline, limit)
    return response.status_code, content_type, charset, body, *validators


def _read_body(response: httpx.Response, deadline: float, limit: int) -> bytes:
    declared = response.headers.get("content-length", "").strip()
    if declared.isdigit() and int(declared) > limit:
        raise FetchError(f"page is larger than {_size(limit)}")
    chunks: list[bytes] = []
    received = 0
    for chunk in response.iter_bytes():
        received += len(chunk)
        if received > limit:
            raise FetchError(f"page is larger than {_size(limit)}")
        if time.monotonic() > deadline:
            raise _too_slow()
        chunks.append(chunk)
    return b"".join(chunks)


def _timeout(deadline: float) -> httpx.Timeout:
    """Per-operation timeouts, none longer than what is left of the whole-fetch deadline."""
    remaining = deadline - time.monotonic()
    if remaining <= 0:
        raise _too_slow()
    return httpx.Timeout(remaining, connect=min(CONNECT_TIMEOUT, remaining))


@contextlib.contextmanager
def _translate_errors(url: httpx.URL) -> Iterator[None]:
    try:
        yield
    except httpx.ConnectTimeout:
        raise FetchError(f"timed out connecting to {url.host}") from None
    except httpx.TimeoutException:
        raise _too_slow() from None
    except httpx.ConnectError:
        raise FetchError(f"could not connect to {url.host}") from None
    except httpx.HTTPError as exc:
        raise FetchError(f"fetching {url.host} failed: {str(exc) or type(exc).__name__}") from None


def _too_slow() -> FetchError:
    return FetchError(f"page took longer than {TOTAL_TIMEOUT:g} seconds to download")


def _size(limit: int) -> str:
    if limit >= _MIB:
        return f"{limit / _MIB:.3g} MB"
    return f"{limit / 1024:.3g} KB"


def parse_content_type(header: str) -> tuple[str, str | None]:
    """`Text/HTML; charset="UTF-8"` -> ("text/html", "utf-8")."""
    media, _, params = header.partition(";")
    charset = None
    for param in params.split(";"):
        name, _, value = param.partition("=")
        if name.strip().lower() == "charset":
            charset = value.strip().strip("\"'").lower() or None
    return media.strip().lower(), charset
