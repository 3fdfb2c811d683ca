"""Whether a text tells people what to do rather than what is so: a policy, a notice, a
bulletin's instructions, a brand guide.

A report about a company, a place or a product quotes what its sources state about it. A
remote-work policy, a safety notice or a brand guide of the same company names it and shares
the question's words ("battery", "charge", "leadership"), but what it says is a rule ("Do not
charge a battery above 80%", "物业单位应在清洗后委托有资质的机构检测水质"), not a fact about the
subject. A document most of whose sentences are rules or instructions is such a text; a
question that asks about rules (a policy, a requirement, 规定) still reads it.
"""

from __future__ import annotations

import re

from research.text.extractive import explanations
from research.text.extractive.sentences import sentences
from research.text.extractive.terms import terms
from research.text.writing import is_cjk

RULE_SHARE = 0.34  # of a document's sentences, at least: it is a document of rules
MIN_SENTENCES = 3

NORMATIVE = re.compile(
    r"\b(?:must|shall|should|may\s+not|need\s+to|are\s+(?:not\s+)?(?:required|permitted|"
    r"allowed|expected)\s+to|is\s+(?:not\s+)?(?:required|permitted|allowed|expected)\s+to|"
    r"(?:is|are)\s+(?:prohibited|mandatory|not\s+allowed)|do\s+not|don't|never|please|"
    r"(?:can|cannot|can't|may)\s+(?:not\s+)?apply|(?:is|are)\s+(?:not\s+)?eligible)\b",
    re.IGNORECASE,
)
IMPERATIVE = re.compile(
    r"^(?:Do|Don't|Please|Contact|Ensure|Make\s+sure|Check|Confirm|Keep|Store|Wear|Report|Use|"
    r"Send|Submit|Call|Avoid|Follow|Read|Note|Switch|Turn|Remove|Apply|Visit|Email|E-mail|Ask|"
    r"Place|Put|Return|Bring|Log|Sign|Register|Book|Save|Install|Update|Charge|Clean|Download|"
    r"Fill|Complete|Attach|Choose|Select|Print|Pay|Tell|Write|Upload|Enter|Click|Go)\b"
)
CJK_NORMATIVE = re.compile(
    r"应当|应在|应按|应于|必须|须|不得|禁止|严禁|请|务必|切勿|不要|适用于本|本办法|本制度|本规定|"
    r"谨防|警惕|敬请|如遇|郑重声明|均不会|从不|绝不"
)
ASKS_RULES = re.compile(
    r"\b(?:polic(?:y|ies)|rules?|requirements?|regulations?|guidelines?|procedures?|"
    r"instructions?|must|should|allowed|permitted)\b|规定|要求|政策|制度|办法|规则|须知|指引",
    re.IGNORECASE,
)


# Where an organisation keeps what is not about its business: its HR and IT folders, its
# policies, notices and brand guides; a site's careers, vacancies, privacy and warning pages.
# Not "legal" (a fund's terms are kept there), "safety" or 公告 (an incident's report, a
# company's announcements); a file name's "notice" may be a tariff's. A statement the law requires
# (modern-slavery-statement.html, accessibility.html) says what the organisation must do.
FOLDERS = frozenset(
    "hr it policy policies brand branding notice notices handbook guidelines facilities "
    "careers jobs privacy 人事 行政 制度 品牌 招聘".split()
)
FILE_WORDS = frozenset(
    "policy policies handbook guidelines guidance careers jobs vacancy vacancies recruitment "
    "privacy "
    "cookie cookies warning warnings brand branding slavery accessibility disclaimer "
    "whistleblowing".split()
)
PROCEDURES = frozenset("policy policies handbook guidelines guidance 制度".split())
_SEGMENTS = re.compile(r"[/\\]")
_WORDS = re.compile(r"[-_.\s]+")


def administrative(path: str, question: str) -> bool:
    """Whether a document's folders or file name say it is administrative (hr/leave-policy.md,
    it/badge-upgrade.md, news/fraud-warning.html, 品牌/手册.pdf) while the question asks about
    none of those things; a question about how a process goes reads its procedures (制度/,
    policies/)."""
    segments = [s.lower() for s in _SEGMENTS.split(path) if s]
    if not segments:
        return False
    found = {w for s in segments[:-1] for w in [s, *_WORDS.split(s)]} & FOLDERS
    found |= set(_WORDS.split(segments[-1])) & FILE_WORDS
    if explanations.angles(question) == explanations.HOW:
        found -= PROCEDURES  # how a process goes is what its procedures say
    asked = {w.lower() for w in re.findall(r"\w+", question)}
    # A Chinese word is asked when the question holds it; a Latin one when it is a word of it
    # (not "it" inside "with").
    return bool(found) and not any(
        word in question if is_cjk(word[0]) else word in asked for word in found
    )


def is_rule(sentence: str) -> bool:
    """A sentence that says what someone must, may or should do, or tells them to."""
    text = sentence.strip()
    return bool(NORMATIVE.search(text) or IMPERATIVE.match(text) or CJK_NORMATIVE.search(text))


ADVICE = re.compile(
    r"\b(?:should|please|do\s+not|don't|are\s+(?:asked|advised|reminded)\s+to)\b|"
    r"请勿|务必|切勿|敬请|应当|请您|请各",
    re.IGNORECASE,
)


def advises(quote: str) -> bool:
    """Whether every sentence of a quote tells its reader what to do ("Sites should confirm the
    update on the FleetOS dashboard", 请勿在充电时使用): advice states nothing about the
    subject, even in a document that mostly reports."""
    found = [s.text for s in sentences(quote)] or [quote]
    return all(ADVICE.search(sentence) for sentence in found)


def of_rules(text: str) -> bool:
    """Whether most of what `text` says is rules or instructions (a policy, a notice)."""
    found = [s.text for s in sentences(text)]
    if len(found) < MIN_SENTENCES:
        return False
    return sum(map(is_rule, found)) >= RULE_SHARE * len(found)


RULES_OF = re.compile(
    r"([\w-]+)\s+(?:polic(?:y|ies)|rules?|requirements?|regulations?|guidelines?|procedures?)\b"
    r"|([\u3400-\u9fff]{2})(?:政策|规定|制度|办法|规则|须知|指引)",
    re.IGNORECASE,
)


def of_other_rules(text: str, question: str) -> bool:
    """Whether a document of rules is about other rules than those the question asks about:
    it never says what they are of (补贴 of 补贴政策: a safety inspection notice is not one;
    "remote-work" of "remote-work policy")."""
    asked = [m[1] or m[2] for m in RULES_OF.finditer(question)]
    words = {t for word in asked for t in terms(word)}
    return bool(words) and not words & set(terms(text))


def asks_about_rules(question: str) -> bool:
    """Whether a question asks about rules: a policy, a requirement, 规定; or how a process
    goes ("怎么申请和审批", "How does the gate process a pickup"), which a procedure says."""
    return ASKS_RULES.search(question) is not None or explanations.angles(question) == (
        explanations.HOW
    )
