"""The loopback HTTP server the fakes share: a real socket on 127.0.0.1, one thread per request.

A subclass implements `answer(request) -> Reply`. The base class records every request, counts
calls and the peak number of requests handled at once, sleeps `latency` seconds before each
answer, and plays queued faults (`fail_next`, `hang_next`) before the subclass sees a request.
"""

from __future__ import annotations

import json
import socket
import sys
import threading
from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Self
from urllib.parse import parse_qs, urlsplit

Body = bytes | Iterable[bytes]
CHUNK = 64 * 1024


@dataclass(frozen=True)
class RecordedRequest:
    """One request as the server received it."""

    method: str
    path: str  # without the query string
    query: dict[str, str]  # first value of each parameter
    headers: dict[str, str]  # keys lower-cased
    body: bytes

    @property
    def target(self) -> str:
        """The path with its query string, as it appeared on the request line."""
        if not self.query:
            return self.path
        return self.path + "?" + "&".join(f"{k}={v}" for k, v in self.query.items())

    def json(self) -> Any:
        return json.loads(self.body or b"null")


@dataclass
class Reply:
    """What to answer. A body that is not bytes is streamed chunk by chunk."""

    status: int = 200
    headers: dict[str, str] = field(default_factory=dict)
    body: Body = b""

    @classmethod
    def json(cls, payload: Any, status: int = 200, headers: dict[str, str] | None = None) -> Reply:
        data = json.dumps(payload).encode()
        return cls(status, {"Content-Type": "application/json", **(headers or {})}, data)

    @classmethod
    def text(cls, text: str, status: int = 200, content_type: str = "text/plain") -> Reply:
        return cls(status, {"Content-Type": f"{content_type}; charset=utf-8"}, text.encode())


@dataclass(frozen=True)
class _Failure:
    status: int
    body: Any
    headers: dict[str, str]


class _QuietServer(ThreadingHTTPServer):
    """A client that drops a kept-alive connection is no error of the server's."""

    def handle_error(self, request: Any, client_address: Any) -> None:
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


class FakeServer:
    """Base class: start()/stop(), context manager, `.url`, fault queues and counters."""

    label = "fake"

    def __init__(self, *, latency: float = 0.0, host: str = "127.0.0.1") -> None:
        if not host.startswith("127."):
            raise ValueError("fakes listen on loopback addresses only (127.0.0.0/8)")
        self.host = host
        self.latency = latency
        self.calls = 0
        self.peak_concurrency = 0
        self.received: list[RecordedRequest] = []
        self._active = 0
        self._lock = threading.Lock()
        self._stopping = threading.Event()
        self._failures: deque[_Failure] = deque()
        self._hangs: deque[float] = deque()
        self._httpd: ThreadingHTTPServer | None = None
        self._thread: threading.Thread | None = None
        self._connections: set[socket.socket] = set()

    # --- lifecycle ------------------------------------------------------------------------

    def start(self) -> Self:
        if self._httpd is not None:
            return self
        self._stopping.clear()
        httpd = _QuietServer((self.host, 0), _handler_class(self))
        httpd.daemon_threads = True
        httpd.block_on_close = False  # stop() must not wait for a handler told to hang
        self._httpd = httpd
        self._thread = threading.Thread(
            target=httpd.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True
        )
        self._thread.start()
        return self

    def stop(self) -> None:
        httpd, self._httpd = self._httpd, None
        if httpd is None:
            return
        self._stopping.set()  # wakes handlers sleeping in hang_next / latency
        httpd.shutdown()
        httpd.server_close()
        with self._lock:
            connections = list(self._connections)
        for connection in connections:  # kept-alive connections die with us
            try:
                connection.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
        if self._thread is not None:
            self._thread.join(timeout=5)

    def __enter__(self) -> Self:
        return self.start()

    def __exit__(self, *exc_info: object) -> None:
        self.stop()

    @property
    def port(self) -> int:
        if self._httpd is None:
            raise RuntimeError(f"{type(self).__name__} is not started; call start() first")
        return self._httpd.server_address[1]

    @property
    def url(self) -> str:
        return f"http://{self.host}:{self.port}"

    # --- faults ---------------------------------------------------------------------------

    def fail_next(
        self,
        status: int,
        count: int = 1,
        body: Any = None,
        headers: dict[str, str] | None = None,
    ) -> None:
        """Answer the next `count` requests with HTTP `status`.

        A 429 says `Retry-After: 0` (and `retry-after-ms: 1`, which the openai client reads
        first: it ignores a zero Retry-After and would back off for half a second instead).
        """
        default_headers = {"Retry-After": "0", "retry-after-ms": "1"} if status == 429 else {}
        failure = _Failure(status, body, {**default_headers, **(headers or {})})
        with self._lock:
            self._failures.extend([failure] * count)

    def hang_next(self, seconds: float, count: int = 1) -> None:
        """Sleep `seconds` before answering each of the next `count` requests."""
        with self._lock:
            self._hangs.extend([seconds] * count)

    @property
    def paths(self) -> list[str]:
        with self._lock:
            return [request.path for request in self.received]

    # --- for subclasses -------------------------------------------------------------------

    def answer(self, request: RecordedRequest) -> Reply:
        raise NotImplementedError

    def record(self, request: RecordedRequest) -> None:
        """Called under the lock for each request: subclasses fill their `requests` view."""

    def failure_reply(self, status: int, body: Any, headers: dict[str, str]) -> Reply:
        if body is None:
            body = {"error": {"message": f"{self.label} injected HTTP {status}", "code": status}}
        if isinstance(body, bytes | str):
            data = body.encode() if isinstance(body, str) else body
            return Reply(status, {"Content-Type": "text/plain; charset=utf-8", **headers}, data)
        return Reply.json(body, status, headers)

    # --- the request path -----------------------------------------------------------------

    def counts(self, request: RecordedRequest) -> bool:
        """Whether `request` is one the test scripts: it counts in `calls` and concurrency,
        waits `latency` and plays the queued faults and hangs. Subclasses leave out side
        requests (metadata, which real servers answer at once)."""
        return True

    def _begin(self, request: RecordedRequest) -> tuple[float, _Failure | None]:
        counted = self.counts(request)
        with self._lock:
            self.received.append(request)
            self.record(request)
            if not counted:
                return 0.0, None
            self.calls += 1
            self._active += 1
            self.peak_concurrency = max(self.peak_concurrency, self._active)
            hang = self._hangs.popleft() if self._hangs else 0.0
            failure = self._failures.popleft() if self._failures else None
        return self.latency + hang, failure

    def _end(self, request: RecordedRequest) -> None:
        if self.counts(request):
            with self._lock:
                self._active -= 1

    def _dispatch(self, request: RecordedRequest) -> Reply:
        wait, failure = self._begin(request)
        try:
            self._sleep(wait)
            if failure is not None:
                return self.failure_reply(failure.status, failure.body, failure.headers)
            return self.answer(request)
        finally:
            self._end(request)

    def _sleep(self, seconds: float) -> None:
        if seconds > 0:
            self._stopping.wait(seconds)


def _handler_class(fake: FakeServer) -> type[BaseHTTPRequestHandler]:
    class Handler(_Handler):
        server_fake = fake

    return Handler


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_fake: FakeServer

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - stdlib signature
        """Quiet: tests read `requests`, not stderr."""

    def setup(self) -> None:
        super().setup()
        # Headers and body go out in separate writes; without this, Nagle's algorithm holds the
        # body until the client's delayed ACK (about 40 ms), as no real server would.
        self.connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        with self.server_fake._lock:
            self.server_fake._connections.add(self.connection)

    def finish(self) -> None:
        with self.server_fake._lock:
            self.server_fake._connections.discard(self.connection)
        super().finish()

    def _handle(self, head_only: bool = False) -> None:
        try:
            reply = self.server_fake._dispatch(self._recorded())
        except Exception as exc:  # a bug in a responder must not kill the connection silently
            reply = Reply.text(f"{type(self.server_fake).__name__} failed: {exc!r}", status=500)
        try:
            self._write(reply, head_only=head_only)
        except (ConnectionError, TimeoutError):
            self.close_connection = True  # the client went away (timeouts, byte caps)

    do_GET = do_POST = do_PUT = do_PATCH = do_DELETE = do_OPTIONS = _handle

    def do_HEAD(self) -> None:
        self._handle(head_only=True)

    def _recorded(self) -> RecordedRequest:
        split = urlsplit(self.path)
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length else b""
        query = {key: values[0] for key, values in parse_qs(split.query).items()}
        headers = {key.lower(): value for key, value in self.headers.items()}
        return RecordedRequest(self.command, split.path or "/", query, headers, body)

    def _write(self, reply: Reply, *, head_only: bool) -> None:
        self.send_response(reply.status)
        headers = {key.title(): value for key, value in reply.headers.items()}
        for key, value in headers.items():
            self.send_header(key, value)
        if isinstance(reply.body, bytes):
            if "Content-Length" not in headers:
                self.send_header("Content-Length", str(len(reply.body)))
            self.end_headers()
            if not head_only:
                self.wfile.write(reply.body)
            return
        self._stream(reply.body, chunked="Content-Length" not in headers, head_only=head_only)

    def _stream(self, chunks: Iterable[bytes], *, chunked: bool, head_only: bool) -> None:
        if chunked:
            self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()
        if head_only:
            return
        for chunk in chunks:
            if not chunk:
                continue
            self.wfile.write(b"%X\r\n%s\r\n" % (len(chunk), chunk) if chunked else chunk)
        if chunked:
            self.wfile.write(b"0\r\n\r\n")
