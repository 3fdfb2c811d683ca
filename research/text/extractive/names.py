"""The named things a question compares, the measure it asks of each, and the scope over all.

"Compare the revenue of Aurora Bikes, Boreal Cycles and Cirrus Bikes from 2021 to 2023" names
three things, asks for their revenue, and puts a period after its list that applies to every
one of them (it is not part of "Cirrus Bikes"). So do "How do the Lumo X2, Pebble Pro and
Zenith S4 compare on battery life and price?" and
"比较阿登、布里斯克霍姆和卡洛威2023年至2024年的人口增长".
A question over several named things gets a section per thing, and each section holds what its
sources say of that thing and of nothing else; `mentions` finds where a text names one of them
("Aurora" for Aurora Bikes, but not in "Aurora Borealis Tours").

In a spaced script a name is a run of capitalised words (digits and hyphens allowed: "Lumo X2");
Chinese has no capitals, so there the list's items count as names only when the question asks
to compare (比较, 对比, 哪个...) and each item is short. The subject a question opens with is
`subject_phrases`; whether a text names it or a namesake is text/extractive/namesakes.py.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from research.text.extractive.figures import MONTHS
from research.text.extractive.namesakes import (
    LEGAL_FORMS,
    cjk_pattern,
    goes_on_to_another,
    name_pattern,
    names_another,
)
from research.text.writing import is_cjk

MAX_NAMES = 12
MAX_CJK_NAME = 10  # a compared item
MAX_CJK_SUBJECT = 16  # a question's subject: 启衡医疗健康产业基金二期

_FIRST = r"[A-Z][\w&'.-]*"
_WORD = r"(?:[A-Z][\w&'.-]*|[A-Z0-9][A-Z0-9-]+|\d[\w-]*(?:\.\d+)*)"
_NAME = rf"{_FIRST}(?:[ -](?:{_WORD}|(?:of|de|la|du|von|van)(?= [A-Z])))*"
_SEP = r"\s*(?:,\s*(?:and|or|&)?\s*|\s+(?:and|or|&|vs\.?|versus)\s+|\s*/\s*)(?:the\s+)?"
NAME_LIST = re.compile(rf"(?<![\w-])(?P<list>{_NAME}(?:{_SEP}{_NAME})+)")
SPLIT = re.compile(_SEP)
# Without "&": in a list of names that has other separators, "&" joins the words of one
# ("The Loom, Nest & Anchor and Halden Hub"); alone, it parts two ("Aurora & Boreal").
SPLIT_BUT_AMPERSAND = re.compile(_SEP.replace("|&", ""))
ASKING = frozenset(
    "Compare Contrast How What Which Who Whose Where When Why Is Are Do Does Did Rank List Give "
    "Show Tell Summarise Summarize Prepare Write Between Among Amongst Across Out Of For In On And "
    "Or The A An".split()
)

# Words that open a request's sentence with a capital and name nothing ("We're thinking of
# bidding for Veltro Logistics. Can you pull together a brief").
REQUESTING = frozenset(
    "We We're We've We'd I I'm I'd I've Our My You Your Can Could Would Should Will May Might "
    "Please Help Pull Put Find Get Need Let Let's Also Then Now So But Here There This That "
    "These Those It Its They Their Any Some Thanks Hi Hello Include Cover Focus Add Use Look "
    "Check Note Keep Make Mention Consider Start Be Don't Explain Describe Summarise".split()
)
# Where a question's sentence ends: a full stop after a word in lower case or a digit (not an
# initial's, "J. P. Morgan"), or a question or exclamation mark.
SENTENCE_END = re.compile(r"(?<=[a-z0-9'’)][.!?])\s+|(?<=[!?])\s+")

PERIOD = re.compile(
    r"(?:\b(?:from|between|during|over|since|through|in|for|of)\s+)?"
    r"(?:(?:FY|fiscal\s+(?:year\s+)?)?(?:19|20)\d\d(?:\s*(?:-|–|—|/|to|and|through|until)\s*"
    r"(?:FY|fiscal\s+(?:year\s+)?)?(?:19|20)?\d\d)?)"
    r"|\b(?:over|in|during)\s+the\s+(?:last|past)\s+(?:\w+\s+)?(?:years?|decades?|months?)",
    re.IGNORECASE,
)
_CJK_YEAR = r"(?:19|20)\d\d年?(?:末|底|初|度|上半年|下半年)?"
CJK_PERIOD = re.compile(  # 2023年, 2020年至2023年, 2022年和2023年, 2022年末、2023年末
    rf"(?:截至|截止)?{_CJK_YEAR}(?:\s*(?:至|到|—|-|–|~|和|与|及|、)\s*{_CJK_YEAR})*"
    r"|(?:近|过去|最近)[一二三四五六七八九十两\d]+年"
)
SCOPE_TAIL = re.compile(
    r"\s+(?:from|between|during|over|since|through|in|across|within|for)\s+.*$", re.IGNORECASE
)
COMPARE_CJK = re.compile(
    r"比较|对比|相比|比一比|哪个|哪家|哪一|哪座|哪款|哪所|哪种|哪条|哪位|异同|差异|区别|排名|不同"
)
CJK_LIST_SEP = re.compile(r"[、，,]|(?<=[\u3400-\u9fff\w])\s*[和与及]\s*(?=[\u3400-\u9fff\w])")
CJK_LEADS = re.compile(r"^(?:请|帮我|比较|对比|分析|说明|介绍|列出|总结|一下)+")


@dataclass(frozen=True)
class Named:
    names: tuple[str, ...]  # each named thing, as the question writes it
    measure: str  # what is asked of each ("revenue", "人口增长"); "" when not said
    scope: str  # the period or place that applies to all ("from 2021 to 2023"); ""
    kind: str = ""  # what kind of thing they are ("wireless earbuds", 扫地机器人); "" when not said


def named_things(question: str) -> Named | None:
    """The things `question` names to compare, with the measure and scope it asks of them;
    None when it does not name two or more."""
    text = question.strip().rstrip("?？.。!！")
    found = _cjk_named(text) if is_cjk(text[:1] or " ") or _mostly_cjk(text) else None
    return found or _spaced_named(text)


def _mostly_cjk(text: str) -> bool:
    return sum(map(is_cjk, text)) > len(text) / 3


def _spaced_named(text: str) -> Named | None:
    for match in NAME_LIST.finditer(text):
        items = [i.strip() for i in SPLIT_BUT_AMPERSAND.split(match["list"]) if i.strip()]
        if len(items) < 2:
            items = [i.strip() for i in SPLIT.split(match["list"]) if i.strip()]
        items = [_without_asking(i) for i in items]
        items = [i for i in items if i and not PERIOD.fullmatch(i)]
        if len(items) < 2 or any(not i[:1].isupper() and not i[:1].isdigit() for i in items):
            continue
        if len(items) == 2 and not TWO_COMPARED.search(text):
            continue  # "Aurora Bikes and Boreal" in a sentence: two names, no comparison asked
        before, after = text[: match.start()], text[match.end() :]
        kind = KIND_AFTER.match(after)
        return Named(
            tuple(dict.fromkeys(items))[:MAX_NAMES],
            _measure(before, after),
            _scope(text) or _place(after),
            kind["kind"].strip() if kind else "",
        )
    return None


# What makes two names a comparison: a verb of comparing, "which of", or a word of more or less
# ("Which had more passengers, Harrowgate Coaches or Veltmoor Buses?").
TWO_COMPARED = re.compile(
    r"\b(?:compare|vs|versus|between|differ|which\s+of|more|less|fewer|higher|lower|highest|"
    r"lowest|most|least|bigger|biggest|larger|largest|smaller|smallest|cheaper|cheapest|better|"
    r"best|worse|worst)\b",
    re.IGNORECASE,
)


# "…and Venn Air X wireless earbuds compare on", "…and Tessix Pro 14 G2 laptops on weight"
KIND_AFTER = re.compile(
    r"^(?P<kind>(?:\s+(?!compare|differ|on\b|in\b|by\b|for\b|from\b|and\b|to\b)[a-z][\w-]*){1,3})"
    r"\s+(?:compare|differ|stack|on\b|in\s+terms|by\b)"
)


def _without_asking(item: str) -> str:
    """ "Which of Harlow" -> "Harlow": the words that ask, and what joins them, are no name."""
    words = item.split()
    while words and (words[0] in ASKING or words[0] in REQUESTING or words[0].islower()):
        words = words[1:]
    return " ".join(words)


def _measure(before: str, after: str) -> str:
    """What the question asks of each thing: the words between its asking verb and "of"
    ("the population growth from 2023 to 2024 of"), or after "on"/"in terms of"/"'s"."""
    head = re.search(
        r"(?:compare|contrast|what (?:is|are|was|were)|how (?:much|many)|rank)\s+(?:the\s+)?"
        r"(?P<m>.+?)\s+(?:of|for|at|among|between|across)(?:\s+the)?\s*$",
        before,
        re.IGNORECASE,
    )
    tail = re.match(
        r"^(?:'s?\s+|(?:\s+[a-z][\w-]*){0,3}?\s+(?:(?:compare|differ|stack\s+up)\s+(?:on|in|by)|"
        r"on|by|in\s+terms\s+of)\s+(?:terms\s+of\s+)?)"
        r"(?:their\s+|the\s+|its\s+)?(?P<m>[^?]+)",
        after,
        re.IGNORECASE,
    )
    # "Compare the ski resorts of A, B and C on kilometres of pistes": the resorts are the
    # kind, the pistes what is compared
    found = [tail["m"] if tail else head["m"] if head else ""]
    # "Which of A, B and C had the highest revenue in 2025, and how do their margins compare?"
    found += [m["m"] for m in SUPERLATIVE.finditer(after)] if not head and not tail else []
    found += [m["m"] for m in THEIR_COMPARED.finditer(after)]
    found += [m["m"] for m in COMPARE_THEIR.finditer(after)]
    if not any(found) and after.lstrip().startswith(":"):  # "A vs B vs C: battery life"
        found = [after.lstrip()[1:]]
    measures = [" ".join(PERIOD.sub(" ", m).split()).strip(" ,;:") for m in found]
    return " and ".join(dict.fromkeys(m for m in measures if m))


SUPERLATIVE = re.compile(
    r"\b(?:had|has|have|with|shows?|showed|reports?|reported|offers?|charges?)\s+the\s+"
    r"(?:highest|lowest|largest|biggest|smallest|most|least|fewest|best|worst|fastest|slowest|"
    r"longest|shortest|cheapest|greatest|strongest|weakest|heaviest|lightest)\s+(?P<m>[^,?;]+)",
    re.IGNORECASE,
)
THEIR_COMPARED = re.compile(
    r"\bhow\s+(?:do|does|did)\s+(?:their|the|its)\s+(?P<m>[^,?;]+?)\s+"
    r"(?:compare|differ|vary|stack\s+up)\b",
    re.IGNORECASE,
)
# "…Ostra Volt 5000 home solar inverters? Compare their maximum efficiency and price."
COMPARE_THEIR = re.compile(
    r"\bcompare\s+(?:their|them\s+(?:on|by|in\s+terms\s+of))\s+(?:the\s+)?(?P<m>[^,?;.]+)",
    re.IGNORECASE,
)


# The place a comparison puts after its list: "… and Nook Studios in Dublin?", "… in Europe".
PLACE_AFTER = re.compile(r"^\s*(in\s+(?:the\s+)?(?P<place>(?:[A-Z][\w'’-]*\s?){1,3}))\s*[?.!]?\s*$")


def _place(after: str) -> str:
    place = PLACE_AFTER.match(after)
    return place[1].strip() if place else ""


def place_of(named: Named) -> str:
    """The place a comparison's scope puts its things in ("Dublin" of "in Dublin"); "" for a
    period or none."""
    place = PLACE_AFTER.match(named.scope)
    return place["place"].strip() if place else ""


def _scope(text: str) -> str:
    periods = [m.group().strip() for m in PERIOD.finditer(text) if re.search(r"\d|year", m[0])]
    return max(periods, key=len) if periods else ""


def _cjk_named(text: str) -> Named | None:
    if not COMPARE_CJK.search(text) and not CJK_COUNTED_LIST.search(text):
        return None
    body = CJK_LEADS.sub("", text)
    scope = max((m.group() for m in CJK_PERIOD.finditer(body)), key=len, default="")
    if scope:
        body = body.replace(scope, "", 1)
    listed, measure = _cjk_list_and_measure(body)
    items = [i.strip(" ：:") for i in CJK_LIST_SEP.split(listed) if i.strip(" ：:")]
    items = [CJK_LEADS.sub("", i) for i in items]
    if len(items) < 2 or any(not i or len(i) > MAX_CJK_NAME for i in items):
        return None
    place = CJK_PLACE_FIRST.match(items[0])
    if place and not any(i.startswith(place[1]) for i in items[1:]):
        items[0] = items[0][len(place[1]) :]  # 江州市青溪区、临港区和白沙区: 江州市's districts
        scope = place[1] + scope
    measure = re.sub(
        r"(?:有何|有什么|如何|怎样|情况|对比|比较|相比|相较|差异|区别|异同|不同|最高|最低|最多|最少|"
        r"最大|最小|最好|最快|最长|最短)+$",
        "",
        measure,
    )
    if re.match(r"[哪谁]", measure):  # 哪所学校届本科毕业生的就业率: what is asked of each
        measure = measure.rpartition("的")[2]
    kind = CJK_KIND.match(body, len(listed))
    return Named(
        tuple(dict.fromkeys(items))[:MAX_NAMES], measure.strip(), scope, kind[1] if kind else ""
    )


# A list counted as it ends ("星桩、电驿、快充宝和绿能桩四家充电运营商"): things compared, whatever
# the question then asks of each.
CJK_COUNTED_LIST = re.compile(
    r"[^、，,。？?]{1,10}、[^、，,。？?]{1,10}.{0,24}?(?:\d+|[一二三四五六七八九十两]+)[款家座个所条位种辆台只]"
)
# "…四款扫地机器人在…", "…这三款手机的…": the kind after the count word
CJK_KIND = re.compile(
    r"[这那共]?(?:\d+|[一二三四五六七八九十两]+)[款家座个所条位种辆台只]([\u3400-\u9fff]{2,8}?)"
    r"(?=在|的|[，,]|有|之间|$)"
)


CJK_PLACE_FIRST = re.compile(r"^([\u3400-\u9fff]{2,5}?[省市])(?=[\u3400-\u9fff]{2,}[区县镇])")
CJK_LIST_END = re.compile(
    r"[这那共]?(?:(?<![A-Za-z0-9])\d+|[一二三四五六七八九十两]+)[款家座个所条位种辆台只]"
    r"|在|的|有何|有什么|相比|之间|[，,](?=哪|谁|各|分别)"
)


def _cjk_list_and_measure(body: str) -> tuple[str, str]:
    """The list of names and what is asked of them: "A、B和C的收入" -> ("A、B和C", "收入");
    "A、B、C四款扫地机器人在吸力和售价上有何差异" -> ("A、B、C", "吸力和售价"): the list ends at
    the first of those after its first enumeration comma (the measures may be listed too)."""
    last = body.find("、")
    end = CJK_LIST_END.search(body, last + 1) if last >= 0 else None
    if end is None:
        listed, _, measure = body.rpartition("的") if "的" in body else (body, "", "")
        return listed, measure
    rest = body[end.start() :]
    asked = re.search(
        r"在(.+?)(?:上|方面)|的(.+?)(?:有何|有什么|如何|对比|比较|差异|区别|$)"
        r"|[，,](.+?)(?:分别|各自|各是|是多少|有多少|多少|如何|怎么样|[？?]|$)",
        rest,
    )
    measure = next((g for g in asked.groups() if g), "") if asked else ""
    return body[: end.start()], measure


# --- Where a text names one of them ----------------------------------------------------------


def aliases(name: str, others: tuple[str, ...] = ()) -> tuple[str, ...]:
    """The name, and its first word when that word is a name of its own that no other thing
    of the list starts with ("Aurora" for "Aurora Bikes")."""
    words = name.split()
    short = words[0] if len(words) > 1 and len(words[0]) >= 3 and words[0][:1].isupper() else ""
    if short and words[1].lower() in ("of", "de", "la", "du", "von", "van"):
        short = ""  # "Port of Kestrel Bay", "University of Elsmere": the first word names a kind
    clash = any(o != name and o.split()[:1] == [short] for o in others)
    return (name, short) if short and not clash else (name,)


def mentions(text: str, name: str, others: tuple[str, ...] = ()) -> list[tuple[int, bool]]:
    """Where `text` names the thing: (position, possessive) for each mention. A short form
    followed by words that end in a kind of organisation names something else ("Aurora
    Borealis Tours"); followed by others, it is the thing's own ("Wrenfield Light Rail")."""
    found = []
    for alias in aliases(name, others):
        if is_cjk(alias[:1]):  # 星禾 A7 as 星禾A7 too, but not 星禾A75
            found += [(m.start(), False) for m in re.finditer(cjk_pattern(alias), text)]
            continue
        pattern = name_pattern(alias) + "('s|’s)?"
        for m in re.finditer(pattern, text):
            rest = text[m.end() :]
            if not m.group(1) and goes_on_to_another(name, rest):
                continue  # "Arden Foods Ltd", "Aurora Borealis Tours": another thing's name
            if alias != name and names_another(text[m.start() :], name):
                continue  # "Corvane Slate 13", "Aurora Cycles": another of the first word's
            if any(m.start() >= s and m.start() < s + len(name) for s, _ in found):
                continue
            found.append((m.start(), bool(m.group(1))))
    return sorted(found)


def named_in(text: str, names: tuple[str, ...]) -> list[str]:
    """The things `text` names, the one it is about first: named not as a possessive
    ("Aurora's largest rival" is about the rival) and earliest."""
    placed = []
    for name in names:
        found = mentions(text, name, names)
        if found:
            plain = [at for at, possessive in found if not possessive]
            placed.append((not plain, (plain or [found[0][0]])[0], name))
    return [name for _, _, name in sorted(placed)]


def title(name: str, named: Named) -> str:
    """A section's heading: "Aurora Bikes: revenue 2021–2023",
    "阿登：人口增长（2023年至2024年）"."""
    if is_cjk(name[:1]):
        scope = named.scope
        rest = named.measure + (f"（{scope}）" if scope else "")
        return f"{name}：{rest}" if rest else name
    rest = " ".join(filter(None, [named.measure, _short_scope(named.scope)]))
    return f"{name}: {rest}" if rest else name


SEASON = re.compile(r"(?:19|20)\d\d[-–/]\d\d(?![\d-])")  # a season or a fiscal year: 2023-24


def _short_scope(scope: str) -> str:
    if (season := SEASON.search(scope)) and not is_cjk(scope[:1]):
        return season[0]  # "the 2023-24 season": 2023-24, not 2023
    years = re.findall(r"(?:19|20)\d\d", scope)
    if len(years) == 2 and not is_cjk(scope[:1]):
        return f"{years[0]}–{years[1]}"
    if len(years) == 1 and not is_cjk(scope[:1]):
        return years[0]
    return scope


# --- The question's subject ---------------------------------------------------------------

CJK_CUT = re.compile(
    r"(?<=[\u3400-\u9fff]{2}[市县区省镇港])|的|是|在|为什么|为何|如何|怎样|怎么|有哪些|有多少|目前|现在|于|从|自|近|"
    r"撰写|编写|准备|整理|生成|提供|分析|介绍|总结|说明|做|写|(?:19|20)\d\d|"
    r"去年|今年|前年|明年|上年|本年|当年|近年|这几年|这些年|历年|上半年|下半年|"
    r"旗下|下属|所属|名下|[？?，,。；;]|有多|多大|多少|多长|多高|几个|几年"
)
# "that" and "this": what follows is the thing, what comes before is where it is.
CJK_POINTING = re.compile(r"那个|这个|那家|这家|那座|这座|那款|这款|那条|这条")
CJK_SUBJECT_LEADS = re.compile(
    r"^(?:(?:19|20)\d\d年?|\d{1,2}月|\d{1,2}[日号]|以来|以后|之后|至今|[至到—–~\-，,、\s]|请为|请就|请对|请|麻烦|帮忙|帮我|"
    r"给我|我想|为|就|针对|关于|了解|梳理|整理|介绍|讲讲|说说|看看|查查|查一下|一下|一份|一篇|一个)+"
)
# A question that opens by asking which things names its subject after its verb.
CJK_ASKED_FIRST = re.compile(r"^(?:有哪些|哪些|有什么|什么|哪家|哪几家)")
# A place's organisation is named with it: 岚溪市水务集团, not 岚溪市.
CJK_PLACE_BODY = re.compile(
    r"^[\u3400-\u9fff]{2,8}?[市县区省镇][\u3400-\u9fff]{0,6}?"
    r"(?:集团|有限公司|公司|局|委员会|医院|大学|学院|银行|博物馆|博物院|美术馆|图书馆|纪念馆|科技馆|"
    r"体育馆|剧院|动物园|植物园|公园|机场|中学|小学)"
)


def subject_phrases(subject_part: str) -> tuple[str, ...]:
    """The names in the part of a question where its subject is named ("Kestrel Robotics" of
    "What was Kestrel Robotics' revenue in 2025", "Port of Saltmarsh"), longest first; in
    Chinese, the name it opens with ("临澜市" of "2019年至2025年临澜市常住人口是如何变化的")."""
    text = subject_part.strip()
    if _mostly_cjk(text):
        head = CJK_SUBJECT_LEADS.sub("", text)
        head = CJK_POINTING.split(head, maxsplit=1)[-1]  # 澄江新区那个蓝鲸数据中心: the latter
        if asked := CJK_ASKED_FIRST.match(head):  # "有哪些企业入驻了江屿高新技术产业园": the place
            head = re.split(r"了|在|到|进", head[asked.end() :])[-1]
        body = CJK_PLACE_BODY.match(head)
        name = body[0] if body else CJK_CUT.split(head, maxsplit=1)[0].strip(" ，,：:？?")
        return (name,) if 2 <= len(name) <= MAX_CJK_SUBJECT else ()
    found = []
    for match in (m for part in SENTENCE_END.split(text) for m in re.finditer(_NAME, part)):
        whole = re.sub(r"(?:'s|’s|'|’)$", "", _without_asking(match.group()))
        for name in _names_in(whole):
            if name.endswith(".") and name.split()[-1][:-1] not in LEGAL_FORMS:
                name = name[:-1]  # the question's full stop, not "Co." or "Inc."
            if name and name not in ASKING and (len(name) > 3 or name.isupper()):
                found.append(name)
    return tuple(sorted(dict.fromkeys(found), key=lambda n: (-len(n), n)))


OWNED = re.compile(r"^(?P<owner>.+?(?:'s|’s|s'|s’)) (?P<owned>[A-Z].*)$")


def _names_in(name: str) -> tuple[str, ...]:
    """A run of capitalised words that holds a possessive names two things beside the whole,
    each a name of the subject ("Brennock Foods' Harvest Oat Bars": Brennock Foods and Harvest
    Oat Bars, which sources name apart)."""
    split = OWNED.match(name)
    if not split:
        return (name,)
    owner = re.sub(r"(?:'s|’s|'|’)$", "", split["owner"])
    owned = split["owned"]
    if all(w.strip(".") in LEGAL_FORMS for w in owned.split()):  # "McDonald's Corp."
        return (name,)
    return (name, owner, owned)


DATE_NAME = re.compile(r"^(?:" + "|".join(m.capitalize() for m in MONTHS) + r")(?: \d{1,4})*$")


def names_a_time(phrase: str) -> bool:
    """Whether a subject's phrase is a month with its year ("February 2026"): it finds the
    documents about the question's event, but no thing of its own has namesakes or peers."""
    return DATE_NAME.match(phrase) is not None


# --- A subject written in lower case ------------------------------------------------------

MAX_CASED_WORDS = 4  # a name a question writes in lower case, at most
STARTS_LOWER = re.compile(r"^[a-z]")


def cased(part: str, abouts: Sequence[str]) -> tuple[str, ...]:
    """The names a question written in lower case gives as its sources write them ("quillmere
    water trust leakage rate" names Quillmere Water Trust): its longest runs of words that a
    source (`abouts`: each one's names and text) writes capitalised, word for word; () for a
    question with capitals of its own."""
    if any(w[:1].isupper() for w in part.split()[1:]) or is_cjk(part[:1]):
        return ()
    words = re.findall(r"[\w'’&-]+", part)
    found: list[str] = []
    k = 0
    while k < len(words):
        for size in range(min(MAX_CASED_WORDS, len(words) - k), 0, -1):
            run = words[k : k + size]
            title = " ".join(w[:1].upper() + w[1:] for w in run)
            # one word is a name where a source capitalises it inside a sentence, not as its
            # first word ("Leakage was 18.6%")
            within = name_pattern(title) if size > 1 else rf"(?<=[a-z,] ){re.escape(title)}\b"
            if STARTS_LOWER.match(run[0]) and any(re.search(within, a) for a in abouts):
                if size > 1 or len(title) > 3:
                    found.append(title)
                k += size - 1
                break
        k += 1
    return tuple(sorted(dict.fromkeys(found), key=lambda n: (-len(n), n)))


WORD = re.compile(r"(?<![\w'’-])[A-Za-z][\w'’-]*")
SENTENCE_OPENERS = frozenset('.!?:;|#*-–—•("“')


def proper_words(text: str) -> frozenset[str]:
    """The words a text writes as names, lower-cased: capitalised inside a sentence ("reported
    by Fennick Vale"), or capitalised wherever it writes them; not a word it also writes in
    lower case and capitalises only to open a sentence, a cell or a heading ("Food banks in the
    network … emergency food parcels")."""
    inside, opening, lower = set(), set(), set()
    for m in WORD.finditer(text):
        word, i = m.group(), m.start() - 1
        while i >= 0 and text[i] in " \t":
            i -= 1
        if not word[0].isupper():
            lower.add(word.lower())
        elif i < 0 or text[i] in SENTENCE_OPENERS or text[i] == "\n":
            opening.add(word.lower())
        else:
            inside.add(word.lower())
    return frozenset(inside | (opening - lower))
