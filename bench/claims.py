"""The claim ledger's check on a labelled set of our own, built from bench/corpus.py.

The set (150 claims, each citing one of the ten corpus pages as [n]):
- 60 true: every corpus sentence cited to its own page, half as the page says it and half
  introduced as a report would ("Sources report that ...");      label: supported
- 10 paraphrased: a page's fact in other words, one a page;       label: supported
- 30 swapped sources: a sentence cited to the next page;         label: unsupported
- 20 numbers: a figure of the sentence altered, or one invented;  label: unsupported
- 10 planted: on-topic sentences the cited page does not say;     label: unsupported
- 20 negations: "is" made "is not", "cannot" made "can", ...;     label: contradicted
A claim is flagged when its status is unsupported or contradicted; precision and recall are
for flagged claims, first with the lexical alignment alone (no tokens), then with the LLM
pass, and the tokens per claim that pass spent. Last, a whole research run with the LLM engine
says what share of its tokens the check cost (goal: at most 15%).

    .venv/bin/python bench/claims.py

Unless LLM_BASE_URL and LLM_MODEL are set (then that model is asked), the "LLM" is the scripted
reader of tests/fakes/researcher.py behind FakeLLM: its verdicts come from word overlap, not
from a language model. With it, the LLM figures measure what is sent (which claims, how many
calls, how many tokens), not a real model's judgement. It uses a throwaway SQLite file.
"""

from __future__ import annotations

import logging
import os
import re
import sys
import tempfile
from contextlib import ExitStack
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# The project first, and not this folder: run as a script, bench/ would come first on the path,
# and bench/mcp.py would hide the mcp SDK that research/ imports.
sys.path[:] = [str(ROOT), *(p for p in sys.path if Path(p or ".").resolve() != ROOT / "bench")]

from bench.corpus import PAGES  # noqa: E402
from bench.django_env import setup_django  # noqa: E402

FLAGGED = {"unsupported", "contradicted"}
NEGATIONS = [
    (" do not ", " do "),
    (" does not ", " does "),
    (" cannot ", " can "),
    (" no longer ", " still "),
    (" is ", " is not "),
    (" are ", " are not "),
    (" can ", " cannot "),
    (" lets ", " never lets "),
    (" keeps ", " never keeps "),
]
INVENTED = ", in 73% of cases"
# The pages' facts as a report would paraphrase them, one a page: true, in other words.
PARAPHRASED = [
    "With WAL, readers and writers do not get in each other's way.",
    "One TCP connection carries many HTTP/2 requests and responses at the same time.",
    "Adding threads does not make CPU-bound Python code faster, because of the GIL.",
    "Plants store light energy as chemical energy in sugars through photosynthesis.",
    "Under slow start, the window doubles each round trip until a threshold or a loss.",
    "Safe Rust code cannot have data races, thanks to these ownership rules.",
    "Autovacuum does this clean-up in the background.",
    "DNSSEC lets resolvers verify that records were not forged, by signing them.",
    "A Bloom filter may answer yes wrongly, but never answers no wrongly.",
    "Split votes are rare because election timeouts are randomised.",
]
# On-topic sentences no page says, one a page (in the corpus's order): they share the page's
# words, so only their meaning tells them apart.
PLANTED = [
    "In WAL mode, SQLite encrypts the write-ahead log file before a checkpoint.",
    "HTTP/2 compresses response bodies of every stream with HPACK by default.",
    "The global interpreter lock makes CPython threads run on separate processor cores.",
    "Chlorophyll in the leaves splits carbon dioxide to release oxygen in the Calvin cycle.",
    "Slow start halves the congestion window each time an acknowledgement arrives.",
    "Rust's borrow checker frees memory at run time when a reference goes out of scope.",
    "VACUUM in PostgreSQL copies every table into a new file while writers wait.",
    "A recursive resolver caches every answer forever, ignoring the record's lifetime.",
    "A Bloom filter stores the elements themselves, so it can list what it holds.",
    "In Raft, every server accepts client requests and replicates them to the leader.",
]
Claim = tuple[str, int, str, str]  # sentence, cited n, label, kind


def labelled() -> list[Claim]:
    pages = list(PAGES.values())
    claims: list[Claim] = []
    for n, (_, sentences) in enumerate(pages, start=1):
        for i, sentence in enumerate(sentences):
            reworded = "Sources report that " + sentence[0].lower() + sentence[1:]
            claims.append((reworded if i % 2 else sentence, n, "supported", "true"))
    for n, sentence in enumerate(PARAPHRASED, start=1):
        claims.append((sentence, n, "supported", "paraphrased"))
    everything = [(n, s) for n, (_, sentences) in enumerate(pages, start=1) for s in sentences]
    for n, sentence in everything[::2]:
        claims.append((sentence, n % len(pages) + 1, "unsupported", "swapped"))
    for n, sentence in everything[1::3][:20]:
        claims.append((_alter_number(sentence), n, "unsupported", "number"))
    for n, sentence in enumerate(PLANTED, start=1):
        claims.append((sentence, n, "unsupported", "planted"))
    negatable = [(n, s) for n, s in everything if any(a in s for a, _ in NEGATIONS)]
    for n, sentence in negatable[:20]:
        claims.append((_negate(sentence), n, "contradicted", "negation"))
    return claims


def _alter_number(sentence: str) -> str:
    numbers = re.findall(r"\d+", sentence)
    if numbers:
        first = numbers[0]
        return sentence.replace(first, str(int(first) * 3 + 1), 1)
    return sentence.rstrip(".") + INVENTED + "."


def _negate(sentence: str) -> str:
    for old, new in NEGATIONS:
        if old in sentence:
            return sentence.replace(old, new, 1)
    return sentence


def report_markdown(claims: list[Claim]) -> str:
    """The claims as a report: ten claims a section, each cited before its full stop."""
    parts = ["# A labelled report"]
    for start in range(0, len(claims), 10):
        parts.append(f"## Part {start // 10 + 1}")
        parts += [f"{s.rstrip('.')} [{n}]." for s, n, _, _ in claims[start : start + 10]]
    return "\n\n".join(parts)


def check(claims: list[Claim], engine: str) -> tuple[list[str], dict]:
    """The statuses the Check claims step gives the labelled report, and its step's counters."""
    from django.contrib.auth import get_user_model

    from research.models import PageSnapshot, Project, Report, Source, Stage, StepRun
    from research.pipeline.engine.registry import run_step

    owner, _ = get_user_model().objects.get_or_create(username="bench")
    project = Project.objects.create(
        question="How do these systems work?",
        owner=owner,
        status="writing",
        options={"engine": engine},
    )
    for n, (slug, (title, sentences)) in enumerate(PAGES.items(), start=1):
        text = f"{title}\n\n" + "\n\n".join(sentences)
        snapshot = PageSnapshot.objects.create(url=f"https://corpus.test/{slug}", text=text)
        Source.objects.create(project=project, n=n, url=snapshot.url, snapshot=snapshot)
    report = Report.objects.create(
        project=project, version=1, markdown=report_markdown(claims), style="news", language="en"
    )
    step = StepRun.objects.create(
        project=project, stage=Stage.CLAIMS, key="claims:bench", params={"report_id": report.pk}
    )
    run_step(step.pk)
    step.refresh_from_db()
    rows = list(report.claims.order_by("position"))
    assert len(rows) == len(claims), f"{len(rows)} claims found for {len(claims)} written"
    for row in rows:
        assert not row.quote or row.quote in row.quote_source.text
    counters = {
        "tokens": step.tokens_prompt + step.tokens_completion,
        "calls": step.llm_calls,
        "sent": sum(row.method == "llm" for row in rows),
        "detail": step.detail,
    }
    return [row.status for row in rows], counters


def scores(claims: list[Claim], statuses: list[str]) -> tuple[float, float, dict[str, str]]:
    truth = [label in FLAGGED for _, _, label, _ in claims]
    said = [status in FLAGGED for status in statuses]
    hits = sum(t and s for t, s in zip(truth, said, strict=True))
    precision = hits / max(1, sum(said))
    recall = hits / max(1, sum(truth))
    by_kind: dict[str, list[bool]] = {}
    for (_, _, label, kind), status in zip(claims, statuses, strict=True):
        right = (status in FLAGGED) == (label in FLAGGED)
        by_kind.setdefault(kind, []).append(right)
    kinds = {kind: f"{sum(r)}/{len(r)}" for kind, r in by_kind.items()}
    return precision, recall, kinds


def run_share() -> str:
    """A default research run with the LLM engine: the check's share of the run's tokens."""
    from research.models import Project, Stage, StepRun
    from tests.test_pipeline_run import research

    result, _ = research("How does SQLite WAL mode work?", "--engine", "llm")
    project = Project.objects.get(pk=result["project_id"])
    step = StepRun.objects.get(project=project, stage=Stage.CLAIMS)
    spent = step.tokens_prompt + step.tokens_completion
    total = project.tokens_prompt + project.tokens_completion
    claims = project.reports.get(is_current=True).claims.count()
    return (
        f"whole run ({result['status']}): the check spent {spent:,} of the run's {total:,} "
        f"tokens ({spent / max(1, total):.1%}; goal at most 15%) on {claims} claims, "
        f"{step.llm_calls} calls"
    )


def main() -> None:
    from tests.fakes import FakeLLM, FakeSearx, FakeWeb
    from tests.fakes.researcher import Researcher

    real = bool(os.environ.get("LLM_BASE_URL") and os.environ.get("LLM_MODEL"))
    with tempfile.TemporaryDirectory() as data_dir, ExitStack() as stack:
        env = {}
        if not real:
            llm = stack.enter_context(FakeLLM(responder=Researcher()))
            env = {
                "LLM_BASE_URL": f"{llm.url}/v1",
                "LLM_API_KEY": "bench",
                "LLM_MODEL": "fake-model",
                "LLM_FAST_MODEL": "fake-fast-model",
            }
        setup_django(data_dir, **env)
        logging.getLogger("django-q").setLevel(logging.WARNING)  # each check's project queues
        claims = labelled()
        kinds = {
            kind: sum(c[3] == kind for c in claims) for kind in dict.fromkeys(c[3] for c in claims)
        }
        print(f"labelled set: {len(claims)} claims {kinds}")
        who = os.environ.get("LLM_MODEL") if real else "the scripted FakeLLM reader, not a model"
        for engine, name in [
            ("extractive", "lexical alone"),
            ("llm", f"with the LLM pass ({who})"),
        ]:
            statuses, counters = check(claims, engine)
            precision, recall, right = scores(claims, statuses)
            print(
                f"{name}: precision {precision:.2f}, recall {recall:.2f} for flagged claims; "
                f"right by kind {right}"
            )
            if engine == "llm":
                print(
                    f"  LLM pass: {counters['sent']} of {len(claims)} claims sent in "
                    f"{counters['calls']} calls, {counters['tokens']:,} tokens "
                    f"({counters['tokens'] / len(claims):.0f} per claim, "
                    f"{counters['tokens'] / max(1, counters['sent']):.0f} per claim sent)"
                )
        if not real:
            web = stack.enter_context(FakeWeb())
            searx = stack.enter_context(FakeSearx(page_base_url=web.url))
            from django.conf import settings

            settings.SEARXNG_URL = searx.url
            settings.FETCH_ALLOW_HOSTS = ["127.0.0.1"]
            print(run_share())


if __name__ == "__main__":
    main()
