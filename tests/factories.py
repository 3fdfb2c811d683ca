"""The one place tests and benchmarks build rows: projects and their queries, sources,
summaries, reports and steps, from a single row up to a project as big as a heavy real one."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.db import models
from django.utils import timezone

from research.models import (
    FetchStatus,
    Note,
    PageSnapshot,
    Project,
    ProjectStatus,
    Query,
    QuerySource,
    Report,
    Section,
    Source,
    Stage,
    StepRun,
    StepStatus,
    Summary,
)

QUESTION = "How does SQLite WAL work?"


def make_project(
    owner,
    *,
    status: ProjectStatus = ProjectStatus.DONE,
    question: str = QUESTION,
    options: dict[str, Any] | None = None,
    **fields: Any,
) -> Project:
    """A project created straight in `status` (the status door only guards later changes)."""
    return Project.objects.create(
        question=question, owner=owner, status=status, options=options or {}, **fields
    )


def many_projects(owners: list, count: int = 1000, *, question: str = "question {i}") -> None:
    """`count` draft projects in one INSERT, dealt to `owners` in turn, for the project list;
    `question` is formatted with each one's number `i`."""
    Project.objects.bulk_create(
        Project(question=question.format(i=i), owner=owners[i % len(owners)]) for i in range(count)
    )


def add_queries(project: Project, count: int, section: Section | None = None) -> list[Query]:
    start = project.queries.count()
    return [
        Query.objects.create(
            project=project, section=section, text=f"query {start + i}", position=start + i
        )
        for i in range(count)
    ]


def add_source(project: Project, url: str, **fields: Any) -> Source:
    """One source with the project's next citation number."""
    (n,) = project.allocate_source_numbers(1)
    return Source.objects.create(project=project, n=n, url=url, **fields)


def add_sources(project: Project, count: int, *, user=None, fetched: bool = True) -> list[Source]:
    sources = []
    for n in project.allocate_source_numbers(count):
        url = f"https://example.org/{project.pk}/{n}"
        snapshot = PageSnapshot.objects.create(url=url, title=f"Page {n}", text=f"Text of {n}.")
        sources.append(
            Source.objects.create(
                project=project,
                n=n,
                url=url,
                title=f"Page {n}",
                snapshot=snapshot if fetched else None,
                fetch_status=FetchStatus.FETCHED if fetched else FetchStatus.PENDING,
                added_by=user,
            )
        )
    return sources


def add_summary(query: Query, source: Source) -> Summary:
    QuerySource.objects.get_or_create(query=query, source=source, defaults={"rank": 1})
    return Summary.objects.create(
        query=query, source=source, text=f"What {source.n} says.", quotes=[f"Text of {source.n}."]
    )


def add_report(
    project: Project,
    cited: list[Source],
    *,
    user=None,
    markdown: str = "",
    version: int | None = None,
    style: str = "professional",
    language: str = "English",
) -> Report:
    """The project's current report (the next version unless `version` says), citing `cited`."""
    project.reports.update(is_current=False)
    version = version or project.reports.count() + 1
    report = Report.objects.create(
        project=project,
        version=version,
        markdown=markdown or f"# Report {version}\n\nWAL works [{cited[0].n}].",
        style=style,
        language=language,
        created_by=user,
    )
    report.cited_sources.set(cited)
    return report


def add_step(project: Project, key: str, *, status=StepStatus.DONE, **fields: Any) -> StepRun:
    now = timezone.now()
    defaults: dict[str, Any] = {
        "attempt": 1,
        "started_at": now - timedelta(seconds=2),
        "finished_at": now if status == StepStatus.DONE else None,
    }
    return StepRun.objects.create(
        project=project, stage=key.split(":")[0], key=key, status=status, **{**defaults, **fields}
    )


def big_project(owner, *, sources: int = 1000, summaries: int = 200, notes: int = 50) -> Project:
    """A finished project: 5 sections, 20 queries, `sources` sources (the first 200 selected),
    `summaries` summaries, a report citing each summarised source, `notes` notes, 400 steps."""
    project = make_project(owner, question="big")
    sections = Section.objects.bulk_create(
        Section(project=project, title=f"Section {i}", position=i) for i in range(5)
    )
    queries = Query.objects.bulk_create(
        Query(project=project, section=sections[i % 5], text=f"query {i}", position=i)
        for i in range(20)
    )
    rows = Source.objects.bulk_create(
        Source(
            project=project,
            n=i + 1,
            url=f"https://e{i}.example/",
            domain=f"e{i}.example",
            title=f"Source {i}",
        )
        for i in range(sources)
    )
    QuerySource.objects.bulk_create(
        QuerySource(query=queries[i % 20], source=row, rank=i // 20 + 1, selected=i < 200)
        for i, row in enumerate(rows)
    )
    summarised = min(summaries, len(rows))
    Summary.objects.bulk_create(
        Summary(
            query=queries[i % 20],
            source=rows[i],
            text="A finding. " * 20,
            quotes=["a quoted passage of the source", "another passage"],
        )
        for i in range(summarised)
    )
    body = "\n\n".join(f"Claim number {i} is supported [{i}]." for i in range(1, summarised + 1))
    Report.objects.create(
        project=project,
        version=1,
        markdown=f"# Report\n\n{body}\n",
        style="professional",
        language="English",
    )
    Note.objects.bulk_create(
        Note(project=project, author=owner, text=f"n{i}") for i in range(notes)
    )
    StepRun.objects.bulk_create(
        StepRun(
            project=project,
            stage=Stage.SUMMARIZE,
            key=f"k{i}",
            status=StepStatus.DONE,
            query=queries[i % 20],
        )
        for i in range(400)
    )
    return project


def force_status(project: Project, status: ProjectStatus) -> Project:
    """Put a project in `status` for a test, past the status door (Django's own QuerySet.update,
    which the app never calls on projects), and refresh it."""
    models.QuerySet.update(Project.objects.filter(pk=project.pk), status=status)
    project.refresh_from_db()
    return project


def make_library_document(
    passages: list[str] | list[tuple[str, str]],
    *,
    collection=None,
    title: str = "Annual report 2025",
    kind: str = "pdf",
    status: str = "ready",
    **fields: Any,
):
    """A document extracted straight into `passages` (texts, or (locator, text) pairs), with no
    file on disk: for the search, the pages and research over the library."""
    from research.models import Collection, Document, Passage

    if collection is None:
        collection, _ = Collection.objects.get_or_create(name="Reports")
    count = Document.objects.count()
    document = Document.objects.create(
        collection=collection,
        title=title,
        filename=f"{title}.{kind}",
        file=f"ab/{count:064d}.{kind}",
        size=1000,
        sha256=fields.pop("sha256", f"{count:064x}"),
        kind=kind,
        status=status,
        **fields,
    )
    rows = []
    for position, passage in enumerate(passages):
        locator, text = passage if isinstance(passage, tuple) else (f"p. {position + 1}", passage)
        rows.append(
            Passage(
                document=document,
                position=position,
                locator=locator,
                page=position + 1,
                text=text,
                words=len(text.split()),
            )
        )
    Passage.objects.create_indexed(rows)
    return document
