"""What members do to projects: create one, change its options and its refresh schedule; and
the reads of the project list (counts, search). Pages and the API both call these.

Functions raise errors of the one family (research/errors.py): `NotAllowed` when the action does
not fit the state, `BadInput` naming the field when the input is wrong. They never return error
strings.
"""

from __future__ import annotations

from datetime import timedelta

from django.db.models import Count, OuterRef, Q, QuerySet, Subquery
from django.db.models.functions import Coalesce
from django.utils import timezone
from django_q.models import Schedule
from pydantic import ValidationError

from research.errors import BadInput
from research.limits import QUESTION_MAX
from research.models import (
    Claim,
    ClaimStatus,
    Collection,
    Note,
    Project,
    ProjectStatus,
    Query,
    RefreshEvery,
    Report,
    Source,
    Summary,
)
from research.models.options import ProjectOptions
from research.services import runs

# --- Projects ----------------------------------------------------------------------------


def create_project(*, question: str, options: dict, user, start: bool) -> Project:
    question = question.strip()
    if not question:
        raise BadInput("The question is empty.", field="question")
    if len(question) > QUESTION_MAX:
        raise BadInput(f"A question is at most {QUESTION_MAX:,} characters.", field="question")
    opts = _options(options)
    project = Project.objects.create(
        question=question, owner=user, options=opts.model_dump(), updated_by=user
    )
    sync_schedule(project)
    if start:
        project = runs.start(project, user=user)
    return project


CHANGEABLE_AFTER_START = frozenset({"refresh"})


def update_options(project: Project, options: dict, *, user) -> Project:
    """Change some options: any of a draft's, only `refresh` once it has started. The stored
    options with these merged in are validated as a whole (422 naming the field)."""
    if project.status != ProjectStatus.DRAFT:
        fixed = sorted(set(options) - CHANGEABLE_AFTER_START)
        if fixed:
            raise BadInput(
                f"options.{fixed[0]}: only {', '.join(sorted(CHANGEABLE_AFTER_START))} can "
                "change once the project has started; start a new project for other options.",
                field=f"options.{fixed[0]}",
            )
    opts = _options({**project.options, **options})
    Project.objects.filter(pk=project.pk).update(options=opts.model_dump(), updated_by=user)
    project.refresh_from_db()
    sync_schedule(project)
    return project


_E = RefreshEvery
SCHEDULES: dict[str, str] = {
    _E.DAILY: Schedule.DAILY,
    _E.WEEKLY: Schedule.WEEKLY,
    _E.MONTHLY: Schedule.MONTHLY,
}
PERIODS: dict[str, timedelta] = {
    _E.DAILY: timedelta(days=1),
    _E.WEEKLY: timedelta(days=7),
    _E.MONTHLY: timedelta(days=30),
}


def schedule_name(project_id: int) -> str:
    return f"refresh-project-{project_id}"


def sync_schedule(project: Project) -> None:
    """The django-q2 Schedule that refreshes the project as its `refresh` option says (none
    when it is empty). Its task refreshes only a finished project not in the trash."""
    every = project.opts.refresh
    if not every:
        Schedule.objects.filter(name=schedule_name(project.pk)).delete()
        return
    Schedule.objects.update_or_create(
        name=schedule_name(project.pk),
        defaults={
            "func": "research.tasks.refresh_project",
            "args": str(project.pk),
            "schedule_type": SCHEDULES[every],
            "repeats": -1,
            "next_run": timezone.now() + PERIODS[every],
        },
    )


def _options(options: dict) -> ProjectOptions:
    try:
        opts = ProjectOptions.model_validate(options or {})
    except ValidationError as exc:
        first = exc.errors()[0]
        field = ".".join(["options", *(str(part) for part in first["loc"])])
        raise BadInput(f"{field}: {first['msg']}", field=field) from None
    _check_collections(opts)
    return opts


def _check_collections(opts: ProjectOptions) -> None:
    """The collections named must exist, and be searched."""
    known = set(Collection.objects.filter(pk__in=opts.collections).values_list("pk", flat=True))
    missing = [pk for pk in opts.collections if pk not in known]
    if missing:
        raise BadInput(
            f"options.collections: no collection with id {', '.join(map(str, missing))}.",
            field="options.collections",
        )
    if opts.collections and not opts.searches_library:
        raise BadInput(
            'options.collections: collections are searched only with "library" in options.sources.',
            field="options.collections",
        )


def _count(rows: QuerySet, field: str = "project") -> Coalesce:
    """How many of `rows` point at the outer project, as a correlated subquery."""
    per_project = rows.filter(**{field: OuterRef("pk")}).order_by().values(field)
    return Coalesce(Subquery(per_project.annotate(c=Count("pk")).values("c")), 0)


def with_counts(projects: QuerySet[Project]) -> QuerySet[Project]:
    """Counts, the current report's date and its claims (all, and those flagged unsupported or
    contradicted) as subqueries: a fixed number of SQL queries."""
    current = Report.objects.filter(project=OuterRef("pk"), is_current=True)
    claims = Claim.objects.filter(report__is_current=True)
    flagged = claims.filter(status__in=ClaimStatus.flagged())
    return projects.select_related("owner").annotate(
        n_queries=_count(Query.objects.all()),
        n_sources=_count(Source.objects.all()),
        n_fetched=_count(Source.objects.fetched()),
        n_summaries=_count(Summary.objects.all(), "query__project"),
        n_notes=_count(Note.objects.all()),
        n_claims=_count(claims, "report__project"),
        n_unsupported=_count(flagged, "report__project"),
        report_version=Subquery(current.values("version")[:1]),
        report_date=Subquery(current.values("created_at")[:1]),
    )


def listed(*, status: str = "", owner: str = "", text: str = "") -> QuerySet[Project]:
    """The live projects, newest first, with their counts: of one status, one owner's, or
    matching `text` (search_projects), as the projects list filters them."""
    rows = with_counts(Project.objects.live())
    if status:
        rows = rows.filter(status=status)
    if owner:
        rows = rows.filter(owner__username=owner)
    if text:
        rows = search_projects(rows, text)
    return rows.order_by("-created_at", "-id")


def search_projects(projects: QuerySet[Project], text: str) -> QuerySet[Project]:
    """ "What did we already find about X?": questions, titles, reports, summaries and notes."""
    text = text.strip()
    if not text:
        return projects
    matching = (
        Q(question__icontains=text)
        | Q(title__icontains=text)
        | Q(pk__in=Report.objects.filter(markdown__icontains=text).values("project"))
        | Q(pk__in=Summary.objects.filter(text__icontains=text).values("query__project"))
        | Q(pk__in=Note.objects.filter(text__icontains=text).values("project"))
    )
    return projects.filter(matching)
