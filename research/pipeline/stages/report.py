"""Step 8, report: write the report from the summaries (never raw pages), cite by number.

Reads:    the relevant Summaries of every source not excluded, the Sections, the options (or the
          style and language this step was asked for), and the model's context window: when
          the findings do not fit it, the report is written section by section. With a
          `refresh_id`, what that refresh found, as a closing "What changed since vN" section.
Replaces: the Report version this step wrote (a redelivered step replaces its own, never adds a
          second); that version becomes the current one. The project's first version numbers
          the sources again, 1..n in the order it cites them (the rest after).
"""

from __future__ import annotations

import logging
from collections import Counter
from datetime import date
from types import SimpleNamespace
from typing import Any

from django.conf import settings
from django.db import transaction
from django.db.models import Count, Max, Prefetch

from research.errors import MissingInput
from research.models import (
    ClaimStatus,
    Figure,
    Method,
    Project,
    Refresh,
    Report,
    ReportLength,
    ReportStyle,
    Source,
    Stage,
    Summary,
)
from research.pipeline.shared import (
    figures,
    known,
    library,
    parallel,
    references,
    report_figures,
)
from research.pipeline.shared.context import StageSpec, StepContext
from research.prompts import REPORT, REPORT_FRAME, REPORT_SECTION, Prompt
from research.prompts.outputs import ReportFrame
from research.providers.llm import Written, messages_tokens
from research.text import changes, citations, markdown
from research.text.extractive import brief, evidence
from research.text.extractive.terms import LANGUAGE_NAMES, language_of
from research.text.gate import Expect
from research.text.scope import Rule
from research.text.tokens import estimate_tokens, truncate

log = logging.getLogger(__name__)

STYLE_GUIDES: dict[str, str] = {
    ReportStyle.PROFESSIONAL: "a professional briefing: clear, neutral, precise, with headings "
    "and short paragraphs; tables where they help compare.",
    ReportStyle.ACADEMIC: "an academic review: formal, careful about evidence and its limits, "
    "discussing methods and disagreements.",
    ReportStyle.POPULAR_SCIENCE: "popular science for curious non-experts: plain words, vivid "
    "examples, technical terms explained, still exact.",
    ReportStyle.NEWS: "a news article: the most important facts first, short paragraphs, "
    "who/what/when/where/why, attributed claims.",
    ReportStyle.SOCIAL_MEDIA: "a social media thread: short numbered posts, punchy and "
    "accessible, each claim still cited.",
}
ANSWER_TOKENS = 4000
MIN_FINDING = 80  # tokens: a finding cut shorter says too little; write by section instead
FRAME_TOKENS = 1000
OTHER_FINDINGS = SimpleNamespace(pk=None, title="Other findings", goal="")


def run(ctx: StepContext) -> None:
    project = ctx.project
    style = ctx.param("style") or ctx.opts.report_style
    language = ctx.param("language") or ctx.language
    sources = _sources_with_findings(project)
    if not sources:
        raise MissingInput(_nothing_to_report(project))
    _date(
        sources, known.of_sources(project, {s["n"] for s in sources}, date.fromisoformat(ctx.today))
    )
    base = {
        "today": ctx.today,
        "question": project.question,
        "language": language,
        "style_guide": STYLE_GUIDES[style],
    }
    words = ReportLength(ctx.param("length") or ctx.opts.length).words
    written, by_section = ctx.refitting(lambda: _write(ctx, sources, base, words))
    allowed = {s["n"] for s in sources}
    cleaned = citations.clean(markdown.normalise(written.text), allowed)
    note = _fallback_note(project, sources, "")
    shown = report_figures.choose(ctx, _sections(project, sources), sources, model=True)
    report = _save(
        ctx, cleaned, style, language, complete=written.complete, note=note, chosen=shown
    )
    ctx.note(
        f"version {report.version}{'' if written.complete else ' (cut off: incomplete)'}"
        f"{', written section by section' if by_section else ''}: {len(cleaned.cited)} sources "
        f"cited, {cleaned.removed_citations} invalid citations and {cleaned.removed_links} "
        "links removed"
    )


def _date(sources: list[dict], known: dict[int, evidence.Known]) -> None:
    """Each source's `as_of` and `superseded` (the word that marks it), for the prompts."""
    for source in sources:
        age = known[source["n"]].vintage
        source["as_of"], source["superseded"] = age.when, age.marked


def _write(ctx: StepContext, sources: list[dict], base: dict, words: int) -> tuple[Written, bool]:
    """The whole report in one answer when every finding fits the window with something left
    to say, else section by section (True) from each section's own findings; about `words`
    words either way."""
    answer = min(ANSWER_TOKENS, ctx.window() // 3)
    sections = list(ctx.project.sections.all())
    outline = {**base, "sections": sections}
    fitted = _fit(ctx, REPORT, {**outline, "words": words}, sources, answer)
    if fitted is not None:
        expect = Expect(
            "report",
            base["language"],
            tuple(section.title for section in sections),
            frozenset(s["n"] for s in fitted),
        )
        written = ctx.write(
            REPORT, max_tokens=answer, expect=expect, **outline, words=words, sources=fitted
        )
        return written, False
    each = max(100, words // max(1, len(sections)))
    return _write_by_section(ctx, sources, {**base, "words": each}, answer), True


def _fit(
    ctx: StepContext, prompt: Prompt[Any], variables: dict, sources: list[dict], answer: int
) -> list[dict] | None:
    """The sources with their findings cut evenly so that the prompt fits the window next to
    an answer of `answer` tokens; None when each would keep less than MIN_FINDING tokens."""
    findings = [f for s in sources for f in s["findings"]]
    bare = [{**s, "findings": [{**f, "text": ""} for f in s["findings"]]} for s in sources]
    overhead = messages_tokens(prompt.render(**variables, sources=bare))
    room = ctx.prompt_room(answer) - overhead
    if sum(estimate_tokens(f["text"]) for f in findings) <= room:
        return sources
    each = room // max(1, len(findings))
    if each < MIN_FINDING:
        return None
    return [
        {**s, "findings": [{**f, "text": truncate(f["text"], each)} for f in s["findings"]]}
        for s in sources
    ]


def _write_by_section(ctx: StepContext, sources: list[dict], base: dict, answer: int) -> Written:
    """Every section at once, each from its own findings; then the frame, from the drafts."""
    grouped = _by_section(ctx.project, sources)

    def one(item: tuple[Any, list[dict]]) -> Written:
        section, found = item
        variables = {**base, "section": section}
        fitted = _fit_by_dropping(ctx, variables, found, answer)
        expect = Expect("section", base["language"], (), frozenset(s["n"] for s in fitted))
        return ctx.write(
            REPORT_SECTION, max_tokens=answer, expect=expect, **variables, sources=fitted
        )

    written = parallel.at_once(one, grouped)
    drafts = [w.text for w in written]
    frame = _frame(ctx, {k: v for k, v in base.items() if k != "words"}, drafts)
    parts = [f"# {frame.title}", frame.summary, *drafts, f"## {frame.conclusion_heading}"]
    return Written("\n\n".join([*parts, frame.conclusion]), all(w.complete for w in written))


def _sections(project: Project, sources: list[dict]) -> list[Any]:
    """The report's sections: the outline's, then "Other findings" when there are findings of
    queries outside any section."""
    sections: list[Any] = list(project.sections.all())
    if any(f["section_id"] is None for s in sources for f in s["findings"]):
        sections.append(OTHER_FINDINGS)
    return sections


def _by_section(project: Project, sources: list[dict]) -> list[tuple[Any, list[dict]]]:
    """Each section of the outline with the sources' findings from its own queries (findings
    of queries outside any section come last, together)."""
    sections = _sections(project, sources)
    grouped = []
    for section in sections:
        found = [
            {**s, "findings": [f for f in s["findings"] if f["section_id"] == section.pk]}
            for s in sources
        ]
        grouped.append((section, [s for s in found if s["findings"]]))
    return grouped


def _fit_by_dropping(ctx: StepContext, variables: dict, sources: list[dict], answer: int) -> list:
    """The section's sources fitted to the window; when even short findings do not fit, the
    last ones are left out (never a failure for lack of room)."""
    pairs = [(s, f) for s in sources for f in s["findings"]]
    while True:
        kept: dict[int, dict] = {}
        for source, finding in pairs:
            kept.setdefault(source["n"], {**source, "findings": []})["findings"].append(finding)
        fitted = _fit(ctx, REPORT_SECTION, variables, list(kept.values()), answer)
        if fitted is not None or len(pairs) <= 1:
            return fitted if fitted is not None else []
        log.info("report section %s: leaving out a finding to fit", variables["section"].title)
        pairs = pairs[:-1]


def _frame(ctx: StepContext, base: dict, drafts: list[str]) -> ReportFrame:
    """The title, summary and conclusion, from the drafts cut evenly to fit the window."""
    overhead = messages_tokens(REPORT_FRAME.render(**base, drafts=[""] * len(drafts)))
    each = max(60, (ctx.prompt_room(FRAME_TOKENS) - overhead) // max(1, len(drafts)))
    cut = [truncate(draft, each) for draft in drafts]
    return ctx.ask(REPORT_FRAME, max_tokens=FRAME_TOKENS, **base, drafts=cut)


def _nothing_to_report(project: Project) -> str:
    """Why there is nothing to report, with the cause the earlier steps recorded."""
    failed = project.steps.filter(
        stage__in=[Stage.SEARCH, Stage.RANK, Stage.FETCH, Stage.SUMMARIZE], status="failed"
    )
    counts = failed.values("stage", "error").annotate(n=Count("pk")).order_by("-n")
    causes = [
        f"{row['n']} {Stage(row['stage']).label.lower()} steps failed: {row['error']}"
        for row in counts[:3]
    ]
    dropped = _out_of_scope(project)
    if dropped and not project.sources.exists():
        return _all_out_of_scope(dropped, causes)
    if dropped:
        causes.append(library.dropped_note(dropped))
    if not causes:
        causes = ["the searches found pages, but none that was read said anything relevant"]
    return "No source could be read and summarised, so there is nothing to report. " + "; ".join(
        causes
    )


def _out_of_scope(project: Project) -> Counter[str]:
    """How many results the domain rules dropped in the project's searches, by rule."""
    dropped: Counter[str] = Counter()
    steps = project.steps.filter(stage__in=[Stage.GROUND, Stage.SEARCH])
    for output in steps.values_list("output", flat=True):
        dropped.update((output or {}).get("out_of_scope") or {})
    return dropped


def _all_out_of_scope(dropped: Counter[str], causes: list[str]) -> str:
    """Why nothing was fetched when every result found was outside the domains."""
    change = " or ".join(
        "the SEARCH_DENY_DOMAINS setting" if rule == Rule.SITE_DENY else f"options.{rule}"
        for rule in dropped
    )
    by = " and ".join(
        f"{rule} dropped {n} {'result' if n == 1 else 'results'}" for rule, n in dropped.items()
    )
    return " ".join(
        [
            f"Every search result was outside the project's domains ({by}), so nothing was",
            f"fetched and there is nothing to report. Change {change} to let results in.",
            *(f"Also: {cause}." for cause in causes),
        ]
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
            "url": s.url,
            "pinned": s.pinned,
            "title": s.title or s.url,
            "domain": s.domain,
            "published": s.published,
            "findings": [
                {
                    "query": f.query.text,
                    "text": f.text,
                    "section_id": f.query.section_id,
                    "quotes": f.quotes,
                    "method": f.method,
                }
                for f in s.found
            ],
        }
        for s in rows
    ]


def _fallback_note(project: Project, sources: list[dict], reason: str) -> str:
    """Which parts were made by the extractive fallback, for the report to say so."""
    parts = []
    if reason.startswith("the model's"):  # its answer failed the gate (text/gate.py)
        parts.append(
            f"{reason[:1].upper()}{reason[1:]}, so this version was written from the quotes."
        )
    elif reason:
        parts.append(
            f"This report was written without a language model: the LLM failed ({reason})."
        )
    titles = dict(project.sections.values_list("pk", "title"))
    fallen = {f["section_id"] for s in sources for f in s["findings"] if f["method"] == "fallback"}
    if fallen:
        named = ", ".join(sorted(titles.get(pk) or str(OTHER_FINDINGS.title) for pk in fallen))
        parts.append(
            f"Quotes chosen without a language model, because the LLM failed, feed: {named}."
        )
    return " ".join(parts)


def _save(
    ctx: StepContext,
    cleaned: citations.Cleaned,
    style: str,
    language: str,
    *,
    complete: bool,
    note: str = "",
    chosen: report_figures.Chosen = (),
) -> Report:
    project = ctx.project
    with transaction.atomic():
        existing = Report.objects.filter(project=project).filter(
            pk=ctx.step.output.get("report_id")
        )
        existing.delete()  # a redelivered step replaces the version it wrote
        if not (project.reports.exists() or project.questions.exists()):
            # the first report numbers its sources 1..n in the order it cites them
            cleaned = cleaned.renumbered(project.sources.number_first(cleaned.first_use))
            for _, figure in chosen:  # its source was read before the renumbering
                figure.source.refresh_from_db(fields=["n"])
        empty = tuple(words.none for words in WORDS.values())
        body, shown = figures.insert(project, cleaned.markdown, empty, chosen)
        numbers = sorted(set(cleaned.cited) | shown)
        if ctx.param("refresh_id"):
            what, moved = _what_changed(ctx)
            body += "\n\n" + what.markdown + ("\n\n" + moved if moved else "")
            numbers = sorted(set(numbers) | set(what.cited))
        cited = list(
            Source.objects.filter(project=project, n__in=numbers)
            .select_related("snapshot", "document__collection")
            .order_by("n")
        )
        body += (f"\n\n_{note}_" if note else "") + "\n\n"
        body += references.section(cited, ctx.param("citation_style") or ctx.opts.citation_style)
        version = (project.reports.aggregate(v=Max("version"))["v"] or 0) + 1
        project.reports.update(is_current=False)
        report = Report.objects.create(
            project=project,
            version=version,
            markdown=body,
            style=style,
            language=language,
            model=settings.LLM_MODEL if ctx.method == Method.LLM else "",
            engine=ctx.method,
            fallback_note=note,
            is_current=True,
            complete=complete,
            citations_removed=cleaned.removed_citations,
            created_by=ctx.step.requested_by,
            tokens=ctx.meter.used,
        )
        report.cited_sources.set(cited)
        report.figures.set([figure for _, figure in chosen])
        ctx.save_output({"report_id": report.pk, "version": version})
    return report


def _what_changed(ctx: StepContext) -> tuple[citations.Cleaned, str]:
    """The refresh's "What changed since vN" section: its sources, their [n] checked like the
    body's, and the claims whose support moved, linked to the ledger (which the check of a
    model's links would strip)."""
    refresh = Refresh.objects.get(pk=ctx.param("refresh_id"), project=ctx.project)
    known = set(ctx.project.sources.values_list("n", flat=True))
    words = {status.value: status.label.lower() for status in ClaimStatus}
    moved = changes.moved_claims(refresh.changes, words)
    return citations.clean(changes.section(refresh.changes), known), moved


# --- Without a language model ------------------------------------------------------------

WORDS = {
    "en": brief.Words(
        code="en",
        line="An extractive report: quotes selected and ordered without a language model.",
        key_figures="Key figures",
        none="No source matched this section.",
        columns=("Measure", "Value", "As of", "Source"),
        earlier="*Earlier, as of {when}:*",
        dated="*As of {when}:*",
        superseded="*Superseded ({why}):*",
        separator=", ",
    ),
    "zh": brief.Words(
        code="zh",
        line="摘录式报告：引文由程序挑选和排序，未使用语言模型。",
        key_figures="关键数据",
        none="没有来源与本节相符。",
        columns=("指标", "数值", "截至", "来源"),
        earlier="*此前（截至{when}）：*",
        dated="*截至{when}：*",
        superseded="*已被取代（{why}）：*",
        separator="，",
    ),
}


def run_extractive(ctx: StepContext) -> None:
    """A brief of verbatim quotes (text/extractive/brief.py): one section per planned section,
    current statements before superseded ones, a key-figures table, about the length's words,
    each quote cited [n] as the LLM report cites; and a line saying what it is."""
    project = ctx.project
    sources = _sources_with_findings(project)
    if not sources:
        raise MissingInput(_nothing_to_report(project))
    quotes = [q for s in sources for f in s["findings"] for q in f["quotes"]]
    code = language_of(" ".join(quotes) or project.question)
    words = WORDS.get(code, WORDS["en"])
    candidates = [
        evidence.Candidate(quote, s["n"], f["section_id"], f["query"])
        for s in sources
        for f in s["findings"]
        for quote in f["quotes"]
    ]
    sections: list[Any] = list(project.sections.all())
    if any(c.section is None for c in candidates):
        sections.append(OTHER_FINDINGS)
    shown = report_figures.choose(ctx, sections, sources, model=False)
    parts = [
        evidence.Part(s.pk, s.title, " ".join([s.title, s.goal, *sorted(_queries(s, candidates))]))
        for s in sections
    ]
    found = known.of_sources(project, {s["n"] for s in sources}, date.fromisoformat(ctx.today))
    budget = ReportLength(ctx.param("length") or ctx.opts.length).words
    title = project.title or project.question
    body = brief.write(project.question, title, parts, candidates, found, words, budget)
    cleaned = citations.clean(body, {s["n"] for s in sources})
    language = LANGUAGE_NAMES.get(code, "English")
    note = _fallback_note(project, sources, ctx.fallback)
    report = _save(
        ctx, cleaned, ReportStyle.PROFESSIONAL, language, complete=True, note=note, chosen=shown
    )
    ctx.note(f"version {report.version}, extractive: {len(cleaned.cited)} sources quoted")


def _queries(section: Any, candidates: list[evidence.Candidate]) -> set[str]:
    return {c.query for c in candidates if c.section == section.pk}


STAGE = StageSpec(
    stage=Stage.REPORT,
    run=run,
    fatal=True,
    extractive=run_extractive,
    writes=(Report, Project, Source, Figure),
)
