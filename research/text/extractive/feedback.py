"""A member's written feedback on a plan, read by rule for a plan made without a model.

"drop the history, add costs" asks to drop what mentions "history" and to add a section on
"costs". Each clause (cut at commas, semicolons, full stops and new lines) is read from its verbs:
the words after "drop", "remove", "delete", "omit", "skip", "exclude" or "no" name what goes; the
words after "add", "include", "cover" or "more on" name a section to add. Chinese feedback reads
the same with 删除, 去掉, 不要 and 增加, 添加, 补充. A clause with neither is not understood, and
said so. Whether a title or a query mentions a target is decided on their terms (stemmed, without
stopwords: "history" matches "Funding history" and "historical" does not).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from research.text.extractive.terms import terms

DROP = r"drop|remove|delete|omit|skip|exclude|leave out|get rid of|no more|no|删除|删去|去掉|不要"
ADD = r"add|include|cover|more on|more about|增加|添加|加上|补充"
# A verb starts at a word's beginning (the Latin ones) or anywhere (the Chinese ones).
VERB = re.compile(rf"(?:(?<![\w])|(?=[\u4e00-\u9fff]))({DROP}|{ADD})(?![a-z])", re.I)
CLAUSES = re.compile(r"[,;.!?\n，；。！？、]+")
FILLER = re.compile(
    r"^(?:(?:the|a|an|any|all|some|also|please|section|sections|queries|query|part|parts|"
    r"about|on|of|for|with|that|anything|everything|关于|的)\b\s*)+",
    re.I,
)
TAIL = re.compile(
    r"(?:\s*\b(?:section|sections|part|queries|too|as well|please|and|then|but|also)\b)+\s*$"
    r"|[和并]+$",
    re.I,
)


@dataclass
class Feedback:
    """What the feedback asks: targets to drop, phrases to add as sections, clauses not read."""

    drops: list[str] = field(default_factory=list)
    adds: list[str] = field(default_factory=list)
    unread: list[str] = field(default_factory=list)


def read(text: str) -> Feedback:
    """The drops and additions `text` asks for, in its order."""
    asked = Feedback()
    for clause in CLAUSES.split(text):
        clause = clause.strip()
        if not clause:
            continue
        parts = VERB.split(clause)  # [before, verb, target, verb, target, ...]
        found = False
        for verb, target in zip(parts[1::2], parts[2::2], strict=True):
            phrase = _phrase(target)
            if not phrase or not terms(phrase):
                continue
            found = True
            (asked.drops if re.fullmatch(DROP, verb, re.I) else asked.adds).append(phrase)
        if not found:
            asked.unread.append(clause)
    return asked


def _phrase(target: str) -> str:
    """The words a verb names: without leading articles and fillers ("the", "a section on")
    nor a trailing "section" or "and" (before the next verb); "and" between two words keeps
    them one phrase."""
    phrase = TAIL.sub("", FILLER.sub("", target.strip())).strip(" :\"'“”")
    return re.sub(r"\s+", " ", phrase)


def mentions(target: str, text: str) -> bool:
    """Whether `text` has any of the target's terms."""
    wanted = set(terms(target))
    return bool(wanted) and bool(wanted & set(terms(text)))
