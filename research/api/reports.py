"""Reports: the current version, all versions, a new version, a member's hand edit, a section's
rewrite, export as Markdown, PDF, Word, PowerPoint, HTML or ZIP."""

from django.http import HttpResponse
from ninja import Query, Router
from ninja.pagination import paginate
from ninja.responses import Status

from research.api.common import ACTION, BODY, RERUN, Pagination, answers
from research.api.schemas.common import Id, StepOut
from research.api.schemas.reports import (
    ExportFormatName,
    ReportEditIn,
    ReportFilter,
    ReportIn,
    ReportOut,
    ReportVersionOut,
    SectionRewriteIn,
)
from research.models import Report
from research.services import edits, rewrites, runs, selectors

router = Router(tags=["reports"])


def _report(project_id: int, version: int | None) -> Report:
    rows = Report.objects.select_related("created_by").prefetch_related("cited_sources")
    return selectors.get_report(selectors.get_project(project_id), version, rows)


@router.get("/projects/{project_id}/report", response=answers({200: ReportOut}, 404))
def get_report(request, project_id: Id, filters: Query[ReportFilter]):
    """The current report (or `version`), with the numbers of the sources it cites."""
    return _report(project_id, filters.version)


@router.get("/projects/{project_id}/reports", response=answers({200: list[ReportVersionOut]}, 404))
@paginate(Pagination)
def list_reports(request, project_id: Id):
    """The report versions, newest first, without their text."""
    rows = Report.objects.filter(project=selectors.get_project(project_id))
    return rows.select_related("created_by").prefetch_related("cited_sources").order_by("-version")


@router.post("/projects/{project_id}/report", response=answers({202: StepOut}, *RERUN, BODY))
def write_report(request, project_id: Id, payload: ReportIn | None = None):
    """Write a new report version from the stored summaries; the answer is its step."""
    payload = payload or ReportIn()
    step = runs.new_report(
        selectors.get_project(project_id),
        style=payload.style,
        language=payload.language,
        engine=payload.engine,
        length=payload.length,
        citation_style=payload.citation_style,
        user=request.auth,
    )
    return Status(202, step)


@router.put("/projects/{project_id}/report", response=answers({201: ReportOut}, *ACTION, BODY))
def edit_report(request, project_id: Id, payload: ReportEditIn):
    """Store the member's Markdown as a new version edited from `base_version` (409 naming the
    current version when another came first; 422 naming an [n] that cites no source). Its
    References are rebuilt from what it cites, and its claims are checked as any version's."""
    report = edits.edit(
        selectors.get_project(project_id),
        markdown=payload.markdown,
        base_version=payload.base_version,
        user=request.auth,
    )
    return Status(201, _report(project_id, report.version))


@router.post(
    "/projects/{project_id}/report/sections/{k}/rewrite",
    response=answers({202: StepOut}, *RERUN, BODY),
)
def rewrite_section(request, project_id: Id, k: Id, payload: SectionRewriteIn):
    """Rewrite section k (the report's `## ` sections before its References, from 1) of the
    current version as `instruction` says; the answer is the step writing the new version, in
    which every other section is unchanged byte for byte. 409 when `version` is not the current
    one (naming it) or the project is not done; 404 naming how many sections there are."""
    step = rewrites.rewrite(
        selectors.get_project(project_id),
        k=k,
        instruction=payload.instruction,
        version=payload.version,
        user=request.auth,
    )
    return Status(202, step)


EXPORT_RESPONSES = {
    200: {
        "description": "The report as a file.",
        "content": {
            "text/markdown": {"schema": {"type": "string"}},
            "application/pdf": {"schema": {"type": "string", "format": "binary"}},
            "application/zip": {"schema": {"type": "string", "format": "binary"}},
            "application/vnd.openxmlformats-officedocument.wordprocessingml.document": {
                "schema": {"type": "string", "format": "binary"}
            },
            "application/vnd.openxmlformats-officedocument.presentationml.presentation": {
                "schema": {"type": "string", "format": "binary"}
            },
            "text/html": {"schema": {"type": "string"}},
            "application/x-bibtex": {"schema": {"type": "string"}},
            "application/x-research-info-systems": {"schema": {"type": "string"}},
            "application/vnd.citationstyles.csl+json": {"schema": {"type": "array"}},
        },
    }
}


@router.get(
    "/projects/{project_id}/report/export",
    response=answers({}, 404),
    openapi_extra={"responses": EXPORT_RESPONSES},
)
def export_report(request, project_id: Id, format: ExportFormatName, filters: Query[ReportFilter]):
    """Download the current report (or `version`) as Markdown, PDF, Word (docx), a briefing
    deck (pptx), one self-contained HTML file, its evidence package (ZIP: the report in each of
    those, the cited sources' texts with their hashes, claims, notes, reference files, a
    manifest), or its cited sources as BibTeX, RIS or CSL-JSON (one entry per source)."""
    from research.output import export, package

    report = _report(project_id, filters.version)
    body, content_type = package.export_file(report, format, export.site_url(request))
    response = HttpResponse(body, content_type=content_type)
    filename = export.export_filename(report, package.extension(format))
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response
