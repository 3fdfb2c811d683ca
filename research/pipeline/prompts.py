"""Prompt files in research/prompts/ rendered with Django's template engine (no str.format).

A prompt file holds the system message, then a line `=== user ===`, then the user message.
Page text always goes in as data, between <source> tags, never as instructions.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from django.template import Context, Engine

PROMPTS_DIR = Path(__file__).resolve().parent.parent / "prompts"
SEPARATOR = "=== user ==="
_engine = Engine(dirs=[str(PROMPTS_DIR)], autoescape=False)


@cache
def _template(name: str):
    return _engine.get_template(f"{name}.md")


def load_all() -> None:
    """Compile every prompt now (the worker's warm-up) rather than inside the first steps."""
    for path in sorted(PROMPTS_DIR.glob("*.md")):
        _template(path.stem)


def render(name: str, **context) -> list[dict]:
    """The chat messages for prompt `name` with `context` filled in."""
    text = _template(name).render(Context(context, autoescape=False))
    system, _, user = text.partition(SEPARATOR)
    if not user:
        raise ValueError(f"prompt {name}.md has no '{SEPARATOR}' line")
    return [
        {"role": "system", "content": system.strip()},
        {"role": "user", "content": user.strip()},
    ]
