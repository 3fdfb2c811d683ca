"""A member's hand edit of the report: a new version authored by that member.

The member writes the body; the version is made as the report stage makes one. Its Markdown is
normalised as a model's, a references list the member wrote is cut and ours is built from the
sources the text cites, a link the edited version did not already have is removed
(text/edits.py). Every `[n]` must name a source of the project (else BadInput naming it), and
the edit must start from the current version (else NotAllowed naming the current one: someone
else's version came first). The new version becomes the current one, the activity log says
who edited it, and its claims are checked as any version's are (the claims stage), so a
sentence the member added without support shows as such in the ledger.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import IntegrityError, transaction
from django.db.models import Max

from research.errors import BadInput, NotAllowed
from research.models import (
    ActivityAction,
    ActivityEntry,
    Figure,
    Project,
    Report,
    Source,
    Stage,
)
from research.pipeline.engine import flow
from research.pipeline.engine.runner import ensure_step
from research.pipeline.shared import references
from research.services import runs
from research.text import edits
from research.text.figures import FIGURE_LINK


@dataclass
class Prepared:
    """A hand edit as it would be stored: its Markdown with the References, its sources."""

    markdown: str
    cited: list[Source]
    citations_removed: int


def prepare(project: Project, markdown: str) -> Prepared:
    """The member's `markdown` as the next version would hold it (the page's preview shows
    it); BadInput naming what is wrong with it."""
    base = _current(project)
    text = edits.body(markdown)
    if not text:
        raise BadInput("The report is empty: write its text.", field="markdown")
    _check_citations(project, text)
    trusted = edits.links(edits.body(base.markdown))
    numbers = set(project.sources.citable().values_list("n", flat=True))
    cleaned = edits.clean(text, numbers, trusted)
    cited = list(
        Source.objects.filter(project=project, n__in=cleaned.cited)
        .select_related("snapshot", "document__collection")
        .order_by("n")
    )
    style = project.opts.citation_style
    body = cleaned.markdown + "\n\n" + references.section(cited, style)
    return Prepared(body, cited, cleaned.removed_citations)


def edit(project: Project, *, markdown: str, base_version: int, user) -> Report:
    """Store `markdown` as the report's next version, edited from `base_version` by `user`."""
    base = _current(project)
    _check_base(base, base_version)
    prepared = prepare(project, markdown)
    try:
        with transaction.atomic():
            _writing(project, base_version, user)
            report = _save(project, base, prepared, user)
            detail = f"Edited the report by hand: v{report.version} from v{base.version}."
            ActivityEntry.objects.record(ActivityAction.REPORT_EDITED, project, user, detail)
            ensure_step(
                project,
                Stage.CLAIMS,
                flow.claims_key(report.pk),
                params={"report_id": report.pk},
                requested_by=user,
            )
    except IntegrityError:  # another version was stored between our check and our write
        raise NotAllowed(_stale(project, base_version)) from None
    return report


def _current(project: Project) -> Report:
    base = project.reports.filter(is_current=True).first()
    if base is None:
        raise NotAllowed("The project has no report to edit yet.")
    return base


def _check_base(base: Report, base_version: int) -> None:
    if base.version != base_version:
        raise NotAllowed(_stale(base.project, base_version))


def _stale(project: Project, base_version: int) -> str:
    current = project.reports.aggregate(v=Max("version"))["v"]
    return (
        f"The edit starts from version {base_version}, but the current version is {current}: "
        f"reload version {current} and edit it."
    )


def _check_citations(project: Project, text: str) -> None:
    """Every [n] names a source of the project that is not excluded."""
    sources = dict(project.sources.values_list("n", "excluded"))
    bad = edits.unresolved(text, {n for n, excluded in sources.items() if not excluded})
    if not bad:
        return
    reasons = [
        f"[{n}] cites a source excluded from this project"
        if n in sources
        else f"[{n}] cites no source of this project"
        for n in bad
    ]
    raise BadInput("; ".join(reasons) + ".", field="markdown")


def _writing(project: Project, base_version: int, user) -> None:
    """The project writes until the new version's claims are checked (then it is done again)."""
    if not runs.write_again(project, user=user):
        if project.reports.filter(version__gt=base_version).exists():
            raise NotAllowed(_stale(project, base_version))
        project.refresh_from_db(fields=["status"])
        state = project.get_status_display().lower()
        raise NotAllowed(f"The report can be edited once the project is done; it is {state}.")


def _save(project: Project, base: Report, prepared: Prepared, user) -> Report:
    """The new current version, in the edited version's style and language."""
    version = (project.reports.aggregate(v=Max("version"))["v"] or 0) + 1
    project.reports.update(is_current=False)
    report = Report.objects.create(
        project=project,
        version=version,
        markdown=prepared.markdown,
        style=base.style,
        language=base.language,
        model=base.model,
        engine=base.engine,
        fallback_note=base.fallback_note,
        is_current=True,
        citations_removed=prepared.citations_removed,
        created_by=user,
    )
    report.cited_sources.set(prepared.cited)
    shown = {int(found) for found, _ in FIGURE_LINK.findall(prepared.markdown)}
    report.figures.set(Figure.objects.filter(source__project=project, pk__in=shown))
    return report
