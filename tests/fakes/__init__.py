"""Loopback fakes of the services Dossier talks to: an LLM, a SearXNG instance and the web."""

from tests.fakes.llm import FakeLLM
from tests.fakes.searx import FakeSearx
from tests.fakes.server import FakeServer, RecordedRequest, Reply
from tests.fakes.web import FakeWeb, Route

__all__ = ["FakeLLM", "FakeSearx", "FakeServer", "FakeWeb", "RecordedRequest", "Reply", "Route"]
