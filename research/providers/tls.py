"""One TLS context for all outbound HTTPS: building one costs tens of milliseconds of CPU."""

from __future__ import annotations

import functools
import ssl

import certifi


@functools.cache
def context() -> ssl.SSLContext:
    return ssl.create_default_context(cafile=certifi.where())
