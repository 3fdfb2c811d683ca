"""Step 2, plan: an outline of sections, each with its search queries, marked as an analysis
when its part of the question asks for figures; each query with its routes, the project's
sources it searches (models/routes.py); detects the language.

Reads:    the question, the ground step's results, the member's answers to the clarifying
          questions (stages/clarify.py: in the model's brief; without a model, their words
          narrow every query) and the project's options. Without a model,
          the outline comes from the question's key phrases weighed against those results, and
          a section is an analysis, and its queries go to papers or the news, by rules on the
          words of its part of the question (text/extractive/venues.py). A model's route that
          the project's sources lack is dropped (none left: every source).
          A re-plan with a member's written feedback (services/plan_feedback.py) reads the
          earlier plan and the feedback from the step's params: the model revises the plan as
          asked; without a model, the earlier plan is revised by rule
          (text/extractive/feedback.py: "drop the history, add costs").
Replaces: every Section and the planned Queries (members' own queries stay, outside any
          section); the project's title (when empty) and language.
"""

from __future__ import annotations

import re

from django.db import transaction

from research.limits import HEADING_MAX, QUERY_MAX
from research.models import Analysis, Project, Query, Section, SourceKind, Stage, routes
from research.pipeline.shared import results as grounded
from research.pipeline.shared.context import StageSpec, StepContext
from research.prompts import PLAN
from research.prompts.outputs import PlannedQuery, PlannedSection, PlanOutput
from research.text.extractive import explanations
from research.text.extractive import feedback as feedback_rules
from research.text.extractive.asks import asks_for_figures
from research.text.extractive.aspects import (
    aspects,
    part_phrase,
    question_phrase,
    sub_questions,
    subject_names,
    subject_part,
)
from research.text.extractive.concepts import heading_for, said_for
from research.text.extractive.names import Named, named_things, subject_phrases
from research.text.extractive.names import title as named_title
from research.text.extractive.scoring import key_phrases
from research.text.extractive.section_phrases import reads_as_heading
from research.text.extractive.terms import LANGUAGE_NAMES, language_of
from research.text.extractive.venues import asks_for_papers, news_period

Outline = list[tuple[PlannedSection, list[PlannedQuery]]]


def run(ctx: StepContext) -> None:
    project = ctx.project
    results = grounded.grounding(project)
    total = ctx.opts.queries
    feedback = str(ctx.param("feedback", ""))
    plan = ctx.ask(
        PLAN,
        today=ctx.today,
        question=project.question,
        results=results,
        queries=total,
        min_sections=min(2, total),
        max_sections=min(6, total),
        language=ctx.opts.language,
        analysis=ctx.opts.analysis != Analysis.OFF,
        routes=routes.menu(ctx.opts.sources),
        previous=(ctx.param("previous") or {}).get("sections", []) if feedback else [],
        feedback=feedback,
        clarified=project.answered_clarifications,
    )
    sections = _fit(plan, total)
    _replace_outline(ctx, plan, sections)
    ctx.note(f"{len(sections)} sections, {sum(len(q) for _, q in sections)} queries")


def _fit(plan: PlanOutput, total: int) -> Outline:
    """Keep exactly `total` distinct queries (or all there are), taken round-robin by section."""
    seen: set[str] = set()
    pools = []
    for section in plan.sections:
        unique = []
        for query in section.queries:
            if query.text.lower() not in seen:
                seen.add(query.text.lower())
                unique.append(query)
        pools.append((section, unique))
    chosen: list[list[PlannedQuery]] = [[] for _ in pools]
    count, depth = 0, 0
    while count < total and any(depth < len(qs) for _, qs in pools):
        for i, (_, qs) in enumerate(pools):
            if depth < len(qs) and count < total:
                chosen[i].append(qs[depth])
                count += 1
        depth += 1
    return [(section, qs) for (section, _), qs in zip(pools, chosen, strict=True)]


def _replace_outline(ctx: StepContext, plan: PlanOutput, sections: Outline) -> None:
    project = ctx.project
    with transaction.atomic():
        project.queries.planned().delete()
        project.sections.all().delete()
        position = 0
        analysed = ctx.opts.analysis != Analysis.OFF
        for index, (planned, queries) in enumerate(sections):
            section = Section.objects.create(
                project=project,
                title=planned.title,
                goal=planned.goal,
                position=index,
                analysis=analysed and planned.analysis,
            )
            for query in queries:
                Query.objects.create(
                    project=project,
                    section=section,
                    text=query.text,
                    routes=routes.correct(query.routes, ctx.opts.sources),
                    position=position,
                )
                position += 1
        project.title = project.title or plan.title
        project.language = ctx.opts.language or plan.language
        project.save(update_fields=["title", "language", "updated_at"])


# --- Without a language model ------------------------------------------------------------


def run_extractive(ctx: StepContext) -> None:
    """The outline from the parts the question asks for, each a section titled in the
    question's words and searched with the question's subject ("Kestrel funding history"), with
    a query for each part even when the question asks for more parts than `queries`. A
    question that asks for one thing gets its outline from its key phrases, weighed against the
    grounding results' titles and snippets: the most shared phrase names the topic, the next
    ones name the sections, and each query pairs the topic with a section's phrase."""
    project = ctx.project
    context = [f"{r.get('title', '')}. {r.get('snippet', '')}" for r in grounded.grounding(project)]
    total = ctx.opts.queries
    code = language_of(project.question)
    language = ctx.opts.language or LANGUAGE_NAMES.get(code, "English")
    goal = GOALS.get(code, GOALS["en"])
    if ctx.param("feedback"):
        _revise(ctx, str(ctx.param("feedback")), _subject(project.question, context), goal)
        return
    parts = aspects(project.question)
    named = named_things(project.question)
    if named:
        plan = _named_plan(project.question, named, language, goal)
        parts = list(named.names)
        total = max(total, len(parts))
        how = f"a section for each of the {len(parts)} things the question compares"
    elif parts:
        subject = _subject(project.question, context)
        plan = _aspect_plan(project.question, subject, parts, language, goal)
        total = max(total, len(parts))
        how = f"from the {len(parts)} parts the question asks for"
    elif subs := sub_questions(project.question):
        subject = _subject(project.question, context)
        parts = [question_phrase(sub) for sub in subs]
        plan = _aspect_plan(project.question, subject, parts, language, goal)
        total = max(total, len(parts))
        how = f"from the {len(parts)} questions the question asks"
    elif found := explanations.angles(project.question):
        subject = _subject(project.question, context)
        plan = _angle_plan(project.question, subject, found, language, goal)
        parts = [angle.heading[0] for angle in found]
        total = max(total, len(parts))
        kind = "why" if found == explanations.WHY else "how"
        how = f"from the {len(parts)} parts a {kind} question asks for"
    else:
        phrases = key_phrases(project.question, context, limit=total + 6)
        plan = _extractive_plan(project.question, phrases, total, language, goal)
        how = f"from the question and the key phrases {', '.join(phrases[:4])}"
    _route_by_rule(plan, project.question, parts, ctx.opts.sources)
    _narrow(plan, [c["answer"] for c in project.answered_clarifications])
    sections = _fit(plan, total)
    _replace_outline(ctx, plan, sections)
    ctx.note(f"{len(sections)} sections, {sum(len(q) for _, q in sections)} queries {how}")


GOALS = {"en": "What the sources say about {}.", "zh": "资料中关于“{}”的内容。"}


def _extractive_plan(
    question: str, phrases: list[str], total: int, language: str, goal: str
) -> PlanOutput:
    if not phrases:  # a question with no word worth searching: search it as it is
        phrases = [question.strip().rstrip("?？")[:QUERY_MAX]]
    topic, rest = phrases[0], phrases[1:] or phrases[:1]
    named = [n.lower() for n in subject_phrases(subject_part(question))]
    rest = [p for p in rest if reads_as_heading(p, named)]
    count = max(0, min(len(rest), 5, max(2, total // 2) - 1))
    asked = question_phrase(question)
    sections = [
        PlannedSection(  # what the question asks, in its words, searched with them
            title=asked[:HEADING_MAX],
            goal=goal.format(asked),
            queries=[
                PlannedQuery(text=q)
                for q in dict.fromkeys([_query(topic, _with_said(asked)), asked[:QUERY_MAX], topic])
            ],
            analysis=asks_for_figures(question),
        )
    ]
    for index, phrase in enumerate(rest[:count]):
        others = [p for p in rest if p != phrase]
        queries = [_query(topic, phrase)]
        queries += [_query(topic, f"{phrase} {other}") for other in others[index : index + 2]]
        queries.append(_query(phrase, ""))
        sections.append(
            PlannedSection(
                title=_title(phrase)[:HEADING_MAX],
                goal=goal.format(phrase),
                queries=[
                    PlannedQuery(text=q)
                    for q in [q for q in queries if q.lower() != question.strip().lower()]
                    or [topic]
                ],
                analysis=False,  # the first section gathers the figures
            )
        )
    return PlanOutput(title=question.strip()[:HEADING_MAX], language=language, sections=sections)


def _subject(question: str, context: list[str]) -> str:
    """What the question is about: the names it gives ("Kestrel Robotics"; in Chinese, the
    name it opens with: 启衡医疗健康产业基金二期), or else the key phrase of its subject part that
    the grounding results share most."""
    head, names = subject_part(question), subject_names(question)
    if names != head:
        return names
    opening = subject_phrases(head)
    return opening[0] if opening else (key_phrases(head, context, limit=1) or [""])[0]


def _aspect_plan(
    question: str, subject: str, parts: list[str], language: str, goal: str
) -> PlanOutput:
    """A section per part, titled with its words (or, for a part asked as a question, with
    the concern it asks about: "who's running it" -> "Leadership"); its queries: the subject
    with the part and the words documents use for what it asks (concepts.py), then the part
    alone."""
    sections = [
        PlannedSection(
            title=_title(heading_for(part) or part_phrase(part))[:HEADING_MAX],
            goal=goal.format(part),
            queries=[
                PlannedQuery(text=q)
                for q in dict.fromkeys([_query(subject, _with_said(part, subject)), part])
            ],
            analysis=asks_for_figures(part),
        )
        for part in parts
    ]
    return PlanOutput(title=question.strip()[:HEADING_MAX], language=language, sections=sections)


def _angle_plan(
    question: str,
    subject: str,
    angles: tuple[explanations.Angle, ...],
    language: str,
    goal: str,
) -> PlanOutput:
    """A section per part a how or why question asks for (causes, what happened, what
    followed; steps, times and figures), titled in the question's language and searched with
    the words documents use for that part beside the question's words; the first also with
    the question alone and with its subject's (so that the plan has as many queries as
    asked)."""
    zh = int(language_of(question) == "zh")
    asked = question_phrase(question)
    sections = []
    for k, angle in enumerate(angles):
        said = angle.said[zh]
        texts = [_query(asked, said)]
        sections.append(
            PlannedSection(
                title=angle.heading[zh][:HEADING_MAX],
                goal=goal.format(angle.heading[zh]),
                queries=[
                    PlannedQuery(text=q)
                    for q in dict.fromkeys(
                        [*texts, *([asked[:QUERY_MAX], subject] if not k and subject else [])]
                    )
                ],
                analysis=not k and asks_for_figures(question),
            )
        )
    return PlanOutput(title=question.strip()[:HEADING_MAX], language=language, sections=sections)


def _with_said(part: str, of: str = "") -> str:
    """The part with the first words documents use for what it asks of `of` ("who owns it
    ownership owner shareholders"): a search and the quotes it finds see the documents' words
    too."""
    said = said_for(part, of).split()[:SAID_WORDS]
    return " ".join([part, *said])


def _named_plan(question: str, named: Named, language: str, goal: str) -> PlanOutput:
    """A section per named thing, titled with it and what is asked of it ("Aurora Bikes:
    revenue 2021–2023"); its queries: the thing with the measure and the period's years, then
    the thing with the measure."""
    years = " ".join(re.findall(r"(?:19|20)\d\d", named.scope))
    measure = named.measure or " ".join(
        w for w in key_phrases(question, [], limit=2) if not any(w in n for n in named.names)
    )
    sections = [
        PlannedSection(
            title=named_title(name, named)[:HEADING_MAX],
            goal=goal.format(named_title(name, named)),
            queries=[
                PlannedQuery(text=q)
                for q in dict.fromkeys(
                    [_query(name, f"{measure} {years}".strip()), _query(name, measure)]
                )
            ],
            # One analysis gathers every thing's figures: the first section's.
            analysis=index == 0 and asks_for_figures(question),
        )
        for index, name in enumerate(named.names)
    ]
    return PlanOutput(title=question.strip()[:HEADING_MAX], language=language, sections=sections)


def routes_by_rule(text: str, sources: list[str]) -> list[str]:
    """Where these words say to search, of the project's sources: papers ("study", "trial",
    "evidence") to scholarly, recent events ("latest", "this week", "today") to the web
    engine's news of that period; nothing said (or nothing the project has): every source."""
    found = []
    if asks_for_papers(text) and SourceKind.SCHOLARLY in sources:
        found.append(SourceKind.SCHOLARLY.value)
    if (period := news_period(text)) and SourceKind.WEB in sources:
        found.append(f"{routes.NEWS_PREFIX}{period}")
    return found


def _route_by_rule(plan: PlanOutput, question: str, parts: list[str], sources: list[str]) -> None:
    """Each section's queries routed by the words of its part of the question, or else of the
    whole question (a plan by key phrases has no parts)."""
    whole = routes_by_rule(question, sources)
    for index, section in enumerate(plan.sections):
        part = parts[index] if index < len(parts) else ""
        chosen = (routes_by_rule(part, sources) if part else []) or whole
        for query in section.queries:
            query.routes = list(chosen)


def _narrow(plan: PlanOutput, answers: list[str]) -> None:
    """Each query narrowed by the member's answers to the clarifying questions: the sense,
    place or period chosen, its words added to the query's ("jaguar top speed" and "the big
    cat" search "jaguar top speed big cat")."""
    if not answers:
        return
    words = " ".join(re.findall(r"\w[\w'-]*", " ".join(answers)))
    for section in plan.sections:
        for query in section.queries:
            query.text = _query(query.text, words)


SAID_WORDS = 4  # of a concern's words, added to a part's query


def _title(part: str) -> str:
    """ "funding history" -> "Funding history"; a part in another script stays as it is."""
    return part[:1].upper() + part[1:]


def _query(topic: str, phrase: str) -> str:
    """The topic's words, then the phrase's words that the topic does not have already."""
    words = topic.split()
    known = {w.lower() for w in words}
    words += [w for w in phrase.split() if w.lower() not in known]
    return " ".join(words)[:QUERY_MAX]


# --- A re-plan with a member's feedback -----------------------------------------------------


def snapshot(project: Project) -> dict:
    """The plan as it stands, as plain JSON: its title and language, and each section's title,
    goal, analysis mark and planned queries with their routes (a member's own queries stay in
    any re-plan, so they are not the plan's to revise). What a re-plan revises, kept on its
    step for the plan-review page to compare with."""
    queries = project.queries.planned().order_by("position", "id")
    return {
        "title": project.title,
        "language": project.language,
        "sections": [
            {
                "title": section.title,
                "goal": section.goal,
                "analysis": section.analysis,
                "queries": [
                    {"text": q.text, "routes": list(q.routes)}
                    for q in queries
                    if q.section_id == section.pk
                ],
            }
            for section in project.sections.order_by("position", "id")
        ],
    }


def _revise(ctx: StepContext, text: str, subject: str, goal: str) -> None:
    """The earlier plan revised by rule as the feedback asks (text/extractive/feedback.py): a
    section whose title or goal mentions what it drops goes, and so does a query that mentions
    it (a section left without queries goes too); each thing it adds becomes a section, searched
    with the question's subject and its words, and routed by them. Feedback that would leave no
    section leaves the plan as it was."""
    asked = feedback_rules.read(text)
    earlier = ctx.param("previous") or {}
    sections, done = list(earlier.get("sections", [])), list[str]()
    for target in asked.drops:
        sections = _dropped(sections, target, done)
    for phrase in asked.adds:
        sections.append(_added(phrase, subject, goal, ctx.opts.sources))
        done.append(f"added “{sections[-1]['title']}”")
    if not sections:
        sections, done = list(earlier.get("sections", [])), ["nothing: no section would be left"]
    plan = PlanOutput(
        title=(earlier.get("title") or ctx.project.question.strip())[:HEADING_MAX],
        language=earlier.get("language") or ctx.language,
        sections=[
            PlannedSection.model_validate({**s, "queries": s["queries"] or [s["title"]]})
            for s in sections[:12]
        ],
    )
    _replace_outline(ctx, plan, _fit(plan, sum(len(s.queries) for s in plan.sections)))
    unread = f"; not understood: {'; '.join(asked.unread)}" if asked.unread else ""
    ctx.note(f"revised with the feedback: {', '.join(done) or 'nothing changed'}{unread}")


def _dropped(sections: list[dict], target: str, done: list[str]) -> list[dict]:
    """The sections without what mentions `target`, saying in `done` what went."""
    kept = []
    for section in sections:
        if feedback_rules.mentions(target, f"{section['title']} {section['goal']}"):
            done.append(f"dropped “{section['title']}”")
            continue
        queries = [q for q in section["queries"] if not feedback_rules.mentions(target, q["text"])]
        if len(queries) < len(section["queries"]):
            done.append(f"dropped {len(section['queries']) - len(queries)} queries on “{target}”")
        if queries or not section["queries"]:
            kept.append({**section, "queries": queries})
        else:
            done.append(f"dropped “{section['title']}”, left without queries")
    return kept


def _added(phrase: str, subject: str, goal: str, sources: list[str]) -> dict:
    """A new section on `phrase`, as the outline by the question's parts makes one."""
    chosen = routes_by_rule(phrase, sources)
    texts = dict.fromkeys([_query(subject, phrase) if subject else phrase, phrase[:QUERY_MAX]])
    return {
        "title": _title(phrase)[:HEADING_MAX],
        "goal": goal.format(phrase),
        "analysis": asks_for_figures(phrase),
        "queries": [{"text": text, "routes": chosen} for text in texts],
    }


STAGE = StageSpec(
    stage=Stage.PLAN,
    run=run,
    fatal=True,
    extractive=run_extractive,
    writes=(Section, Query, Project),
)
