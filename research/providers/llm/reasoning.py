"""Reasoning ("thinking") taken out of a model's answer before anything parses or stores it.

Reasoning models put their thinking in the answer between tags (`<think>`, `<thinking>`,
`<reasoning>`), sometimes with the opening tag missing because the chat template printed it, or
in a separate `reasoning_content` / `reasoning` field. None of it may reach a summary or a report:
a `[3]` in the thinking is not a citation.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

TAGS = ("think", "thinking", "reasoning")
_NAMES = "|".join(TAGS)
# <think>...</think>, and Kimi's ◁think▷...◁/think▷
_BLOCK = re.compile(rf"<({_NAMES})\b[^>]*>.*?</\1\s*>|◁({_NAMES})▷.*?◁/\2▷", re.I | re.S)
_CLOSE = re.compile(rf"</({_NAMES})\s*>|◁/({_NAMES})▷", re.I)
_OPEN = re.compile(rf"<({_NAMES})\b[^>]*>|◁({_NAMES})▷", re.I)


@dataclass(frozen=True)
class Split:
    answer: str
    reasoning: str


def split(content: str, reasoning_field: str = "") -> Split:
    """The answer without its reasoning, and the reasoning (from tags and the field) apart.

    Whole blocks are removed first. Then a closing tag with no opening one (the template
    printed the opening) makes everything before it reasoning, and an opening tag with no
    closing one (the answer stopped while thinking) makes everything after it reasoning.
    """
    thoughts = [reasoning_field.strip()] if reasoning_field and reasoning_field.strip() else []
    thoughts += [m.group(0) for m in _BLOCK.finditer(content)]
    answer = _BLOCK.sub("", content)
    closes = list(_CLOSE.finditer(answer))
    if closes:
        last = closes[-1]
        thoughts.append(answer[: last.end()])
        answer = answer[last.end() :]
    opened = _OPEN.search(answer)
    if opened:
        thoughts.append(answer[opened.start() :])
        answer = answer[: opened.start()]
    if answer != content:  # what the thinking left around the answer; a plain answer is kept
        answer = answer.strip()  # as it is (a continuation may start with a space)
    return Split(answer, "\n".join(t for t in thoughts if t))
