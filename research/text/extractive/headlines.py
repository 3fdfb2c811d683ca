"""Whose news a document is: the organisation its headline says acted ("Cobaltline Automation
reports 2024 revenue of $73 million", "负极材料企业翎岳科技完成6亿元C轮融资"). A page whose
headline's actor is not the subject, and that names that actor at least as often as the
subject, is the actor's news, however it compares the subject ("…, which competes with
Fenwright Robotics, …")."""

from __future__ import annotations

import re

from research.text.extractive.names import SENTENCE_END, mentions
from research.text.extractive.namesakes import (
    CJK_ORGANISATIONS,
    ORGANISATIONS,
    cjk_pattern,
    distinctive_word,
    name_pattern,
    names_thing,
)
from research.text.writing import is_cjk

# What an organisation does in a headline about it: raises, reports, completes, launches.
ACTS = (  # not the words that are nouns as often ("RaaS plans", "cuts", "names", "posts")
    r"raises|raised|reports|reported|announces|announced|launches|launched|unveils|"
    r"completes|closes|secures|wins|buys|acquires|signs|appoints|expands|"
    r"to\s+(?:raise|open|buy|acquire|launch|expand)"
)
# A headline that leads with a name: what it is in a word and up to three in lower case
# ("Dutch bioplastics maker"), the name (capitalised words, or one word and a figure: "K3"),
# then the act.
ENGLISH_ACTOR = re.compile(
    rf"^(?:[A-Za-z][\w-]*(?:\s+[a-z][\w-]*){{1,3}}\s+)?(?P<actor>[A-Z][\w&'’.-]*(?:\s+[A-Z0-9][\w&'’.-]*){{0,4}})"
    rf"\s+(?:{ACTS})\b"
)
# Words that lead a headline without naming anyone.
NOT_ACTORS = frozenset(
    "The A An About This Our New Local Council Government Ministry Police Residents Report Study "
    "Survey Firm Company Startup Operator Maker".split()
)
# In Chinese: what it is (…企业, …公司), a name that ends in a kind of organisation, then a
# year or an act.
CJK_KINDS = CJK_ORGANISATIONS.pattern[CJK_ORGANISATIONS.pattern.index("(") :]  # (有限公司|…)
CJK_ACTOR = re.compile(
    rf"^(?:[\u3400-\u9fff]{{1,8}}?(?:企业|公司|厂商|品牌|同行|对手))?"
    rf"(?P<actor>[\u3400-\u9fff]{{2,6}}?{CJK_KINDS})"
    r"(?=\d|完成|宣布|发布|实现|推出|获得|获|营收|营业|签约|启动|上市|入选|净利|收购|融资)"
)


# In Chinese, a headline that leads with a name of three characters or more before a year or an
# act ("安平港2023年…", "恒峰储能发布…"): not a city's, a county's or a bureau's, whose bulletins
# tell of the places and bodies under them.
CJK_NAMED_ACTOR = re.compile(
    r"^(?P<actor>[\u3400-\u9fff]{3,6}?)(?<![市县区镇省州局委办])(?=\d{4}年|完成|宣布|发布|推出|加速"
    r"|扩张|开业|获|启动|上市|收购|融资|营收|新增|计划|将)"
)

# A headline that opens with an organisation's name, whatever follows ("Alderbank Trust: grants
# awarded in 2024").
ENGLISH_OWNER = re.compile(r"^(?P<actor>[A-Z][\w&'’.-]*(?:\s+[A-Z][\w&'’.-]*){0,3})(?=\W|$)")


def actor(headline: str) -> str:
    """The organisation a headline says acted, or opens with, or ""."""
    text = headline.strip()
    if is_cjk(text[:1]):
        found = CJK_ACTOR.match(text) or CJK_NAMED_ACTOR.match(text)
        return found["actor"] if found else ""
    found = ENGLISH_ACTOR.match(text)
    if found is None:
        owner = ENGLISH_OWNER.match(text)
        words = owner["actor"].split() if owner else []
        if len(words) > 1 and words[-1] in ORGANISATIONS and words[0] not in NOT_ACTORS:
            return owner["actor"]  # type: ignore[index]
        return ""
    name = re.sub(r"(?:'s|’s)$", "", found["actor"])
    return "" if name.split()[0] in NOT_ACTORS else name


def anothers_news(headline: str, about: str, phrases: tuple[str, ...]) -> bool:
    """Whether a document is the news of an organisation other than the subject: its headline
    names someone who acted, and not the subject, not even by its distinctive word ("Fenwright
    Pharmacy" is a namesake's, told apart elsewhere); and the document names the actor at
    least as often as the subject."""
    found = (
        actor(headline) or _named_actor(headline, about, phrases) or _peer_place(headline, phrases)
    )
    if not found or not phrases or any(_shares_name(headline, p) for p in phrases):
        return False  # "Northline Buses wins Vellmore contract" is the subject's news too
    subject = sum(len(mentions(about, p, phrases)) for p in phrases)
    whole = cjk_pattern(found) if is_cjk(found[:1]) else name_pattern(found)
    said = len(re.findall(whole, about))  # the whole name: "Airport" alone is anyone's
    return said >= max(subject, 1)


# A Chinese headline that leads with a place's name ("安澜市居民用水价格保持稳定").
CJK_PLACE_HEADLINE = re.compile(r"^(?P<actor>[\u3400-\u9fff]{2,4}?[市县区镇])")


def _peer_place(headline: str, phrases: tuple[str, ...]) -> str:
    """The place a Chinese headline leads with, when the subject is a place of the same kind
    (安澜市 beside 柳港市): a neighbour's news, as a city's bulletin of a port in it is not."""
    found = CJK_PLACE_HEADLINE.match(headline.strip())
    if found is None:
        return ""
    kind = found["actor"][-1]
    return found["actor"] if any(len(p) > 2 and p.endswith(kind) for p in phrases) else ""


def _shares_name(text: str, phrase: str) -> bool:
    """Whether `text` gives the subject's name or its distinctive word (栎川 of 栎川新材料)."""
    if is_cjk(phrase[:1]):
        return phrase[:2] in text
    if names_thing(text, phrase):
        return True
    return re.search(name_pattern(distinctive_word(phrase)), text, re.I) is not None


# An English headline that leads with a name of two words or more, and what it is in a word,
# before a verb ("Carrow Head lighthouse reopens to visitors", "Ashcombe Dome to add seats").
NAMED_ACTOR = re.compile(
    r"^(?P<actor>[A-Z][\w&'’.-]*(?:\s+[A-Z0-9][\w&'’.-]*){1,4})(?:\s+[a-z]+)?"
    r"\s+(?:[a-z]{3,}s|to\s+[a-z]{3,}|will\s+[a-z]{3,})\b"
)
TIED = (  # the subject's ("Pellmoor Ferries' newest ship"), or one of it ("in the Dunholm Trust")
    r"(?:{name}(?:'s|’s|'|’)\s"
    r"|\b(?:in|of|at|into|leave|leaves|left|join|joins|joined)\s+the\s+{name})"
)


def _named_actor(headline: str, about: str, phrases: tuple[str, ...]) -> str:
    """The name an English headline leads with, unless a sentence that names it ties it to
    the subject: the subject's own ("Pellmoor Ferries' newest ship, MV Saltmarsh Lantern"), or
    one of it ("an academy in the Dunholm Learning Trust"), as a rival's story does not
    ("competition from Halvard Arena"; "unlike Quarrelle Therapeutics' QT-114, MB-61 is…")."""
    found = NAMED_ACTOR.match(headline.strip())
    if found is None:
        return ""
    name = re.escape(found["actor"].split()[0])
    sentences = (s for line in about.splitlines() for s in SENTENCE_END.split(line))
    told = [s for s in sentences if re.search(rf"\b{name}\b", s)]
    for phrase in phrases:
        tie = TIED.format(name=re.escape(phrase))
        if any(re.search(tie, sentence, re.IGNORECASE) for sentence in told):
            return ""  # in a sentence that names the actor: not "such as Quarrelle's QT-114"
    return found["actor"]
