"""Step 8, report: write the report from the summaries (never raw pages), cite by number.

Reads:    the relevant Summaries of every source not excluded, the Sections, the options (or the
          style and language this step was asked for).
Replaces: the Report version this step wrote (a redelivered step replaces its own, never adds a
          second); that version becomes the current one.
"""

from __future__ import annotations

from django.conf import settings
from django.db import transaction
from django.db.models import Max, Prefetch

from research.errors import MissingInput
from research.models import Project, Report, Source, Stage, Summary
from research.pipeline.context import StageSpec, StepContext
from research.prompts import REPORT
from research.providers import citations
from research.providers.text import estimate_tokens, truncate

STYLE_GUIDES = {
    "professional": "a professional briefing: clear, neutral, precise, with headings and short "
    "paragraphs; tables where they help compare.",
    "academic": "an academic review: formal, careful about evidence and its limits, discussing "
    "methods and disagreements.",
    "popular_science": "popular science for curious non-experts: plain words, vivid examples, "
    "technical terms explained, still exact.",
    "news": "a news article: the most important facts first, short paragraphs, who/what/when/"
    "where/why, attributed claims.",
    "social_media": "a social media thread: short numbered posts, punchy and accessible, each "
    "claim still cited.",
}
ANSWER_TOKENS = 4000


def run(ctx: StepContext) -> None:
    project = ctx.project
    style = ctx.param("style") or ctx.opts.report_style
    language = ctx.param("language") or ctx.language
    sources = _sources_with_findings(project)
    if not sources:
        raise MissingInput("No source could be read and summarised, so there is nothing to report.")
    _fit_to_context(sources)
    written = ctx.write(
        REPORT,
        max_tokens=ANSWER_TOKENS,
        today=ctx.today,
        question=project.question,
        language=language,
        style_guide=STYLE_GUIDES[style],
        sections=list(project.sections.all()),
        sources=sources,
    )
    allowed = {s["n"] for s in sources}
    cleaned = citations.clean(written.text, allowed)
    report = _save(ctx, cleaned, style, language, complete=written.complete)
    ctx.note(
        f"version {report.version}{'' if written.complete else ' (cut off: incomplete)'}: "
        f"{len(cleaned.cited)} sources cited, {cleaned.removed_citations} invalid citations "
        f"and {cleaned.removed_links} links removed"
    )


def _sources_with_findings(project: Project) -> list[dict]:
    relevant = Summary.objects.relevant().select_related("query").order_by("query__position")
    rows = (
        project.sources.citable()
        .filter(summaries__relevant=True)
        .distinct()
        .prefetch_related(Prefetch("summaries", queryset=relevant, to_attr="found"))
        .order_by("-pinned", "n")
    )
    return [
        {
            "n": s.n,
            "title": s.title or s.url,
            "domain": s.domain,
            "published": s.published,
            "findings": [{"query": f.query.text, "text": f.text} for f in s.found],
        }
        for s in rows
    ]


def _fit_to_context(sources: list[dict]) -> None:
    """Shorten findings evenly until all of them fit the context next to the instructions."""
    room = settings.LLM_CONTEXT_TOKENS - ANSWER_TOKENS - 1500
    findings = [f for s in sources for f in s["findings"]]
    total = sum(estimate_tokens(f["text"]) for f in findings)
    if total <= room or not findings:
        return
    each = max(40, room // len(findings))
    for finding in findings:
        finding["text"] = truncate(finding["text"], each)


def _save(
    ctx: StepContext, cleaned: citations.Cleaned, style: str, language: str, *, complete: bool
) -> Report:
    project = ctx.project
    cited = list(Source.objects.filter(project=project, n__in=cleaned.cited).order_by("n"))
    body = cleaned.markdown + "\n\n" + citations.references(cited)
    with transaction.atomic():
        existing = Report.objects.filter(project=project).filter(
            pk=ctx.step.output.get("report_id")
        )
        existing.delete()  # a redelivered step replaces the version it wrote
        version = (project.reports.aggregate(v=Max("version"))["v"] or 0) + 1
        project.reports.update(is_current=False)
        report = Report.objects.create(
            project=project,
            version=version,
            markdown=body,
            style=style,
            language=language,
            model=settings.LLM_MODEL,
            is_current=True,
            complete=complete,
            citations_removed=cleaned.removed_citations,
            created_by=ctx.step.requested_by,
            tokens=ctx.meter.used,
        )
        report.cited_sources.set(cited)
        ctx.save_output({"report_id": report.pk, "version": version})
    return report


STAGE = StageSpec(stage=Stage.REPORT, run=run, fatal=True)
