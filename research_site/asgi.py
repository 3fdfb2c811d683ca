"""The ASGI application `make run` serves (gunicorn's asgi worker): Dossier's MCP endpoint at
/mcp (research/api/mcp/http.py), and the Django site for every other path.

The site runs as the WSGI application it is, on a pool of WEB_THREADS threads per worker
process (a2wsgi), as gunicorn's gthread worker ran it: each thread keeps its database
connection between requests (CONN_MAX_AGE), where Django's own ASGI handler would open one per
request on a new thread. The MCP endpoint is asynchronous: a client following a long run holds
no thread."""

import os
from typing import Any, cast

from a2wsgi import WSGIMiddleware
from django.conf import settings
from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "research_site.settings")
site = get_wsgi_application()

from research.api.mcp import http as mcp_http  # noqa: E402 - needs Django set up first


def make_application():
    """One application, with its own MCP endpoint (whose session manager runs once, in this
    application's lifespan) and its own pool of threads for the site."""
    mcp = mcp_http.Endpoint()
    pages = WSGIMiddleware(cast(Any, site), workers=settings.WEB_THREADS)

    async def application(scope, receive, send):
        if mcp_http.serves(scope):
            await mcp(scope, receive, send)
        else:
            await pages(scope, receive, send)

    return application


application = make_application()
