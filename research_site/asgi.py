"""The ASGI application `make run` serves (gunicorn's asgi worker): Dossier's MCP endpoint at
/mcp (research/api/mcp/http.py), and the Django site for every other path, at most
WEB_THREADS of its requests at once per worker process, as gunicorn's threads bounded them."""

import os
import warnings

import anyio
from django.conf import settings
from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "research_site.settings")
site = get_asgi_application()

from research.api.mcp import http as mcp_http  # noqa: E402 - needs Django set up first

# Whitenoise's static files and our downloads are file responses with synchronous iterators:
# under ASGI Django reads them in a thread, whole, which is what it warns about on every one.
# They are small (static files) or built in memory anyway (exports), so the warning is noise.
warnings.filterwarnings(
    "ignore", message="StreamingHttpResponse must consume synchronous iterators", category=Warning
)


def make_application():
    """One application: its own MCP endpoint (whose session manager runs once, in this
    application's lifespan) and its own bound on the site's requests."""
    mcp = mcp_http.Endpoint()
    slots: list[anyio.CapacityLimiter] = []  # made in the server's event loop, on first use

    async def application(scope, receive, send):
        if mcp_http.serves(scope):
            await mcp(scope, receive, send)
            return
        if not slots:
            slots.append(anyio.CapacityLimiter(settings.WEB_THREADS))
        async with slots[0]:
            await site(scope, receive, send)

    return application


application = make_application()
