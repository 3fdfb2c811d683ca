from django.contrib import admin, messages

from research import models
from research.errors import DossierError


class SectionInline(admin.TabularInline):
    model = models.Section
    extra = 0


@admin.register(models.Project)
class ProjectAdmin(admin.ModelAdmin):
    list_display = ["id", "__str__", "owner", "status", "created_at", "deleted_at"]
    list_filter = ["status", ("deleted_at", admin.EmptyFieldListFilter)]
    search_fields = ["title", "question"]
    inlines = [SectionInline]
    raw_id_fields = ["owner", "updated_by", "deleted_by"]
    # changed only by the pipeline and members' actions (the trash page moves projects in and out)
    readonly_fields = ["status", "deleted_at", "deleted_by"]

    def delete_model(self, request, obj) -> None:
        self.delete_queryset(request, models.Project.objects.filter(pk=obj.pk))

    def delete_queryset(self, request, queryset) -> None:
        """As on the pages: a live project goes to the trash (logged); one already in the trash
        is deleted for good (logged), by its owner or an admin."""
        from research.services import trash  # the pipeline's imports, only when an admin deletes

        for project in queryset:
            try:
                if project.deleted_at is None:
                    trash.trash(project, user=request.user)
                else:
                    trash.purge(project, user=request.user)
            except DossierError as exc:
                self.message_user(request, f"{project}: {exc.reason}", messages.ERROR)


@admin.register(models.ActivityEntry)
class ActivityEntryAdmin(admin.ModelAdmin):
    """The activity log, read only: what happened to whole projects."""

    list_display = ["at", "action", "project_label", "project_ref", "actor", "detail"]
    list_filter = ["action"]
    search_fields = ["project_label", "detail"]

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False


@admin.register(models.Query)
class QueryAdmin(admin.ModelAdmin):
    list_display = ["id", "text", "project", "origin", "status"]
    list_filter = ["origin", "status"]
    raw_id_fields = ["project", "section", "parent", "edited_by"]


@admin.register(models.Source)
class SourceAdmin(admin.ModelAdmin):
    list_display = ["id", "n", "title", "domain", "project", "fetch_status", "excluded", "pinned"]
    list_filter = ["fetch_status", "excluded", "pinned"]
    search_fields = ["url", "title"]
    raw_id_fields = ["project", "snapshot", "added_by", "updated_by"]


@admin.register(models.PageSnapshot)
class PageSnapshotAdmin(admin.ModelAdmin):
    list_display = ["id", "url", "fetched_at", "content_type", "extractor"]
    search_fields = ["url", "title"]


@admin.register(models.Summary)
class SummaryAdmin(admin.ModelAdmin):
    list_display = ["id", "query", "source", "relevant", "model"]
    raw_id_fields = ["query", "source"]


@admin.register(models.Report)
class ReportAdmin(admin.ModelAdmin):
    list_display = ["id", "project", "version", "style", "language", "is_current", "created_at"]
    raw_id_fields = ["project", "created_by", "cited_sources"]


@admin.register(models.Note)
class NoteAdmin(admin.ModelAdmin):
    list_display = ["id", "project", "author", "created_at"]
    raw_id_fields = ["project", "query", "source", "summary", "report", "author"]


@admin.register(models.ModelProfile)
class ModelProfileAdmin(admin.ModelAdmin):
    """What the workers learnt about each model; delete a row to have it learnt again."""

    list_display = ["model", "endpoint", "updated_at"]
    search_fields = ["model", "endpoint"]


@admin.register(models.StepRun)
class StepRunAdmin(admin.ModelAdmin):
    list_display = ["id", "project", "stage", "status", "attempt", "started_at", "finished_at"]
    list_filter = ["stage", "status"]
    raw_id_fields = ["project", "query", "source", "requested_by"]
