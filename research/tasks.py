"""django-q2 entry points. Tasks take ids, load rows and call pipeline functions; nothing else."""

from __future__ import annotations


def ping(token: str) -> str:
    """A trivial task: the health page sends one through the queue and waits for the answer."""
    return f"pong:{token}"
