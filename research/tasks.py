"""django-q2 entry points. Tasks take ids, load rows and call pipeline functions; nothing else."""

from __future__ import annotations

from typing import Any

from django_q.models import Schedule

from research.errors import DossierError
from research.models import Project
from research.pipeline.engine import pool, registry, sweeper
from research.pipeline.engine.warmup import warm_up
from research.pipeline.shared import semantic
from research.services import library, projects, refreshes, trash

EMBED_PER_SWEEP = 256  # passages the watchdog embeds per run; `manage.py embed_library`: all


def ping(token: str) -> str:
    """A trivial task: the health page sends one through the queue and waits for the answer."""
    return f"pong:{token}"


def start_step_pool(**signal_kwargs: Any) -> None:
    """On django-q2's post_spawn, in each new worker process: warm up, start its step pool."""
    warm_up()
    pool.start(registry.run_claimed, tend=sweeper.advance_stalled, room=registry.room)


def run_step(step_id: int) -> str:
    """Wake this process's step pool for the step; the pool claims and runs it. In a process
    without a pool (django-q2's sync mode) the step runs here."""
    step_pool = pool.current()
    if step_pool is None:
        warm_up()
        return registry.run_step(step_id)
    if step_pool.wake():
        return f"step {step_id}: a thread is on it"
    return f"step {step_id}: every thread is busy; one takes it when it is free"


def extract_document(document_id: int) -> str:
    """Read a queued library document into passages (or record why it cannot be read)."""
    return library.extract(document_id)


def sweep() -> str:
    """The watchdog, every minute: stalled steps and projects, the trash's expired projects,
    library documents a stopped worker left unread, and (last, as it may wait on the embeddings
    endpoint) up to EMBED_PER_SWEEP library passages with no vector from EMBEDDING_MODEL."""
    purged = trash.purge_expired()
    requeued = library.requeue_stale()
    done = (
        f"{sweeper.sweep()}, {purged} projects purged from the trash, "
        f"{requeued} documents queued again"
    )
    embedded = semantic.embed_missing(EMBED_PER_SWEEP)
    return done + (f", {embedded.count} passages embedded" if embedded.count else "")


def refresh_project(project_id: int) -> str:
    """A scheduled refresh (django-q2 Schedule); one that cannot start says why in the log."""
    project = Project.objects.live().filter(pk=project_id).first()
    if project is None:
        if not Project.objects.filter(pk=project_id).exists():  # deleted for good
            Schedule.objects.filter(name=projects.schedule_name(project_id)).delete()
            return f"project {project_id} is deleted; its schedule is removed"
        return f"project {project_id} is in the trash; not refreshed"
    try:
        started = refreshes.start_refresh(project, scheduled=True)
    except DossierError as exc:
        return f"not refreshed: {exc.reason}"
    return f"refresh {started.pk} started"
