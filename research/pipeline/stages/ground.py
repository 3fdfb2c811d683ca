"""Step 1, ground: search the question itself, so the plan knows the topic's vocabulary.

Reads:    the project's question and search options (the web, the library, or both).
Replaces: the results kept on its own StepRun (`output`), which plan reads.
"""

from __future__ import annotations

from research.models import Stage
from research.pipeline.shared import library
from research.pipeline.shared.context import StageSpec, StepContext
from research.providers import slots

GROUND_RESULTS = 8


def run(ctx: StepContext) -> None:
    provider = library.search_provider(ctx.opts)
    with slots.search_slot():
        results = provider.search(
            ctx.project.question,
            max_results=GROUND_RESULTS,
            time_range=ctx.opts.time_range,
            language=ctx.opts.language,
        )
    ctx.save_output(
        {
            "provider": provider.name,
            "results": [
                {"url": r.url, "title": r.title, "snippet": r.snippet[:400]} for r in results
            ],
        }
    )
    ctx.note(f"{len(results)} results from {provider.name}")


STAGE = StageSpec(stage=Stage.GROUND, run=run, fatal=True, slot="search", writes=())
