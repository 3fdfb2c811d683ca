"""What members do to projects, queries and sources. Pages and the API both call these.

Functions raise errors of the one family (research/errors.py): `NotAllowed` when the action does
not fit the state, `BadInput` naming the field when the input is wrong. They never return error
strings.
"""

from __future__ import annotations

from datetime import timedelta

from django.db import transaction
from django.db.models import Count, OuterRef, Q, QuerySet, Subquery
from django.db.models.functions import Coalesce
from django.utils import timezone
from django_q.models import Schedule
from pydantic import ValidationError

from research.errors import BadInput, NotAllowed
from research.limits import HEADING_MAX, QUERY_MAX, QUESTION_MAX, URL_MAX
from research.models import (
    Claim,
    ClaimStatus,
    Collection,
    Note,
    Project,
    ProjectStatus,
    Query,
    QueryOrigin,
    RefreshEvery,
    Report,
    Section,
    Source,
    Summary,
)
from research.models.options import ProjectOptions
from research.providers import http as fetcher
from research.services import runs
from research.services.runs import reopen, rerun_query

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
        project = runs.start(project, user)
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


# --- Queries -----------------------------------------------------------------------------


def add_query(project: Project, *, text: str, user, section: Section | None = None) -> Query:
    """Add a member's query. Before research it joins the plan; after, it is researched now."""
    text = _query_text(text)
    if project.status in (ProjectStatus.CANCELLED,):
        raise NotAllowed("The project is cancelled; resume it before adding queries.")
    position = project.queries.next_position()
    with transaction.atomic():
        query = Query.objects.create(
            project=project,
            section=section,
            text=text,
            origin=QueryOrigin.USER,
            position=position,
            edited_by=user,
            edited_at=timezone.now(),
        )
        if project.status not in (ProjectStatus.DRAFT, ProjectStatus.AWAITING_REVIEW):
            reopen(project, user)
    return query


def edit_query(query: Query, *, text: str, user, rerun: bool = True) -> Query:
    """Change a query's text. Once research has started, the query reruns with the new text."""
    text = _query_text(text)
    project = query.project
    if project.status in (ProjectStatus.DRAFT, ProjectStatus.AWAITING_REVIEW) or not rerun:
        Query.objects.filter(pk=query.pk).update(
            text=text, edited_by=user, edited_at=timezone.now()
        )
        query.refresh_from_db()
        return query
    return rerun_query(query, text=text, user=user)


def delete_query(query: Query, user) -> None:
    project = query.project
    if project.is_running and query.steps.open().exists():
        raise NotAllowed("This query is being researched; wait or cancel the project first.")
    query.delete()


def _query_text(text: str) -> str:
    text = (text or "").strip()
    if not text:
        raise BadInput("The query text is empty.", field="text")
    if len(text) > QUERY_MAX:
        raise BadInput(f"A query is at most {QUERY_MAX} characters.", field="text")
    return text


# --- Sources -----------------------------------------------------------------------------


def add_source(project: Project, *, url: str, user) -> Source:
    """A member adds a page by hand. It is fetched and summarised against every query that
    has been ranked, and the report is written again; before research it waits for the run."""
    url = (url or "").strip()
    if not url.lower().startswith(("http://", "https://")) or len(url) > URL_MAX:
        raise BadInput(
            f"A source is an http:// or https:// address of at most {URL_MAX} characters.",
            field="url",
        )
    _refuse_blocked(url)
    if project.status == ProjectStatus.CANCELLED:
        raise NotAllowed("The project is cancelled; resume it before adding sources.")
    if project.sources.filter(url=url).exists():
        raise NotAllowed("This address is already a source of the project.")
    with transaction.atomic():
        (n,) = project.allocate_source_numbers(1)
        source = Source.objects.create(
            project=project, n=n, url=url, added_by=user, updated_by=user, pinned=True
        )
        if project.status not in (ProjectStatus.DRAFT, ProjectStatus.AWAITING_REVIEW):
            reopen(project, user)
    return source


def _refuse_blocked(url: str) -> None:
    """Refuse, before anything is stored, an address the SSRF guard would refuse: an IP literal,
    or a host name that resolves into a refused range. A name that does not resolve now is
    accepted; its fetch is checked again and records why it failed."""
    try:
        fetcher.check_url(url)
    except fetcher.BlockedURL as exc:
        raise BadInput(f"This address cannot be fetched: {exc.reason}.", field="url") from None
    except fetcher.FetchError:
        pass


def set_source_flags(
    source: Source, *, user, excluded: bool | None = None, pinned: bool | None = None
) -> Source:
    changes = {}
    if excluded is not None:
        changes["excluded"] = excluded
    if pinned is not None:
        changes["pinned"] = pinned
    if changes:
        Source.objects.filter(pk=source.pk).update(updated_by=user, **changes)
        source.refresh_from_db()
    return source


# --- Plan editing (while the plan awaits review, or any time for sections) ----------------


def add_section(project: Project, *, title: str, goal: str = "", user=None) -> Section:
    title = _section_title(title)
    position = project.sections.next_position()
    return Section.objects.create(
        project=project, title=title[:HEADING_MAX], goal=goal.strip(), position=position
    )


def edit_section(section: Section, *, title: str, goal: str, user=None) -> Section:
    title = _section_title(title)
    Section.objects.filter(pk=section.pk).update(
        title=title[:HEADING_MAX], goal=(goal or "").strip()
    )
    section.refresh_from_db()
    return section


def _section_title(title: str) -> str:
    title = (title or "").strip()
    if not title:
        raise BadInput("A section needs a title.", field="title")
    return title


def delete_section(section: Section, user=None) -> None:
    """Its queries stay in the plan, outside any section."""
    section.delete()


def move(item: Query | Section, direction: str) -> None:
    """Swap an outline item with its neighbour above (`up`) or below (`down`)."""
    siblings = list(
        (
            Query.objects.filter(project=item.project_id)
            if isinstance(item, Query)
            else Section.objects.filter(project=item.project_id)
        ).order_by("position", "id")
    )
    index = next(i for i, s in enumerate(siblings) if s.pk == item.pk)
    other = index - 1 if direction == "up" else index + 1
    if not 0 <= other < len(siblings):
        return
    siblings[index], siblings[other] = siblings[other], siblings[index]
    for position, sibling in enumerate(siblings):
        sibling.position = position
    type(item).objects.bulk_update(siblings, ["position"])
