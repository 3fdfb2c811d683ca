"""The "What changed since vN" section of a refreshed report, from what the refresh found.

Dossier's own Markdown: a `###` heading per kind of change, a list under each, and under a
changed source the sentences its page gained and lost (short excerpts). The section reports;
it claims nothing, so the claim ledger leaves it out (`HEADING`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

HEADING = re.compile(r"^##\s+What changed since v", re.MULTILINE)
EXCERPTS = 3  # sentences shown of those a changed page gained, and of those it lost
EXCERPT_CHARS = 160


def section(changes: dict[str, Any]) -> str:
    """Markdown: the section's heading, then the new, changed and vanished sources, cited as
    [n] (for the citation check that the report's text goes through), and the figures that
    changed."""
    lines = [f"## What changed since v{changes.get('since', '?')}", ""]
    groups = (
        ("new", "New sources"),
        ("changed", "Changed sources"),
        ("gone", "Sources that disappeared"),
    )
    for key, heading in groups:
        items = changes.get(key) or []
        if items:
            lines += [f"### {heading} ({len(items)})", ""]
            for item in items:
                lines.append(f"- {_name(item)} [{item['n']}]" + _detail(item))
                lines += _edits(item)
            lines.append("")
    lines += _figures(changes.get("figures") or [])
    return "\n".join(lines).rstrip() + "\n"


def _figures(figures: Sequence[dict[str, Any]]) -> list[str]:
    """The figures the new version's datasets give otherwise than the last one's: old → new,
    each cited to the source that states it."""
    if not figures:
        return []
    lines = [f"### Changed figures ({len(figures)})", ""]
    for f in figures:
        what = ", ".join(part for part in (f["entity"], f"{f['measure']} {f['period']}") if part)
        unit = f" {f['unit']}" if f.get("unit") else ""
        lines.append(
            f"- {what.strip()}: {f['old']}{unit} [{f['old_n']}] → {f['new']}{unit} [{f['new_n']}]"
        )
    return [*lines, ""]


def moved_claims(changes: dict[str, Any], status_words: Mapping[str, str]) -> str:
    """Markdown to close the section: the claims of the last version whose support changed
    with the text of their sources ("was supported, now contradicted": `status_words` names
    each claim status), each linked to its entry in that version's ledger; "" when none."""
    claims = changes.get("claims") or []
    if not claims:
        return ""
    lines = [f"### Claims whose support changed ({len(claims)})", ""]
    for claim in claims:
        old, new = (status_words.get(claim[k], claim[k]) for k in ("old", "new"))
        now = f"[now {new}]({claim['href']})" if claim.get("href") else f"now {new}"
        lines.append(f"- “{claim['sentence']}”: was {old}, {now}.")
    return "\n".join(lines) + "\n"


def edits(before: Sequence[str], after: Sequence[str]) -> dict[str, list[str]]:
    """The sentences a page gained and lost between two readings (in the page's order)."""
    old, new = set(before), set(after)
    return {
        "added": [s for s in dict.fromkeys(after) if s not in old],
        "removed": [s for s in dict.fromkeys(before) if s not in new],
    }


def _edits(item: dict[str, Any]) -> list[str]:
    lines = []
    for key, word in (("added", "Added"), ("removed", "Removed")):
        found = item.get(key) or []
        shown = [f"“{_excerpt(s)}”" for s in found[:EXCERPTS]]
        more = f" and {len(found) - EXCERPTS} more" if len(found) > EXCERPTS else ""
        if shown:
            lines.append(f"    - {word}: {'; '.join(shown)}{more}")
    return lines


def _excerpt(sentence: str) -> str:
    text = " ".join(sentence.split())
    return text if len(text) <= EXCERPT_CHARS else text[: EXCERPT_CHARS - 1].rstrip() + "…"


def _name(item: dict[str, Any]) -> str:
    return (item.get("title") or item.get("url") or "").replace("[", "(").replace("]", ")")


def _detail(item: dict[str, Any]) -> str:
    return f": {item['detail']}" if item.get("detail") else ""
