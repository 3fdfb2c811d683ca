"""django-q2 entry points. Tasks take ids, load rows and call pipeline functions; nothing else."""

from __future__ import annotations

from research import trash
from research.pipeline import registry, sweeper
from research.pipeline.warmup import warm_up


def ping(token: str) -> str:
    """A trivial task: the health page sends one through the queue and waits for the answer."""
    return f"pong:{token}"


def run_step(step_id: int) -> str:
    warm_up()  # once per worker process
    return registry.run_step(step_id)


def sweep() -> str:
    """The watchdog, every minute: stalled steps and projects, then the trash's expired projects."""
    purged = trash.purge_expired()
    return f"{sweeper.sweep()}, {purged} projects purged from the trash"
