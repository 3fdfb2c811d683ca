"""Pay a process's one-off start-up costs before its first step, not during it.

The first TLS context, the first httpx request and transport (their lazy imports),
trafilatura's first extraction, the prompt templates, the JSON schemas and the openai client
each cost milliseconds to tens of milliseconds of CPU. Paid inside the first parallel steps,
they serialise on the import lock and the GIL while other steps wait.

The sample's URL is an IP address with a port: for such URLs (intranet hosts too) trafilatura,
through courlan and tld, loads the public suffix list, about 30 ms of CPU, which parallel first
fetches would otherwise each load again. Last, the objects start-up made are frozen out of the
garbage collector's full collections.

Nothing here touches the network or the database. The worker calls this before its first step,
the `research` command before it starts.
"""

from __future__ import annotations

import datetime
import functools
import gc
import logging

import httpx
from django.conf import settings
from django.utils import formats

from research import prompts
from research.providers import extract, llm, tls

log = logging.getLogger(__name__)

WARM_UP_URL = "http://192.0.2.1:8080/warm-up"  # a documentation address, never requested
SAMPLE = (
    b"<html><head><title>Warm up</title></head><body><article><h1>Warm up</h1>"
    b"<p>This paragraph exists so that the extractor builds its parsers once, at start-up.</p>"
    b"<p>A second paragraph, because extractors look for more than one.</p></article></body></html>"
)


@functools.cache
def warm_up() -> None:
    _warm_up_http()
    try:
        extract.extract(SAMPLE, "text/html", "utf-8", WARM_UP_URL)
    except extract.ExtractError as exc:  # the sample is ours: say so if it stops extracting
        log.warning("warm-up extraction failed: %s", exc.reason)
    _warm_up_llm()
    _freeze_start_up_objects()


def _freeze_start_up_objects() -> None:
    """Move the quarter of a million objects that start-up leaves (modules, classes, templates)
    out of the garbage collector's sight. Otherwise the first full collection during the
    first run walks them all while holding the GIL: about 120 ms in which no step runs."""
    gc.collect()
    gc.freeze()


def _warm_up_http() -> None:
    """The TLS context; httpx's lazy imports (a first request); httpcore and h11, which the
    first real transport imports; the IDNA codec, which the first non-ASCII host needs."""
    tls.context()
    transport = httpx.MockTransport(lambda request: httpx.Response(200, text="ok"))
    with httpx.Client(transport=transport) as client:
        client.get("http://warm-up.invalid/")
    httpx.HTTPTransport(verify=tls.context()).close()
    "warm-up.example".encode("idna")


def _warm_up_llm() -> None:
    """The prompt templates and the date formats they use, every output's JSON schema, and the
    openai client when an LLM is configured."""
    prompts.load_all()
    formats.localize(datetime.date.today())
    for model in prompts.output_models():
        llm.json_schema(model)
    if settings.LLM_MODEL:
        llm.LLMClient(settings.LLM_MODEL)
