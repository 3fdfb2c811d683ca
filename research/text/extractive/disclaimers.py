"""A document that tells itself apart from the subject is about something else.

A writer who knows of a namesake says so: "The company, which is not connected to the milk
processor Garrow Dairy, ...", "It is a separate district from the city of Keswater",
"Tamberlin Tiles, which has no connection with the audio company of a similar name",
"望潮食品……与望潮港务集团无隶属关系", "鹭川有轨电车与鹭川地铁分属不同运营公司",
"该水库与岚溪古镇同名", "与同名手机品牌没有任何关系" (said by 青柚茶饮, whose own name holds 青柚).
Such a sentence
names the subject only to say the document is not about it. A document that disclaims the
subject (a disclaimer whose object names it, or one that speaks of a similar name while not
naming it as its own subject) and names it nowhere else, but for names that go on with words of
their own ("Garrow Dairy Equipment", "Keswater Valley"), is another thing's document.
"""

from __future__ import annotations

import re

from research.text.extractive.namesakes import another_name
from research.text.writing import is_cjk

# The object of the disclaimer follows the match (group "object" runs to the sentence's end).
SPACED = re.compile(
    r"\b(?:(?:is|are|was|were|be|being)\s+)?(?:not|never|no\s+longer)\s+(?:\w+\s+)?"
    r"(?:connected|related|affiliated|linked|associated|tied|part|owned)\s+(?:to|with|of|by)\b"
    r"|\b(?:no|any)\s+(?:\w+\s+)?(?:connection|relation|relationship|affiliation|link|links|"
    r"ties|association)\s+(?:to|with)\b"
    r"|\b(?:unrelated|unconnected|unaffiliated)\s+(?:to|with)\b"
    r"|\b(?:separate|distinct|different)\s+(?:\w+\s+){0,3}?from\b"
    r"|\bnot\s+to\s+be\s+confused\s+with\b|\bnothing\s+to\s+do\s+with\b|\bindependent\s+of\b",
    re.IGNORECASE,
)
SIMILAR_NAME = re.compile(
    r"\b(?:similar(?:ly)?[\s-]+name[ds]?|same\s+name|namesake|name\s+alike)\b"
    r"|同名|名称相近|名字相近|名称相似|名字相似|名称近似|容易混淆|请勿混淆|不要混淆",
    re.IGNORECASE,
)
# Chinese says what it is not related to before saying so: 与(object)无隶属关系.
CJK_BEFORE = re.compile(
    r"(?:与|和|跟|同)(?P<object>[^，。；！？,;]{2,24}?(?:相邻|毗邻)?)(?:之间)?[，,]?(?:两[馆家者所]?)?"
    r"(?:(?:并|均|也)?(?:无|没有|不存在|毫无)(?:任何|行政|直接)?(?:隶属|关联|从属|股权|投资|业务|合作)?"
    r"(?:关系|关联|联系)|无关|分?属不同|不是同一|并非同一|不属于同一|并无关联"
    r"|(?:仅|只是|只)?(?:名称|名字)(?:相近|相似|近似|相同)|同名|重名)"
)
CJK_AFTER = re.compile(
    r"(?:并非|并不是|不是|不属于|并不属于)(?P<object>[^，。；！？,;]{2,24}?)(?:的|旗下|下属|所属)"
)
SENTENCE = re.compile(r"[^.!?。！？\n]+[.!?。！？]*")


def disclaims(text: str, name: str) -> bool:
    """Whether `text` tells itself apart from the thing called `name` and names it nowhere
    else as itself."""
    disclaimed = False
    split = [(sentence, *_parts(sentence)) for sentence in SENTENCE.findall(text)]
    own = [kept for _, kept, _ in split]
    if any(SIMILAR_NAME.search(sentence) for sentence, _, _ in split):  # "与同名手机品牌…"
        longer = _own_longer_name(" ".join(own), name)
        own = [kept.replace(longer, " ") if longer else kept for kept in own]
    for (sentence, _, objects), kept in zip(split, own, strict=True):
        similar = SIMILAR_NAME.search(sentence) is not None and not _names(kept, name)
        if similar or any(_names(o, name, within=True) for o in objects):
            disclaimed = True
    return disclaimed and not any(_names(part, name) for part in own)


def _own_longer_name(text: str, name: str) -> str:
    """In Chinese, the longer name a text always gives where it gives `name` (青柚茶饮 for 青柚,
    in a tea chain's page that is "与同名手机品牌没有任何关系"): its own name, which says nothing
    of the thing called `name`; "" when it gives the name alone or goes on in several ways."""
    if not is_cjk(name[:1]):
        return ""
    after = {_going_on(text, m.end()) for m in re.finditer(re.escape(name), text)}
    if len(after) != 1:
        return ""
    (tail,) = after
    return name + tail if tail and all(is_cjk(ch) for ch in tail) else ""


def _going_on(text: str, at: int) -> str:
    """What a name goes on with: a place's level (县 of 榆岚县), else its next two characters."""
    return text[at] if text[at : at + 1] in PLACE_LEVELS else text[at : at + 2]


PLACE_LEVELS = "省市县区镇乡村"


def _parts(sentence: str) -> tuple[str, list[str]]:
    """A sentence without the objects of its disclaimers, and those objects."""
    objects = []
    spaced = SPACED.search(sentence)
    if spaced:
        objects.append(sentence[spaced.end() :])
        sentence = sentence[: spaced.start()]
    for pattern in (CJK_BEFORE, CJK_AFTER):
        for match in pattern.finditer(sentence):
            objects.append(match["object"])
        sentence = pattern.sub(" ", sentence)
    return sentence, objects


def _names(text: str, name: str, within: bool = False) -> bool:
    """Whether `text` names the thing itself: in Chinese, the name or (an object) a start of
    it that names its organisation (鹭川地铁 of 鹭川地铁3号线) or its name without its place
    (地铁5号线 of 临州地铁5号线); in a spaced script, the name not followed by capitalised words
    of another name ("Keswater Valley"), or (an object) its words after its first, as "the
    fruit cooperative" calls Valdera Fruit Cooperative."""
    if is_cjk(name[:1]):
        if name in text:
            return True
        tail = name[2:] if len(name) >= 5 else name  # 地铁5号线 of 临州地铁5号线
        return within and (
            tail in text or any(len(o) >= 3 and name.startswith(o) for o in _cjk_names(text))
        )
    for match in re.finditer(rf"(?<![\w-]){re.escape(name)}(?![\w-])", text):
        if not another_name(text[match.end() :]):
            return True
    after = name.split(maxsplit=1)[1:]  # "the fruit cooperative" of Valdera Fruit Cooperative
    return within and bool(after) and _called(after[0]).search(text) is not None


def _called(tail: str) -> re.Pattern[str]:
    """The name's words after its first, after "the" and before no other word: what a
    disclaimer calls the thing it is not ("not connected with the fruit cooperative, ...")."""
    return re.compile(rf"\bthe\s+{re.escape(tail)}(?![\w-])(?!\s+\w)", re.IGNORECASE)


def _cjk_names(text: str) -> list[str]:
    return [run for run in re.findall(r"[\u3400-\u9fff\w]+", text) if is_cjk(run[:1])]
