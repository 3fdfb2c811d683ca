from django.urls import path, register_converter

from research.models import Direction
from research.output.package import ExportFormat
from research.views import (
    account,
    analysis,
    claims,
    library,
    llm,
    notes,
    projects,
    queries,
    questions,
    reports,
    sources,
    trash,
    watching,
)


def _choices(name: str, *values: str) -> None:
    converter = type(
        name,
        (),
        {
            "regex": "|".join(values),
            "to_python": staticmethod(str),
            "to_url": staticmethod(str),
        },
    )
    register_converter(converter, name)


_choices("project_verb", *projects.ACTIONS, "delete")
_choices("source_verb", *sources.SOURCE_ACTIONS, *sources.SOURCE_FLAGS)
_choices("section_verb", *queries.SECTION_EDITS, *Direction.values)
_choices("direction", *Direction.values)
_choices("row_verb", *analysis.ROW_VERBS)
_choices("figure_verb", *reports.FIGURE_VERBS)
_choices("export_format", *ExportFormat.values)

urlpatterns = [
    path("", projects.project_list, name="project-list"),
    path("health/", projects.health, name="health"),
    path("account/", account.account, name="account"),
    path("llm/", llm.llm_page, name="llm"),
    path("account/tokens/", account.token_create, name="token-create"),
    path("account/tokens/<int:token_id>/revoke/", account.token_revoke, name="token-revoke"),
    path("projects/new/", projects.project_new, name="project-new"),
    path("projects/<int:project_id>/", projects.project_detail, name="project"),
    path("projects/<int:project_id>/progress/", projects.project_progress, name="progress"),
    path("projects/<int:project_id>/schedule/", projects.project_schedule, name="project-schedule"),
    path("projects/<int:project_id>/clarify/", projects.project_clarify, name="project-clarify"),
    path("projects/<int:project_id>/restore/", trash.project_restore, name="project-restore"),
    path("projects/<int:project_id>/purge/", trash.project_purge, name="project-purge"),
    path("trash/", trash.trash_list, name="trash"),
    path(
        "projects/<int:project_id>/<project_verb:verb>/",
        projects.project_action,
        name="project-action",
    ),
    path("projects/<int:project_id>/review/", queries.plan_review, name="plan-review"),
    path(
        "projects/<int:project_id>/review/feedback/",
        queries.plan_feedback_post,
        name="plan-feedback",
    ),
    path("projects/<int:project_id>/queries/add/", queries.query_add, name="query-add"),
    path(
        "projects/<int:project_id>/sections/<section_verb:verb>/",
        queries.section_change,
        name="section-change",
    ),
    path("projects/<int:project_id>/sources/", sources.source_list, name="source-list"),
    path("projects/<int:project_id>/sources/add/", sources.source_add, name="source-add"),
    path("projects/<int:project_id>/report/", reports.report_page, name="report"),
    path(
        "projects/<int:project_id>/report/regenerate/",
        reports.report_regenerate,
        name="report-regenerate",
    ),
    path("projects/<int:project_id>/report/edit/", reports.report_edit, name="report-edit"),
    path(
        "projects/<int:project_id>/report/sections/<int:k>/rewrite/",
        reports.report_rewrite,
        name="report-rewrite",
    ),
    path(
        "projects/<int:project_id>/report/preview/", reports.report_preview, name="report-preview"
    ),
    path(
        "projects/<int:project_id>/report/export.<export_format:fmt>",
        reports.report_export,
        name="report-export",
    ),
    path("queries/<int:query_id>/", queries.query_detail, name="query"),
    path("queries/<int:query_id>/edit/", queries.query_edit, name="query-edit"),
    path("queries/<int:query_id>/rerun/", queries.query_rerun, name="query-rerun"),
    path("queries/<int:query_id>/delete/", queries.query_delete, name="query-delete"),
    path(
        "queries/<int:query_id>/move/<direction:direction>/", queries.query_move, name="query-move"
    ),
    path("sources/<int:source_id>/", sources.source_detail, name="source"),
    path(
        "sources/<int:source_id>/<source_verb:verb>/", sources.source_action, name="source-action"
    ),
    path("sources/<int:source_id>/library/", library.source_save, name="source-save"),
    path("library/", library.library_home, name="library"),
    path("library/collections/new/", library.collection_create, name="collection-create"),
    path("library/collections/<int:collection_id>/", library.collection_detail, name="collection"),
    path(
        "library/collections/<int:collection_id>/edit/",
        library.collection_edit,
        name="collection-edit",
    ),
    path(
        "library/collections/<int:collection_id>/delete/",
        library.collection_delete,
        name="collection-delete",
    ),
    path(
        "library/collections/<int:collection_id>/upload/",
        library.collection_upload,
        name="collection-upload",
    ),
    path("library/documents/<int:document_id>/", library.document_detail, name="document"),
    path(
        "library/documents/<int:document_id>/download/",
        library.document_download,
        name="document-download",
    ),
    path(
        "library/documents/<int:document_id>/extract/",
        library.document_extract,
        name="document-extract",
    ),
    path(
        "library/documents/<int:document_id>/delete/",
        library.document_delete,
        name="document-delete",
    ),
    path("projects/<int:project_id>/report/claims/", claims.claims_page, name="report-claims"),
    path(
        "projects/<int:project_id>/datasets/<int:dataset_id>/",
        analysis.dataset_detail,
        name="dataset",
    ),
    path(
        "projects/<int:project_id>/datasets/<int:dataset_id>/rows/<int:row_id>/<row_verb:verb>/",
        analysis.dataset_row,
        name="dataset-row",
    ),
    path(
        "projects/<int:project_id>/charts/<int:dataset_id>.svg",
        reports.project_chart,
        name="project-chart",
    ),
    path(
        "projects/<int:project_id>/figures/<int:figure_id>.<str:ext>",
        reports.project_figure,
        name="project-figure",
    ),
    path(
        "projects/<int:project_id>/figures/<int:figure_id>/<figure_verb:verb>/",
        reports.report_figure,
        name="report-figure",
    ),
    path(
        "projects/<int:project_id>/report/claims/check/",
        claims.claims_check,
        name="report-claims-check",
    ),
    path("claims/<int:claim_id>/review/", claims.claim_review, name="claim-review"),
    path("projects/<int:project_id>/questions/", questions.questions_block, name="questions-block"),
    path("projects/<int:project_id>/questions/ask/", questions.question_ask, name="question-ask"),
    path("questions/<int:question_id>/", questions.question_detail, name="question"),
    path(
        "questions/<int:question_id>/research/",
        questions.question_research,
        name="question-research",
    ),
    path("projects/<int:project_id>/watch/", watching.watch_toggle, name="project-watch"),
    path("projects/<int:project_id>/webhook/", watching.webhook_set, name="project-webhook"),
    path("notes/add/", notes.note_add, name="note-add"),
    path("notes/<int:note_id>/edit/", notes.note_edit, name="note-edit"),
    path("notes/<int:note_id>/delete/", notes.note_delete, name="note-delete"),
]
