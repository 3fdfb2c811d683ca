"""The REST API's routes, one module per resource, each a django-ninja Router.

Handlers are thin: they parse, call the same domain functions as the pages (research.projects,
research.notes, research.pipeline.control and .reruns) and serialise with the explicit In/Out
schemas of research/schemas.py. Errors are the one family of research/errors.py, which
research_site/api.py turns into JSON `{"detail": ...}` with each kind's HTTP status.
"""

from ninja import Router

from research.api import (
    claims,
    library,
    members,
    notes,
    projects,
    queries,
    questions,
    refreshes,
    reports,
    sources,
    watching,
)

router = Router()
for routes in (
    members.router,
    projects.router,
    queries.router,
    queries.section_router,
    sources.router,
    reports.router,
    claims.router,
    questions.router,
    refreshes.router,
    notes.router,
    library.router,
    watching.router,
):
    router.add_router("", routes)
