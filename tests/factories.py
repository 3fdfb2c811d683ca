"""Rows for tests and benchmarks: a project as big as a heavy real one."""

from __future__ import annotations

from django.db import models

from research.models import (
    Note,
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


def big_project(owner, *, sources: int = 1000, summaries: int = 200, notes: int = 50) -> Project:
    """A finished project: 5 sections, 20 queries, `sources` sources (the first 200 selected),
    `summaries` summaries, a report citing each summarised source, `notes` notes, 400 steps."""
    project = Project.objects.create(question="big", owner=owner, status=ProjectStatus.DONE)
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
