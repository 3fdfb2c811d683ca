"""Pay a process's one-off start-up costs before its first step, not during it.

The first TLS context, the first httpx request (its lazy imports) and trafilatura's first
extraction each cost tens of milliseconds of CPU; paid inside the first parallel fetches they
serialise on the import lock and the GIL while other steps wait. Nothing here touches the
network. The worker calls this before its first step, the `research` command before it starts.
"""

from __future__ import annotations

import functools
import logging

import httpx

from research.providers import extract, tls

log = logging.getLogger(__name__)

SAMPLE = (
    b"<html><head><title>Warm up</title></head><body><article><h1>Warm up</h1>"
    b"<p>This paragraph exists so that the extractor builds its parsers once, at start-up.</p>"
    b"<p>A second paragraph, because extractors look for more than one.</p></article></body></html>"
)


@functools.cache
def warm_up() -> None:
    tls.context()
    transport = httpx.MockTransport(lambda request: httpx.Response(200, text="ok"))
    with httpx.Client(transport=transport) as client:
        client.get("http://warm-up.invalid/")
    try:
        extract.extract(SAMPLE, "text/html", "utf-8", "http://warm-up.invalid/")
    except extract.ExtractError as exc:  # the sample is ours: say so if it stops extracting
        log.warning("warm-up extraction failed: %s", exc.reason)
