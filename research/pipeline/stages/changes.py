"""A refresh's last step, compare: what changed since the version it started from.

New sources (found by its searches, fetched and found relevant), changed and vanished ones (its
rechecks), and the claims of that version whose support changed with their sources' text: each
claim citing a changed page is aligned (lexically, no tokens) with the page as it was and as it
is. When nothing changed the refresh ends here, with one line in the activity log and no new
version; otherwise the scheduler has a new version written, closing with these changes.

Reads:    the step's Refresh, its SourceChecks, the project's Sources found since it started,
          the Claims of the version it started from, and the figures of that version's
          datasets beside those of the datasets now (analysed again for the refresh).
Replaces: the Refresh's `changes` (with each changed page's sentences gained and lost) and
          `changed`; an activity-log line when nothing changed.
"""

from __future__ import annotations

import math
import re
from typing import Any

from research.models import (
    ActivityAction,
    ActivityEntry,
    Claim,
    DatasetRow,
    FetchStatus,
    PageCheck,
    Refresh,
    Report,
    Source,
    SourceCheck,
    Stage,
)
from research.pipeline.shared.context import StageSpec, StepContext
from research.text import changes, claims
from research.text.claims import SourceIndex, SplitClaim
from research.text.extractive.sentences import sentences
from research.text.quantities import spelled


def run(ctx: StepContext) -> None:
    refresh = Refresh.objects.select_related("since").get(pk=ctx.param("refresh_id"))
    checks = list(SourceCheck.objects.filter(refresh=refresh).select_related("source", "previous"))
    changed = [c for c in checks if c.outcome == PageCheck.CHANGED]
    gone = [c for c in checks if c.outcome == PageCheck.GONE]
    new = (
        Source.objects.filter(
            project=ctx.project,
            created_at__gte=refresh.started_at,
            fetch_status=FetchStatus.FETCHED,
            summaries__relevant=True,
        )
        .distinct()
        .order_by("n")
    )
    found: dict[str, Any] = {
        "since": refresh.since.version if refresh.since else None,
        "new": [_brief(s) for s in new],
        "changed": [_brief(c.source) | _edits(c) for c in changed],
        "gone": [_brief(c.source, c.detail) for c in gone],
        "claims": _claims_changed(refresh, changed),
        "figures": _figures_changed(refresh),
        "rechecked": len(checks),
    }
    is_changed = bool(found["new"] or found["changed"] or found["gone"] or found["figures"])
    Refresh.objects.filter(pk=refresh.pk).update(changes=found, changed=is_changed)
    tally = f"{len(found['new'])} new, {len(changed)} changed, {len(gone)} gone"
    if not is_changed:
        since = f" since v{found['since']}" if found["since"] else ""
        ActivityEntry.objects.record(
            ActivityAction.REFRESHED,
            ctx.project,
            refresh.requested_by,
            f"Nothing changed{since}: {len(checks)} pages rechecked, no new source found.",
        )
    ctx.note(f"{tally} of {len(checks)} rechecked" + ("" if is_changed else "; no new version"))


def _brief(source: Source, detail: str = "") -> dict[str, Any]:
    return {"n": source.n, "title": source.title, "url": source.url, "detail": detail}


def _edits(check: SourceCheck) -> dict[str, list[str]]:
    """The sentences the page gained and lost since it was read before."""
    before = check.previous.text if check.previous else ""
    return changes.edits(
        [s.text for s in sentences(before)], [s.text for s in sentences(check.source.text)]
    )


def _claims_changed(refresh: Refresh, changed: list[SourceCheck]) -> list[dict[str, str]]:
    """The claims of the version the refresh started from, citing a changed page, whose
    lexical support differs between the page as it was and as it is."""
    if refresh.since is None or not changed:
        return []
    pages = {c.source.n: c for c in changed if c.previous is not None}
    found = []
    before = {
        n: SourceIndex.build(n, c.previous.text if c.previous else "") for n, c in pages.items()
    }
    after = {n: SourceIndex.build(n, c.source.text) for n, c in pages.items()}
    rows = Claim.objects.filter(report=refresh.since, sources__n__in=list(pages)).distinct()
    for claim in rows.order_by("position"):
        split = SplitClaim(
            position=claim.position,
            sentence=claim.sentence,
            citations=tuple(claim.citations),
            section="",
        )
        old, new = claims.align(split, before), claims.align(split, after)
        if old.status != new.status:
            found.append(
                {
                    "sentence": split.text,
                    "old": old.status,
                    "new": new.status,
                    "href": claim_href(refresh.since, claim.position),
                }
            )
    return found


def _figures_changed(refresh: Refresh) -> list[dict[str, Any]]:
    """Each figure of the version the refresh started from (its datasets' counted rows) that
    the datasets now give otherwise: its entity, measure and period, old → new, and the
    sources stating each."""
    if refresh.since is None:
        return []
    shown = {int(i) for i in DATASET_LINK.findall(refresh.since.markdown)}
    old = _cells(DatasetRow.objects.filter(dataset_id__in=shown))
    now = _cells(
        DatasetRow.objects.filter(dataset__project=refresh.project_id, dataset__current=True)
    )
    found = []
    for key, (value, n, measure) in old.items():
        if key in now and not math.isclose(now[key][0], value, rel_tol=1e-9):
            entity, period, unit = key[1:]
            found.append(
                {
                    "entity": entity,
                    "measure": measure,
                    "period": period,
                    "unit": unit,
                    "old": spelled(value),
                    "old_n": n,
                    "new": spelled(now[key][0]),
                    "new_n": now[key][1],
                }
            )
    return found


DATASET_LINK = re.compile(r"/datasets/(\d+)/")


def _cells(rows: Any) -> dict[tuple, tuple[float, int, str]]:
    """Each (section, entity, period, unit) cell's value, its source's number and measure: of
    the rows a computation reads (no superseded one), the latest source's."""
    cells: dict[tuple, tuple[float, int, str]] = {}
    ordered = rows.counted().select_related("source", "dataset").order_by("-source__n")
    for row in ordered:
        key = (row.dataset.section_id, row.entity, row.period, row.unit)
        cells.setdefault(key, (row.current, row.source.n, row.measure))
    return cells


def claim_href(report: Report, position: int) -> str:
    """Where a claim is shown: its sentence's entry in its version's ledger (the claims page;
    by its position, which a recheck keeps). Built here: the worker does not load the URLs."""
    page = f"/projects/{report.project_id}/report/claims/?version={report.version}"
    return f"{page}#sentence-{position}"


# Fatal: a refresh that cannot say what changed fails, with the reason, rather than ending
# "done" as if nothing had (the project's Resume compares again).
STAGE = StageSpec(stage=Stage.CHANGES, run=run, fatal=True, writes=(Refresh, ActivityEntry))
