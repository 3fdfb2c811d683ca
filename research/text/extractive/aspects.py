"""The parts a question asks for, in its own words.

"Prepare a brief on Kestrel: its funding history, current revenue, and pricing." asks for three
things, and so does "请为青隼撰写简报：融资历史、当前收入、定价". The enumeration is what follows a
colon, or else the question itself; its items are split at commas, semicolons, the Chinese
enumeration comma and numbered markers ("(1) ... (2) ..."), and each loses the words that only
join it to the list ("its", "and", "any", 以及, 和). A question that names fewer than two parts,
or whose parts read as sentences rather than names of things, asks for one thing: `aspects`
gives nothing, and the caller plans by the themes of the sources instead.
"""

from __future__ import annotations

import re

from research.text.extractive.names import REQUESTING, SENTENCE_END

MAX_ASPECTS = 12  # as many sections as a plan may have
MAX_WORDS = 6  # a longer part is a sentence, not the name of something asked for
MAX_CJK_CHARS = 12

COLON = re.compile(r"[:：]")
NUMBERED = re.compile(r"\(\d{1,2}\)|（\d{1,2}）|(?<![\w.])\d{1,2}[.)]\s")
LIST_SEPARATORS = re.compile(r"[,;，；、]")
SEPARATORS = re.compile(
    r"[,;，；、]|\s+(?:and|or)\s+(?=\w)|以及|及其"
    r"|(?<=[\u3400-\u9fff])[和与及或](?=[\u3400-\u9fff])"  # 和 between two of a list's items
)
COMPLEMENT = re.compile(r"\s+(?:of|for|in|on|at|about|between|among)\s+", re.IGNORECASE)
CJK_COMPLEMENT = re.compile(r"的(?=[^的]+$)")  # "深圳的房价" -> "深圳"
LEADS = re.compile(
    r"^(?:(?:its|their|the|a|an|any|and|or|also|plus|as well as|his|her|our|your)\s+)+",
    re.IGNORECASE,
)
CJK_LEADS = re.compile(
    r"^(?:以及|及其|和|及|与|并且|并|还有|其|它的|该公司的|请|比较|对比|介绍|分析|总结|说明|列出)+"
)
CJK_HEAD = re.compile(r"^.*的(?=..)")  # "电动汽车的续航" -> "续航"
CJK_ASKS = re.compile(r"(?:如何|怎样|怎么样|是什么|有哪些|是多少|多少|吗|呢)+$")
HEAD_MARKERS = re.compile(
    r".*(?:\b(?:on|about|of|for|regarding|covering|including|are|is|was|were)\s+|'s\s+)",
    re.IGNORECASE,
)
ENDS = " \t\n.?!。？！…\"'“”"
QUESTION_WORDS = frozenset(  # what asks, and the verbs that ask with it: no heading's words
    "what how why when where which who whom whose is are was were do does did can could should "
    "would will may might must much many".split()
)
ASKING = QUESTION_WORDS | frozenset(
    "prepare write compare explain describe summarize summarise list give tell find analyze "
    "analyse research create make provide assess evaluate review outline draft".split()
    # a request named by what it asks for: "Due diligence on …", "Background on …"
    + "due brief briefing background overview summary profile dossier memo".split()
)
CJK = re.compile(r"[\u3400-\u9fff]")


def aspects(question: str) -> list[str]:
    """The parts `question` asks for, in order, each as it reads there ("funding history",
    "近期的安全事故"); [] when it asks for one thing."""
    tail = _split_head(question)[1]
    items = _with_lone_asks([_clean(item) for item in _items(tail)])
    if items and tail == question.strip():  # "I'm writing a piece on X. How long is she, …"
        items[0] = _clean(SENTENCE_END.split(items[0])[-1])
    if tail == question.strip() and items and _asks_itself(items[0]):  # "How long is she"
        items[0] = _clean(question_phrase(items[0]))
    elif tail == question.strip() and items and _names_what(items[0]):
        items[0] = _clean(question_phrase(items[0]))  # "Headphones in X's current range"
    elif tail == question.strip() and items:  # "What are X's costs" -> "costs"
        head_words = CJK_HEAD if CJK.search(items[0][:1]) else HEAD_MARKERS
        items[0] = _clean(head_words.sub("", items[0]))
    if tail == question.strip() and len(items) > 1:  # a list inside the question's sentence
        items[-1] = _without_complement(items[-1])  # "risks of heat pumps" -> "risks"
    parts = list(dict.fromkeys(item for item in items if item))
    if len(parts) < 2 or any(_too_long(part) for part in parts):
        return []
    return parts[:MAX_ASPECTS]


def _asks_itself(item: str) -> bool:
    """Whether a question's first part reads as a question of its own, which question_phrase
    names ("How long is she" -> "Length"; not "What are X's costs", whose part is "costs")."""
    sized = HOW_ADJECTIVE.match(item)
    return sized is not None and sized["what"].strip().lower() in PRONOUNS


def _names_what(item: str) -> bool:
    """Whether a question's first part names what it asks for before its verb ("What
    headphones are in X's current range", "Which stations does the line serve"), which the
    part's heading keeps."""
    return bool(WHICH_ARE.match(item) or HAVE_VERB.match(item))


def _with_lone_asks(items: list[str]) -> list[str]:
    """A lone "how" or "why" after "and" asks more of the item before it: "who regulates it
    and how" is one part, not "who regulates it" and "how"."""
    joined: list[str] = []
    for item in items:
        if joined and item.lower() in LONE_ASKS:
            joined[-1] = f"{joined[-1]} and {item}"
        else:
            joined.append(item)
    return joined


LONE_ASKS = frozenset({"how", "why", "when", "where", "by whom", "since when", "how often"})


def subject_part(question: str) -> str:
    """What the question says before its enumeration (the whole question when it has no
    colon): where its subject is named."""
    return _split_head(question)[0]


def subject_names(question: str) -> str:
    """The names in the subject part: its capitalised words, but for a first word that asks or
    tells ("Kestrel Robotics" of "Prepare a brief on Kestrel Robotics", "SQLite WAL"); in a
    text without capitals (Chinese), the whole subject part."""
    head = subject_part(question)
    names = []
    for sentence in SENTENCE_END.split(head):  # "We're … Veltro Logistics. Can you …"
        words = [w.strip(".,;:!?()\"'“”") for w in sentence.split()]
        if words and (words[0].lower() in ASKING or words[0] in REQUESTING):
            words = words[1:]  # "Prepare", "How", "Can": capitals only as a start
        names += [w for w in words if w[:1].isupper()]
    return " ".join(names) if names else head


def _split_head(question: str) -> tuple[str, str]:
    """The question before its enumeration and the enumeration: after a colon, or after a
    spaced dash that a list follows ("a rundown of Greenmere — funding history, pipeline, staff
    and key risks"; not "Arden — the town's population in 2024")."""
    parts = COLON.split(question.strip(), maxsplit=1)
    if len(parts) == 2 and parts[1].strip():
        return parts[0].strip(), parts[1].strip()
    parts = DASH.split(question.strip(), maxsplit=1)
    if len(parts) == 2 and LIST_SEPARATORS.search(parts[1]):
        return parts[0].strip(), parts[1].strip()
    sentences = SENTENCE_END.split(question.strip())
    if len(sentences) > 1 and _asks_list(sentences[-1]) and not _asks_list(sentences[0]):
        # "Could you do a background check on Fenwick & Loam, the garden products company?
        # Who owns it, what does it sell, how big is it, …?"
        return " ".join(sentences[:-1]), sentences[-1]
    return question.strip(), question.strip()


def _asks_list(sentence: str) -> bool:
    """Whether a sentence asks several questions in a list: two separators or more, the first
    part opening with a word that asks ("Who owns it, what does it sell, …")."""
    first = sentence.split()[:1]
    return (
        len(LIST_SEPARATORS.findall(sentence)) >= 2
        and bool(first)
        and first[0].lower() in QUESTION_WORDS
    )


DASH = re.compile(r"\s+[—–]\s+|——")


def _items(text: str) -> list[str]:
    """Numbered items ("(1) range (2) price": what precedes the first number is not one), or
    else a list's items, split at commas, semicolons and 、 (and at the "and" before its last
    item); a text with no such separator is one item."""
    numbered = NUMBERED.split(text)
    if len(numbered) > 2:
        return [item.strip(" ,;，；、") for item in numbered[1:]]
    if not LIST_SEPARATORS.search(text):
        return [text]
    return SEPARATORS.split(text)


def _without_complement(item: str) -> str:
    """The last item without what the whole list shares ("risks of heat pumps" -> "risks",
    "price of the Model 3 and the Ioniq 6" -> "price"), when it reads so."""
    if CJK.search(item[:1]):
        cut = CJK_COMPLEMENT.split(item, maxsplit=1)
        return cut[0] if len(cut) > 1 and len(cut[0]) >= 2 else item
    cut = COMPLEMENT.split(item, maxsplit=1)
    return cut[0] if len(cut) > 1 and 0 < len(cut[0].split()) <= 3 else item


def _clean(item: str) -> str:
    item = item.strip(ENDS)
    if CJK.search(item[:1]):
        return CJK_ASKS.sub("", CJK_LEADS.sub("", item)).strip(ENDS)
    return LEADS.sub("", item).strip(ENDS)


def _too_long(part: str) -> bool:
    if CJK.search(part):
        return len(part) > MAX_CJK_CHARS
    return len(part.split()) > MAX_WORDS


# --- Questions of several questions, and a question as a heading ------------------------------

SUB_SPLIT = re.compile(
    r"[?？]\s*|[,;，；、]\s*(?:and\s+|以及|并且)?(?=(?:how|what|who|whom|when|where|which|why|"
    r"whether|is|are|does|did)\b)|(?<=[\u3400-\u9fff])[，、](?=[^，、？]*(?:多少|哪|谁|什么|几|是否))",
    re.IGNORECASE,
)
WH_HEAD = re.compile(
    r"^(?:what|which|who|whom|whose)\s+(?:is|are|was|were|has|have)\s+(?:the\s+)?"
    r"|^(?:list|name|describe|explain|summari[sz]e|give|show)\s+(?:me\s+)?(?:the\s+)?",
    re.IGNORECASE,
)
CHANGE_VERB = re.compile(
    r"^how\s+(?:has|have|did|do|does)\s+(?:the\s+)?(?P<what>.+?)\s+(?:changed|developed|evolved|"
    r"grown|grow|change|develop|evolve|moved|trended|fared)\b(?P<rest>.*)$",
    re.IGNORECASE,
)
HAVE_VERB = re.compile(  # "What safety features does the Corvane T4 forklift have"
    r"^(?:what|which)\s+(?:kinds?\s+of\s+|types?\s+of\s+)?(?P<what>.+?)\s+(?:do|does|did)\s+"
    r"(?:the\s+)?(?P<whose>.+?)\s+(?:have|offer|include|provide|support|contain|feature)$",
    re.IGNORECASE,
)
WHICH_ARE = re.compile(  # "Which Fennick heater models are included in the 2025 safety recall"
    r"^(?:what|which)\s+(?P<what>(?!(?:is|are|was|were)\b)[^\s,]+(?:\s+[^\s,]+){0,5}?)\s+"
    r"(?:are|is|were|was|will\s+be)\s+(?P<rest>(?:[a-z]+ed|on|in|at|under|within|among|near|"
    r"along|from|for)\s[^,]+)$",
    re.IGNORECASE,
)
HOW_MANY = re.compile(  # "how many clinics does it run" -> "clinics"
    r"^how\s+(?:many|much)\s+(?P<what>.+?)\s+(?:(?:does|do|did|has|have|had|is|are|was|were|"
    r"will)\s+)?(?:it|they|he|she|the\s+\w+)\s+\w+$",  # or "how many homes it owns"
    re.IGNORECASE,
)
HOW_ADJECTIVE = re.compile(  # "how long is she" -> "Length"
    r"^how\s+(?P<adjective>long|tall|high|wide|deep|old|far|big|large|heavy|fast)\s+"
    r"(?:is|are|was|were)\s+(?:(?:the|its|their|his|her)\s+)?(?P<what>.+)$",
    re.IGNORECASE,
)
MEASURED = {  # what each adjective asks, named
    "long": "length",
    "tall": "height",
    "high": "height",
    "wide": "width",
    "deep": "depth",
    "old": "age",
    "far": "distance",
    "big": "size",
    "large": "size",
    "heavy": "weight",
    "fast": "speed",
}
PRONOUNS = frozenset("it she he they its her his their this that".split())
AUX_HEAD = re.compile(  # "has it had regulatory problems" -> "regulatory problems"
    r"^(?:has|have|had|does|do|did|is|are|was|were)\s+(?:it|they|there)\s+"
    r"(?:(?:had|have|been|faced|got|received|any)\s+)*(?P<what>\S.*)$",
    re.IGNORECASE,
)
CJK_ASKING = re.compile(
    r"是如何|是怎样|如何|怎样|怎么样|经历了怎样的|是什么|有哪些|是哪天|是哪|在哪里|是谁|是多少|"
    r"多少(?:公里|千米|平方米|亿元|万元|美元|[座个名家位辆台项次元人张条款件])?|"
    r"哪些|哪天|哪家|哪里|为什么|吗|呢|的走势|的?变化"
)


def sub_questions(question: str) -> list[str]:
    """The questions a question asks one after another ("What was X's revenue in 2025, how
    many robots did it ship, and who is its chief executive?"; "…是哪天开通运营的？线路全长多少
    公里？"), each as it reads; [] when it asks one."""
    parts = [p.strip(ENDS + ",，、") for p in SUB_SPLIT.split(question.strip())]
    # a request's opening sentences say what it is for: the questions follow ("I'm writing a
    # piece on the vessel Senna Halloway. How long is she, …")
    parts = [SENTENCE_END.split(p)[-1].strip(ENDS + ",，、") for p in parts]
    parts = [p for p in parts if p and len(p) > 2]
    return parts[:MAX_ASPECTS] if len(parts) > 1 else []


def part_phrase(part: str) -> str:
    """A part of a list read as a heading: one asked as a question as question_phrase reads it
    ("how many clinics does it run" -> "Clinics"), else the part as it is."""
    first = part.split()[:1]
    if first and first[0].lower() in QUESTION_WORDS | AUXILIARIES:
        return question_phrase(part)
    return part


AUXILIARIES = frozenset("has have had is are was were does do did".split())


def question_phrase(text: str) -> str:
    """A question read as a heading: "What was Kestrel's revenue in 2025" -> "Kestrel's revenue
    in 2025"; "How has water use in Pellham changed from 2019 to 2025" -> "Water use in Pellham
    from 2019 to 2025"; "What safety features does the Corvane T4 forklift have" -> "Corvane
    T4 forklift: safety features"; 最终总投资是多少 -> 最终总投资. Else the question without its
    mark."""
    text = text.strip().rstrip(ENDS)
    if len(CJK.findall(text)) > len(text) / 3:
        phrase = CJK_ASKING.sub("", text).strip("，、的是 ")
        return phrase if len(phrase) >= 2 else text
    sized = HOW_ADJECTIVE.match(text)
    if sized and sized["what"].strip().lower() in PRONOUNS:  # "How long is she" -> "Length"
        return MEASURED[sized["adjective"].lower()].capitalize()
    if have := HAVE_VERB.match(text):
        return f"{have['whose'][:1].upper()}{have['whose'][1:]}: {have['what']}"
    if many := HOW_MANY.match(text) or AUX_HEAD.match(text):
        return many["what"][:1].upper() + many["what"][1:]
    if which := WHICH_ARE.match(text):
        return f"{which['what'][:1].upper()}{which['what'][1:]} {which['rest']}"
    change = CHANGE_VERB.match(text)
    phrase = f"{change['what']}{change['rest']}" if change else WH_HEAD.sub("", text)
    phrase = re.sub(r"^(?:its|their|the)\s+", "", phrase.strip(), flags=re.IGNORECASE) or text
    return phrase[:1].upper() + phrase[1:]
