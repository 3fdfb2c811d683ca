"""Pay a process's one-off start-up costs before its first step, not during it.

The first TLS context, the first httpx request (its lazy imports) and trafilatura's first
extraction each cost tens of milliseconds of CPU; paid inside the first parallel fetches they
serialise on the import lock and the GIL while other steps wait. The sample's URL is an IP
address with a port: for such URLs (intranet hosts too) trafilatura, through courlan and tld,
loads the public suffix list, about 30 ms of CPU, which parallel first fetches would otherwise
each load again. Nothing here touches the network. The worker calls this before its first
step, the `research` command before it starts.
"""

from __future__ import annotations

import functools
import logging

import httpx

from research.providers import extract, tls

log = logging.getLogger(__name__)

WARM_UP_URL = "http://192.0.2.1:8080/warm-up"  # a documentation address, never requested
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
        extract.extract(SAMPLE, "text/html", "utf-8", WARM_UP_URL)
    except extract.ExtractError as exc:  # the sample is ours: say so if it stops extracting
        log.warning("warm-up extraction failed: %s", exc.reason)
