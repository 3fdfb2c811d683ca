"""The "What changed since vN" section of a refreshed report, from what the refresh found."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def section(changes: dict[str, Any], status_words: Mapping[str, str]) -> str:
    """Markdown: the new, changed and vanished sources, then the claims of the last version
    whose support changed with the text of their sources ("was supported, now contradicted":
    `status_words` names each claim status). Sources are cited as [n]."""
    lines = [f"## What changed since v{changes.get('since', '?')}", ""]
    groups = (
        ("new", "New sources"),
        ("changed", "Changed sources"),
        ("gone", "Sources that disappeared"),
    )
    for key, heading in groups:
        items = changes.get(key) or []
        if items:
            lines.append(f"**{heading}** ({len(items)}):")
            lines += [f"- {_name(item)} [{item['n']}]" + _detail(item) for item in items]
            lines.append("")
    claims = changes.get("claims") or []
    if claims:
        lines.append(f"**Claims whose support changed** ({len(claims)}):")
        for claim in claims:
            old, new = (status_words.get(claim[k], claim[k]) for k in ("old", "new"))
            lines.append(f"- “{claim['sentence']}” was {old}, now {new}.")
        lines.append("")
    return "\n".join(lines).rstrip() + "\n"


def _name(item: dict[str, Any]) -> str:
    return (item.get("title") or item.get("url") or "").replace("[", "(").replace("]", ")")


def _detail(item: dict[str, Any]) -> str:
    return f": {item['detail']}" if item.get("detail") else ""
