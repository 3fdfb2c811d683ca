"""What each misbehaving model costs: one whole research run per behaviour, side by side.

Each row runs the default research (4 queries, 4 sources each, one reflection round) against a
fake OpenAI-compatible server that behaves one way (tests/fakes/behaviours.py and FakeLLM's
options), and prints the outcome, the wall time, the LLM calls and the tokens, with the calls
and tokens as a ratio of the cooperative model's run. Models that work on their first rung
(reasoning tags or fields, a wrapped answer, a 0-1 scale) must cost at most 5% more calls.

    .venv/bin/python bench/models.py

The fakes run in this process with 20 ms of model latency; it uses a throwaway SQLite file.
"""

from __future__ import annotations

import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# The project first, and not this folder: run as a script, bench/ would come first on the path,
# and bench/mcp.py would hide the mcp SDK that research/ imports.
sys.path[:] = [str(ROOT), *(p for p in sys.path if Path(p or ".").resolve() != ROOT / "bench")]

from bench.django_env import setup_django  # noqa: E402

LATENCY = 0.02
FIRST_RUNG = (
    "reasoning in tags",
    "thinking with no opening tag",
    "reasoning_content field",
    "wrapped JSON",
    "0-1 scores",
)


@dataclass
class Row:
    behaviour: str
    outcome: str
    wall: float
    calls: int
    tokens: int
    pages: int


def behaviours() -> list[tuple[str, Callable]]:
    from tests.fakes.behaviours import Behaving
    from tests.fakes.researcher import Researcher

    def habit(**kwargs):
        return lambda llm: setattr(llm, "responder", Behaving(Researcher(), **kwargs))

    def options(**kwargs):
        def setup(llm) -> None:
            for key, value in kwargs.items():
                setattr(llm, key, value)

        return setup

    def storm(llm):
        llm.rate_limit_for(2, retry_after="0.5")

    return [
        ("cooperative", habit()),
        ("reasoning in tags", habit(think="tags")),
        ("thinking with no opening tag", habit(think="closing_only")),
        ("reasoning_content field", habit(think="reasoning_content")),
        ("answer only in reasoning", habit(think="field_only")),
        ("wrapped JSON", habit(wrap="schema")),
        ("schema echoed", habit(echo_schema=True)),
        ("0-1 scores", habit(unit_scale=True)),
        (
            "thinks past its output limit",
            habit(think="tags", thinking_tokens=1900, output_limit=True),
        ),
        ("4k window, nothing told", options(context=4096)),
        ("8k window, nothing told", options(context=8192)),
        ("Ollama, default window", options(serves="ollama", ollama_window=4096)),
        ("Ollama, 2k window, cuts silently", options(serves="ollama", ollama_window=2048)),
        (
            "max_completion_tokens, no system role",
            options(
                token_param="max_completion_tokens",
                system_role=False,
                response_formats=frozenset({"json_object"}),
            ),
        ),
        ("rate-limit storm, 2 s", storm),
    ]


def configure(data_dir: str) -> None:
    setup_django(data_dir, LLM_API_KEY="bench", LLM_MODEL="bench-model")


def run(name: str, setup: Callable, searx_url: str) -> Row:
    from django.conf import settings

    from research.models import Project
    from tests.fakes import FakeLLM
    from tests.fakes.researcher import Researcher
    from tests.test_pipeline_run import research

    with FakeLLM(responder=Researcher(), latency=LATENCY) as llm:
        settings.LLM_BASE_URL, settings.SEARXNG_URL = f"{llm.url}/v1", searx_url
        setup(llm)
        started = time.monotonic()
        result, _ = research("How does SQLite WAL mode work?")
        wall = time.monotonic() - started
        project = Project.objects.get(pk=result["project_id"])
        outcome = result["status"]
        report = project.reports.filter(is_current=True).first()
        if report is not None and not report.complete:
            outcome += " (incomplete)"
        if result["status"] != "done":
            outcome += f": {result['error'][:70]}"
        return Row(name, outcome, wall, llm.calls, project.tokens, result["fetched"])


def main() -> None:
    from tests.fakes import FakeSearx, FakeWeb

    with tempfile.TemporaryDirectory() as data_dir:
        configure(data_dir)
        with FakeWeb() as web, FakeSearx(page_base_url=web.url) as searx:
            rows = [run(name, setup, searx.url) for name, setup in behaviours()]
    base = rows[0]
    print(
        f"{'behaviour':<38} {'wall s':>6} {'calls':>5} {'x coop':>6} {'tokens':>7} "
        f"{'x coop':>6} {'pages':>5}  outcome"
    )
    for row in rows:
        print(
            f"{row.behaviour:<38} {row.wall:6.2f} {row.calls:>5} {row.calls / base.calls:6.2f} "
            f"{row.tokens:>7} {row.tokens / max(1, base.tokens):6.2f} {row.pages:>5}  {row.outcome}"
        )
    extra = max(r.calls / base.calls - 1 for r in rows if r.behaviour in FIRST_RUNG)
    print(f"first-rung models: at most {extra:+.1%} calls against the cooperative one (goal: +5%)")


if __name__ == "__main__":
    main()
