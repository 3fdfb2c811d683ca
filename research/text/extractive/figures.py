"""Figures in a sentence, in English and Chinese: sums of money, shares, counts, quarters, dates.

A figure is what a reader of a brief looks for: "$18.4 million", "31%", "1,240 robots",
"Q4 2026", "June 30, 2026", "1840万美元", "14个城市". Each has a kind, and a count has the word
it counts, so that two sentences can be told to state the same kind of measure; `label` names
the measure a figure gives (the words before it in its clause, or the label before a colon).
Dates (written in full, "February 2026", or 2026年2月) also date a text: `dates_in`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from research.text.extractive.terms import STOPWORDS, terms
from research.text.writing import CJK, is_cjk

MONTHS = (
    "january february march april may june july august september october november december"
).split()
_MONTH = "(?:" + "|".join(m.capitalize() for m in MONTHS) + ")"
_NUMBER = r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?"
_MEASURE_WORDS = "人次|架次|标箱|台|项|家|座|名|位|人|次|辆|款|份|周|天|吨"
_SCALE = r"(?:\s?(?:million|billion|thousand|trillion|bn|mn|m|k)\b|[MBK]\b)?"
_PATTERNS = [
    ("date", rf"\b{_MONTH}\s+\d{{1,2}},\s+\d{{4}}\b|\b\d{{4}}-\d{{2}}-\d{{2}}\b"),
    ("date", r"\d{4}年\d{1,2}月(?:\d{1,2}日)?"),
    ("quarter", r"\b(?:Q[1-4]|H[12])\s?(?:FY\s?)?\d{4}\b"),
    ("quarter", r"\d{4}年(?:第[一二三四1-4]季度|[上下]半年)"),
    ("date", rf"\b{_MONTH}\s+\d{{4}}\b"),
    ("money", rf"(?:US|A|C)?[$€£¥]\s?(?:{_NUMBER}){_SCALE}"),
    ("money", rf"(?:{_NUMBER})\s?(?:万|亿|千万|百万)?(?:美元|元|人民币|欧元|英镑|日元)"),
    ("money", rf"(?:{_NUMBER}){_SCALE}\s(?:dollars|euros|pounds|USD|EUR|GBP|CNY|RMB)\b"),
    ("percent", rf"(?:{_NUMBER})\s?%|百分之[零一二三四五六七八九十百点]+"),
    ("count", rf"(?:{_NUMBER})\s?(?:万|亿)?(?:个月|个工作日|个[{CJK}]{{1,2}}|{_MEASURE_WORDS})"),
    (
        "count",
        rf"(?<![\w.$€£¥-])(?:{_NUMBER}){_SCALE}\s(?:[a-z][a-z-]+)(?:\s(?:in|of)\s(?!(?:the|a|an|its|their)\b)[a-z]+)?",
    ),
]
FIGURE = re.compile("|".join(f"(?P<{kind}{i}>{p})" for i, (kind, p) in enumerate(_PATTERNS)))
_AMOUNT = re.compile(
    r"\d+(?:\.\d+)?|million|billion|thousand|trillion|万|亿|%|(?<=\d)\s?(?:mn|bn|[mbkMBK])\b"
)
_SCALES = {"m": "million", "mn": "million", "b": "billion", "bn": "billion", "k": "thousand"}
_YEAR_LIKE = re.compile(r"^(?:19|20)\d\d$")
_NOT_COUNTED = frozenset(
    "per percent of to and or in on at a the than times million billion thousand trillion".split()
)
# A number that follows a name's capitalised word ("E-Scout 2", but not at a sentence's start
# or after a possessive) or a word that introduces an identifier ("model 3", "version 2").
_NAMED = re.compile(
    r"(?:(?<=[a-z,;] )[A-Z][\w-]*(?<!'s)|\b(?:model|version|type|no\.|number|room|gate|line|"
    r"platform|phase|firmware|ISO|IEC))\s$",
)
_STOP = re.compile(r"[.!?][\"'”’)]*\s+|[。！？][\"'”’)」』]*")  # where a sentence ends
_CLAUSE = re.compile(r",(?!\d)|[;:(，；：（]|\band\b|\bwhile\b|\bwhich\b|以及|并且|而")


@dataclass(frozen=True)
class Figure:
    value: str  # as the sentence writes it
    kind: str  # date, quarter, money, percent, count
    unit: str  # what a count counts ("robot", "城市"); "" for other kinds
    start: int  # where it starts in the sentence

    @property
    def amount(self) -> str:
        """The number it states, with its scale ("18.4 million", "1840万"), as compared."""
        found = _AMOUNT.findall(self.value.replace(",", ""))
        return " ".join(_SCALES.get(a.strip().lower(), a.strip()) for a in found)

    @property
    def key(self) -> tuple[str, str]:
        """What kind of measure it gives: two figures with the same key can be compared."""
        return self.kind, self.unit


def figures(sentence: str) -> list[Figure]:
    """The figures of a sentence, in order; a year alone ("in 2026") is not one."""
    found = []
    for match in FIGURE.finditer(sentence):
        kind = re.sub(r"\d+$", "", match.lastgroup or "")
        value = match.group(0).strip()
        unit = _unit(value, sentence[match.end() : match.end() + 2]) if kind == "count" else ""
        if kind == "count" and (not unit or _YEAR_LIKE.match(value.split()[0])):
            continue  # "2024 survey": a year, not a count
        if kind == "count" and _NAMED.search(sentence[: match.start()]):
            continue  # "the E-Scout 2 pairs", "model K 3": a name's number, not a count
        if kind == "count" and not re.search(f"[{CJK}]", value):
            value = _with_noun(value, sentence[match.start() + len(value) :])
        found.append(Figure(value, kind, unit, match.start()))
    return found


def _with_noun(value: str, after: str) -> str:
    """A count with the noun its first word qualifies: "68,400 smart meters", "57 customer
    sites" (not "68,400 smart")."""
    words = [w for w in value.split()[1:] if w not in _SCALE_WORDS]
    following = re.match(r" ([a-z][a-z-]+)\b", after)
    if not words or _plural(words[0]) or not following or not _plural(following.group(1)):
        return value
    return value + following.group(0) if len(words) == 1 else value


def _plural(word: str) -> bool:
    """A plural noun or a unit: what a count counts ("robots", "people", "km")."""
    return word in _UNITS or word in _PLURALS or (word.endswith("s") and not word.endswith("ss"))


def _unit(value: str, after: str) -> str:
    """The word a count counts: "1,240 robots in service" -> "robot"; "14个城市" -> "城市";
    "1240台机器人" -> "台机器" (its measure word and the characters after it)."""
    cjk = re.search(f"[{CJK}]+$", value)
    if cjk:
        word = cjk.group(0)
        if word.startswith("个") and len(word) > 1:
            return word[1:]
        return word + "".join(re.findall(f"[{CJK}]", after))
    words = value.split()
    noun = next((w for w in words[1:] if w.isalpha() and w not in _NOT_COUNTED), "")
    if not noun or noun in STOPWORDS or noun in MONTHS:
        return ""
    stems = terms(noun)
    return stems[0] if stems else ""


def states_figures(sentence: str) -> bool:
    return any(f.kind != "date" for f in figures(sentence))


def label(sentence: str, figure: Figure) -> str:
    """The measure `figure` gives, a noun phrase in the sentence's words; "" when the sentence
    does not name one. The label before a colon the figure follows ("Gross margin: 31%");
    else the noun phrase its clause joins to it ("revenue reached", "total funding to", "a
    mean flow of"; 认缴规模, 完成集装箱吞吐量); else what the figure is of ("$22 million Series
    A", "1,240 robots in service", 15亿元中期票据); else the sentence's subject ("At 1,140
    metres, the main span is..."). Never the start of a sentence ("Kestrel had", "It rises"),
    a pronoun or a bare owner ("the company"), nor a phrase ending on a function word."""
    cut = max((m.end() for m in _STOP.finditer(sentence, 0, figure.start)), default=0)
    if cut:  # "… no noise cancelling. £149": the sentence before names nothing of it
        sentence, figure = sentence[cut:], replace(figure, start=figure.start - cut)
    colon = _colon_label(sentence, figure)
    if colon:
        return colon
    chinese = bool(re.search(f"[{CJK}]", sentence[max(0, figure.start - 12) : figure.start + 12]))
    found = _chinese_label(sentence, figure) if chinese else _english_label(sentence, figure)
    return _tidy(found) if names_a_measure(found) else ""


def _colon_label(sentence: str, figure: Figure) -> str:
    """ "Revenue: $15.2 million", not "Funding: the runway is 22 months"."""
    colon = re.match(r"^\s*([^:：]{2,60})[:：]", sentence)
    if not colon or colon.end() > figure.start:
        return ""
    between = sentence[colon.end() : figure.start]
    close = len(between) <= 12 if re.search(f"[{CJK}]", between) else len(between.split()) <= 2
    name = _tidy(_ENUMERATOR.sub("", colon.group(1).strip()))
    if close and len(colon.group(1).split()) <= 6 and names_a_measure(name):
        return name
    return ""


def _english_label(sentence: str, figure: Figure) -> str:
    head = sentence[: figure.start]
    clause = _CLAUSE.split(head)[-1]
    words = clause.split()
    if re.search(r"\b(?:which|who)\s*$", head[: len(head) - len(clause)]):
        words = words[1:] or [""]  # "which knocks 30% off": its verb first; no subject
    joining: list[str] = []  # "revenue of", "rose to about", "reduced from 90 to"
    while words and (_bare(words[-1]) in _JOINING or _NUMERIC.match(words[-1])):
        joining.append(_bare(words.pop()))
    if "than" in joining and joining[joining.index("than") + 1 :][:1] not in (["more"], ["less"]):
        return ""  # "a little lower than the 8.3 m³/s": what it is compared with
    if not words and {"up", "down"} & set(joining):  # "revenue of $27.9 million, up 21%"
        return _changed(sentence, figure, joining)
    attributive = joining[:1] in (["the"], ["a"], ["an"]) and (
        figure.kind != "count" or _bare(figure.value.split()[-1]) in _UNITS
    )  # "the 38 km Vellmar Coastal Trail", "the 30% federal credit": of the words after it
    if attributive and (after := _noun_phrase(_after(sentence, figure), forward=True)):
        return after
    if words and not (_NOT_JOINING & set(joining)):  # "ended the quarter with": not its name
        name, linked = _before(words, figure)
        joined = linked or {"of", "to"} & set(joining)
        if name and (figure.kind != "count" or joined and name.lower() not in _VAGUE):
            return name  # a count is named by what it counts unless joined to a name
    if figure.kind == "count" and (counted := _counted(sentence, figure, words)):
        return counted
    after = _noun_phrase(_after(sentence, figure), forward=True) if figure.kind != "count" else ""
    return after or (_subject(sentence, figure.start) if not words else "")


def _changed(sentence: str, figure: Figure, joining: list[str]) -> str:
    """A change after a figure ("revenue of $27.9 million, up 21%") names that figure's
    measure's growth or decline; the value it changed from ("up 21% from $23.1 million") is
    not named."""
    earlier = [f for f in figures(sentence[: figure.start]) if f.kind != "date"]
    if "from" in joining or figure.kind != "percent":
        return ""
    name = label(sentence, earlier[-1]) if earlier else _subject(sentence, figure.start)
    return f"{name} {'growth' if 'up' in joining else 'decline'}" if name else ""


def _before(words: list[str], figure: Figure) -> tuple[str, bool | None]:
    """The noun phrase the clause's last words give the figure, and whether a verb links it
    ("revenue reached"); None for that when the clause's subject owns the figure instead
    ("Sorrelwick has raised", "the company had")."""
    words = list(words)
    last = _bare(words[-1])
    if last in _PRICED:  # "Fleet Plus costs $3,200": its price
        name = _noun_phrase(words[:-1])
        return (f"{name} price" if name else ""), True
    linked = last in _LINKING or _passive(words)
    if not linked and (last in _AUXILIARY | _VERBS or _verbish(words, len(words) - 1)):
        return "", None
    verb = ""
    while words and (_bare(words[-1]) in _LINKING | _AUXILIARY | _ADVERBS or _passive(words)):
        verb = verb or _bare(words[-1])
        words.pop()
    words = _TIME_TAIL.sub("", " ".join(words)).split()  # "demand in April 2020 fell"
    name = _head(words) if linked else _noun_phrase(words)
    if not linked and len(words) > len(name.split()):
        verb = _bare(words[-len(name.split()) - 1])  # "grew revenue 18%"
    if name and figure.kind == "percent" and verb in _RISING | _FALLING:
        name += " growth" if verb in _RISING else " decline"
    return name, linked


def _noun_phrase(words: list[str], forward: bool = False) -> str:
    """The noun phrase that ends `words` (or, `forward`, begins them): back (or on) to a
    determiner, pronoun, preposition, verb, possessive or number; six words at most."""
    order = range(len(words)) if forward else range(len(words) - 1, -1, -1)
    kept: list[str] = []
    for k in order:
        word = words[k]
        named = k > 0 and words[k - 1][:1].isupper() and _bare(words[k - 1]) not in _STOPS
        letter = named and len(_bare(word)) == 1 and word[:1].isupper()  # "Series A"
        number = named and word.isdigit() and not _YEAR_LIKE.match(word)  # "Hearth 13"
        if _bare(word) in _STOPS and not letter or _NUMERIC.match(word) and not number:
            break
        if _possessive(word):
            break
        if _verbish(words, k) or (forward and (re.search(r"\d", word) or word[:1] in "([（")):
            break
        if forward and k + 1 < len(words) and _bare(words[k + 1]) in _PARTICLES:
            break  # "the 30% credit steps down": a phrasal verb
        kept.append(word.strip("“”\"',"))
        if len(kept) == 6:
            break
    if not forward and kept and len(words) > len(kept):
        if _bare(words[-len(kept) - 1]) in {"which", "that", "who"}:  # "which knocks 30% off"
            kept.pop()
    return " ".join(kept if forward else reversed(kept))


def _verbish(words: list[str], k: int) -> bool:
    """ "booked", "raised", "led": a verb's past form; not after a determiner or possessive
    ("its deployed fleet", "the company's installed base"), nor a compound ("Denver-based")."""
    word = _bare(words[k])
    if len(word) < 3 or not word.endswith("ed") or word.endswith("eed") or "-" in word:
        return False
    previous = words[k - 1] if k else ""
    return _bare(previous) not in _DETERMINERS and not _possessive(previous)


def _passive(words: list[str]) -> bool:
    """ "is reduced", "was revised": a past participle after a form of "be"."""
    return len(words) > 1 and _bare(words[-2]) in _BE and _bare(words[-1]).endswith("ed")


def _after(sentence: str, figure: Figure) -> list[str]:
    """The words after the figure that say what it is of: "$22 million Series A", "$62 million
    in a Series B round"."""
    rest = sentence[figure.start + len(figure.value) :]
    rest = re.sub(r"^\s+(?:(?:in|for)\s+)?(?:(?:a|an|the|its|their)\s+)?", " ", rest)
    return _CLAUSE.split(rest)[0].split()


def _counted(sentence: str, figure: Figure, before: list[str]) -> str:
    """What a count counts, with the participle after it or the verb before it: "Robots in
    service", "Systems installed", "Robots shipped"."""
    words = [w for w in figure.value.split()[1:] if _bare(w) not in _SCALE_WORDS]
    if not words or any(_bare(w) in _UNITS for w in words):  # "540 metres" counts no thing
        return ""
    if not _plural(_bare(words[-1] if len(words) == 2 else words[0])):
        return ""  # "212 retail and manufacturing clients": it cannot be told what it counts
    after = _PARTICIPLE.match(sentence, figure.start + len(figure.value))
    verb = _bare(before[-1]) if before and before[-1] else ""
    if after:
        words.append(after.group(1))
    elif verb and (verb in _VERBS or _verbish(before, len(before) - 1)):
        words.append(verb)
    head = _bare(before[-1]) if before and before[-1] else ""
    if head in _VAGUE:  # "an average of 9,850 vehicles": average vehicles
        words.insert(0, head)
    return " ".join(words)


def _subject(sentence: str, at: int) -> str:
    """The noun phrase before the last linking verb before `at` ("Grid revenue is still small,
    at 6%"), or else before the sentence's first ("At 1,140 metres, the main span is...")."""
    words = sentence[:at].split()
    linking = [k for k, w in enumerate(words) if _bare(w) in _LINKING]
    if not linking:
        words = sentence.split()
        linking = [k for k, w in enumerate(words) if _bare(w) in _LINKING][:1]
    return _head(words[: linking[-1]]) if linking else ""


def _head(words: list[str]) -> str:
    """A subject's noun phrase, the head of "the final cost of the scheme" (not "scheme")."""
    name = _noun_phrase(words)
    rest = words[: len(words) - len(name.split())]
    while rest and _bare(rest[-1]) in _DETERMINERS:
        rest = rest[:-1]
    if name and rest and _bare(rest[-1]) == "of" and _noun_phrase(rest[:-1]):
        return _noun_phrase(rest[:-1])
    return name


def _chinese_label(sentence: str, figure: Figure) -> str:
    clause = re.split(r"[，,；;：:。、]", sentence[: figure.start])[-1]
    if "（" in clause or "(" in clause:  # "全省平均水平（约15%）": of the words before it
        inside = re.split(r"[（(]", clause)[-1]
        clause = inside if _ZH_TAIL.sub("", inside).strip() else re.split(r"[（(]", clause)[-2]
    qualifies = clause.rstrip().endswith("的")  # "拟定的10亿元注册规模": of what follows
    name = _ZH_TIME.sub("", _ENUMERATOR.sub("", clause.strip()))
    name = _ZH_YEAR.sub("", name)  # "公司2025年营业收入为": its date is the as-of, not its name
    placed = _ZH_PLACE.search(name)  # "青隼在14个城市": where, not what
    name = _ZH_TAIL.sub("", name)
    if qualifies or placed or not name or _ZH_VERB_END.search(name):
        return _chinese_after(sentence, figure)
    verbs = list(_ZH_VERB.finditer(name))
    if verbs and len(name) - verbs[-1].end() >= 2:
        name = name[verbs[-1].end() :]  # "集团新增银行借款" -> 银行借款
    return _ZH_TIME.sub("", name)


def _chinese_after(sentence: str, figure: Figure) -> str:
    """What a Chinese figure is of, after it: "15亿元中期票据" -> 中期票据; "11个项目" -> 项目."""
    if figure.kind == "count" and figure.unit and figure.value.endswith(figure.unit):
        return figure.unit
    rest = sentence[figure.start + len(figure.value) :]
    run = re.match(f"[A-Za-z0-9]{{0,3}}[{CJK}]{{2,8}}", rest)  # "1.2亿元B轮融资"
    return _ZH_STOP.split(run.group(0))[0] if run else ""


# A comparison alone, which says how much more, not of what: "11.3% more than …".
_COMPARED = frozenset("more less fewer higher lower greater smaller larger up down".split())


def names_a_measure(name: str) -> bool:
    """Whether `name` can name a measure (head a key figure's row): a word or character first,
    short, and not a sentence's start (a pronoun, a bare owner) nor ending on a function
    word."""
    name = name.strip()
    words = name.split()
    if not words or not (name[0].isalpha() or is_cjk(name[0])):
        return False
    cjk = sum(map(is_cjk, name))
    if cjk > 16 or (not cjk and len(words) > 8) or (cjk and len(name) < 2):
        return False
    first, last = _bare(words[0]), _bare(words[-1])
    letter = len(words[-1]) == 1 and words[-1].isupper()  # "Series A"
    if first in _PRONOUNS or name.lower() in _OWNERS or name.lower() in _COMPARED:
        return False
    if last in _STOPS - _RISING - _FALLING and not letter:
        return False
    if cjk and re.search(r"\d{4}", name):  # "距2027年": a time, not a measure
        return False
    return not (cjk and name[-1] in "的了在为是和与及或从到对约")


def _bare(word: str) -> str:
    return word.strip("“”\"'()[],.;:").lower()


def _possessive(word: str) -> bool:
    return bool(re.search(r"(?:'s|’s|s'|s’)$", word.strip(",.")))


def _tidy(text: str) -> str:
    text = text.strip(" \t.,;:-–—“”\"'")
    if text.count("(") != text.count(")") or text.startswith(")"):
        text = text.strip("()（）")
    text = re.sub(r"^(?:the|a|an)\s+", "", text, flags=re.I)
    return text[:1].upper() + text[1:]


_NUMERIC = re.compile(r"^[(\[]?[$€£¥]?\d[\d,.%]*[)\]]?$")
_SCALE_WORDS = frozenset("million billion thousand trillion bn mn m k".split())
_JOINING = frozenset(
    "of to at from about around roughly nearly almost approximately some over under up down "
    "than more less just only a an the record estimated with for by in on as per".split()
)
_PARTICLES = frozenset("down up out off back".split())
_TIME_TAIL = re.compile(
    r"\s+(?:in|during|for|by|at|as of|over)\s+(?:(?:early|late|mid)\s+)?(?:[A-Z][a-z]+\s+)?"
    r"(?:Q[1-4]\s+|H[12]\s+|FY\s?)?(?:19|20)\d\d(?:\s?[–-]\s?(?:19|20)?\d\d)?$"
)
_PARTICIPLE = re.compile(  # "18,400 systems installed as of", not "4,200 homes received fittings"
    r"\s+([a-z]{3,}ed)\b(?=\s*(?:$|[,.;:)]|\s(?:in|on|at|by|as|since|to|from|for|across|during|"
    r"until|before|after|over|under)\b))"
)
_PLURALS = frozenset(
    "people staff children men women personnel aircraft sheep fish police cattle".split()
)
_VAGUE = frozenset("average total number amount figure level record count sum peak".split())
_NOT_JOINING = frozenset("with in on as per".split())
_UNITS = frozenset(
    "metres meters metre meter km kilometres kilometers miles mile kg tonnes tons litres liters "
    "minutes minute hours hour seconds days weeks months years kwh kw mw gw mph hectares acres "
    "feet foot inches degrees min mins hrs hr h sec secs s ms microns mm cm grams kilograms "
    "pounds ounces watts volts amps cumecs decibels calories bytes gigabytes terabytes".split()
)
_VERBS = frozenset(
    "made took gave got paid spent won sold bought held kept brought saw set put cut built ran "
    "led told".split()
)
_BE = frozenset("is was are were be been being".split())
_LINKING = _BE | frozenset(
    "reached reaches totalled totaled totals stood stands averaged averages came comes amounted "
    "amounts hit hits rose rises risen fell falls fallen grew grows grown climbed climbs dropped "
    "drops declined declines increased increases decreased decreases jumped jumps slipped slips "
    "passed passes topped tops exceeded exceeds surpassed surpasses neared nears remained "
    "remains stayed stays became becomes equalled equaled equals represented represents "
    "accounted accounts".split()
)
_AUXILIARY = frozenset(
    "has have had having will would could should may might can did does do".split()
)
_ADVERBS = frozenset("also still already now just then currently expected".split())
_PRICED = frozenset("costs sells sold priced retails retailed".split())
_RISING = frozenset(
    "grew grows rose rises climbed climbs increased increases jumped gained up".split()
)
_FALLING = frozenset(
    "fell falls dropped drops declined declines decreased decreases slipped lost down".split()
)
_DETERMINERS = frozenset(
    "the a an its their his her our my your this that these those each every which whose what "
    "any all some no".split()
)
_PRONOUNS = frozenset("it they we he she there i you this that these those who which".split())
_OWNERS = frozenset("company firm group business startup organisation organization".split())
_STOPS = (
    _DETERMINERS
    | _PRONOUNS
    | _LINKING
    | _AUXILIARY
    | _PRICED
    | _RISING
    | _FALLING
    | _VERBS
    | frozenset(
        "in on at by for from with to into over under about after before during since until "
        "per via than as between among of against across off out and or but while whereas so "
        "because although said says".split()
    )
)
_ENUMERATOR = re.compile(
    r"^\s*(?:[（(][\d一二三四五六七八九十]{1,3}[）)]|[\d一二三四五六七八九十]{1,3}[、．]|[①-⑳])\s*"
)
_ZH_TIME = re.compile(
    r"^(?:截至|截止|到|在|于)?(?:(?:19|20)\d\d年(?:末|底|初|全年|上半年|下半年|第[一二三四1-4]季度|"
    r"\d{1,2}月(?:\d{1,2}日)?(?:末|底)?)?|\d{1,2}月(?:\d{1,2}日)?(?:末|底)?|今年|去年|上半年|"
    r"下半年|全年|年末|年底|本季度末?|本年度?|当年|同期)+"
)
_ZH_TAIL = re.compile(
    r"(?:不超过|超过|约为|达到|增至|降至|升至|调整为|提高到|提高至|增长至|下降至|共计|合计|总计|"
    r"累计|接近|将近|突破|约|为|是|达|共|逾|近|至|到|的|了|有|已|均|仅|超|占|以|在)+$"
)
_ZH_VERB = re.compile(
    r"拥有|完成|实现|新增|发行|录得|投资|提供|运营|覆盖|高于|低于|超过|向|对|在|于|将|把|由|从|与|及|占|和"
)
_ZH_VERB_END = re.compile(
    f"(?:{_ZH_VERB.pattern}|超出|少于|多于|减少|增加|降低|提高到|导致|造成|包括|涉及)$"
)
_ZH_YEAR = re.compile(
    r"(?:19|20)\d\d年(?:末|底|初|全年|上半年|下半年|第[一二三四1-4]季度|\d{1,2}月(?:\d{1,2}日)?)?"
)
_ZH_PLACE = re.compile(r"(?:在|于|向|对|从|与|和)$")
_ZH_STOP = re.compile(r"相应|同时|相继|分别|将|已|也|均|为|是|的|用于|调整|增长|下降|达")


def dates_in(text: str) -> list[tuple[int, int, int]]:
    """The dates written in full or as a month and year, as (year, month, day); day 0 for a
    month and year."""
    found = []
    for match in re.finditer(rf"\b({_MONTH})\s+(?:(\d{{1,2}}),\s+)?(\d{{4}})\b", text):
        month = MONTHS.index(match.group(1).lower()) + 1
        found.append((int(match.group(3)), month, int(match.group(2) or 0)))
    for match in re.finditer(r"\b(\d{4})-(\d{2})-(\d{2})\b", text):
        found.append((int(match.group(1)), int(match.group(2)), int(match.group(3))))
    for match in re.finditer(r"(\d{4})年(\d{1,2})月(?:(\d{1,2})日)?", text):
        found.append((int(match.group(1)), int(match.group(2)), int(match.group(3) or 0)))
    return [d for d in found if 1 <= d[1] <= 12 and 0 <= d[2] <= 31]
