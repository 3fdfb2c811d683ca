"""Step 9, check claims: each sentence of a report version against the sources it cites.

The lexical alignment (text/claims.py) always runs and costs no tokens. With the LLM
engine, the claims it did not find plainly supported go to the model, one batched call per
report section, every section at once, with their candidate quotes; the model's status and
reason replace the lexical ones (the quote stays the verbatim one the alignment found). Hard
evidence stands without a call: a number no cited text states, a cited source without stored
text. When the model fails, the lexical verdicts are kept and the step says so.

Reads:    one Report version (the step's `report_id`), the stored text and the summaries' quotes
          of every source of the project (a claim found only in a source it does not cite is
          misattributed), and with the LLM engine the model's context window. With a
          `source_n` parameter, only the claims citing that source; with `stale`, only those
          checked before a source they cite was refetched or resummarised (the scheduler asks
          for that in every version once the rerun's new version is checked).
Replaces: the Claims of that report version (or those chosen above), each with the
          generation of the sources it cites; members' reviews of a sentence that is still
          there are kept.
"""

from __future__ import annotations

import logging
import math
import re
from dataclasses import replace

from django.db import transaction
from django.db.models import Prefetch

from research.errors import BudgetSpent, ComputeRefused, MissingInput
from research.models import (
    Claim,
    ClaimMethod,
    ClaimStatus,
    Dataset,
    Project,
    Report,
    Source,
    Stage,
    Summary,
)
from research.pipeline.shared import datasets, parallel
from research.pipeline.shared.context import StageSpec, StepContext
from research.prompts import CLAIMS
from research.prompts.outputs import ClaimVerdicts
from research.providers.compute import Table, select
from research.providers.llm import LLMError, LLMNotConfigured, messages_tokens
from research.text import claims
from research.text.claims import SourceIndex, SplitClaim, Verdict
from research.text.quantities import quantities, states_value
from research.text.tokens import truncate

log = logging.getLogger(__name__)

DERIVED_REASON = 3000  # a derived claim's reason holds its SQL and its inputs' quotes
CONFIDENT = 0.8  # a lexically supported claim at least this well covered skips the model
BATCH = 20  # claims per call at most
QUOTE_TOKENS = 120
ANSWER_PER_CLAIM = 60


def run(ctx: StepContext) -> None:
    report, split, verdicts, indexes = _lexical(ctx)
    asked = [c for c in split if _needs_model(c, verdicts[c.position])]
    checked: set[int] = set()
    if ctx.engine == "llm" and asked:
        try:
            checked = _verify(ctx, asked, verdicts, indexes)
        except (LLMError, LLMNotConfigured, BudgetSpent) as exc:
            ctx.fallback = getattr(exc, "reason", str(exc))
            log.warning("step %s: claims kept as aligned; the LLM failed", ctx.step.pk)
    _finish(ctx, report, split, verdicts, checked)


def run_extractive(ctx: StepContext) -> None:
    report, split, verdicts, _ = _lexical(ctx)
    _finish(ctx, report, split, verdicts, set())


def _lexical(
    ctx: StepContext,
) -> tuple[Report, list[SplitClaim], dict[int, Verdict], dict[int, SourceIndex]]:
    report = Report.objects.filter(project=ctx.project, pk=ctx.param("report_id")).first()
    if report is None:
        raise MissingInput(f"This claims step has no report version {ctx.param('report_id')}.")
    indexes = _indexes(ctx.project)
    split = claims.split_claims(report.markdown)
    only = ctx.param("source_n")
    if only is not None:
        split = [c for c in split if int(only) in c.citations]
    if ctx.param("stale"):
        split = _stale(report, split)
    figures = _figures(ctx.project, split)
    verdicts = {
        c.position: _derived(c, figures[c.figure])
        if c.figure in figures
        else claims.align(c, indexes)
        for c in split
    }
    return report, split, verdicts, indexes


def _figures(project: Project, split: list[SplitClaim]) -> dict[int, Dataset]:
    """The datasets the report's figures were computed from, by id."""
    ids = {c.figure for c in split if c.figure}
    rows = Dataset.objects.filter(project=project, pk__in=ids).prefetch_related(
        "rows__source__snapshot"
    )
    return {dataset.pk: dataset for dataset in rows}


def _derived(claim: SplitClaim, dataset: Dataset) -> Verdict:
    """A figure's result: computed, not quoted; its reason gives the SQL and the quotes of the
    figures of the entities it names (or the first ones), its quote the first of those. It
    stands (derived) only when each figure it is computed from is in its quote and its
    source, and computing again from them gives the numbers it states; else contradicted."""
    counted = [row for row in dataset.rows.all() if not row.excluded and not row.superseded]
    named = [row for row in counted if row.entity and row.entity in claim.sentence] or counted
    inputs = "; ".join(f"“{row.quote}” [{row.source.n}]" for row in named[:4])
    first = named[0] if named else None
    wrong = _recomputed(claim.sentence, dataset, counted)
    return Verdict(
        status=ClaimStatus.CONTRADICTED if wrong else ClaimStatus.DERIVED,
        score=0.0 if wrong else 1.0,
        quote=first.quote if first else "",
        quote_n=first.source.n if first else None,
        reason=(f"Computed again, it does not hold: {wrong}. " if wrong else "")
        + f"Computed from {len(counted)} quoted figures by: {dataset.sql} From: {inputs}",
        firm=True,
    )


def _recomputed(sentence: str, dataset: Dataset, counted: list) -> str:
    """Why a computed sentence does not hold ("" when it does): a figure it is computed from
    that its quote or its source does not state, or a number it states that the computation,
    run again over those figures, does not give."""
    for row in counted:
        if row.quote not in row.source.text or not states_value(
            row.quote, row.value, row.conversion
        ):
            return f"[{row.source.n}] does not state {row.entity}'s {row.value:g} as quoted"
    values = datasets.newest(
        (r.entity, r.period, r.current, r.source.published, r.source.n) for r in counted
    )
    try:
        result = select(dataset.sql, [Table("dataset", datasets.COLUMNS, values)])
    except ComputeRefused as exc:
        return f"the computation fails ({exc.reason})"
    cells = [c for row in result.rows for c in row if isinstance(c, int | float)]
    for amount in quantities(re.sub(r"\[\d+\]", "", sentence)):
        if not any(math.isclose(amount.value, abs(c), rel_tol=1e-3, abs_tol=0.006) for c in cells):
            return f"{amount.text} is not in the result ({len(result.rows)} rows)"
    return ""


def _stale(report: Report, split: list[SplitClaim]) -> list[SplitClaim]:
    """The claims checked before a source they cite was refetched or resummarised."""
    generations = dict(
        Source.objects.filter(project=report.project_id).values_list("n", "generation")
    )
    stored = {c.position: c for c in Claim.objects.filter(report=report)}
    return [c for c in split if c.position not in stored or stored[c.position].stale(generations)]


def _indexes(project: Project) -> dict[int, SourceIndex]:
    """Every source of the project with stored text, by its number."""
    quotes = Summary.objects.filter(relevant=True).only("source_id", "quotes")
    rows = (
        Source.objects.filter(project=project, snapshot__isnull=False)
        .select_related("snapshot")
        .prefetch_related(Prefetch("summaries", queryset=quotes, to_attr="quoted"))
    )
    return {
        s.n: SourceIndex.build(s.n, s.text, [q for summary in s.quoted for q in summary.quotes])
        for s in rows
    }


def _needs_model(claim: SplitClaim, verdict: Verdict) -> bool:
    if not claim.citations or verdict.firm:  # firm: the model is not asked to overturn it
        return False
    return not (verdict.status == "supported" and verdict.score >= CONFIDENT)


def _verify(
    ctx: StepContext,
    asked: list[SplitClaim],
    verdicts: dict[int, Verdict],
    indexes: dict[int, SourceIndex],
) -> set[int]:
    """One call per section (split further when a section does not fit the window), every
    section at once; the positions the model judged."""
    sections: dict[str, list[SplitClaim]] = {}
    for claim in asked:
        sections.setdefault(claim.section, []).append(claim)
    batches = [
        (section, batch)
        for section, items in sections.items()
        for batch in _batches(ctx, section, [_item(c, verdicts, indexes) for c in items])
    ]

    def ask(section_batch: tuple[str, list[dict]]) -> ClaimVerdicts:
        section, batch = section_batch
        return ctx.ask(
            CLAIMS,
            max_tokens=ANSWER_PER_CLAIM * len(batch) + 100,
            question=ctx.project.question,
            section=section,
            claims=batch,
        )

    checked: set[int] = set()
    for (_, batch), answer in zip(batches, parallel.at_once(ask, batches), strict=True):
        known = {item["id"] for item in batch}
        for verdict in answer.verdicts:
            if verdict.id in known:
                verdicts[verdict.id] = replace(
                    verdicts[verdict.id], status=verdict.status, reason=verdict.reason
                )
                checked.add(verdict.id)
    return checked


def _item(claim: SplitClaim, verdicts: dict[int, Verdict], indexes: dict[int, SourceIndex]):
    """A claim as the prompt shows it: its sentence and the best window of each cited source
    (and the lexical quote, when it came from another source)."""
    quotes: list[dict] = []
    for n in claim.citations:
        if n in indexes:
            best = claims.best_window(claim.text, indexes[n])
            if best.window is not None and best.score > 0:
                quotes.append({"n": n, "text": best.window.text})
    lexical = verdicts[claim.position]
    if lexical.quote and lexical.quote_n not in claim.citations:
        quotes.append({"n": lexical.quote_n, "text": lexical.quote})
    return {
        "id": claim.position,
        "cites": ", ".join(str(n) for n in claim.citations),
        "sentence": claim.text,
        "quotes": [{**q, "text": truncate(q["text"], QUOTE_TOKENS)} for q in quotes],
    }


def _batches(ctx: StepContext, section: str, items: list[dict]) -> list[list[dict]]:
    """The section's claims in batches that fit the window next to their answers."""
    pending = [items[i : i + BATCH] for i in range(0, len(items), BATCH)]
    fitting: list[list[dict]] = []
    while pending:
        batch = pending.pop(0)
        messages = CLAIMS.render(question=ctx.project.question, section=section, claims=batch)
        room = ctx.prompt_room(ANSWER_PER_CLAIM * len(batch) + 100)
        if messages_tokens(messages) <= room or len(batch) == 1:
            fitting.append(batch)
        else:
            half = len(batch) // 2
            pending[:0] = [batch[:half], batch[half:]]
    return fitting


def _finish(
    ctx: StepContext,
    report: Report,
    split: list[SplitClaim],
    verdicts: dict[int, Verdict],
    checked: set[int],
) -> None:
    partial = ctx.param("source_n") is not None or bool(ctx.param("stale"))
    _save(report, split, verdicts, checked, partial)
    counts: dict[str, int] = {}
    for verdict in verdicts.values():
        counts[verdict.status] = counts.get(verdict.status, 0) + 1
    tally = ", ".join(f"{n} {status}" for status, n in sorted(counts.items())) or "none"
    model = f"; {len(checked)} checked by the model" if checked else ""
    ctx.note(f"version {report.version}: {len(split)} claims ({tally}){model}")


def _save(
    report: Report,
    split: list[SplitClaim],
    verdicts: dict[int, Verdict],
    checked: set[int],
    partial: bool,
) -> None:
    """Replace the version's claims (only those in `split`, when `partial`), keeping members'
    reviews of the sentences that are still there."""
    rows_of = Source.objects.filter(project=report.project_id).values_list("n", "pk", "generation")
    numbers = {n: pk for n, pk, _ in rows_of}
    generations = {n: generation for n, _, generation in rows_of}
    with transaction.atomic():
        old = Claim.objects.filter(report=report)
        if partial:
            old = old.filter(position__in=[c.position for c in split])
        reviews = {(c.position, c.sentence): c for c in old}
        old.delete()
        rows = [
            _row(report, c, verdicts[c.position], c.position in checked, numbers) for c in split
        ]
        for row in rows:
            row.generations = {str(n): generations[n] for n in row.citations if n in generations}
        for row in rows:
            kept = reviews.get((row.position, row.sentence))
            if kept is not None:
                row.review, row.review_note = kept.review, kept.review_note
                row.reviewed_by_id, row.reviewed_at = kept.reviewed_by_id, kept.reviewed_at
        Claim.objects.bulk_create(rows)
        links = [
            Claim.sources.through(claim_id=row.pk, source_id=numbers[n])
            for row, claim in zip(rows, split, strict=True)
            for n in claim.citations
            if n in numbers
        ]
        Claim.sources.through.objects.bulk_create(links)


def _row(
    report: Report, claim: SplitClaim, verdict: Verdict, by_model: bool, numbers: dict[int, int]
) -> Claim:
    return Claim(
        report=report,
        position=claim.position,
        sentence=claim.sentence,
        citations=list(claim.citations),
        quote=verdict.quote,
        quote_source_id=numbers.get(verdict.quote_n) if verdict.quote_n is not None else None,
        score=max(0.0, min(1.0, verdict.score)),
        status=verdict.status,
        reason=verdict.reason[: DERIVED_REASON if verdict.status == ClaimStatus.DERIVED else 300],
        method=ClaimMethod.LLM if by_model else ClaimMethod.LEXICAL,
    )


STAGE = StageSpec(stage=Stage.CLAIMS, run=run, extractive=run_extractive, writes=(Claim,))
