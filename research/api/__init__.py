"""The REST API: one django-ninja Router per resource (this folder), each with its own explicit
In/Out schemas (`schemas/`, one module per router).

Handlers are thin: they parse, call the same services as the pages (`research/services/`) and
load rows through the same selectors, then serialise. Errors are the one family of
research/errors.py, which research_site/api.py turns into JSON `{"detail": ...}` with each
kind's HTTP status.
"""

from ninja import Router

from research.api import (
    analysis,
    claims,
    figures,
    library,
    members,
    notes,
    plan,
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
    plan.router,
    queries.router,
    queries.section_router,
    sources.router,
    reports.router,
    claims.router,
    analysis.router,
    figures.router,
    questions.router,
    refreshes.router,
    notes.router,
    library.router,
    watching.router,
):
    router.add_router("", routes)
