"""Things whose names collide with the subject's: whether a text names the thing itself
("Aurora Bikes", "the HX-40" of the Verrin HX-40, 医疗健康产业基金二期 of 启衡医疗健康产业基金二期)
or something else of a colliding name ("Aurora Borealis Tours", "Mirelle Cosmetics", 北辰区
beside 北辰冷链物流), in English and Chinese.
"""

from __future__ import annotations

import re

from research.text.writing import is_cjk

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
            for m in re.finditer(cjk_pattern(said), text)
        )
    for m in re.finditer(name_pattern(name), text):
        if _qualified(text, m):
            continue  # "Upper Lathbury Reservoir": another place's name
        after = text[m.end() :]
        # "Wrenfield Light Rail" is Wrenfield's; "Aurora Borealis Tours" another organisation;
        # "Calder Gorge National Park Authority" the park's own
        if not goes_on_to_another(name, after) or _governs(after):
            return True
    codes = [w for w in name.split()[1:] if MODEL_CODE.fullmatch(w)]  # "the HX-40" is its own
    return any(re.search(rf"(?<![\w-]){re.escape(code)}(?![\w-])", text) for code in codes)


# A sports club's name says it is a club ("Redbourne Rovers", "Charlton Athletic"): "FC" after
# it is its form, as "Ltd" is a company's, not another organisation's ("… Cricket Club" is).
CLUB_NAMES = frozenset("Rovers Wanderers Athletic Albion Harriers United Rangers".split())
CLUB_FORM = re.compile(r"\s+(?:A?FC|F\.C\.|Football\s+Club)(?![\w.])(?!\s+[A-Z])")


def goes_on_to_another(name: str, after: str, asked: str = "", members: bool = False) -> bool:
    """Whether the words after a mention of the name go on to name another organisation
    ("Aurora Borealis Tours", "Redbourne Rovers Cricket Club"), not the thing's own form
    ("Redbourne Rovers FC")."""
    if name.split()[-1] in CLUB_NAMES and CLUB_FORM.match(after):
        return False
    return another_name(after) and another_organisation(after, asked, members)


MODEL_CODE = re.compile(r"[A-Za-z]+-?\d+[A-Za-z]*|\d+[A-Za-z]+")


def cjk_pattern(name: str) -> str:
    """A Chinese name as a pattern that finds it with or without the spaces before its Latin
    part (星禾A7 for 星禾 A7), and not inside a longer model's code (星禾A75)."""
    spaced = r"\s*".join(re.escape(part) for part in name.split())
    return spaced + (r"(?![A-Za-z0-9])" if name[-1:].isascii() else "")


def name_pattern(name: str) -> str:
    """A spaced name as a pattern that finds it written with or without the spaces or hyphens
    between its words ("PellowPods Pro", "Auro-Buds 3" for Pellow Pods Pro, Auro Buds 3)."""
    return rf"(?<![\w-]){'[ -]?'.join(re.escape(w) for w in name.split())}(?![\w-])"


# A word before a name that makes another place of it: "Upper Lathbury Reservoir", "North
# Kenmoor" (not "New" or "Old", which a headline capitalises: "New Riverside Park Opens").
QUALIFIED = re.compile(
    r"(?<![\w-])(?:Upper|Lower|North|South|East|West|Little|Great|Greater|Nether|Inner|Outer)"
    r"[ \t]+$"
)


def _qualified(text: str, mention: re.Match[str]) -> bool:
    """Whether a qualifier stands right before the mention (the few characters before it are
    read, not the whole text before it, for every mention)."""
    return QUALIFIED.search(text[max(0, mention.start() - 20) : mention.start()]) is not None


def names_another(
    text: str, name: str, asked: str = "", every: bool = False, members: bool = False
) -> bool:
    """Whether `text` names something else of a colliding name: "Aurora Borealis Tours" for
    Aurora Bikes, "Sorrelwick Energy Co-operative" for Sorrelwick Energy, 星衡智能 for
    星衡机器人. A name that goes on to the kind of thing the question (`asked`) asks about is
    one of the subject's own: 鹿鸣总医院 when it asks which hospitals 鹿鸣医疗集团 runs (the
    subject's own name aside: "Kestrel Aerial Robotics" is no part of Kestrel Robotics)."""
    asked = asked.replace(name, " ")
    if is_cjk(name[:1]):
        return _cjk_another(text, name, asked, every)
    if any(_qualified(text, m) for m in re.finditer(name_pattern(name), text)):
        return True  # "Upper Lathbury Reservoir" beside Lathbury Reservoir
    words = _distinctive(name.split())
    head, rest = words[0], " ".join(words[1:])
    generic = name.split()[0] if words[0] != name.split()[0] else ""
    for m in re.finditer(rf"(?<![\w-]){re.escape(head)}(?![\w-])", text):
        after = text[m.end() :]
        if generic and not rest and _other_place(text[: m.start()], after, generic):
            return True  # "the Ellery Valley district" beside Port Ellery
        if COUNCIL.match(after) and (words[-1] in COUNCIL_RUN or len(words) == 1):
            continue  # "Brackenfield Council", which runs Brackenfield Libraries; a place's
        whole = not rest  # the name said whole, so a body after it runs it
        if rest and after.startswith(f" {rest}"):
            after, whole = after[len(rest) + 1 :], True
        elif _sibling(after, words[1:]) and not _asked_kind(after, asked, members):
            return True  # "Skelby Sound Seafoods" beside Skelby Sound Ferries
        if goes_on_to_another(name, after, asked, members) and not (whole and _governs(after)):
            return True  # not "Port Ellery Harbour Authority", but "Elsmouth City Council"
    return False


# Words a name may open with that name no one thing: the thing is told by the words after them
# ("Port Ellery": Ellery, beside "the Ellery Valley district"; "Bank of Elsmere": Elsmere).
GENERIC_HEADS = frozenset(
    "Port Lake Mount Mt River Fort Cape Saint St Isle Bay Glen Loch Point University Bank "
    "City County Town Royal National MV MS SS RMS HMS MY FV".split()  # a ship's prefix too
)


# The kinds of place a name's last word says it is: "Ellery Valley" is no part of Port Ellery.
PLACE_KINDS = frozenset(
    "Valley Vale District Hills Hill Forest Park Beach Island Islands Moor Moors Heath Wood "
    "Woods Downs Gorge Falls Springs Heights Marsh Fen Fell Fields Ridge Sound Estuary "
    "Peninsula Coast Plain Plains Basin Canyon Glen".split()
)


def _other_place(before: str, after: str, generic: str) -> bool:
    """Whether a place name's distinctive word, not after its generic head ("Port"), goes on
    to another kind of place."""
    if before.rstrip().endswith(generic):
        return False
    word = re.match(r"\s+([A-Z][a-z]+)(?![\w-])", after)
    return word is not None and word[1] in PLACE_KINDS and word[1] != generic


def distinctive_word(name: str) -> str:
    """The word of a spaced name that tells it apart ("Selkie" of MV Selkie Dawn, "Ellery" of
    Port Ellery); a Chinese name whole."""
    return name if is_cjk(name[:1]) else _distinctive(name.split())[0]


def distinctive_part(name: str) -> str:
    """A spaced name from the word that tells it apart ("Selkie Dawn" of MV Selkie Dawn)."""
    return " ".join(_distinctive(name.split()))


def _distinctive(words: list[str]) -> list[str]:
    """A name's words from the first that tells it apart: "Port of Saltmarsh" -> Saltmarsh,
    "Port Ellery" -> Ellery; others as they are."""
    if "of" in words[1:-1]:
        return words[words.index("of") + 1 :]
    while len(words) > 1 and words[0] in GENERIC_HEADS:
        words = words[1:]
    return words


def _cjk_another(text: str, name: str, asked: str, every: bool = False) -> bool:
    """Another thing's name that starts like the subject's: its first two characters going on
    to a kind of organisation (星衡智能 beside 星衡机器人, 鹭州航空 beside 鹭州地铁; for a place,
    a company named after it: 临澜集团 beside 临澜市) or to a place of another level or kind
    (北辰区 beside 北辰冷链物流, 云雾镇 or 云雾山 beside 云雾县, 晟海路 beside 晟海市), or its
    whole name going on to another kind of business (南屿地铁置业有限公司 beside 南屿地铁). Not a
    shortening or a product (北辰冷链的, 安禾快贷), the city a subject is named after (鹭州市 of
    鹭州地铁), or a kind of thing the question asks about (鹿鸣总医院 when it asks which
    hospitals 鹿鸣医疗集团 runs). With `every`, only when each place the text gives the first two
    characters names another thing (a whole document: 晟海电网's report that names 国网晟海公司
    once is the city's grid's)."""
    head, rest = name[:2], name[2:]
    if not rest:
        return False
    others = [_cjk_other(text, m.end(), name, asked) for m in re.finditer(re.escape(head), text)]
    return bool(others) and (all(others) if every else any(others))


def _cjk_other(text: str, at: int, name: str, asked: str) -> bool:
    """Whether the name whose first two characters end at `at` is another thing's."""
    rest = name[2:]
    if text.startswith(rest, at):
        return _cjk_business(text, at + len(rest), name, asked)
    kind = CJK_ORGANISATIONS.match(text, at)
    said = kind.group(1) if kind else ""
    if asked and said and said in asked:
        return False  # 鹿鸣湖滨医院 when it asks which hospitals 鹿鸣医疗集团 runs
    place = rest[-1] in CJK_PLACES
    after = text[at : at + 1]
    if after != rest[:1] and after in (CJK_PLACES if place else CJK_PLACES[2:]):
        return True  # 北辰区, 云雾镇, 晟海路; 云雾山 beside 云雾县
    if not kind or said in name:
        return False
    own = rest.startswith(text[at : kind.start(1)])  # 北辰公司, 北辰冷链公司: its own
    return place or not own or said not in CJK_LEGAL_FORMS  # 临州市域铁路公司


CJK_PLACES = "市省县区镇乡村路街山湖江河岛港湾"  # a place's name ends in one of them


def ends_a_name(name: str) -> bool:
    """Whether a Chinese name ends as a place's (晟海市) or an organisation's (岚溪市水务集团)."""
    return name[-1:] in CJK_PLACES or CJK_NAME_END.search(name) is not None


def _cjk_business(text: str, end: int, name: str, asked: str = "") -> bool:
    """Whether the name that ends at `end` goes on to another kind of business than its own
    (南屿地铁置业有限公司), not to a legal form alone (南屿地铁集团), a kind the question asks, or
    words that go on (启衡医疗健康产业基金二期投资团队: its investment team)."""
    kind = CJK_BUSINESS.match(text, end)
    if kind is None:
        return False
    said = kind.group(1)
    return said not in CJK_NAME_FILLERS and said not in name and not (asked and said in asked)


def _one_word(said: str, own: str) -> bool:
    """Whether a word is a name's word, or its singular or plural ("Harvest Oat Bar recall"
    names Harvest Oat Bars)."""
    return said == own or (said[:1].isupper() and said.rstrip("s") == own.rstrip("s"))


def _sibling(after: str, rest: list[str]) -> bool:
    """Whether the words after a name's first word go on with none or some of its next words
    and then part from it with as many capitalised words of their own: a sibling name, another
    thing's ("Mirelle Cosmetics" beside Mirelle Robotics)."""
    said = re.split(r"[\n;:|]", after, maxsplit=1)[0].split()  # a name ends with its line
    shared = 0
    while shared < min(len(rest), len(said)) and _one_word(
        said[shared].rstrip(".,'’"), rest[shared]
    ):
        shared += 1
    if not rest or shared == len(rest):
        return False
    if shared == len(rest) - 1 and rest[-1] in TIERS:  # "Pellow Pods" beside Pellow Pods Pro
        return shared >= len(said) or said[shared].rstrip(".,;:'’)") != rest[-1]
    if shared >= len(said):
        return False
    other = said[shared].rstrip(".,;:'’)")
    if _model(rest[shared]) and _model(other):
        return other != rest[shared]  # another model of a line ("Corvane Slate 13")
    if rest[shared][:1].isdigit() and not shared:
        return False  # nor a version's maker ("Quarry Cloud" beside Quarry 2.3)
    own = _own_words(said[shared:])  # the capitalised words it goes on with instead
    # a name of the same shape ("Skelby Sound Seafoods"), not a longer one that may be the
    # thing's earlier or fuller name ("Corran Narrows Fixed Link"), nor its family's ("Verrin
    # HX Series" of the Verrin HX-40)
    family = bool(own) and re.match(rf"{re.escape(own[0])}(?![A-Za-z])", rest[shared]) is not None
    same = bool(own) and _same_kind(own[-1].strip(".,;:'’"), rest[-1])  # Crossing of a Bridge
    if len(own) > len(rest) - shared and not _trade(own[-1].strip(".,;:'’")):
        return False  # a longer name may be a product's ("Quillon Cold-Brew Concentrate")
    offered = said[shared + len(own) : shared + len(own) + 1]
    if own and offered and offered[0].strip(".,;:'’") in OFFERS:
        return False  # the subject's own offer: "the Thornby Assist tariff" of Thornby Water
    return len(own) >= len(rest) - shared and not family and not same


# What an organisation offers under a name of its own, said after it in lower case.
OFFERS = frozenset(
    "tariff tariffs scheme schemes plan plans app apps card cards programme programmes "
    "program service services account accounts loan loans package bundle subscription "
    "membership range ranges product products fund grant grants award awards".split()
)


def _own_words(said: list[str]) -> list[str]:
    """The capitalised words a name goes on with, to its first comma or full stop."""
    own = []
    for word in said:
        if not word[:1].isupper() or word.strip(".,;:'’") in DOCUMENT_WORDS:
            break
        own.append(word)
        if word[-1:] in ".,;:'’":
            break
    return own


def _trade(word: str) -> bool:
    """Whether a name's last word is a plural, what a business is named after selling ("Varrow
    Garden Tools" beside Varrow Kitchenware), not a product's singular."""
    return len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is"))


# Kinds of thing, each with the words for the same kind: a name may end in one ("Orlay Strait
# Crossing" is the Orlay Strait Bridge) and a question may call its subject by one ("the ferry
# MV Selkie Dawn", "the Corvane T4 forklift"); a source that calls the name by a kind of another
# group ("Orkney folk band Selkie Dawn") is about another thing.
THING_KINDS = (
    frozenset("bridge footbridge crossing link viaduct".split()),
    frozenset("airport aerodrome airfield".split()),
    frozenset("railway railroad line".split()),
    frozenset("hospital infirmary".split()),
    frozenset("reservoir dam".split()),
    frozenset("ferry ship vessel boat liner ro-pax catamaran tanker yacht".split()),
    frozenset("band group duo trio choir orchestra singer".split()),
    frozenset("album single song record film movie documentary book novel play".split()),
    frozenset("restaurant café cafe bistro pub bar hotel inn".split()),
    frozenset("horse racehorse colt filly mare greyhound dog".split()),
    frozenset("forklift truck lorry van bus tram train locomotive".split()),
    frozenset("heater boiler pump".split()),
)


def kind_group(word: str) -> frozenset[str] | None:
    """The words for the kind of thing a word names ("ferry": ship, vessel, …), if any."""
    return next((kinds for kinds in THING_KINDS if word in kinds), None)


def _same_kind(word: str, other: str) -> bool:
    """Words that name the same kind of thing: the "Orlay Strait Crossing" is the Orlay Strait
    Bridge."""
    kinds = kind_group(word.lower())
    return kinds is not None and other.lower() in kinds


# The words that make a product's model of its line: "Pellow Pods Pro" is not "Pellow Pods".
TIERS = frozenset("Pro Max Plus Mini Lite Ultra SE XL".split())


def _model(word: str) -> bool:
    """A model's number or code: "14", "2.3", "X2", "HX-40"."""
    return re.fullmatch(r"\d[\d.]*|[A-Za-z]{1,3}-?\d+[A-Za-z]?", word) is not None


# The bodies that run a place or a thing, named after it: "Calder Gorge National Park Authority".
GOVERNING = frozenset("Authority Council Board Trust Commission Committee Agency".split())


# The body that governs a place, and so whatever the place runs: "Brackenfield Borough Council"
# is no namesake of Brackenfield Libraries, whose report it may publish.
COUNCIL_RUN = frozenset(
    "Libraries Library Parks Museums Museum Archives Leisure Schools Markets Cemeteries Housing "
    "Buses".split()
)  # what a council runs under its place's name (not "Brackwater General Hospital")
COUNCIL = re.compile(r"\s+(?:(?:Borough|City|County|District|Town|Parish|Municipal)\s+)?Council\b")


def _governs(after: str) -> bool:
    """Whether the name is followed by a body that runs it, and nothing more ("Port Ellery
    Harbour Authority", "Lathbury Water Board")."""
    words = re.match(r"((?:\s+[A-Z][a-z]+){1,3})(?![\w-])(?!\s+[A-Z])", after)
    return words is not None and words[1].split()[-1] in GOVERNING


def _asked_kind(after: str, asked: str, members: bool = False) -> bool:
    """Whether the capitalised words after a name name a kind of thing the question asks about
    ("Brimfield Lodge Hotel" when it asks which hotels Brimfield Group runs)."""
    found = re.match(r"((?:(?:\s+|-)[A-Z][\w'&.-]*){1,3})", after)
    said = {w.lower() for w in re.findall(r"[A-Za-z]+", asked)}
    if found is not None and members and said & ANY_ORGANISATION:
        return True  # "Which organisations received grants from the Harwick Community Fund"
    said |= {w[:-1] for w in said if w.endswith("s")}
    return found is not None and any(w.lower() in said for w in re.findall(r"[A-Za-z]+", found[1]))


# A question that asks which organisations, of any kind: a namesake may be one of them.
ANY_ORGANISATION = frozenset(
    "organisations organizations groups charities recipients bodies businesses firms".split()
)


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
        "Shop Gallery Museum Theatre Cinema Studio Festival Orchestra Choir League Union "
        "Rovers Wanderers Athletic Albion Harriers RFC RUFC AFC CC Centre Center Nursery "
        "Nurseries Coaches Taxis Cabs".split()
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
    r"咨询|研究院|研究所|大学|出版社|事务所|美容|物业|航空|旅游|冷饮|饮品|乳品|茶饮|公交|"
    r"公园|景区|水库|古镇|美术馆|博物馆|图书馆)"
)


CJK_LEGAL_FORMS = frozenset("有限公司 股份 集团 公司 控股".split())
CJK_NAME_END = re.compile(r"(?:有限公司|集团|公司|银行|医院|大学|学院|研究院|基金会|协会)$")
# A kind of business that ends a name: right after it, or before its legal form.
CJK_BUSINESS = re.compile(
    CJK_ORGANISATIONS.pattern.replace("{0,4}?", "{0,2}?")
    + r"(?=有限|股份|集团|公司|旗下|的|在|是|于|将|已|今|日前|表示|推出|发布|[^\u3400-\u9fff]|$)"
)
# Words a company's registered name adds to its own (星衡机器人科技有限公司 is 星衡机器人's).
CJK_NAME_FILLERS = CJK_LEGAL_FORMS | frozenset(
    "科技 智能 信息 技术 网络 电子 软件 实业 发展".split()
)


def another_organisation(after: str, asked: str = "", members: bool = False) -> bool:
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
    if members and said & ANY_ORGANISATION:
        return False
    asked_kinds = said | {w[:-1] for w in said if w.endswith("s")}  # "hotels": Hotel
    return bool(kinds) and not kinds <= asked_kinds
