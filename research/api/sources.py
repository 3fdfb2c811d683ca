"""Sources: list, add by URL, read with text and summaries, flags, refetch, resummarise."""

from django.db.models import Prefetch
from ninja import Router
from ninja.pagination import paginate
from ninja.responses import Status

from research.api.common import ACTION, BODY, RERUN, Pagination, answers
from research.api.schemas.common import Id
from research.api.schemas.sources import SourceDetailOut, SourceFlagsIn, SourceIn, SourceOut
from research.models import Source, Summary
from research.services import runs, selectors, sources

router = Router(tags=["sources"])


@router.get("/projects/{project_id}/sources", response=answers({200: list[SourceOut]}, 404))
@paginate(Pagination)
def list_sources(request, project_id: Id):
    """The project's sources by citation number."""
    rows = Source.objects.filter(project=selectors.get_project(project_id))
    return rows.select_related("added_by").order_by("n")


@router.post("/projects/{project_id}/sources", response=answers({201: SourceOut}, *ACTION, BODY))
def add_source(request, project_id: Id, payload: SourceIn):
    """Add a page by hand: it is fetched, and summarised once the project has run."""
    source = sources.add_source(
        selectors.get_project(project_id), url=payload.url, user=request.auth
    )
    return Status(201, selectors.get_source(source.pk))


@router.get("/sources/{source_id}", response=answers({200: SourceDetailOut}, 404))
def get_source(request, source_id: Id):
    """The source, its extracted text and its summaries with their quotes."""
    summaries = Summary.objects.select_related("query").order_by("query__position", "query_id")
    rows = Source.objects.live().select_related("project", "snapshot", "added_by")
    return selectors.get_row(
        rows.prefetch_related(Prefetch("summaries", summaries)), source_id, "source"
    )


@router.patch("/sources/{source_id}", response=answers({200: SourceOut}, 404, BODY))
def set_source_flags(request, source_id: Id, payload: SourceFlagsIn):
    """Exclude a source from the report, or pin it."""
    return sources.set_source_flags(
        selectors.get_source(source_id),
        user=request.auth,
        excluded=payload.excluded,
        pinned=payload.pinned,
    )


@router.post("/sources/{source_id}/refetch", response=answers({202: SourceOut}, *RERUN))
def refetch_source(request, source_id: Id):
    """Download the page again (bypassing the cache), then summarise it again."""
    source = runs.refetch_source(selectors.get_source(source_id), user=request.auth)
    return Status(202, selectors.get_source(source.pk))


@router.post("/sources/{source_id}/resummarize", response=answers({202: SourceOut}, *RERUN))
def resummarize_source(request, source_id: Id):
    """Summarise the stored page again for every query that selected it."""
    source = runs.resummarize_source(selectors.get_source(source_id), user=request.auth)
    return Status(202, selectors.get_source(source.pk))
