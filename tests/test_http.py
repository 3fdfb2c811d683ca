"""The fetch choke point: SSRF guard, redirects, limits, deadline, address pinning.

A real HTTP server on 127.0.0.1 (stdlib, in a thread) plays the web; nothing here touches the
internet. Loopback is refused by default, so tests that use the server allow 127.0.0.1.
"""

from __future__ import annotations

import functools
import ipaddress
import socket
import threading
import warnings
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import httpx
import pytest

from research.providers import http as fetcher
from research.providers.extract import ExtractError, extract
from research.providers.http import BlockedURL, FetchError, check_url, fetch
from tests.system import needs_pango

TEN_MB = 10 * 1024 * 1024
FIFTY_MB = 50 * 1024 * 1024
CHUNK = b"x" * 65536
PNG = bytes.fromhex("89504e470d0a1a0a0000000d4948445200000001000000010806000000") + b"\x00" * 64

ARTICLE = (
    b"<!doctype html><html><head><meta charset='utf-8'><title>Loopback article</title></head>"
    b"<body><article><h1>Loopback article</h1>"
    b"<p>The loopback server serves this paragraph so the fetcher has something to read.</p>"
    b"<p>A second paragraph makes it look like a real article with more than one block.</p>"
    b"</article></body></html>"
)
CP1252_PAGE = (
    "<html><head><title>Caf\u00e9 notes</title></head><body><article>"
    "<p>The caf\u00e9 on the corner serves cr\u00e8me br\u00fbl\u00e9e and na\u00efve coffee.</p>"
    "<p>It is declared as UTF-8 by the server but written in Windows-1252 by its author.</p>"
    "</article></body></html>"
).encode("cp1252")


@dataclass
class Site:
    """The loopback test server: `url(path)`, and the (path, Host header) of each request."""

    port: int
    stopping: threading.Event
    requests: list[tuple[str, str]] = field(default_factory=list)

    def url(self, path: str) -> str:
        return f"http://127.0.0.1:{self.port}{path}"


class Handler(BaseHTTPRequestHandler):
    """HTTP/1.0, so every response ends with the connection: bodies without a length work."""

    server: _Server

    def log_message(self, format: str, *args: object) -> None:  # keep test output quiet
        pass

    def do_GET(self) -> None:
        site = self.server.site
        site.requests.append((self.path, self.headers.get("Host", "")))
        path, _, query = self.path.partition("?")
        if path.startswith("/chain/"):
            return self._chain(int(path.removeprefix("/chain/")))
        route = ROUTES.get(path)
        if route is None:
            return self._send(404, "text/html", b"<p>not here</p>")
        try:
            route(self, query)
        except (BrokenPipeError, ConnectionResetError):
            pass  # the client gave up, as it should

    def _send(self, status: int, content_type: str, body: bytes, **headers: str) -> None:
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        for name, value in headers.items():
            self.send_header(name.replace("_", "-"), value)
        self.end_headers()
        self.wfile.write(body)

    def _chain(self, remaining: int) -> None:
        if remaining == 0:
            return self._send(200, "text/html; charset=utf-8", ARTICLE)
        self._send(302, "text/html", b"", Location=f"/chain/{remaining - 1}")

    def page(self, query: str) -> None:
        self._send(200, "text/html; charset=utf-8", ARTICLE)

    def loop(self, query: str) -> None:
        self._send(302, "text/html", b"", Location="/loop")

    def redirect(self, query: str) -> None:
        self._send(302, "text/html", b"", Location=query.removeprefix("to="))

    def big(self, query: str) -> None:
        self.send_response(200)
        self.send_header("Content-Type", "text/html")
        if query != "unsized":
            self.send_header("Content-Length", str(FIFTY_MB))
        self.end_headers()
        for _ in range(FIFTY_MB // len(CHUNK)):
            self.wfile.write(CHUNK)

    def slow(self, query: str) -> None:
        self.send_response(200)
        self.send_header("Content-Type", "text/plain")
        self.send_header("Content-Length", "100000")
        self.end_headers()
        while not self.server.site.stopping.wait(0.05):
            self.wfile.write(b"x")
            self.wfile.flush()

    def image(self, query: str) -> None:
        self._send(200, "image/png", PNG)

    def wrong_charset(self, query: str) -> None:
        self._send(200, "text/html; charset=utf-8", CP1252_PAGE)

    def pdf(self, query: str) -> None:
        self._send(200, "application/pdf", _make_pdf())

    def text(self, query: str) -> None:
        self._send(
            200, "text/plain; charset=utf-8", "Plain notes.\n\nSecond line \u2014 ok.\n".encode()
        )


ROUTES = {
    "/page": Handler.page,
    "/loop": Handler.loop,
    "/redirect": Handler.redirect,
    "/big": Handler.big,
    "/slow": Handler.slow,
    "/image.png": Handler.image,
    "/wrong-charset": Handler.wrong_charset,
    "/report.pdf": Handler.pdf,
    "/notes.txt": Handler.text,
}


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    site: Site


@functools.cache
def _make_pdf() -> bytes:
    with warnings.catch_warnings():  # weasyprint warns about an optional system library
        warnings.simplefilter("ignore", DeprecationWarning)
        import weasyprint

    html = (
        "<html><head><title>Loopback report</title></head><body><h1>Loopback report</h1>"
        "<p>Revenue grew by 12 percent in 2024.</p></body></html>"
    )
    return weasyprint.HTML(string=html).write_pdf()


@pytest.fixture(scope="module")
def server() -> Iterator[Site]:
    httpd = _Server(("127.0.0.1", 0), Handler)
    httpd.site = Site(port=httpd.server_address[1], stopping=threading.Event())
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield httpd.site
    finally:
        httpd.site.stopping.set()
        httpd.shutdown()
        httpd.server_close()
        thread.join(timeout=5)


@pytest.fixture
def site(server: Site, settings) -> Site:
    settings.FETCH_ALLOW_HOSTS = ["127.0.0.1"]
    settings.FETCH_MAX_BYTES = TEN_MB
    return server


@pytest.fixture
def no_exemptions(settings) -> None:
    settings.FETCH_ALLOW_HOSTS = []


# --- SSRF guard --------------------------------------------------------------------------------

REFUSED = [
    "http://127.0.0.1/",
    "http://localhost/",
    "http://10.0.0.1/",
    "http://172.16.5.4/",
    "http://192.168.1.1/",
    "http://169.254.169.254/latest/meta-data/",
    "http://100.100.100.200/",
    "http://0.0.0.0/",
    "http://[::1]/",
    "http://[::ffff:127.0.0.1]/",
    "http://[::ffff:a9fe:a9fe]/",
    "http://[fd00::1]/",
    "http://[fe80::1]/",
    "http://2130706433/",
    "http://0177.0.0.1/",
    "http://0x7f.0.0.1/",
    "http://127.1/",
    "http://127.0.0.1.:8000/",
    "https://user:pass@10.1.2.3:8443/admin",
]


@pytest.mark.parametrize("url", REFUSED)
def test_it_refuses_non_public_addresses(no_exemptions, url):
    with pytest.raises(BlockedURL) as refused:
        check_url(url)
    assert refused.value.blocked is True
    assert refused.value.reason


@pytest.mark.parametrize("url", REFUSED)
def test_fetch_refuses_non_public_addresses_before_connecting(no_exemptions, url):
    def never(request: httpx.Request) -> httpx.Response:
        raise AssertionError(f"connected to {request.url}")

    with pytest.raises(BlockedURL):
        fetch(url, transport=httpx.MockTransport(never))


@pytest.mark.parametrize("host", ["2130706433", "0177.0.0.1", "0x7f.0.0.1", "127.1"])
def test_it_reads_odd_ipv4_spellings_as_loopback_without_asking_dns(host, monkeypatch):
    def no_dns(*args, **kwargs):
        raise AssertionError("DNS was asked")

    monkeypatch.setattr(socket, "getaddrinfo", no_dns)
    assert fetcher._ip_literal(host) == ipaddress.IPv4Address("127.0.0.1")


@pytest.mark.parametrize(
    "url", ["file:///etc/passwd", "ftp://example.com/x", "gopher://example.com/", "data:,hi"]
)
def test_it_refuses_schemes_other_than_http_and_https(no_exemptions, url):
    with pytest.raises(BlockedURL, match="only http and https"):
        check_url(url)


def test_it_lets_a_public_ip_literal_through(no_exemptions):
    assert check_url("http://93.184.216.34/") == [ipaddress.IPv4Address("93.184.216.34")]
    assert check_url("https://[2606:2800:220:1::1]/x") == [
        ipaddress.IPv6Address("2606:2800:220:1::1")
    ]


def test_it_refuses_a_name_if_any_of_its_addresses_is_private(no_exemptions, monkeypatch):
    def resolve(host, port, *args, **kwargs):
        return [
            (socket.AF_INET, socket.SOCK_STREAM, 6, "", ("93.184.216.34", port)),
            (socket.AF_INET, socket.SOCK_STREAM, 6, "", ("10.0.0.7", port)),
        ]

    monkeypatch.setattr(socket, "getaddrinfo", resolve)
    with pytest.raises(BlockedURL, match="10.0.0.7"):
        check_url("http://mixed.example.test/")


def test_an_unresolvable_host_is_a_fetch_error_not_a_block(no_exemptions, monkeypatch):
    def fail(*args, **kwargs):
        raise socket.gaierror(socket.EAI_NONAME, "Name or service not known")

    monkeypatch.setattr(socket, "getaddrinfo", fail)
    with pytest.raises(FetchError) as failed:
        check_url("http://nowhere.example.test/")
    assert not failed.value.blocked
    assert "could not resolve" in failed.value.reason


@pytest.mark.parametrize("allowed", ["127.0.0.1", "127.0.0.0/8"])
def test_fetch_allow_hosts_lets_loopback_through(settings, allowed):
    settings.FETCH_ALLOW_HOSTS = [allowed]
    assert check_url("http://127.0.0.1:8000/") == [ipaddress.IPv4Address("127.0.0.1")]
    with pytest.raises(BlockedURL):
        check_url("http://10.0.0.1/")


def test_fetch_allow_hosts_matches_host_names(settings):
    settings.FETCH_ALLOW_HOSTS = ["LocalHost"]
    assert check_url("http://localhost/")
    with pytest.raises(BlockedURL):
        check_url("http://127.0.0.1/")


# --- Fetching from the loopback server ---------------------------------------------------------


def test_it_fetches_a_page(site):
    fetched = fetch(site.url("/page"))
    assert fetched.url == site.url("/page")
    assert fetched.final_url == site.url("/page")
    assert fetched.status_code == 200
    assert fetched.content_type == "text/html"
    assert fetched.charset == "utf-8"
    assert fetched.body == ARTICLE


def test_it_sends_the_configured_user_agent(settings):
    settings.FETCH_ALLOW_HOSTS = []
    settings.FETCH_USER_AGENT = "Mozilla/5.0 (test) Dossier/0.1"
    seen: list[str] = []

    def handler(request: httpx.Request) -> httpx.Response:
        seen.append(request.headers["user-agent"])
        return httpx.Response(200, headers={"Content-Type": "text/plain"}, content=b"hi")

    fetch("http://93.184.216.34/", transport=httpx.MockTransport(handler))
    assert seen == ["Mozilla/5.0 (test) Dossier/0.1"]


def test_a_404_is_a_fetch_error_with_the_status(site):
    with pytest.raises(FetchError) as failed:
        fetch(site.url("/missing"))
    assert failed.value.status_code == 404
    assert failed.value.reason == "HTTP 404 Not Found"
    assert not failed.value.blocked


def test_a_redirect_loop_fails_on_too_many_redirects(site):
    with pytest.raises(FetchError, match="redirects"):
        fetch(site.url("/loop"))


def test_six_redirects_are_too_many(site):
    with pytest.raises(FetchError, match="redirects"):
        fetch(site.url("/chain/6"))


def test_five_redirects_are_followed_with_relative_locations(site):
    fetched = fetch(site.url("/chain/5"))
    assert fetched.url == site.url("/chain/5")
    assert fetched.final_url == site.url("/chain/0")
    assert fetched.body == ARTICLE


@pytest.mark.parametrize("target", ["http://10.0.0.1/", "http://169.254.169.254/latest/"])
def test_a_redirect_to_a_private_address_is_refused(site, target):
    with pytest.raises(BlockedURL):
        fetch(site.url(f"/redirect?to={target}"))


def test_a_redirect_is_checked_even_with_an_injected_transport(no_exemptions):
    asked: list[str] = []

    def handler(request: httpx.Request) -> httpx.Response:
        asked.append(str(request.url))
        return httpx.Response(302, headers={"Location": "http://169.254.169.254/latest/"})

    with pytest.raises(BlockedURL):
        fetch("http://93.184.216.34/start", transport=httpx.MockTransport(handler))
    assert asked == ["http://93.184.216.34/start"]


def test_a_redirect_to_another_scheme_is_refused(no_exemptions):
    def handler(request: httpx.Request) -> httpx.Response:
        return httpx.Response(301, headers={"Location": "file:///etc/passwd"})

    with pytest.raises(BlockedURL):
        fetch("http://93.184.216.34/", transport=httpx.MockTransport(handler))


@pytest.mark.parametrize("query", ["", "?unsized"], ids=["content-length", "no-content-length"])
def test_a_50_mb_body_is_refused(site, query):
    with pytest.raises(FetchError, match="larger than 10 MB"):
        fetch(site.url(f"/big{query}"))


def test_a_page_that_dribbles_past_the_deadline_is_abandoned(site, monkeypatch):
    monkeypatch.setattr(fetcher, "TOTAL_TIMEOUT", 0.5)
    with pytest.raises(FetchError, match="took longer"):
        fetch(site.url("/slow"))


def test_it_connects_to_the_address_it_checked_without_a_second_lookup(site, monkeypatch):
    """DNS rebinding: the first answer is loopback (allowed), every later one is 10.0.0.1."""
    real_getaddrinfo = socket.getaddrinfo
    lookups: list[str] = []

    def rebinding(host, port, *args, **kwargs):
        if host != "rebind.example.test":
            return real_getaddrinfo(host, port, *args, **kwargs)
        lookups.append(host)
        address = "127.0.0.1" if len(lookups) == 1 else "10.0.0.1"
        return [(socket.AF_INET, socket.SOCK_STREAM, 6, "", (address, port))]

    monkeypatch.setattr(socket, "getaddrinfo", rebinding)
    monkeypatch.setattr(fetcher, "CONNECT_TIMEOUT", 1.0)
    fetched = fetch(f"http://rebind.example.test:{site.port}/page")
    assert fetched.body == ARTICLE
    assert lookups == ["rebind.example.test"]
    assert site.requests[-1] == ("/page", f"rebind.example.test:{site.port}")


def test_https_is_pinned_to_the_ip_with_the_host_name_for_sni(no_exemptions, monkeypatch):
    def resolve(host, port, *args, **kwargs):
        return [(socket.AF_INET, socket.SOCK_STREAM, 6, "", ("93.184.216.34", port))]

    sent: list[httpx.Request] = []

    def transport_send(self, request: httpx.Request) -> httpx.Response:
        sent.append(request)
        return httpx.Response(200, headers={"Content-Type": "text/plain"}, content=b"ok")

    monkeypatch.setattr(socket, "getaddrinfo", resolve)
    monkeypatch.setattr(httpx.HTTPTransport, "handle_request", transport_send)
    fetched = fetch("https://docs.example.test/a?b=1")
    assert fetched.final_url == "https://docs.example.test/a?b=1"
    [request] = sent
    assert str(request.url) == "https://93.184.216.34/a?b=1"
    assert request.headers["host"] == "docs.example.test"
    assert request.extensions["sni_hostname"] == "docs.example.test"


def test_the_pinned_transport_refuses_an_unchecked_request():
    with fetcher.PinnedTransport() as transport, pytest.raises(BlockedURL):
        transport.handle_request(httpx.Request("GET", "http://127.0.0.1/"))


def test_content_type_is_split_into_media_type_and_charset(no_exemptions):
    def handler(request: httpx.Request) -> httpx.Response:
        headers = {"Content-Type": 'Text/HTML; Charset="ISO-8859-1"'}
        return httpx.Response(200, headers=headers, content=b"<p>x</p>")

    fetched = fetch("http://93.184.216.34/", transport=httpx.MockTransport(handler))
    assert (fetched.content_type, fetched.charset) == ("text/html", "iso-8859-1")


# --- Fetch, then extract -----------------------------------------------------------------------


def test_a_fetched_image_is_not_extracted(site):
    fetched = fetch(site.url("/image.png"))
    assert fetched.content_type == "image/png"
    with pytest.raises(ExtractError, match="unsupported content type image/png"):
        extract(fetched.body, fetched.content_type, fetched.charset, fetched.final_url)


def test_a_page_with_the_wrong_declared_charset_still_reads(site):
    fetched = fetch(site.url("/wrong-charset"))
    assert fetched.charset == "utf-8"
    page = extract(fetched.body, fetched.content_type, fetched.charset, fetched.final_url)
    assert "The caf\u00e9 on the corner serves cr\u00e8me br\u00fbl\u00e9e" in page.text


@needs_pango()  # the PDF is made with WeasyPrint
def test_a_fetched_pdf_is_extracted(site):
    fetched = fetch(site.url("/report.pdf"))
    page = extract(fetched.body, fetched.content_type, fetched.charset, fetched.final_url)
    assert page.extractor == "pypdf"
    assert page.title == "Loopback report"
    assert "Revenue grew by 12 percent in 2024." in page.text


def test_fetched_plain_text_is_kept_as_is(site):
    fetched = fetch(site.url("/notes.txt"))
    page = extract(fetched.body, fetched.content_type, fetched.charset, fetched.final_url)
    assert page.extractor == "text"
    assert page.text == "Plain notes.\n\nSecond line \u2014 ok."


def test_a_fetched_article_is_extracted(site):
    fetched = fetch(site.url("/page"))
    page = extract(fetched.body, fetched.content_type, fetched.charset, fetched.final_url)
    assert page.extractor == "trafilatura"
    assert "so the fetcher has something to read." in page.text
