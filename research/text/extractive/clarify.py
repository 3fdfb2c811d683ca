"""Whether a question should be clarified before it is planned, by rule (no language model).

Two things make a question ambiguous here, and each gives one question to ask:
- **Senses.** The first search's results split into groups that share no vocabulary beyond the
  question's own words: "jaguar" is a carmaker in some results and a big cat in others. Results
  are joined when they share at least SHARED terms that the question does not have (single
  linkage, so a topic's results chain together); when two or more groups of at least two
  results each are left, each group's most shared words name a sense, and the member picks one.
- **A missing place or period.** A question about something only a place pins down ("the new
  policy", "the election", "the minimum wage") that names no place, or about a change over time
  ("how has ... changed", "the growth of ...") that names no period. The member is asked where
  (the countries and regions the results name most are offered, Babel's territory names in
  English and Chinese) or over which period (recent spans, counted from today).

At most MAX_QUESTIONS questions; none for a question that needs no clarifying.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import date
from functools import cache

from babel import Locale

from research.text.extractive.terms import language_of, terms

MAX_QUESTIONS = 3
MAX_CHOICES = 4
SHARED = 2  # terms two results share, beyond the question's, to be about the same thing
MIN_WORDS = 4  # a result with fewer terms of its own says too little to place it
LABEL_WORDS = 2

NEEDS_PLACE = re.compile(
    r"\b(?:the|this|that)\s+(?:new|recent|proposed|latest|current|upcoming|planned)?\s*"
    r"(?:polic(?:y|ies)|laws?|regulations?|rules?|reforms?|tax(?:es)?|tariffs?|bans?|"
    r"elections?|government|minimum wage|budget|mandates?|ministry|parliament|congress|"
    r"court ruling|lockdowns?|subsid(?:y|ies)|curriculum)\b",
    re.IGNORECASE,
)
CJK_NEEDS_PLACE = re.compile(
    r"(?:新|最新|这项|该)?(?:政策|法规|法律|条例|选举|政府|最低工资|税|补贴|禁令)"
)
NEEDS_TIME = re.compile(
    r"\b(?:how\s+(?:has|have|did)\b.{0,80}\b(?:chang|grow|grown|evolv|ris|risen|fall|fallen|"
    r"declin|shift)\w*|trends?|growth|over time|evolution of|history of)\b",
    re.IGNORECASE,
)
CJK_NEEDS_TIME = re.compile(r"(?:变化|趋势|增长|演变)")
HAS_TIME = re.compile(
    r"\b(?:1[89]\d\d|20\d\d)s?\b|\b(?:since|between|during|before|after|until)\b|"
    r"\b(?:last|past|next|this)\s+(?:\d+\s+)?(?:years?|decades?|months?|weeks?|century)\b|"
    r"\b(?:today|currently|now|yesterday)\b|\d{4}\s*年|近\d+年|去年|今年|过去|以来",
    re.IGNORECASE,
)
PLACE_AFTER = re.compile(r"\b(?:in|across|for|of|within)\s+(?:the\s+)?[A-Z][a-z]+")
CJK_PLACE = re.compile(r"[\u4e00-\u9fff]{1,6}(?:省|市|县|州|区|国)")
GLOBAL = re.compile(r"\b(?:global(?:ly)?|world(?:wide)?|international(?:ly)?)\b|全球|世界|国际")


@dataclass
class Ask:
    """One clarifying question and the answers offered (empty: the member writes one)."""

    key: str
    question: str
    choices: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class Result:
    """A result of the first search: what it is called and says."""

    title: str
    snippet: str

    @property
    def text(self) -> str:
        return f"{self.title}. {self.snippet}"


def questions(question: str, results: Sequence[Result], today: date) -> list[Ask]:
    """What to ask before planning `question`, given its first search's `results`."""
    chinese = language_of(question) == "zh"
    found = [sense_question(question, results, chinese)]
    if needs_place(question):
        found.append(place_question(results, chinese))
    if needs_time(question):
        found.append(time_question(today, chinese))
    return [ask for ask in found if ask is not None][:MAX_QUESTIONS]


# --- Senses ---------------------------------------------------------------------------------


def sense_question(question: str, results: Sequence[Result], chinese: bool) -> Ask | None:
    """Which sense of the question's word is meant, when its results split into senses."""
    groups = senses(question, results)
    if len(groups) < 2:
        return None
    word = _ambiguous_word(question, results)
    labels = [f"{word} ({', '.join(label)})" if word else ", ".join(label) for label in groups]
    if chinese:
        asked = (
            f"“{word}”可以指不同的事物，您指的是哪一个？"
            if word
            else "首次搜索找到了不同的主题，您指的是哪一个？"
        )
    elif word:
        asked = f"“{word}” can mean different things here. Which one do you mean?"
    else:
        asked = "The first search found different subjects. Which one do you mean?"
    return Ask("sense", asked, labels[:MAX_CHOICES])


def senses(question: str, results: Sequence[Result]) -> list[list[str]]:
    """The groups the results split into, each named by its most shared words, largest group
    first; one group (or none) when they are about one thing."""
    own = set(terms(question))
    words = [_surface_terms(r.text, own) for r in results]
    sets = [set(w) for w in words]
    usable = [i for i, s in enumerate(sets) if len(s) >= MIN_WORDS]
    groups = _components(usable, sets)
    big = sorted((g for g in groups if len(g) >= 2), key=len, reverse=True)
    if len(big) < 2:
        return []
    labels = [_label(group, words, big) for group in big]
    return [label for label in labels if label]


def _surface_terms(text: str, own: set[str]) -> dict[str, str]:
    """The text's terms that the question does not have, each with a word it came from."""
    found: dict[str, str] = {}
    for word in re.findall(r"\w+", text):
        stems = terms(word)
        for stem in stems:
            if stem not in own and not stem.isdigit():
                found.setdefault(stem, word if len(stems) == 1 else stem)
    return found


def _components(nodes: list[int], sets: list[set[str]]) -> list[list[int]]:
    """Groups of results joined by SHARED terms or more, transitively."""
    parent = {i: i for i in nodes}

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for a_index, a in enumerate(nodes):
        for b in nodes[a_index + 1 :]:
            if len(sets[a] & sets[b]) >= SHARED:
                parent[root(b)] = root(a)
    grouped: dict[int, list[int]] = {}
    for i in nodes:
        grouped.setdefault(root(i), []).append(i)
    return list(grouped.values())


def _label(group: list[int], words: list[dict[str, str]], groups: list[list[int]]) -> list[str]:
    """The words most results of `group` share that no other group's results have."""
    elsewhere = {t for other in groups if other is not group for i in other for t in words[i]}
    counts = Counter(t for i in group for t in words[i] if t not in elsewhere)
    shared = [t for t, n in counts.most_common() if n >= 2] or [t for t, _ in counts.most_common()]
    surface = {t: w for i in group for t, w in words[i].items()}
    return [surface[t] for t in shared[:LABEL_WORDS]]


def _ambiguous_word(question: str, results: Sequence[Result]) -> str:
    """The question's word that most results share: the one whose sense is in doubt."""
    texts = [set(terms(r.text)) for r in results]
    best, count = "", 0
    for word in re.findall(r"\w+", question):
        stems = terms(word)
        if len(stems) != 1:
            continue
        seen = sum(1 for t in texts if stems[0] in t)
        if seen > count:
            best, count = word, seen
    return best


# --- Place and time --------------------------------------------------------------------------


def needs_place(question: str) -> bool:
    """Whether the question asks about something a place pins down, and names none."""
    if not (NEEDS_PLACE.search(question) or CJK_NEEDS_PLACE.search(question)):
        return False
    return not (_names_place(question) or GLOBAL.search(question))


def _names_place(text: str) -> bool:
    if PLACE_AFTER.search(text) or CJK_PLACE.search(text):
        return True
    return any(_mentions(text, name) for name in _territories())


def place_question(results: Sequence[Result], chinese: bool) -> Ask:
    """Where: the countries and regions the results name most are offered."""
    named: Counter[str] = Counter()
    for result in results:
        for name in _territories(chinese):
            if _mentions(result.text, name):
                named[name] += 1
    choices = [name for name, _ in named.most_common(MAX_CHOICES)]
    if chinese:
        return Ask("place", "您问的是哪个国家或地区？", choices)
    return Ask("place", "Which country or region do you mean?", choices)


def _mentions(text: str, name: str) -> bool:
    if re.match(r"\w", name) and name.isascii():
        return re.search(rf"\b{re.escape(name)}\b", text) is not None
    return name in text


@cache
def _territories(chinese: bool | None = None) -> tuple[str, ...]:
    """Country and region names (Babel's CLDR data), longest first, in English, Chinese or
    both (None)."""
    codes = ["zh"] if chinese else ["en"] if chinese is False else ["en", "zh"]
    names = {
        name
        for code in codes
        for key, name in Locale.parse(code).territories.items()
        if not key.isdigit()
        and key not in {"ZZ", "QO", "XA", "XB"}
        and (len(name) > 2 or not name.isascii())
    }
    return tuple(sorted(names, key=len, reverse=True))


def needs_time(question: str) -> bool:
    """Whether the question asks how something changed over time, and names no period."""
    if not (NEEDS_TIME.search(question) or CJK_NEEDS_TIME.search(question)):
        return False
    return not HAS_TIME.search(question)


def time_question(today: date, chinese: bool) -> Ask:
    """Over which period: recent spans counted from today's year."""
    year = today.year
    if chinese:
        spans = ["过去12个月", f"{year - 5}—{year}年", f"{year - 10}—{year}年", "2000年以来"]
        return Ask("time", "您关心哪个时间段？", spans)
    spans = ["the last 12 months", f"{year - 5}–{year}", f"{year - 10}–{year}", "since 2000"]
    return Ask("time", "Over which period?", spans)
