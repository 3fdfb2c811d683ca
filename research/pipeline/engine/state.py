"""What the scheduler reads about a project after every step, in plain SQL.

`flow.advance` runs after every step, so these reads run hundreds of times per project.
Built through the ORM, each costs about 0.3 ms of Python (building and compiling the query), ten
times what the database needs to answer it; with sixteen steps finishing at once that time is
taken from the other steps' threads. Measured (bench/concurrency.py, six projects on a worker
cluster, 16 rounds side by side on 2026-11-25): with the scheduler's reads, its project's load,
its steps' INSERT (models/loading.py) and its row hold (Project.objects.hold) built through the
ORM, the six projects took 8.32 s of wall time against 6.83 s with this SQL (18%), and the
workers 8.45 s of CPU against 6.40 s. The statements are plain SQL that SQLite and PostgreSQL
both run, they return plain tuples, and tests/test_flow_state.py checks each against the ORM
query it stands for.
"""

from __future__ import annotations

from typing import NamedTuple

from django.db import connection

from research.models import Claim, QueryOrigin, QueryStatus, Refresh, Source


class QueryRef(NamedTuple):
    pk: int
    generation: int
    status: str
    section_id: int | None


class SourceRef(NamedTuple):
    pk: int
    generation: int
    fetch_status: str


STEPS = "SELECT key, status FROM research_steprun WHERE project_id = %s"

QUERIES = """
    SELECT id, generation, status, section_id FROM research_query
    WHERE project_id = %s AND status <> %s
    ORDER BY position, id
"""

SELECTED = """
    SELECT qs.query_id, s.id, s.generation, s.fetch_status
    FROM research_querysource qs
    INNER JOIN research_source s ON s.id = qs.source_id
    WHERE s.project_id = %s AND qs.selected = %s AND s.excluded = %s
    ORDER BY qs.rank, qs.id
"""

ADDED = """
    SELECT id, generation, fetch_status FROM research_source
    WHERE project_id = %s AND added_by_id IS NOT NULL AND excluded = %s
    ORDER BY n
"""


SECTIONS = """
    SELECT id FROM research_section WHERE project_id = %s AND reflects = %s ORDER BY position, id
"""

ANALYSES = """
    SELECT id FROM research_section WHERE project_id = %s AND analysis = %s ORDER BY position, id
"""

FOLLOW_UPS = """
    SELECT DISTINCT section_id, reflection_round FROM research_query
    WHERE project_id = %s AND origin = %s AND section_id IS NOT NULL
"""

CURRENT_REPORT = "SELECT id FROM research_report WHERE project_id = %s AND is_current = %s"


def _rows(sql: str, params: list) -> list[tuple]:
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.fetchall()


def step_statuses(project_id: int) -> dict[str, str]:
    """Every step's key and status."""
    return dict(_rows(STEPS, [project_id]))


def live_queries(project_id: int) -> list[QueryRef]:
    """The queries that have not failed, in outline order."""
    return [QueryRef(*row) for row in _rows(QUERIES, [project_id, QueryStatus.FAILED.value])]


def selected_sources(project_id: int) -> dict[int, list[SourceRef]]:
    """For each query, the sources its ranking selected (not excluded), best first."""
    by_query: dict[int, list[SourceRef]] = {}
    for query_id, *source in _rows(SELECTED, [project_id, True, False]):
        by_query.setdefault(query_id, []).append(SourceRef(*source))
    return by_query


def added_sources(project_id: int) -> list[SourceRef]:
    """Sources a member added by hand (not excluded): every query summarises them."""
    return [SourceRef(*row) for row in _rows(ADDED, [project_id, False])]


def reflecting_sections(project_id: int) -> list[int]:
    """The outline's sections that reflect (all but those added for a question), in order."""
    return [row[0] for row in _rows(SECTIONS, [project_id, True])]


def analysis_sections(project_id: int) -> list[int]:
    """The outline's sections marked as analyses, in order."""
    return [row[0] for row in _rows(ANALYSES, [project_id, True])]


def follow_ups(project_id: int) -> set[tuple[int, int]]:
    """(section, round) for every follow-up query a reflection asked, failed ones included."""
    return set(_rows(FOLLOW_UPS, [project_id, QueryOrigin.REFLECTION.value]))


def current_report(project_id: int) -> int | None:
    """The current report version's id, if there is one."""
    rows = _rows(CURRENT_REPORT, [project_id, True])
    return rows[0][0] if rows else None


def stale_claims(project_id: int) -> dict[int, list[tuple[int, int]]]:
    """Report versions with claims checked before a source they cite was refetched or
    resummarised: report id -> those sources' (n, generation). Read once a version's claims are
    checked (not after every step), so through the ORM."""
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
    compared). Read once the run's other work is done, so through the ORM."""
    row = Refresh.objects.running().filter(project_id=project_id).values_list("pk", "changed")
    return row.first()
