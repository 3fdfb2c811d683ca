"""The parts a how or why question asks for, without a model.

"Why did the storage plant catch fire?" asks for the causes first, then what happened and what
followed (losses, fines, fixes); "How does the gate process a pickup?" and
明禾乳业的鲜牛奶是怎样生产出来的 ask for the steps of a process, then the times and figures that
go with them ("How does WAL mode work" asks how a mechanism works, which the question's own
words plan); "How did Salmonella end up in the bars?" asks how an event came about, its
causes, as a why question does. A careful reader's report is laid out by those parts, and each
part is searched with the words documents use for it ("caused", "root cause", 导致, 认定;
"step", "procedure", 工序): an investigation's findings on its second page are found by the
search for causes, where the question's own words find its first.

Each part is written once here, in English and Chinese: its heading in each language and the
words documents use for it. A question about a change over time ("How has X changed"), a
quantity ("How many", 多少) or a comparison is none of these.
"""

from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass(frozen=True)
class Angle:
    heading: tuple[str, str]  # English, Chinese
    said: tuple[str, str]  # the words documents use for it, in English and in Chinese


WHY = (
    Angle(
        ("Causes", "原因"),
        ("cause caused because due root found triggered led", "原因 导致 引发 认定 由于 起因"),
    ),
    Angle(
        ("What happened", "事件经过"),
        ("happened occurred began timeline hours minutes", "发生 经过 时许 随后 到场 控制"),
    ),
    Angle(
        ("Consequences and response", "影响与整改"),
        ("losses affected impact measures changes fined", "损失 影响 整改 措施 处罚 恢复"),
    ),
)
HOW = (
    Angle(
        ("Steps", "步骤"),
        ("step steps process procedure stage first then", "步骤 流程 环节 工序 首先 然后"),
    ),
    Angle(
        ("Times and figures", "时间与数据"),
        ("minutes hours days average capacity per", "分钟 小时 工作日 平均 时长 能力"),
    ),
)

ASKS_WHY = re.compile(
    r"^\s*why\b|\bwhat\s+(?:caused|led\s+to|went\s+wrong)|\breasons?\s+(?:for|why)\b|"
    r"为什么|为何|什么原因|怎么会|原因是",
    re.IGNORECASE,
)
ASKS_HOW = re.compile(
    r"^\s*how\s+(?:does|do|did|is|are|was|were|can|to)\b|^\s*(?:explain|describe)\s+how\b|"
    r"怎么|怎样|如何",
    re.IGNORECASE,
)
NOT_HOW = re.compile(
    r"^\s*how\s+(?:many|much|long|far|big|large|old|often)\b|\b(?:changed?|grown?|grew|"
    r"evolved?|developed|trended|compare[sd]?|differ)\b|变化|走势|趋势|多少|几|相比|比较|对比",
    re.IGNORECASE,
)


# A how question about a process, not a mechanism ("How does WAL mode work" is no process).
PROCESS = re.compile(
    r"\b(?:make|makes|made|produce[sd]?|process(?:es|ed)?|handle[sd]?|build|built|"
    r"manufacture[sd]?|brew(?:s|ed)?|prepare[sd]?|apply|approve[sd]?|install(?:ed)?|"
    r"assemble[sd]?|step\s+by\s+step|steps)\b|生产|制作|制造|申请|审批|办理|流程|步骤|加工|酿造",
    re.IGNORECASE,
)


# How an event came about, which asks its causes as "why" does ("How did Salmonella end up in
# the bars?", "How did the migration fail?"): a past "how did" that asks no process.
HOW_IT_CAME = re.compile(r"^\s*how\s+did\b", re.IGNORECASE)


def angles(question: str) -> tuple[Angle, ...]:
    """The parts a how or why question asks for, in order; () for any other question."""
    if ASKS_WHY.search(question):
        return WHY
    if not ASKS_HOW.search(question) or NOT_HOW.search(question):
        return ()
    if PROCESS.search(question):
        return HOW
    return WHY if HOW_IT_CAME.search(question) else ()
