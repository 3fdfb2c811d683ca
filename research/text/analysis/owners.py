"""Whose figure an amount is: the entity its clause states it of, never just a name nearby.

"Boreal Cycles, Aurora's largest rival, reported revenue of $19.7 million" is Boreal's: the
words between commas after a name describe it (an appositive), and a possessive names an owner
only of what is measured ("Aurora's revenue"), not of a relation ("Aurora's rival"). In a
clause with several names the subject wins (its first name), but for a possessive right before
the amount ("... outpaced Cirrus's $9.2 million"). A clause that names nobody is of the
sentence's subject, else of the document's (the asked thing its title names, or the only one
it names). "Arden and Briskholm had 12,000 residents" names two at once: uncertain.

The names are those the question asks about (text/analysis/asked.py); any other name a clause
states an amount of (a rival, "Aurora Borealis Tours" beside "Aurora Cycles") makes it
another's, and the caller leaves it out. Where nothing can tell, the figure is nobody's: never
guessed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from research.text.extractive.figures import MONTHS
from research.text.extractive.names import mentions
from research.text.extractive.terms import STOPWORDS
from research.text.writing import is_cjk

CLAUSE_BREAK = re.compile(
    r"[;:，；：。]|,(?!\d)|\b(?:up from|down from|compared with|against|while|whereas|but|unlike)\b"
)
NAME = re.compile(r"\b[A-Z][\w'’&-]*(?:\s+(?:of\s+|&\s+)?[A-Z][\w'’&-]*)*")
CJK_RELATIONS = "(?:竞争对手|对手|母公司|子公司|合作伙伴|邻居|邻市|同行|股东|客户|供应商|旗下|控股)"
# What a possessive may own that is not the figure's measure: "Aurora's largest rival".
RELATIONS = re.compile(
    r"^\s*(?:[a-z-]+\s+){0,2}?(?:rivals?|competitors?|parent|subsidiar(?:y|ies)|owners?|partners?"
    r"|neighbou?rs?|sister|peers?|suppliers?|customers?|clients?|units?|divisions?|investors?"
    r"|backers?|acquirers?|spin-?offs?|brands?|former|chief|ceo|founders?|shareholders?)\b"
    rf"|^的?[\u3400-\u9fff]{{0,4}}?{CJK_RELATIONS}",
    re.IGNORECASE,
)
# Words that open an appositive after a name: ", Aurora's largest rival," ", a Berlin maker,".
APPOSITIVE = re.compile(
    r"^,\s*(?:(?:a|an|the|its|their|now|once|formerly|which|who|long)\b|[A-Z][\w-]*(?:'s|’s))"
    r"[^,;:]{0,80},"
)
EN_VERBS = (
    "was|were|is|are|had|has|have|reported|posted|rose|fell|grew|reached|totalled|totaled"
    "|recorded|made|earned|booked|generated|saw|climbed|dropped|increased|decreased|stood"
    "|carried|handled|sold|served|welcomed|delivered|shipped|counted"
)
VERBS = re.compile(rf"\b(?:{EN_VERBS})\b|为|达|录得|实现|增至|降至")
JOINED = re.compile(r"^\s*(?:and|&|or|,)\s*$|^\s*[和与及、]\s*$")
# Chinese words that refer back to the document's subject, not another one.
CJK_BACK = re.compile(
    r"^(?:该公司|本公司|公司|集团|本集团|我司|该市|本市|全市|该县|全县|全区|该行|其)"
)
CJK_LEADS = re.compile(r"^(?:与此同时|相比之下|此外|另外|同时|其中|而|但|不过|与|和)\s*")
# A Chinese clause that opens with an organisation's or a place's name ("云帆汽车2023年营收为…").
CJK_HEAD = re.compile(
    r"^([\u3400-\u9fff]{1,6}?(?:汽车|科技|集团|公司|银行|股份|控股|电子|医疗|能源|食品|物流|航空|电器"
    r"|机器人|制药|乳业|地产|传媒|动力|旅游|酒店|证券|保险|基金|租车|书店|咖啡|市|县|区|省|镇|港"
    r"|大学|医院))"
)

CJK_MEASURE_END = re.compile(
    r"(?:额|量|率|数|收|入|润|口|价|值|比|本|出|费|模|积|度|长)\s*(?:[（(].*)?$"
)


Words = tuple[frozenset[str], frozenset[str]]  # (common_words, inside_names) of a text


@dataclass(frozen=True)
class Owner:
    entity: str  # the asked name it is of; "" when another's or uncertain
    other: str = ""  # the other name it is of, if any
    why: str = ""  # why it is no asked thing's
    said: bool = True  # its clause names whose it is (else: the sentence's or the document's)


@dataclass(frozen=True)
class Mention:
    start: int
    end: int
    name: str
    asked: bool
    possessive: bool


def subject_of(title: str, text: str, names: tuple[str, ...]) -> str:
    """The asked thing a document is about: the one its title names first, else the only one
    its text names outside brackets; "" when it names none, or several and its title none of
    them, or when its title opens with another organisation's name ("华岭证券2023年净利润…")."""
    head = CJK_HEAD.match(title.strip())
    if head and not any(mentions(head.group(1), n, names) for n in names):
        if not any(mentions(title, n, names) for n in names):
            return ""
    plain = re.sub(r"（[^）]*）|\([^)]*\)", "", text)  # not an aside: "（与…青橙健身无关）"
    for where in (title, plain):
        found = [n for n in names if mentions(where, n, names)]
        if len(found) == 1 or (where is title and found):
            return found[0]
    return ""


def common_words(text: str) -> frozenset[str]:
    """The words a text writes in lower case: a capitalised one of them opening a sentence is
    no name ("Revenue was ...")."""
    return frozenset(w for w in re.findall(r"\b[a-z][a-z-]+\b", text))


def inside_names(text: str) -> frozenset[str]:
    """The words a text capitalises inside a sentence, lower-cased: a word it capitalises only
    to open one (or a line: "## Research" over "Research income reached …") names nothing
    alone ("Numbers have climbed")."""
    return frozenset(m.group(1).lower() for m in re.finditer(r"[\w,%)][ \t]+([A-Z][\w'’-]*)", text))


def owner(sentence: str, start: int, names: tuple[str, ...], subject: str, words: Words) -> Owner:
    """Whose the amount at `start` in the sentence is."""
    found = _mentions(sentence, names, words)
    found = [m for m in found if not _in_appositive(sentence, m, found)]
    found = [m for m in found if not _aside(sentence, m, start)]
    clause_start = _clause_start(sentence, start)
    chosen = _pick([m for m in found if clause_start <= m.start < start], sentence, start)
    said = chosen is not None
    if chosen is None and is_cjk(sentence[:1] or " "):
        head = _cjk_head(sentence[clause_start:start])
        if head:
            return Owner("", head, f"of {head}")
    if chosen is None:
        chosen = _named_around(sentence, found, start, clause_start)
        said = chosen is not None
    if chosen is None:  # the part's subject since its last turn ("…, while Fenmarsh Water,
        turn = _turn(sentence, clause_start)  # its UK partner, reported £334.0 million")
        before = [m for m in found if turn <= m.start < clause_start]
        said = bool(turn and before)  # named since the turn: not the subject before it
        before = before or [m for m in found if m.start < clause_start]
        chosen = _pick(before, sentence, start) if before else None
    if chosen is None:
        related = _related(sentence, found, start)
        if related:
            return Owner("", "", f"of {related}", said=False)
        described = _described(sentence[:start], subject)
        if described:
            return Owner("", "", f"of {described}", said=False)
        found_owner = Owner(subject) if subject else Owner("", "", "names no asked thing")
        return replace(found_owner, said=False)
    if isinstance(chosen, str):
        return Owner("", "", chosen, said)
    if chosen.asked:
        return Owner(chosen.name, said=said)
    return Owner("", chosen.name, f"of {chosen.name}", said)


# What a document may call its subject without naming it: "the company", "the town".
GENERIC = frozenset(
    "company firm group business organisation organization operator city town county district "
    "council region area site network chain brand retailer maker manufacturer society trust "
    "institution authority port centre center venue".split()
)
DESCRIBED = re.compile(rf"\b[Tt]he\s+([a-z]+)\s+(?:(?:just|only|still|also)\s+)?(?:{EN_VERBS})\b")


def _related(sentence: str, found: list[Mention], start: int) -> str:
    """What a sentence is about when it names a thing only as the owner of a relation before
    the amount ("港隆零售的主要竞争对手……佳汇百货，2023年营收为…", "Aurora's parent company
    reported …"): that relation."""
    for mention in found:
        if mention.start < start and mention.possessive:
            relation = RELATIONS.match(sentence[mention.end :])
            if relation:
                return f"{mention.name}'s {relation.group(0).strip(' 的')}"
    return ""


def _described(before: str, subject: str) -> str:
    """The thing a sentence that names nobody is of when it describes another than the
    document's subject ("the airline carried 1.2 million" in an airport's page)."""
    found = DESCRIBED.search(before)
    if not found or not subject or is_cjk(subject[:1]):
        return ""
    noun = found.group(1)
    own = {w.lower().rstrip("s") for w in subject.split()}
    return "" if noun in GENERIC or noun.rstrip("s") in own else f"the {noun}"


def _pick(candidates: list[Mention], sentence: str, start: int) -> Mention | str | None:
    """The owner among a clause's mentions: a possessive right before the amount, else the
    first that is no relation's owner; a reason (str) when two are named as one subject."""
    owners = [m for m in candidates if not (m.possessive and RELATIONS.match(sentence[m.end :]))]
    if not owners:
        return None
    last = owners[-1]
    between = sentence[last.end : start]
    if last.possessive and len(between.split()) <= 3 and not VERBS.search(between):
        return last
    first = owners[0]
    if len(owners) > 1 and JOINED.match(sentence[first.end : owners[1].start]):
        return f"{first.name} and {owners[1].name} are named as one subject"
    return first


# A clause that describes the name before its comma: "…behind Caldera, which reported 2.4m".
RELATIVE = re.compile(r"\s*(?:which|who)\b")
# A name right after an amount that places it: "£846.2 million at rival Ouseland Water".
PLACED_AT = re.compile(
    r"^\S+(?:\s+(?:thousand|million|billion|trillion|bn|mn))?(?:\s+[a-z]+)?\s+(?:at|for)\s+"
    r"(?:(?:its|their|the)\s+)?(?:(?:main|largest|nearest|closest|smaller|larger)\s+)?"
    r"(?:rivals?|competitors?|peers?)?\s*$"
)


def _named_around(
    sentence: str, found: list[Mention], start: int, clause_start: int
) -> Mention | None:
    """The owner a clause that names nobody before its amount states otherwise: the name a
    relative clause describes ("Caldera Sound Lines, which reported 2,389,000"), or one the
    amount is placed at ("£846.2 million at rival Ouseland Water")."""
    if RELATIVE.match(sentence, clause_start):
        described = [m for m in found if 0 <= clause_start - m.end <= 2]
        if described:
            return described[-1]
    end = CLAUSE_BREAK.search(sentence, start)
    for mention in found:
        if start < mention.start and (end is None or mention.start < end.start()):
            return mention if PLACED_AT.match(sentence[start : mention.start]) else None
    return None


def _mentions(sentence: str, names: tuple[str, ...], words: Words) -> list[Mention]:
    common, inside = words
    found = []
    for name in names:
        for at, possessive in mentions(sentence, name, names):
            end = at + _length(sentence, at, name)
            if sentence.startswith("的", end):
                possessive, end = True, end + 1
            elif possessive:
                end = sentence.index("s", end) + 1 if "s" in sentence[end : end + 2] else end + 1
            found.append(Mention(at, end, name, True, possessive))
    for match in NAME.finditer(sentence):
        other = other_name(match.group(0), common)
        if not other or (inside and " " not in other and other.lower() not in inside):
            continue  # one word capitalised only to open a sentence: "Numbers have climbed"
        at = match.start() + match.group(0).index(other)
        if any(m.start <= at < m.end or at <= m.start < at + len(other) for m in found):
            continue
        possessive = other.endswith(("'s", "’s"))
        name = other[:-2] if possessive else other
        found.append(Mention(at, at + len(other), name, False, possessive))
    return sorted(found, key=lambda m: m.start)


def _length(sentence: str, at: int, name: str) -> int:
    """How long the mention at `at` is: the whole name, or its first word (an alias)."""
    if sentence[at:].lower().startswith(name.lower()) or is_cjk(name[:1]):
        return len(name)
    return len(name.split()[0])


def other_name(phrase: str, common: frozenset[str]) -> str:
    """A run of capitalised words as a name, its leading words that are no name left out
    ("In Boreal": Boreal; "Revenue": none when the text writes "revenue")."""
    words = phrase.split()
    while words and _no_name(words[0], common):
        words = words[1:]
    return " ".join(words)


def _no_name(word: str, common: frozenset[str]) -> bool:
    bare = re.sub(r"(?:'s|’s)$", "", word).lower()
    return bare in STOPWORDS or bare in MONTHS or bare in common or len(bare) < 2


def _aside(sentence: str, mention: Mention, start: int) -> bool:
    """Whether the mention stands in brackets closed before the amount: an aside
    ("青橙饮品（与健身品牌青橙健身无关）表示，…其会员人数为312万人")."""
    opened = max(sentence.rfind("（", 0, mention.start), sentence.rfind("(", 0, mention.start))
    if opened < 0:
        return False
    closed = re.search(r"[)）]", sentence[mention.end : start])
    return closed is not None and not re.search(r"[)）]", sentence[opened : mention.start])


def _in_appositive(sentence: str, mention: Mention, found: list[Mention]) -> bool:
    """Whether the mention stands in the words between commas that describe a name before it
    ("Boreal Cycles, Aurora's largest rival, reported")."""
    for named in found:
        if named.end <= mention.start and not named.possessive:
            after = APPOSITIVE.match(sentence[named.end :])
            if after and named.end + after.end() > mention.start:
                return True
    return False


# Where a sentence turns to another subject: "…, while Fenmarsh Water reported £334.0m".
TURN = re.compile(r"[;；。]|\b(?:while|whereas|but|unlike|compared with|against)\b")


def _turn(sentence: str, start: int) -> int:
    begin = 0
    for brk in TURN.finditer(sentence, 0, start):
        begin = brk.end()
    return begin


def _clause_start(sentence: str, start: int) -> int:
    begin = 0
    for brk in CLAUSE_BREAK.finditer(sentence, 0, start):
        begin = brk.end()
    return begin


def _cjk_head(clause: str) -> str:
    """The name a Chinese clause opens with, when it is another's ("云帆汽车2023年营收为…"):
    not a word that refers back to the document's subject ("公司2023年营收…")."""
    text = CJK_LEADS.sub("", clause.strip())
    related = re.search(CJK_RELATIONS, text)  # "星河汽车的主要竞争对手云帆汽车…": the latter
    text = text[related.end() :] if related else text
    if CJK_BACK.match(text):
        return ""
    head = CJK_HEAD.match(text)
    return head.group(1) if head else ""


@dataclass(frozen=True)
class Whose:
    """What tells whose a text's figures are: the asked names (none: any name a clause states
    a figure of counts), the document's subject, and the words it writes in lower case."""

    names: tuple[str, ...] = ()
    subject: str = ""
    common: frozenset[str] = frozenset()
    inside: frozenset[str] = frozenset()

    @classmethod
    def of_text(cls, text: str, names: tuple[str, ...], subject: str) -> Whose:
        return cls(names, subject, common_words(text), inside_names(text))

    def of(self, sentence: str, start: int) -> Owner:
        """Whose the amount at `start` is: `entity` the asked thing's (without asked names,
        any name's), or "" and `why` not."""
        found = owner(sentence, start, self.names, self.subject, (self.common, self.inside))
        if self.names or found.entity or not found.other:
            return found
        return replace(found, entity=found.other, why="")

    def is_name(self, cell: str) -> bool:
        """Whether a table's cell names a thing ("Boreal Cycles", "云帆汽车"), not a measure
        ("Revenue", "营收")."""
        if any(mentions(cell, n, self.names) for n in self.names):
            return True
        if is_cjk(cell[:1] or " "):  # a measure's name ends in what it measures: 营收, 人口, 销量
            return CJK_HEAD.match(cell.strip()) is not None or not CJK_MEASURE_END.search(cell)
        first = cell.split()[0].lower() if cell.split() else ""  # "Net profit": net is common
        return (
            bool(other_name(cell, self.common)) and cell[:1].isupper() and first not in self.common
        )

    def of_cell(self, cell: str) -> tuple[str, str]:
        """Whose a table row is by the cell that names it ("Boreal Cycles")."""
        if not cell:
            return (self.subject, "") if self.subject else ("", "names no asked thing")
        if not self.names:
            return cell, ""
        named = [n for n in self.names if mentions(cell, n, self.names)]
        if len(named) == 1:
            return named[0], ""
        return "", f"of {cell}"
