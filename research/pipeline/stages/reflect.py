"""Step 7, reflect: per section, find the biggest gap and propose at most one follow-up query.

Runs as soon as the section's queries are searched, while their pages are still being read: a
gap shows in what the searches found, and waiting for every summary would add a ranking and a
summary to the wait for the report.

Reads:    one Section's goal; its queries' search results (the best few of each query by their
          titles' and snippets' match with it, a source once) and the relevant summaries written
          by then, which stand in for their sources' snippets; every query searched so far but
          this round's follow-ups. Without a model, the gap is a key phrase of the section that
          no snippet of those results covers (snippets only, so that timing changes nothing).
Replaces: the Section's follow-up Query of this reflection round (at most one), with the
          routes the model gave it of the project's sources, or else those of the section's
          last query; the gap found, kept on its own StepRun (`output`).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction

from research.models import Query, QueryOrigin, QuerySource, Stage, Summary, routes
from research.pipeline.shared.context import StageSpec, StepContext
from research.prompts import REFLECT
from research.prompts.outputs import ReflectOutput
from research.text.extractive.scoring import bm25, key_phrases
from research.text.extractive.terms import terms
from research.text.tokens import even_share, truncate

FINDING_TOKENS = 400
MAX_FINDINGS = 16
RESULTS_PER_QUERY = 4  # as many as a query reads at most by default (`sources_per_query`)
SNIPPET_TOKENS = 100  # a snippet's share at most (about 400 characters)


@dataclass
class Evidence:
    """What a section's reflection reads: the round, what its queries found, and what was
    searched."""

    round: int
    summaries: list[Summary]
    results: list[QuerySource]  # the best of each query's results that has no summary yet
    searched: list[str]  # every query searched but this round's own


def _inputs(ctx: StepContext) -> Evidence:
    section, project = ctx.section, ctx.project
    round_ = int(ctx.param("round", project.reflection_round + 1))
    summaries = list(
        Summary.objects.relevant()
        .filter(query__section=section, source__excluded=False)
        .select_related("query", "source")
        .order_by("query__position", "source__n")[:MAX_FINDINGS]
    )
    # This round's follow-ups are left out whichever section asked them: which exist yet depends on
    # the order the reflections ran in (one that repeats another's is settled by the outline).
    this_round = {"origin": QueryOrigin.REFLECTION, "reflection_round": round_}
    searched = list(project.queries.exclude(**this_round).values_list("text", flat=True))
    summarised = {s.source_id for s in summaries}
    return Evidence(round_, summaries, _best_results(section, summarised), searched)


def _best_results(section, summarised: set[int]) -> list[QuerySource]:
    """Each of the section's queries' RESULTS_PER_QUERY best results on their titles and
    snippets (BM25 against the query; none that shares no word with it), a source once, and
    none that a summary already stands for."""
    links = (
        QuerySource.objects.filter(query__section=section, source__excluded=False)
        .select_related("query", "source")
        .order_by("query__position", "query_id", "rank")
    )
    by_query: dict[int, list[QuerySource]] = {}
    for link in links:
        by_query.setdefault(link.query_id, []).append(link)
    seen, best = set(summarised), []
    for group in by_query.values():
        wanted = terms(group[0].query.text)
        texts = [terms(link.shown) for link in group]
        scored = sorted(zip(bm25(wanted, texts), range(len(group)), strict=True), reverse=True)
        chosen = [group[i] for score, i in scored if score > 0 and group[i].source_id not in seen]
        for link in chosen[:RESULTS_PER_QUERY]:
            seen.add(link.source_id)
            best.append(link)
    return best


def run(ctx: StepContext) -> None:
    evidence = _inputs(ctx)
    answer = ctx.refitting(lambda: _ask(ctx, evidence))
    _record(ctx, answer, evidence.round, evidence.searched)


def _record(ctx: StepContext, answer: ReflectOutput, round_: int, searched: list[str]) -> None:
    created = _replace_follow_up(ctx, answer, round_, searched)
    ctx.save_output({"gap": answer.gap, "query": answer.query, "created": created})
    ctx.note(f"follow-up: {answer.query}" if created else "no new query needed")


def _ask(ctx: StepContext, evidence: Evidence) -> ReflectOutput:
    """The reflection, with the findings and snippets cut evenly to half the model's window."""
    each = even_share(
        ctx.window() // 2,
        len(evidence.summaries) + len(evidence.results),
        floor=40,
        cap=FINDING_TOKENS,
    )
    findings = [
        {"n": s.source.n, "query": s.query.text, "text": truncate(s.text, each)}
        for s in evidence.summaries
    ]
    results = [
        {
            "n": link.source.n,
            "query": link.query.text,
            "title": link.title or link.source.title,
            "snippet": truncate(link.snippet, min(each, SNIPPET_TOKENS)),
        }
        for link in evidence.results
    ]
    return ctx.ask(
        REFLECT,
        today=ctx.today,
        question=ctx.project.question,
        section=ctx.section,
        searched=evidence.searched,
        findings=findings,
        results=results,
        routes=routes.menu(ctx.opts.sources),
    )


def _replace_follow_up(
    ctx: StepContext, answer: ReflectOutput, round_: int, searched: list[str]
) -> bool:
    """This step's own output is the one follow-up query of its section and round."""
    section = ctx.section
    with transaction.atomic():
        Query.objects.filter(
            section=section, origin=QueryOrigin.REFLECTION, reflection_round=round_
        ).delete()
        if not answer.query or answer.query.lower() in {s.lower() for s in searched}:
            return False
        parent = section.queries.order_by("-position").first()
        asked = ctx.project.queries.filter(text__iexact=answer.query).first()
        if asked is not None:  # another section's reflection asked it already
            _claim_for_earlier_section(asked, section, parent, round_)
            return False
        position = ctx.project.queries.next_position()
        routed = routes.correct(answer.routes, ctx.opts.sources)
        Query.objects.create(
            project=ctx.project,
            section=section,
            parent=parent,
            text=answer.query,
            routes=routed or (routes.correct(parent.routes, ctx.opts.sources) if parent else []),
            origin=QueryOrigin.REFLECTION,
            reflection_round=round_,
            position=position,
        )
    return True


def _claim_for_earlier_section(asked: Query, section, parent: Query | None, round_: int) -> None:
    """A follow-up two sections' reflections of a round both ask belongs to the one earlier in
    the outline, whichever ran first: the report files what it finds under that section, the
    same whatever order the steps finished in."""
    other = asked.section
    if (
        asked.origin == QueryOrigin.REFLECTION
        and asked.reflection_round == round_
        and other is not None
        and (other.position, other.pk) > (section.position, section.pk)
    ):
        asked.section, asked.parent = section, parent
        asked.save(update_fields=["section", "parent"])


# --- Without a language model ------------------------------------------------------------


def run_extractive(ctx: StepContext) -> None:
    """The section's key phrases (from its title and queries) that no snippet of its best
    results covers: the first becomes the follow-up query, paired with the project's topic.
    Snippets only, not the summaries written by then: which of those exist depends on timing,
    and the same project must reflect the same way every run."""
    evidence = _inputs(ctx)
    section = ctx.section
    covered: set[str] = set()
    for link in _best_results(section, set()):
        covered.update(terms(link.shown))
    context = list(section.queries.values_list("text", flat=True))
    topic = (key_phrases(ctx.project.question, limit=1) or [""])[0]
    missing = [
        phrase
        for phrase in key_phrases(section.title, context, limit=6)
        if not set(terms(phrase)) <= covered
    ]
    query = f"{topic} {missing[0]}".strip() if missing else None
    if query and missing and topic.lower() in missing[0].lower():
        query = missing[0]
    gap = f"Nothing found covers {missing[0]}." if missing else ""
    _record(ctx, ReflectOutput(gap=gap, query=query), evidence.round, evidence.searched)


STAGE = StageSpec(stage=Stage.REFLECT, run=run, extractive=run_extractive, writes=(Query,))
