"""Step 1, ground: search the question itself, so the plan knows the topic's vocabulary.

Reads:    the project's question and search options (the web, the library, MCP servers).
Replaces: the results kept on its own StepRun (`output`), which plan reads.
"""

from __future__ import annotations

from research.models import McpServerState, Stage
from research.pipeline.shared import library
from research.pipeline.shared.context import StageSpec, StepContext

GROUND_RESULTS = 8


def run(ctx: StepContext) -> None:
    searched = library.search(
        ctx.opts, ctx.project.question, max_results=GROUND_RESULTS, time_range=ctx.opts.time_range
    )
    results = searched.results
    ctx.save_output(
        {
            "provider": searched.by,
            "out_of_scope": dict(searched.dropped),
            "results": [
                {"url": r.url, "title": r.title, "snippet": r.snippet[:400]} for r in results
            ],
        }
    )
    ctx.note(searched.note(f"{len(results)} results from {searched.by}"))


STAGE = StageSpec(stage=Stage.GROUND, run=run, fatal=True, slot="search", writes=(McpServerState,))
