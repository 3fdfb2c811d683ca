"""What the plain words of a question's part ask for, in the words documents use for it.

A person asks "who owns it", "how big it is financially", "any lawsuits" or "who's running it";
the documents say "Harbrook Capital holds a 62% stake", "revenue of $418.6 million", "the
Dunmore Haulage claim" and "chief executive". Without a model, the search and the choice of
quotes see only shared words, so each part that names one of these common concerns of
research (ownership, size, debt, customers, litigation, leadership, risks, ...) is searched
and judged with the words its documents use as well, and titled as a heading ("Ownership").

Each concern is written once here, in English and Chinese: the words that ask for it (matched
as word stems in a spaced script, as substrings in Chinese), the words documents use for it,
its heading in each language, and the words that make a part ask for another concern
("how big it is financially" asks for financial results, not size).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from research.text.extractive.terms import language_of, terms
from research.text.writing import is_cjk


@dataclass(frozen=True)
class Concept:
    asked: tuple[str, ...]  # words that ask for it
    said: str  # the words documents use for it
    heading: tuple[str, str]  # English, Chinese
    unless: tuple[str, ...] = ()  # words that make the part ask for another concern
    needs: tuple[str, ...] = ()  # words of which the part must say one, when given


LEADS = (
    "running",
    "runs",
    "run",
    "leadership",
    "leaders",
    "management",
    "managers",
    "led",
    "leads",
    "head",
    "领导",
    "管理层",
    "负责人",
)
SCHOOLS = tuple("school schools academy college university 学校 中学 小学 学院 大学".split())

CONCEPTS = (
    Concept(
        (
            "own",
            "owns",
            "owned",
            "owner",
            "owners",
            "ownership",
            "shareholder",
            "shareholders",
            "shareholding",
            "股权",
            "股东",
            "控股",
            "持股",
            "谁拥有",
            "所有权",
        ),
        "ownership shareholders shares stake owner holds controlling 股东 股权 持股 控股",
        ("Ownership", "股权结构"),
        unless=("many", "much"),  # "how many homes it owns" counts what it owns
    ),
    Concept(
        (
            "financially",
            "financials",
            "financial",
            "finances",
            "revenue",
            "revenues",
            "turnover",
            "sales",
            "profit",
            "profits",
            "earnings",
            "营收",
            "收入",
            "利润",
            "财务",
            "业绩",
        ),
        "revenue profit financial turnover sales EBITDA earnings margin surplus "
        "营业收入 营收 净利润 利润 毛利率",
        ("Financial results", "财务状况"),
    ),
    Concept(
        (
            "debt",
            "debts",
            "borrowing",
            "borrowings",
            "leverage",
            "loans",
            "indebted",
            "债务",
            "负债",
            "借款",
            "杠杆",
        ),
        "debt borrowings loans leverage bonds notes facility 负债 有息负债 借款 债券 贷款",
        ("Debt", "债务"),
    ),
    Concept(
        ("customer", "customers", "clients", "client", "buyers", "accounts", "客户", "买家"),
        "customers clients accounts contracts largest customer 客户 大客户 前五大客户 订单",
        ("Main customers", "主要客户"),
    ),
    Concept(
        (
            "lawsuit",
            "lawsuits",
            "litigation",
            "legal",
            "sued",
            "suing",
            "disputes",
            "dispute",
            "claims",
            "court",
            "诉讼",
            "纠纷",
            "仲裁",
            "官司",
            "起诉",
        ),
        "lawsuit litigation tribunal court claim dispute sued damages settlement "
        "诉讼 纠纷 仲裁 起诉 判决",
        ("Litigation", "诉讼与纠纷"),
    ),
    Concept(  # a school is run by its head and governors, not a chief executive
        LEADS,
        "headteacher principal head governors trust appointed 校长 校领导",
        ("Leadership", "管理团队"),
        unless=("many", "much"),
        needs=SCHOOLS,
    ),
    Concept(
        (
            *LEADS,
            "executives",
            "executive",
            "ceo",
            "founder",
            "founders",
            "team",
            "高管",
            "管理团队",
            "领导班子",
            "创始人",
            "团队",
        ),
        "chief executive CEO chair chairman CFO founder management board appointed "
        "董事长 总经理 首席执行官 创始人 高管 管理团队",
        ("Leadership", "管理团队"),
        unless=("many", "much", *SCHOOLS),  # "how many clinics does it run": what it runs
    ),
    Concept(
        ("risk", "risks", "threats", "concerns", "weaknesses", "风险", "隐患"),
        "risk risks concentration exposure dependence uncertainty 风险 依赖 集中度 不确定",
        ("Risks", "主要风险"),
    ),
    Concept(
        (
            "environmental",
            "environment",
            "compliance",
            "regulatory",
            "emissions",
            "环保",
            "合规",
            "排放",
            "监管",
        ),
        "environmental compliance permit emissions fine penalty inspection "
        "环保 合规 排放 处罚 罚款 环评 许可",
        ("Compliance", "环保与合规"),
    ),
    Concept(
        (
            "capacity",
            "output",
            "production",
            "factories",
            "plants",
            "产能",
            "产量",
            "生产线",
            "工厂",
        ),
        "capacity output production plant factory lines 产能 产量 生产线 工厂 基地",
        ("Capacity", "产能"),
    ),
    Concept(  # what a vessel, a reservoir or a hall holds: "How much water can it hold?"
        tuple("hold holds store stores seat seats accommodate 容纳 蓄水 库容".split()),
        "capacity holds volume seats 容量 库容 蓄水量 座位",
        ("Capacity", "容量"),
        # what a person or a company holds: a stake, an office, a meeting, a record, a patent
        unless=tuple(
            "stake stakes share shares shareholding office meeting meetings election elections "
            "record records patent patents position title lead 股 会议 职务".split()
        ),
    ),
    Concept(  # a school's size is its pupils: "an 11–16 school of 1,140 pupils"
        ("big", "size", "large", "规模", "多大"),
        "pupils students enrolment roll places 学生 在校生 招生",
        ("Size", "规模"),
        unless=("class", "classes", "班"),  # "class sizes": how many in each class
        needs=SCHOOLS,
    ),
    Concept(
        ("big", "size", "large", "scale", "规模", "多大", "面积"),
        "capacity size area hectares footprint megawatts scale 规模 面积 容量 装机",
        ("Size", "规模"),
        # a fund's or a balance sheet's size is money: "fund size", 基金规模, 资产规模
        unless=tuple("financially financial revenue fund funds assets aum".split())
        + SCHOOLS
        + tuple(
            "财务 营收 基金 资金 资产 募集 融资 大面积 大规模".split()
        ),  # 大面积停电: widespread
    ),
    Concept(  # what a fund holds: "the fund now stands at £2.35 million"
        ("big", "size", "large", "规模", "多大"),
        "stands worth value assets holds million billion 规模 资产 总额 余额",
        ("Fund size", "基金规模"),
        needs=tuple("fund funds assets aum 基金 资产".split()),
    ),
    Concept(
        ("electricity", "generate", "generated", "generation", "energy", "发电", "发电量"),
        "generation generated output GWh MWh capacity factor 发电量 发电 上网电量",
        ("Generation", "发电量"),
    ),
    Concept(
        (
            "funding",
            "funded",
            "raised",
            "investors",
            "financing",
            "valuation",
            "融资",
            "投资方",
            "估值",
        ),
        "funding round raised Series investors valuation led 融资 轮 领投 投资方 估值",
        ("Funding", "融资"),
        unless=("grant", "grants", "award", "awards", "awarded", "资助", "补助"),  # a fund's grants
    ),
    Concept(  # a fund's grants are its awards, and those who got them its recipients
        ("grant", "grants", "granted", "资助", "补助"),
        "award awards awarded recipient recipients 资助 获资助 受助",
        ("Grants", "资助"),
    ),
    Concept(  # how many use a line, a network or a service
        ("ridership", "patronage", "riders", "客流", "客流量", "客运量"),
        "passengers journeys trips boardings patronage riders 客流量 客运量 人次",
        ("Ridership", "客流"),
    ),
    Concept(  # what a product does, as release notes write it: "Dark mode. Lumen now follows …"
        ("feature", "features", "capability", "capabilities", "functionality", "功能", "特性"),
        "release released new added adds introduced launched lets support supports "
        "新增 推出 上线 发布 支持 版本",
        ("Features", "功能"),
    ),
    Concept(
        ("employees", "staff", "headcount", "workforce", "people", "员工", "人数", "雇员"),
        "employees staff headcount workforce 员工 人数 员工总数",
        ("Employees", "员工"),
    ),
    Concept(  # punctuality is reported as trains or flights on time
        ("punctuality", "punctual", "delays", "delayed", "准点", "准点率", "正点率", "晚点"),
        "punctuality punctual on time late delayed cancelled 准点 准点率 正点 晚点",
        ("Punctuality", "准点率"),
    ),
    Concept(  # a partnership is signed as a licence, an agreement or a collaboration
        (
            "partner",
            "partners",
            "partnership",
            "partnerships",
            "alliance",
            "alliances",
            "collaboration",
            "collaborations",
            "合作",
            "合作伙伴",
            "合作方",
        ),
        "partnership partner licence license agreement collaboration alliance deal "
        "合作 协议 授权 许可 战略合作",
        ("Partnerships", "合作伙伴"),
    ),
)
# A part asked as a question: in English by its first word, in Chinese by a question word
# anywhere ("主要客户是谁").
_ASKS = re.compile(
    r"^(?:who|whom|whose|what|which|how|any|is|are|does|do|did|whether)\b"
    r"|谁|哪|多少|多大|多长|多高|几|是否|有没有|有无|怎么|怎样|如何|什么",
    re.IGNORECASE,
)


def concepts_of(part: str, of: str = "") -> list[Concept]:
    """The concerns the part's words ask for, in CONCEPTS' order; `of`, the thing the part is
    asked of, tells which ("the size" of a fund is money, of a reservoir its capacity)."""
    stems = set(terms(part))
    context, around = f"{part} {of}", set(terms(f"{part} {of}"))
    found = []
    for concept in CONCEPTS:
        if any(_has(context, around, word) for word in concept.unless):
            continue
        if concept.needs and not any(_has(context, around, word) for word in concept.needs):
            continue
        for word in concept.asked:
            if _has(part, stems, word):
                found.append(concept)
                break
    return found


def _has(part: str, stems: set[str], word: str) -> bool:
    """Whether the part says the word: as a substring in Chinese, as a stem otherwise."""
    if is_cjk(word[:1]):
        return word in part
    stemmed = set(terms(word))  # a stopword ("many") as it is written
    return bool(stemmed & stems) if stemmed else word in part.lower().split()


def said_for(part: str, of: str = "") -> str:
    """The words documents use for what the part asks ("stake shareholders …" for "who owns
    it") of the thing `of`, those it has already left out; "" when it asks for none of the
    concerns."""
    have = set(terms(part))
    cjk = is_cjk(part.strip()[:1])
    words = [w for c in concepts_of(part, of) for w in c.said.split() if is_cjk(w[:1]) == cjk]
    return " ".join(dict.fromkeys(w for w in words if not set(terms(w)) <= have))


def heading_for(part: str) -> str:
    """A heading for a part asked as a question ("who's running it" -> "Leadership"), in the
    part's language, when it asks for exactly one concern; "" otherwise (the part's own words
    make the heading)."""
    found = concepts_of(part)
    if len(found) != 1 or not _ASKS.search(part.strip()):
        return ""
    return found[0].heading[1 if language_of(part) == "zh" else 0]  # "3月12日……": Chinese
