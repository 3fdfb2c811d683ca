"""Answer a follow-up question from the project's stored sources only (no search, no fetch).

The passages nearest the question (the summaries' quotes, the summaries, windows of the stored
text; BM25, text/answers.py) go to the model, which answers citing [n], the project's own
source numbers; a number it was not given is dropped. An answer that then cites nothing is not
kept: the passages are quoted instead, saying why; and a sentence of the answer that a source
says word for word is cited to it. The extractive engine answers with the passages themselves,
quoted and cited. When the passages do not cover the question, the answer
says so, and the question offers "research this" with the searches that would cover it.

This stage runs beside the project's run (Stage.beside_run), whatever its status: asking
never changes the project, and its failure is the question's alone.

Reads:    one Question (the step's `question_id`); the stored text, summaries and quotes of
          every fetched source of the project; with the LLM engine, the model's window.
Replaces: the Question's answer, citations, coverage, suggested searches and status.
"""

from __future__ import annotations

from django.utils import timezone

from research.errors import MissingInput
from research.models import Question, QuestionStatus, Source, Stage, StepRun, Summary
from research.pipeline.shared.context import StageSpec, StepContext
from research.prompts import ANSWER, TAGS
from research.text import answers, citations, gate, markdown
from research.text.answers import Found, Passage
from research.text.gate import Expect
from research.text.tokens import estimate_tokens, truncate

ANSWER_TOKENS = 700
PASSAGE_TOKENS = 220
RETRIEVED = 12  # passages given to the model at most
QUOTED = 5  # passages an extractive answer quotes
NOT_COVERED = "The project's sources do not answer this question."
UNUSABLE = "The model's answer was not usable ({why}), so it was not kept; these are the passages."
REPLACED = (
    "The model's answer cited none of the {count} passages it was given, so it was not kept; "
    "these are the passages themselves."
)


def run(ctx: StepContext) -> None:
    question, found, texts = _start(ctx)
    if not found:
        _finish(ctx, question, NOT_COVERED, [], covered=False, queries=[question.text])
        return
    given = _fitting(ctx, found)
    answer = ctx.refitting(
        lambda: ctx.ask(
            ANSWER,
            max_tokens=ANSWER_TOKENS,
            today=ctx.today,
            language=ctx.language,
            project_question=ctx.project.question,
            question=question.text,
            passages=[{"n": p.n, "kind": p.kind, "text": p.text} for p in given],
        )
    )
    numbers = frozenset(p.n for p in given)
    expect = Expect("answer", ctx.language, tags=TAGS)  # its citations: checked below
    unusable = gate.hard(gate.problems(answer.answer, expect))
    if unusable:  # the passages themselves, then, saying why
        ctx.fallback = f"the model's answer was not usable ({'; '.join(unusable)})"
        _quote(ctx, question, found, replaced=UNUSABLE.format(why="; ".join(unusable)))
        return
    cleaned = citations.clean(markdown.normalise(answer.answer, whole=False), set(numbers))
    if not cleaned.cited:  # an answer must rest on the passages: theirs, then, quoted
        ctx.fallback = f"the model's answer cited none of the {len(given)} passages it was given"
        _quote(ctx, question, found, replaced=REPLACED.format(count=len(given)))
        return
    covered = answer.covered
    text = cleaned.markdown if covered else f"{NOT_COVERED} {cleaned.markdown}".strip()
    text, quoted = answers.cite_verbatim(text, texts)
    cited = sorted({*cleaned.cited, *quoted})
    queries = answer.queries or [question.text]
    _finish(ctx, question, text, cited, covered=covered, queries=[] if covered else queries)


def run_extractive(ctx: StepContext) -> None:
    question, found, _ = _start(ctx)
    _quote(ctx, question, found)


def _quote(ctx: StepContext, question: Question, found: list[Found], replaced: str = "") -> None:
    """The answer as the passages themselves, quoted and cited (`replaced` says why the
    model's answer was not kept, when it was not)."""
    verbatim = [f for f in found if f.passage.kind != "summary"][:QUOTED]
    covered = answers.covers(verbatim)
    lines = [replaced] if replaced else []
    if not covered:
        lines.append(f"{NOT_COVERED} The nearest passages:" if verbatim else NOT_COVERED)
    lines += [f"- “{f.passage.text.strip()}” [{f.passage.n}]" for f in verbatim]
    cited = sorted({f.passage.n for f in verbatim})
    queries = [] if covered else [question.text]
    _finish(ctx, question, "\n".join(lines), cited, covered=covered, queries=queries)


def _start(ctx: StepContext) -> tuple[Question, list[Found], dict[int, str]]:
    """Claim the question (queued -> running); find its passages, and the sources' texts."""
    question = Question.objects.filter(pk=ctx.param("question_id"), project=ctx.project).first()
    if question is None:
        raise MissingInput(f"This answer step has no question {ctx.param('question_id')}.")
    Question.objects.transition(
        question.pk, QuestionStatus.RUNNING, only_from=[QuestionStatus.QUEUED], error=""
    )
    passages, texts = _passages(ctx)
    found = answers.retrieve(question.text, passages, limit=RETRIEVED)
    ctx.note(f"{len(found)} passages from {len({f.passage.n for f in found})} sources")
    return question, found, texts


def _passages(ctx: StepContext) -> tuple[list[Passage], dict[int, str]]:
    """Every passage of the project's stored sources, and each source's text by its number."""
    summaries: dict[int, list[Summary]] = {}
    for summary in Summary.objects.filter(query__project=ctx.project, relevant=True):
        summaries.setdefault(summary.source_id, []).append(summary)
    found: list[Passage] = []
    texts: dict[int, str] = {}
    sources = Source.objects.filter(project=ctx.project, snapshot__isnull=False, excluded=False)
    for source in sources.select_related("snapshot"):
        own = summaries.get(source.pk, [])
        quotes = [q for s in own for q in s.quotes if q in source.text]
        found += answers.passages_of(source.n, source.text, [s.text for s in own], quotes)
        texts[source.n] = source.text
    return found, texts


def _fitting(ctx: StepContext, found: list[Found]) -> list[Passage]:
    """The best passages, shortened, as many as the model's window holds next to its answer."""
    room = ctx.prompt_room(ANSWER_TOKENS) - 400  # the prompt's own words
    given: list[Passage] = []
    for f in found:
        text = truncate(f.passage.text, PASSAGE_TOKENS)
        room -= estimate_tokens(text) + 12
        if room < 0 and given:
            break
        given.append(Passage(f.passage.n, f.passage.kind, text))
    return given


def _finish(
    ctx: StepContext,
    question: Question,
    text: str,
    cited: list[int],
    *,
    covered: bool,
    queries: list[str],
) -> None:
    numbers = dict(Source.objects.filter(project=ctx.project).values_list("n", "pk"))
    Question.objects.transition(
        question.pk,
        QuestionStatus.DONE,
        only_from=[QuestionStatus.RUNNING, QuestionStatus.QUEUED],
        answer=text,
        citations=[{"n": n, "source_id": numbers[n]} for n in cited if n in numbers],
        covered=covered,
        queries=queries,
        method=ctx.method,
        finished_at=timezone.now(),
    )
    verdict = "answered" if covered else "not covered"
    ctx.note(f"{verdict} from {ctx.detail or 'no passages'}, citing {len(cited)}")


def fail_question(step: StepRun, reason: str) -> None:
    Question.objects.fail(int(step.params.get("question_id") or 0), reason)


STAGE = StageSpec(
    stage=Stage.ANSWER,
    run=run,
    extractive=run_extractive,
    on_failure=fail_question,
    writes=(Question,),
)
