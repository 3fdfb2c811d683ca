"""What the scheduler reads about a project after every step: small tuples, not models.

`flow.advance` runs after every step, so these reads run hundreds of times per project; each is
one query for only the columns the scheduler decides with.
"""

from __future__ import annotations

from typing import NamedTuple

from research.models import (
    Claim,
    Query,
    QueryOrigin,
    QuerySource,
    QueryStatus,
    Refresh,
    Report,
    Section,
    Source,
    StepRun,
)


class QueryRef(NamedTuple):
    pk: int
    generation: int
    status: str
    section_id: int | None


class SourceRef(NamedTuple):
    pk: int
    generation: int
    fetch_status: str


def step_statuses(project_id: int) -> dict[str, str]:
    """Every step's key and status."""
    return dict(StepRun.objects.filter(project_id=project_id).values_list("key", "status"))


def live_queries(project_id: int) -> list[QueryRef]:
    """The queries that have not failed, in outline order."""
    rows = Query.objects.filter(project_id=project_id).exclude(status=QueryStatus.FAILED)
    fields = ("pk", "generation", "status", "section_id")
    return [QueryRef(*row) for row in rows.order_by("position", "pk").values_list(*fields)]


def selected_sources(project_id: int) -> dict[int, list[SourceRef]]:
    """For each query, the sources its ranking selected (not excluded), best first."""
    links = QuerySource.objects.filter(
        source__project_id=project_id, selected=True, source__excluded=False
    ).order_by("rank", "pk")
    fields = ("query_id", "source_id", "source__generation", "source__fetch_status")
    by_query: dict[int, list[SourceRef]] = {}
    for query_id, *source in links.values_list(*fields):
        by_query.setdefault(query_id, []).append(SourceRef(*source))
    return by_query


def added_sources(project_id: int) -> list[SourceRef]:
    """Sources a member added by hand (not excluded): every query summarises them."""
    rows = Source.objects.filter(project_id=project_id, added_by__isnull=False, excluded=False)
    fields = ("pk", "generation", "fetch_status")
    return [SourceRef(*row) for row in rows.order_by("n").values_list(*fields)]


def reflecting_sections(project_id: int) -> list[int]:
    """The outline's sections that reflect (all but those added for a question), in order."""
    rows = Section.objects.filter(project_id=project_id, reflects=True)
    return list(rows.order_by("position", "pk").values_list("pk", flat=True))


def follow_ups(project_id: int) -> set[tuple[int, int]]:
    """(section, round) for every follow-up query a reflection asked, failed ones included."""
    rows = Query.objects.filter(
        project_id=project_id, origin=QueryOrigin.REFLECTION, section__isnull=False
    )
    return set(rows.values_list("section_id", "reflection_round"))


def current_report(project_id: int) -> int | None:
    """The current report version's id, if there is one."""
    rows = Report.objects.filter(project_id=project_id, is_current=True)
    return rows.values_list("pk", flat=True).first()


def stale_claims(project_id: int) -> dict[int, list[tuple[int, int]]]:
    """Report versions with claims checked before a source they cite was refetched or
    resummarised: report id -> those sources' (n, generation)."""
    generations = dict(
        Source.objects.filter(project_id=project_id, generation__gt=0).values_list(
            "n", "generation"
        )
    )
    if not generations:
        return {}
    stale: dict[int, set[tuple[int, int]]] = {}
    claims = Claim.objects.filter(report__project_id=project_id, citations__isnull=False)
    for claim in claims.only("report_id", "citations", "generations"):
        if claim.stale(generations):
            stale.setdefault(claim.report_id, set()).update(
                (n, generations[n]) for n in claim.citations if n in generations
            )
    return {report: sorted(pairs) for report, pairs in stale.items()}


def running_refresh(project_id: int) -> tuple[int, bool | None] | None:
    """The refresh under way, if any: its id and whether it found a change (None until it
    compared)."""
    row = Refresh.objects.running().filter(project_id=project_id).values_list("pk", "changed")
    return row.first()
