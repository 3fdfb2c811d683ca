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
to compare (比较, 对比, 哪个...) and each item is short.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from research.text.writing import is_cjk

MAX_NAMES = 12
MAX_CJK_NAME = 10  # a compared item
MAX_CJK_SUBJECT = 16  # a question's subject: 启衡医疗健康产业基金二期

_FIRST = r"[A-Z][\w&'.-]*"
_WORD = r"(?:[A-Z][\w&'.-]*|[A-Z0-9][A-Z0-9-]+|\d[\w-]*)"
_NAME = rf"{_FIRST}(?:[ -](?:{_WORD}|(?:of|de|la|du|von|van)(?= [A-Z])))*"
_SEP = r"\s*(?:,\s*(?:and|or|&)?\s*|\s+(?:and|or|&|vs\.?|versus)\s+|\s*/\s*)"
NAME_LIST = re.compile(rf"(?<![\w-])(?P<list>{_NAME}(?:{_SEP}{_NAME})+)")
SPLIT = re.compile(_SEP)
ASKING = frozenset(
    "Compare Contrast How What Which Who Whose Where When Why Is Are Do Does Did Rank List Give "
    "Show Tell Summarise Summarize Prepare Write Between Among Of For In On And Or The A An".split()
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
    r"(?:(?:FY|fiscal\s+(?:year\s+)?)?(?:19|20)\d\d(?:\s*(?:-|–|—|to|and|through|until)\s*"
    r"(?:FY|fiscal\s+(?:year\s+)?)?(?:19|20)?\d\d)?)"
    r"|\b(?:over|in|during)\s+the\s+(?:last|past)\s+(?:\w+\s+)?(?:years?|decades?|months?)",
    re.IGNORECASE,
)
CJK_PERIOD = re.compile(
    r"(?:(?:19|20)\d\d年?(?:\s*(?:至|到|—|-|–|~)\s*(?:19|20)\d\d年?)?(?:度)?)"
    r"|(?:近|过去|最近)[一二三四五六七八九十两\d]+年"
)
SCOPE_TAIL = re.compile(
    r"\s+(?:from|between|during|over|since|through|in|across|within|for)\s+.*$", re.IGNORECASE
)
COMPARE_CJK = re.compile(r"比较|对比|相比|比一比|哪个|哪家|哪一|哪座|哪款|异同|差异|区别|排名")
CJK_LIST_SEP = re.compile(r"[、，,]|(?<=[\u3400-\u9fff\w])[和与及](?=[\u3400-\u9fff\w])")
CJK_LEADS = re.compile(r"^(?:请|帮我|比较|对比|分析|说明|介绍|列出|总结|一下)+")


@dataclass(frozen=True)
class Named:
    names: tuple[str, ...]  # each named thing, as the question writes it
    measure: str  # what is asked of each ("revenue", "人口增长"); "" when not said
    scope: str  # the period or place that applies to all ("from 2021 to 2023"); ""


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
        items = [i.strip() for i in SPLIT.split(match["list"]) if i.strip()]
        items = [_without_asking(i) for i in items]
        items = [i for i in items if i and not PERIOD.fullmatch(i)]
        if len(items) < 2 or any(not i[:1].isupper() and not i[:1].isdigit() for i in items):
            continue
        if len(items) == 2 and not re.search(r"\b(?:compare|vs|versus|between|differ)", text, re.I):
            continue  # "Aurora Bikes and Boreal" in a sentence: two names, no comparison asked
        before, after = text[: match.start()], text[match.end() :]
        return Named(tuple(dict.fromkeys(items))[:MAX_NAMES], _measure(before, after), _scope(text))
    return None


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
        r"^(?:'s?\s+|\s+compare\s+(?:on|in|by)\s+(?:terms\s+of\s+)?|\s+(?:on|by|in terms of)\s+)"
        r"(?:their\s+|the\s+|its\s+)?(?P<m>[^?]+)",
        after,
        re.IGNORECASE,
    )
    found = [head["m"] if head else tail["m"] if tail else ""]
    # "Which of A, B and C had the highest revenue in 2025, and how do their margins compare?"
    found += [m["m"] for m in SUPERLATIVE.finditer(after)] if not head and not tail else []
    found += [m["m"] for m in THEIR_COMPARED.finditer(after)]
    measures = [" ".join(PERIOD.sub(" ", m).split()).strip(" ,;:") for m in found]
    return " and ".join(dict.fromkeys(m for m in measures if m))


SUPERLATIVE = re.compile(
    r"\b(?:had|has|have|with|shows?|showed|reports?|reported)\s+the\s+(?:highest|lowest|"
    r"largest|biggest|smallest|most|least|best|worst|fastest|slowest|longest|shortest)\s+"
    r"(?P<m>[^,?;]+)",
    re.IGNORECASE,
)
THEIR_COMPARED = re.compile(
    r"\bhow\s+(?:do|does|did)\s+(?:their|the|its)\s+(?P<m>[^,?;]+?)\s+compare\b", re.IGNORECASE
)


def _scope(text: str) -> str:
    periods = [m.group().strip() for m in PERIOD.finditer(text) if re.search(r"\d|year", m[0])]
    return max(periods, key=len) if periods else ""


def _cjk_named(text: str) -> Named | None:
    if not COMPARE_CJK.search(text):
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
    measure = re.sub(
        r"(?:有何|有什么|如何|怎样|情况|对比|比较|相比|相较|差异|区别|异同)+$", "", measure
    )
    return Named(tuple(dict.fromkeys(items))[:MAX_NAMES], measure.strip(), scope)


CJK_LIST_END = re.compile(
    r"[这那共]?(?:(?<![A-Za-z0-9])\d+|[一二三四五六七八九十两]+)[款家座个所条位种辆台只]"
    r"|在|的|有何|有什么|相比|之间"
)


def _cjk_list_and_measure(body: str) -> tuple[str, str]:
    """The list of names and what is asked of them: "A、B和C的收入" -> ("A、B和C", "收入");
    "A、B、C四款扫地机器人在吸力和售价上有何差异" -> ("A、B、C", "吸力和售价")."""
    last = body.rfind("、")
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
    clash = any(o != name and o.split()[:1] == [short] for o in others)
    return (name, short) if short and not clash else (name,)


def mentions(text: str, name: str, others: tuple[str, ...] = ()) -> list[tuple[int, bool]]:
    """Where `text` names the thing: (position, possessive) for each mention. A short form
    followed by words that end in a kind of organisation names something else ("Aurora
    Borealis Tours"); followed by others, it is the thing's own ("Wrenfield Light Rail")."""
    found = []
    for alias in aliases(name, others):
        if is_cjk(alias[:1]):
            found += [(m.start(), False) for m in re.finditer(re.escape(alias), text)]
            continue
        pattern = rf"(?<![\w-]){re.escape(alias)}(?![\w-])('s|’s)?"
        for m in re.finditer(pattern, text):
            rest = text[m.end() :]
            if not m.group(1) and another_name(rest) and _another_organisation(rest):
                continue  # "Arden Foods Ltd", "Aurora Borealis Tours": another thing's name
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


def _short_scope(scope: str) -> str:
    years = re.findall(r"(?:19|20)\d\d", scope)
    if len(years) == 2 and not is_cjk(scope[:1]):
        return f"{years[0]}–{years[1]}"
    if len(years) == 1 and not is_cjk(scope[:1]):
        return years[0]
    return scope


# --- The question's subject, and things of a colliding name ----------------------------------

# Words that may follow a name in a title without naming another thing ("Tallowmere Robotics
# Annual Report 2025", "Kestrel Price List"), and legal forms that are part of the name.
DOCUMENT_WORDS = frozenset(
    "Annual Quarterly Monthly Interim Report Reports Update Updates Results Review Statement "
    "Statements Accounts Minutes Meeting Board FAQ FAQs Press Release News Newsletter Price "
    "Prices Pricing List Fact Facts Sheet Overview Profile Brief Investor Investors Letter Plan "
    "Strategy Policy Policies Bulletin Notice Summary Presentation Deck Handbook Guide "
    "Guidelines Year Financial Financials Fiscal FY Q1 Q2 Q3 Q4 H1 H2 Half First Second Third "
    "Fourth Full Inc Inc. Ltd Ltd. Limited LLC plc PLC Co Co. Corp Corp. Corporation GmbH AG SA "
    "Group Holdings The A An In On At For And Of To From By With Is Was Has Had Its Their This "
    "That Our We It CEO CFO Chief Team Leadership Management Product Products Service Services "
    "Customers Revenue Sales Funding Series Round Fleet Operations Risk Risks Outlook".split()
)
CJK_CUT = re.compile(
    r"(?<=[市县区省镇港])|的|是|在|为什么|为何|如何|怎样|怎么|有哪些|有多少|目前|现在|于|从|自|近|"
    r"撰写|编写|准备|整理|生成|提供|分析|介绍|总结|说明|做|写|(?:19|20)\d\d|"
    r"去年|今年|前年|明年|上年|本年|当年|近年|这几年|这些年|历年|上半年|下半年|"
    r"旗下|下属|所属|名下|[？?，,。；;]|有多|多大|多少|多长|多高|几个|几年"
)
# "that" and "this": what follows is the thing, what comes before is where it is.
CJK_POINTING = re.compile(r"那个|这个|那家|这家|那座|这座|那款|这款|那条|这条")
CJK_SUBJECT_LEADS = re.compile(
    r"^(?:(?:19|20)\d\d年?|\d{1,2}月|\d{1,2}[日号]|[至到—–~\-，,、\s]|请为|请就|请对|请|麻烦|帮忙|帮我|"
    r"给我|我想|为|就|针对|关于|了解|梳理|整理|介绍|讲讲|说说|看看|查查|查一下|一下)+"
)
# A place's organisation is named with it: 岚溪市水务集团, not 岚溪市.
CJK_PLACE_BODY = re.compile(
    r"^[\u3400-\u9fff]{2,8}?[市县区省镇][\u3400-\u9fff]{1,6}?"
    r"(?:集团|有限公司|公司|局|委员会|医院|大学|学院|银行)"
)


def subject_phrases(subject_part: str) -> tuple[str, ...]:
    """The names in the part of a question where its subject is named ("Kestrel Robotics" of
    "What was Kestrel Robotics' revenue in 2025", "Port of Saltmarsh"), longest first; in
    Chinese, the name it opens with ("临澜市" of "2019年至2025年临澜市常住人口是如何变化的")."""
    text = subject_part.strip()
    if _mostly_cjk(text):
        head = CJK_SUBJECT_LEADS.sub("", text)
        head = CJK_POINTING.split(head, maxsplit=1)[-1]  # 澄江新区那个蓝鲸数据中心: the latter
        body = CJK_PLACE_BODY.match(head)
        name = body[0] if body else CJK_CUT.split(head, maxsplit=1)[0].strip(" ，,：:？?")
        return (name,) if 2 <= len(name) <= MAX_CJK_SUBJECT else ()
    found = []
    for match in (m for part in SENTENCE_END.split(text) for m in re.finditer(_NAME, part)):
        name = re.sub(r"(?:'s|’s|'|’)$", "", _without_asking(match.group()))
        if name.endswith(".") and name.split()[-1][:-1] not in LEGAL_FORMS:
            name = name[:-1]  # the question's full stop, not "Co." or "Inc."
        if name and name not in ASKING and (len(name) > 3 or name.isupper()):
            found.append(name)
    return tuple(sorted(dict.fromkeys(found), key=lambda n: (-len(n), n)))


MIN_CJK_TAIL = 6  # characters of a long Chinese name past its first two: its own words


def names_thing(text: str, name: str) -> bool:
    """Whether `text` names the thing itself, not a thing whose name only starts alike. A
    long Chinese name is named by what follows its first two characters too, which its
    namesakes share and its manager's name may stand for (启衡资本完成医疗健康产业基金二期最终关账
    names 启衡医疗健康产业基金二期)."""
    if is_cjk(name[:1]):
        tail = name[2:] if len(name) - 2 >= MIN_CJK_TAIL else name
        return any(
            not _cjk_business(text, m.end(), name)
            for said in dict.fromkeys((name, tail))
            for m in re.finditer(re.escape(said), text)
        )
    for m in re.finditer(rf"(?<![\w-]){re.escape(name)}(?![\w-])", text):
        after = text[m.end() :]
        # "Wrenfield Light Rail" is Wrenfield's; "Aurora Borealis Tours" another organisation
        if not (another_name(after) and _another_organisation(after)):
            return True
    codes = [w for w in name.split()[1:] if MODEL_CODE.fullmatch(w)]  # "the HX-40" is its own
    return any(re.search(rf"(?<![\w-]){re.escape(code)}(?![\w-])", text) for code in codes)


MODEL_CODE = re.compile(r"[A-Za-z]+-?\d+[A-Za-z]*|\d+[A-Za-z]+")


def names_another(text: str, name: str, asked: str = "") -> bool:
    """Whether `text` names something else of a colliding name: "Aurora Borealis Tours" for
    Aurora Bikes, "Sorrelwick Energy Co-operative" for Sorrelwick Energy, 星衡智能 for
    星衡机器人. A name that goes on to the kind of thing the question (`asked`) asks about is
    one of the subject's own: 鹿鸣总医院 when it asks which hospitals 鹿鸣医疗集团 runs (the
    subject's own name aside: "Kestrel Aerial Robotics" is no part of Kestrel Robotics)."""
    asked = asked.replace(name, " ")
    if is_cjk(name[:1]):
        return _cjk_another(text, name, asked)
    words = name.split()
    head, rest = words[0], " ".join(words[1:])
    for m in re.finditer(rf"(?<![\w-]){re.escape(head)}(?![\w-])", text):
        after = text[m.end() :]
        if rest and after.startswith(f" {rest}"):
            after = after[len(rest) + 1 :]
        elif _sibling(after, words[1:]) and not _asked_kind(after, asked):
            return True  # "Skelby Sound Seafoods" beside Skelby Sound Ferries
        if another_name(after) and _another_organisation(after, asked):
            return True
    return False


def _cjk_another(text: str, name: str, asked: str) -> bool:
    """Another thing's name that starts like the subject's: its first two characters going on
    to a kind of organisation (星衡智能 beside 星衡机器人, 鹭州航空 beside 鹭州地铁; for a place,
    a company named after it: 临澜集团 beside 临澜市) or to a place of another level (北辰区
    beside 北辰冷链物流, 云雾镇 beside 云雾县, 晟海路 beside 晟海市), or its whole name going on
    to another kind of business (南屿地铁置业有限公司 beside 南屿地铁). Not a shortening or a
    product (北辰冷链的, 安禾快贷), the city a subject is named after (鹭州市 of 鹭州地铁), or a
    kind of thing the question asks about (鹿鸣总医院 when it asks which hospitals 鹿鸣医疗集团
    runs)."""
    head, rest = name[:2], name[2:]
    if not rest:
        return False
    place = rest[-1] in CJK_PLACES
    for m in re.finditer(re.escape(head), text):
        at = m.end()
        if text.startswith(rest, at):
            if _cjk_business(text, at + len(rest), name, asked):
                return True
            continue
        kind = CJK_ORGANISATIONS.match(text, at)
        said = kind.group(1) if kind else ""
        if asked and said and said in asked:
            continue  # 鹿鸣湖滨医院 when it asks which hospitals 鹿鸣医疗集团 runs
        after = text[at : at + 1]
        if after != rest[:1] and after in (CJK_LEVELS if place else CJK_PLACES[2:]):
            return True  # 北辰区, 云雾镇, 晟海路
        if not kind or said in name:
            continue
        own = rest.startswith(text[at : kind.start(1)])  # 北辰公司, 北辰冷链公司: its own
        if place or not own or said not in CJK_LEGAL_FORMS:
            return True  # 临州市域铁路公司 beside 临州地铁5号线
    return False


CJK_PLACES = "市省县区镇乡村路街山湖江河岛港湾"  # a place's name ends in one of them
CJK_LEVELS = "市省县区镇乡村路街"  # another place beside a place: its level, or a street


def _cjk_business(text: str, end: int, name: str, asked: str = "") -> bool:
    """Whether the name that ends at `end` goes on to another kind of business than its own
    (南屿地铁置业有限公司), not to a legal form alone (南屿地铁集团), a kind the question asks, or
    words that go on (启衡医疗健康产业基金二期投资团队: its investment team)."""
    kind = CJK_BUSINESS.match(text, end)
    if kind is None:
        return False
    said = kind.group(1)
    return said not in CJK_NAME_FILLERS and said not in name and not (asked and said in asked)


def _sibling(after: str, rest: list[str]) -> bool:
    """Whether the words after a name's first word go on with none or some of its next words
    and then part from it with as many capitalised words of their own: a sibling name, another
    thing's ("Mirelle Cosmetics" beside Mirelle Robotics)."""
    said = re.split(r"[\n;:|]", after, maxsplit=1)[0].split()  # a name ends with its line
    shared = 0
    while shared < min(len(rest), len(said)) and said[shared].rstrip(".,'’") == rest[shared]:
        shared += 1
    if not rest or shared == len(rest) or shared >= len(said) or rest[shared][:1].isdigit():
        return False  # nor a version of the thing ("Quarry Cloud" beside Quarry 2.3)
    own = []  # the capitalised words it goes on with instead
    for word in said[shared:]:
        if not word[:1].isupper() or word.strip(".,;:'’") in DOCUMENT_WORDS:
            break
        own.append(word)
        if word[-1:] in ".,;:'’":
            break
    # a name of the same shape ("Skelby Sound Seafoods"), not a longer one that may be the
    # thing's earlier or fuller name ("Corran Narrows Fixed Link"), nor its family's ("Verrin
    # HX Series" of the Verrin HX-40)
    family = bool(own) and re.match(rf"{re.escape(own[0])}(?![A-Za-z])", rest[shared]) is not None
    return len(own) == len(rest) - shared and not family


def _asked_kind(after: str, asked: str) -> bool:
    """Whether the capitalised words after a name name a kind of thing the question asks about
    ("Brimfield Lodge Hotel" when it asks which hotels Brimfield Group runs)."""
    found = re.match(r"((?:(?:\s+|-)[A-Z][\w'&.-]*){1,3})", after)
    said = {w.lower() for w in re.findall(r"[A-Za-z]+", asked)}
    said |= {w[:-1] for w in said if w.endswith("s")}
    return found is not None and any(w.lower() in said for w in re.findall(r"[A-Za-z]+", found[1]))


def another_name(after: str) -> bool:
    """Whether the words right after a name go on naming something else."""
    word = re.match(r"(?:\s+|-)([A-Z0-9][\w'&.-]*)", after)
    if word is None:
        return False
    return word[1].rstrip(".,;:") not in DOCUMENT_WORDS and not word[1][0].isdigit()


LEGAL_FORMS = frozenset(
    "Ltd Limited Inc Incorporated LLC LLP LP plc PLC GmbH AG SA SE Co Corp Corporation Pty "
    "S.p.A SpA S.A S.r.l Srl S.L SL SAS SARL B.V BV N.V NV AB ASA Oy K.K KK Pte Bhd Ltda".split()
)
# The kinds of organisation or place a name's last words say it is ("Vellmar Brewing Co.",
# "Corran Bridge Club"): a name that starts like the subject's and goes on to one of them is
# another thing's; one that goes on to a product's words ("Quillon Cold-Brew Concentrate") may
# well be the subject's own.
ORGANISATIONS = (
    frozenset(
        "Co Company Ltd Limited Inc Incorporated LLC LLP plc PLC GmbH AG SA SE Group Club Society "
        "Association Foundation Trust Council Press Publishing Tours Travel Hotel Hotels Resort "
        "Brewing Brewery Bank Airlines Airways Foods Robotics Robotik Labs Laboratories Systems "
        "Motors Mobile Homes Energy Cooperative Co-operative Partners Capital Ventures Holdings "
        "University College School Academy Railway Railways Lines Logistics Media Studios Records "
        "Sports FC Church Appliances Industries Manufacturing Technologies Tech Solutions "
        "Services Agency Authority Institute Hospital Clinic Pharma Insurance Properties Winery "
        "Vineyard Vineyards Farm Farms Estate Estates Cafe Café Restaurant Bakery Dairy Store "
        "Stores "
        "Shop Gallery Museum Theatre Cinema Studio Festival Orchestra Choir League Union".split()
    )
    | LEGAL_FORMS
)


# The same in Chinese: a name that starts like the subject's and goes on, within a few
# characters, to a kind of organisation (星衡智能科技有限公司 beside 星衡机器人; 临澜集团 beside
# 临澜市), not a place's own words (临澜市统计局 is the city's).
CJK_ORGANISATIONS = re.compile(
    r"[\u3400-\u9fff]{0,4}?(有限公司|股份|集团|公司|科技|智能|茶业|酒业|乳业|酒店|宾馆|教育|"
    r"基金会|材料|置业|地产|物流|银行|医院|学校|俱乐部|协会|旅行社|工作室|餐饮|传媒|文化|商贸|贸易|"
    r"资本|投资|基金|证券|控股|能源|电子|软件|网络|医药|药业|生物|汽车|电器|食品|半导体|信息|"
    r"咨询|研究院|研究所|大学|出版社|事务所|美容|物业|航空|旅游|冷饮|饮品|乳品)"
)


CJK_LEGAL_FORMS = frozenset("有限公司 股份 集团 公司 控股".split())
# A kind of business that ends a name: right after it, or before its legal form.
CJK_BUSINESS = re.compile(
    CJK_ORGANISATIONS.pattern.replace("{0,4}?", "{0,2}?")
    + r"(?=有限|股份|集团|公司|旗下|的|在|是|于|将|已|今|日前|表示|推出|发布|[^\u3400-\u9fff]|$)"
)
# Words a company's registered name adds to its own (星衡机器人科技有限公司 is 星衡机器人's).
CJK_NAME_FILLERS = CJK_LEGAL_FORMS | frozenset(
    "科技 智能 信息 技术 网络 电子 软件 实业 发展".split()
)


def _another_organisation(after: str, asked: str = "") -> bool:
    """Whether the capitalised words right after a name end in a kind of organisation (not
    one the question asks about: "Which hotels does Brimfield run?"); a company's legal form
    alone ("Brimfield Inns Ltd") is the same company's."""
    words = re.match(r"((?:(?:\s+|-)[A-Z][\w'&.-]*){1,3})", after)
    if words is None:
        return False
    found = [
        re.sub(r"(?:'s|’s|'|’)$", "", w.rstrip(".,;:")) for w in re.split(r"\s+|-", words[1]) if w
    ]
    if all(w in LEGAL_FORMS for w in found):
        return False
    kinds = {w.lower() for w in found if w in ORGANISATIONS}
    said = {w.lower() for w in re.findall(r"[A-Za-z]+", asked)}
    asked_kinds = said | {w[:-1] for w in said if w.endswith("s")}  # "hotels": Hotel
    return bool(kinds) and not kinds <= asked_kinds
