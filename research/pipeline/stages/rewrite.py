"""Rewrite a section: one `## ` section of a report version rewritten as a member asked, in a
new version where every other byte is the base version's.

Reads:    the base Report version (`report_id`), the section's number `k` (text/sections.py
          counts the `## ` sections before the References from 1) and the member's
          `instruction`; the section's own sources: those it cites and those with findings of
          the queries of the plan's section of its title (their summaries and quotes); for
          `more figures`, those sources' kept figures that the base version does not show.
Replaces: the Report version this step wrote (a redelivered step replaces its own, never adds a
          second), which becomes the current one, written by the member who asked (the step's
          `requested_by`), in the base version's style and language. Only section k differs
          from the base: the References are rebuilt (in the project's citation style) only
          when the section now cites a source the base version did not, and are otherwise the
          base's, byte for byte.

The LLM engine follows any instruction (prompts/rewrite.md) with the section's text and its
sources' findings; the answer's [n] are checked as the report's are (only the project's citable
sources), its links removed but those the section already had (its figures), a `##` heading in
it made `###` (the report's sections stay as they were). The extractive engine knows `shorter`,
`longer` and `more figures` (text/rewrites.py) and fails the step naming them for anything
else, or saying so when nothing can be left out or added. Once the step is done the scheduler
checks the new version's claims, and the project is done again.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import SimpleNamespace
from typing import Any

from django.conf import settings
from django.db import transaction
from django.db.models import Max

from research.errors import BadInput, MissingInput, ProviderFailed
from research.models import Figure, Method, Project, Report, Source, Stage, Summary
from research.pipeline.shared import references
from research.pipeline.shared.context import StageSpec, StepContext
from research.prompts import REWRITE
from research.providers.llm import messages_tokens
from research.text import edits, markdown, rewrites, sections
from research.text import figures as text_figures
from research.text.extractive.terms import language_of
from research.text.gate import CITATION, Expect
from research.text.tokens import estimate_tokens, truncate

ANSWER_TOKENS = 3000
OTHER_FINDINGS = "Other findings"  # the report's section of the queries outside the plan's
COLUMNS = {"en": ("Measure", "Value", "Source"), "zh": ("指标", "数值", "来源")}


@dataclass
class Job:
    base: Report
    split: sections.Split
    k: int
    instruction: str
    body: str  # section k's text, without a closing fallback note
    note: str  # that note ("" when none), kept after the rewritten text

    @property
    def section(self) -> sections.Section:
        return self.split.sections[self.k - 1]


def _job(ctx: StepContext) -> Job:
    base = Report.objects.filter(project=ctx.project, pk=ctx.param("report_id")).first()
    if base is None:
        raise MissingInput("The report version to rewrite is gone: ask for the rewrite again.")
    split = sections.split(base.markdown)
    k = int(ctx.param("k", 0))
    if not 1 <= k <= len(split.sections):
        raise MissingInput(
            f"Version {base.version} has {len(split.sections)} "
            f"section{'' if len(split.sections) == 1 else 's'} before its References; "
            f"there is no section {k} to rewrite."
        )
    body, note = split.sections[k - 1].body, ""
    closing = f"_{base.fallback_note}_"
    if base.fallback_note and body.endswith(closing) and body != closing:
        body, note = body[: -len(closing)].rstrip(), "\n\n" + closing
    return Job(base, split, k, str(ctx.param("instruction", "")), body, note)


# --- The section's sources -----------------------------------------------------------------


def _sources(project: Project, job: Job) -> list[dict]:
    """The section's sources: those with findings of its plan section's queries and those it
    cites, each with those findings (a cited source's other findings too), by n."""
    cited = set(edits.cited(job.body))
    own = _plan_section(project, job.section.title)
    rows = (
        Summary.objects.relevant()
        .filter(query__project=project, source__excluded=False)
        .select_related("query", "source")
        .order_by("source__n", "query__position", "pk")
    )
    found: dict[int, dict] = {}
    for summary in rows:
        source, section_id = summary.source, summary.query.section_id
        mine = own is not None and section_id == own[0]
        if not mine and source.n not in cited:
            continue
        entry = found.setdefault(source.n, _source(source))
        finding = {"query": summary.query.text, "text": summary.text, "quotes": summary.quotes}
        entry["findings"].append({**finding, "own": mine})
    return list(found.values())


def _plan_section(project: Project, title: str) -> tuple[int | None, str] | None:
    """The plan's section of this title as (id, its goal and queries); (None, "") for the
    report's "Other findings"; None when the section is the report's own (key figures)."""
    wanted = title.strip().casefold()
    for section in project.sections.all():
        if section.title.strip().casefold() == wanted:
            queries = " ".join(section.queries.values_list("text", flat=True))
            return section.pk, f"{section.goal} {queries}"
    return (None, "") if wanted == OTHER_FINDINGS.casefold() else None


def _source(source: Source) -> dict[str, Any]:
    return {
        "n": source.n,
        "title": source.title or source.url,
        "domain": source.domain,
        "published": source.published,
        "findings": [],
    }


# --- With a language model -----------------------------------------------------------------


def run(ctx: StepContext) -> None:
    job = _job(ctx)
    found = _sources(ctx.project, job)
    answer = min(ANSWER_TOKENS, ctx.window() // 3)
    variables = {
        "today": ctx.today,
        "question": ctx.project.question,
        "language": job.base.language or ctx.language,
        "instruction": job.instruction,
        "section": SimpleNamespace(title=job.section.title, goal=""),
        "text": job.body,
    }

    allowed = set(ctx.project.sources.citable().values_list("n", flat=True))
    cites = bool(CITATION.search(job.body))  # a section that cites must go on citing
    expect = Expect("rewrite", str(variables["language"]), (), frozenset(allowed if cites else ()))

    def write():
        fitted = _fit(ctx, variables, found, answer)
        return ctx.write(REWRITE, max_tokens=answer, expect=expect, **variables, sources=fitted)

    written = ctx.refitting(write)
    text = markdown.normalise(written.text, whole=False, title=job.section.title)
    cleaned = edits.clean(sections.demoted(text), allowed, edits.links(job.body))
    if not cleaned.markdown.strip():
        raise ProviderFailed(f"The model's rewrite of section {job.k} was empty.")
    removed = cleaned.removed_citations
    report = _save(ctx, job, cleaned.markdown, removed=removed, complete=written.complete)
    _note(ctx, job, report, f"{cleaned.removed_citations} invalid citations removed")


def _fit(ctx: StepContext, variables: dict, found: list[dict], answer: int) -> list[dict]:
    """The sources with their findings cut evenly (quotes first left out) to fit the window."""
    room = ctx.prompt_room(answer) - messages_tokens(REWRITE.render(**variables, sources=[]))
    total = sum(
        estimate_tokens(f["text"] + " ".join(f["quotes"])) for s in found for f in s["findings"]
    )
    if total <= room:
        return found
    each = max(20, room // max(1, sum(len(s["findings"]) for s in found)))
    return [
        {
            **s,
            "findings": [
                {**f, "text": truncate(f["text"], each), "quotes": []} for f in s["findings"]
            ],
        }
        for s in found
    ]


# --- Without a language model --------------------------------------------------------------


def run_extractive(ctx: StepContext) -> None:
    job = _job(ctx)
    asked = rewrites.instruction(job.instruction)
    if asked is None:
        raise BadInput(_not_known(job.instruction, ctx.fallback), field="instruction")
    found = _sources(ctx.project, job)
    quotes = [
        rewrites.Quote(quote, s["n"]) for s in found for f in s["findings"] for quote in f["quotes"]
    ]
    added: Figure | None = None
    if asked == rewrites.SHORTER:
        body = rewrites.shorter(job.body)
    elif asked == rewrites.LONGER:
        body = rewrites.longer(job.body, job.base.markdown, _topic(ctx.project, job), quotes)
    else:
        body, added = _more_figures(ctx.project, job, found, quotes)
    if body is None:
        raise MissingInput(_nothing(asked, job))
    report = _save(ctx, job, body, figure=added)
    _note(ctx, job, report, "extractive")


def _not_known(instruction: str, fallback: str) -> str:
    names = [f"'{name}'" for name in rewrites.INSTRUCTIONS]
    known = ", ".join(names[:-1]) + " or " + names[-1]
    why = f"The LLM failed ({fallback}), and without" if fallback else "Without"
    return (
        f"{why} a language model a section can only be rewritten {known}; "
        f"'{instruction[:80]}' is none of these. Write one of them as the instruction."
    )


def _nothing(asked: str, job: Job) -> str:
    title = job.section.title
    if asked == rewrites.SHORTER:
        return f"Section {job.k} ({title}) says one thing only: nothing can be left out of it."
    if asked == rewrites.LONGER:
        return (
            f"Section {job.k} ({title}): every quote its sources' findings hold is already in "
            "the report, so there is nothing to add."
        )
    return (
        f"Section {job.k} ({title}): its sources have no figure the report does not show, and "
        "their quotes state no figure the section does not give."
    )


def _topic(project: Project, job: Job) -> str:
    own = _plan_section(project, job.section.title)
    return f"{job.section.title} {own[1] if own else ''}"


def _more_figures(
    project: Project, job: Job, found: list[dict], quotes: list[rewrites.Quote]
) -> tuple[str | None, Figure | None]:
    """The section with one more of its sources' figures (the one it fits best), or else a
    table of the figures its sources' quotes state."""
    shown = job.base.figures.values_list("pk", flat=True)
    offered = list(
        Figure.objects.offered()
        .filter(source__project=project, source__n__in=[s["n"] for s in found])
        .exclude(pk__in=shown)
        .select_related("source")
        .order_by("source__n", "position")
    )
    language = "zh" if language_of(job.body) == "zh" else "en"
    if not offered:
        return rewrites.figures_table(job.body, quotes, COLUMNS[language]), None
    part = text_figures.Part(0, _topic(project, job))
    offer = [text_figures.Offered(f.pk, f.label, f.heading, frozenset({0})) for f in offered]
    best = text_figures.choose([part], offer, 1).get(0, [offered[0].pk])[0]
    figure = next(f for f in offered if f.pk == best)
    source = figure.source
    block = text_figures.markdown(
        len(text_figures.numbers(job.base.markdown)) + 1,  # the next number: none renumbered
        figure.label,
        text_figures.path(figure.pk, figure.extension),
        source.n,
        text_figures.attribution(source.title, source.domain),
        language,
    )
    return rewrites.with_block(job.body, block), figure


# --- The new version -----------------------------------------------------------------------


def _save(
    ctx: StepContext,
    job: Job,
    body: str,
    *,
    removed: int = 0,
    complete: bool = True,
    figure: Figure | None = None,
) -> Report:
    """The new current version: the base's with section k's text replaced."""
    project, base = ctx.project, job.base
    split = job.split.replaced(job.k, body + job.note)
    before = set(base.cited_sources.values_list("n", flat=True))
    numbers = before | set(edits.cited(body))
    cited = list(
        Source.objects.filter(project=project, n__in=numbers)
        .select_related("snapshot", "document__collection")
        .order_by("n")
    )
    if numbers - before:  # a source the base did not cite: the References list it too
        split = _with_references(split, references.section(cited, project.opts.citation_style))
    text = split.join()
    with transaction.atomic():
        Report.objects.filter(project=project, pk=ctx.step.output.get("report_id")).delete()
        version = (project.reports.aggregate(v=Max("version"))["v"] or 0) + 1
        project.reports.update(is_current=False)
        report = Report.objects.create(
            project=project,
            version=version,
            markdown=text,
            style=base.style,
            language=base.language,
            model=settings.LLM_MODEL if ctx.method == Method.LLM else "",
            engine=ctx.method,
            fallback_note=base.fallback_note,
            is_current=True,
            complete=base.complete and complete,
            citations_removed=base.citations_removed + removed,
            created_by=ctx.step.requested_by,
            tokens=ctx.meter.used,
        )
        report.cited_sources.set(cited)
        linked = {int(found) for found, _ in text_figures.FIGURE_LINK.findall(text)}
        kept = {*base.figures.values_list("pk", flat=True), *([figure.pk] if figure else [])}
        report.figures.set(Figure.objects.filter(pk__in=kept & linked))
        ctx.save_output({"report_id": report.pk, "version": version, "base": base.version})
    return report


def _with_references(split: sections.Split, rebuilt: str) -> sections.Split:
    if split.references:
        return sections.Split(split.preamble, split.sections, rebuilt)
    return sections.Split(split.preamble, split.sections, "\n\n" + rebuilt)


def _note(ctx: StepContext, job: Job, report: Report, how: str) -> None:
    ctx.note(
        f"version {report.version}: section {job.k} ({job.section.title}) of "
        f"v{job.base.version} rewritten ({how}): {job.instruction[:120]}"
    )


STAGE = StageSpec(
    stage=Stage.REWRITE,
    run=run,
    extractive=run_extractive,
    writes=(Report,),
)
