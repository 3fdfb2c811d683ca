"""`manage.py embed_library`: give every library passage its vector from EMBEDDING_MODEL.

The watchdog does the same a little at a time (research.tasks.sweep); this runs to the end, with
a progress bar: after turning EMBEDDING_MODEL on over an existing library, or changing it. It
stops at the first failure of the embeddings endpoint, and says why.
"""

from __future__ import annotations

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from tqdm import tqdm

from research.pipeline.shared import semantic

STEP = 512  # passages per round, between progress updates


class Command(BaseCommand):
    help = "Embed every library passage that has no vector from EMBEDDING_MODEL."

    def handle(self, *args, **options):
        if not settings.EMBEDDING_MODEL:
            raise CommandError(
                "EMBEDDING_MODEL is empty: set it (and EMBEDDING_BASE_URL when the model is not "
                "served where LLM_BASE_URL points) to give the library semantic search."
            )
        total = semantic.missing_passages().count()
        done = 0
        with tqdm(total=total, desc="Embedding", unit="passage", disable=not total) as bar:
            while done < total:
                embedded = semantic.embed_missing(min(STEP, total - done))
                done += embedded.count
                bar.update(embedded.count)
                if embedded.error:
                    raise CommandError(f"Stopped after {done} passages: {embedded.error}")
                if not embedded.count:
                    break  # the rest were deleted, or embedded by the watchdog meanwhile
        self.stdout.write(
            f"{done} passages embedded with {settings.EMBEDDING_MODEL}; "
            f"{semantic.missing_passages().count()} without a vector."
        )
