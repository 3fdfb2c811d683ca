"""The document share bench/facts.py researches: a fictional delivery-robot company, in English
and in Chinese, with the brief's question, its fact checkpoints and its versioned measures.

Kestrel Robotics (青隼机器人) runs sidewalk delivery robots; its fiscal year ends on June 30 and
the current documents are of 2026. Every document is written here once, as Markdown; its path's
suffix says the format the bench makes of it (.pdf, .docx, .html, .md). Beside the current
documents are superseded ones with other figures (archive/2024, archive/2025, a draft price list,
a v0.3 roadmap) and distractors (HR, IT, facilities, brand) that share the question's words.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Doc:
    path: str  # its place in the share; the suffix is its format
    date: str  # ISO date it was written (a web result's publishedDate)
    text: str  # Markdown: the file itself for .md, rendered into the other formats


@dataclass(frozen=True)
class Checkpoint:
    name: str
    figures: tuple[str, ...]  # as the documents write them; any one found counts toward it


@dataclass(frozen=True)
class Measure:
    name: str
    current: str
    stale: tuple[str, ...]  # the superseded documents' values of the same measure


@dataclass(frozen=True)
class Corpus:
    question: str
    current_year: int  # a year before it in a sentence dates that sentence as history
    checkpoints: tuple[Checkpoint, ...]
    measures: tuple[Measure, ...]
    history_words: tuple[str, ...]  # words that mark a figure as history in a sentence
    documents: tuple[Doc, ...]


# --- English ----------------------------------------------------------------------------------

EN_CURRENT = (
    Doc(
        "reports/annual-report-2026.pdf",
        "2026-09-15",
        """# Kestrel Robotics Annual Report 2026

Fiscal year ended June 30, 2026. Published September 15, 2026.

## Letter from the chief executive

Fiscal 2026 is the year Kestrel Robotics became a delivery network rather than a pilot. Our
robots completed more deliveries in the last six months than in all the years before, and
grocers in every city we serve asked for more robots than we could build.

We also learnt hard lessons. A collision on Dover Street in Boston, described in our
post-mortem, showed that our perception software still had blind spots; we fixed them within
two days and published what happened.

Maya Okafor, Chief Executive Officer

## Financial highlights

- **Annual recurring revenue (ARR):** $18.4 million at June 30, 2026, up from $9.7 million a
  year earlier.
- **Revenue:** $15.2 million for fiscal 2026.
- **Gross margin:** 31%, compared with 12% a year earlier.
- **Cash runway:** 22 months at the current rate of spending.

Annual recurring revenue reached $18.4 million at the end of the fiscal year. Revenue for the
year came to $15.2 million, and gross margin improved to 31% as each robot made more deliveries
a day.

## Funding

In February 2026 Kestrel closed a **$42 million Series B** led by Harbor Ventures, with
participation from Northgate Capital and Lumen Seed. Kestrel has raised $61 million in all
since it was founded in Boston.

## Fleet and operations

At June 30, 2026 Kestrel operated 1,240 robots in 14 cities across the United States and
Canada. The fleet has completed 2.3 million deliveries since launch, and 97.2% of robots were
available on an average day.

## Outlook

The K3 robot, designed for snow and ice, enters paid pilots in Q4 2026. Route Atlas 2.0, the
new sidewalk map, ships in November 2026. We expect to start raising a Series C in January
2027.
""",
    ),
    Doc(
        "sales/pricing-sheet-2026.docx",
        "2026-08-20",
        """# Kestrel Delivery Pricing 2026

Effective September 1, 2026. This sheet replaces all earlier price lists.

## Pay per delivery

Merchants pay **$1.45 per delivery** within a 3 km radius; each further kilometre adds $0.30.

## Fleet Plus subscription

Fleet Plus dedicates robots to one merchant for $3,200 per robot per month, including
maintenance, remote supervision and insurance.

| Plan | Price | Minimum term |
| --- | --- | --- |
| Pay per delivery | $1.45 per delivery | none |
| Fleet Plus | $3,200 per robot per month | 12 months |
| Campus | on request | 24 months |

## Discounts

Merchants with more than 20,000 deliveries a month receive a 10% volume discount.
""",
    ),
    Doc(
        "product/roadmap-2026-h2.md",
        "2026-08-28",
        """# Product Roadmap, H2 2026

_Version 1.2, approved by the product council on August 28, 2026. It supersedes roadmap v0.3._

## Summary

The next product is the **K3 robot**: a winter-capable delivery robot with heated battery packs,
a 40 kg payload and all-wheel drive. K3 starts paid pilots in Minneapolis and Montreal in
**Q4 2026**, and general availability follows in Q2 2027.

## Milestones

| Milestone | Date | Owner |
|---|---|---|
| K3 design freeze | July 2026 | Hardware |
| K3 pilot in Minneapolis | Q4 2026 | Operations |
| Route Atlas 2.0 release | November 2026 | Autonomy |
| K3 general availability | Q2 2027 | Product |

## Software

- **Route Atlas 2.0**: the sidewalk map rebuilt from 2.3 million deliveries, with curb heights
  and ramp positions.
- Remote supervision: one operator for 12 robots instead of 8.
- Merchant API v3, with delivery windows.

See the [K3 specification](https://intranet.kestrel.example/k3-spec) for the details.
""",
    ),
    Doc(
        "operations/fleet-operations-report-q3-2026.html",
        "2026-10-06",
        """# Fleet Operations Report, Q3 2026

Prepared by Operations on October 6, 2026.

## Fleet size

Kestrel ended the quarter with **1,240 robots** in service in 14 cities. Operations added 85
robots in Boston and Toronto, and retired 31 K2 units for parts.

| City | Robots | Deliveries per robot per day |
| --- | --- | --- |
| Boston | 260 | 10.1 |
| Toronto | 190 | 9.8 |
| Chicago | 150 | 9.2 |
| Other 11 cities | 640 | 8.9 |

## Availability

Fleet availability averaged 97.2% over the quarter. The longest outage was the 36-hour pause
of the whole fleet after the Dover Street incident.

## Remote supervision

One remote operator now supervises 12 robots at a time.
""",
    ),
    Doc(
        "risk/risk-register-2026.docx",
        "2026-09-30",
        """# Risk Register 2026

Owner: Chief Financial Officer. Reviewed by the audit committee on September 30, 2026.

## Main risks

1. Battery supply: every K2 and K3 battery cell comes from a single supplier, Cellara; a
   disruption would stop the production of new robots within 10 weeks.
2. Sidewalk permits: 6 of our 14 cities cap the number of robots through sidewalk permits,
   which a city can withdraw at 30 days' notice.
3. Funding: the cash runway is 22 months, so a Series C must close by mid-2027.
4. Safety and reputation: a serious collision would put our permits at risk in every city.

| Risk | Likelihood | Impact | Mitigation |
| --- | --- | --- | --- |
| Battery supply (Cellara) | medium | high | qualify a second cell supplier by Q2 2027 |
| Sidewalk permits | medium | high | city partnerships, public safety reports |
| Cash runway | low | high | Series C preparation from January 2027 |
| Collision | low | high | firmware 4.2.1, weekly safety reviews |
""",
    ),
    Doc(
        "strategy/competition-analysis-2026.md",
        "2026-07-12",
        """# Competition Analysis 2026

## Market

Three companies run sidewalk delivery robots at scale in North America: Kestrel, Roverly and
CurbBot.

| Company | Robots | Cities | Price per delivery |
|---|---|---|---|
| Kestrel | 1,240 | 14 | $1.45 |
| Roverly | 900 | 11 | $1.60 |
| CurbBot | 450 | 6 | $1.70 |

## Our moat

Kestrel's advantage rests on three things:

- **Curb-climbing suspension**: the only robot in its class that climbs 18 cm curbs, protected
  by 11 patents.
- **Route Atlas**: a sidewalk map built from 2.3 million deliveries, which no competitor can
  buy.
- **Exclusive grocery contracts** with three regional chains until 2028.

## Threats

Roverly is cheaper to build, and CurbBot has a partnership with a national pizza chain.
""",
    ),
    Doc(
        "safety/incident-postmortem-dover-street.pdf",
        "2026-10-21",
        """# Post-mortem: Collision on Dover Street, Boston

Incident date: October 14, 2026. Severity: 2 (minor injury). Status: closed.

## Summary

At 17:42 on October 14, 2026, a K2 robot collided with a cyclist who was crossing the sidewalk
at a driveway on Dover Street in Boston. The cyclist was treated for a bruised knee and went
home the same day.

## Cause

The robot's perception software, firmware 4.2.0, classified the cyclist as a parked object,
because the bicycle had stood still for 1.5 seconds before it moved off.

## Actions

- The whole fleet was paused for 36 hours while the fault was found.
- Firmware 4.2.1, released on October 16, 2026, treats any stationary bicycle as a road user.
- The Boston permit office was told within 24 hours, and it kept our permit.
""",
    ),
    Doc(
        "board/board-update-2026-10.docx",
        "2026-10-28",
        """# Board Update, October 2026

## Headlines

- ARR stands at $18.4 million; it was $9.7 million a year ago.
- The Dover Street incident is closed, and firmware 4.2.1 runs on every robot.
- K3 remains on track for its Q4 2026 pilot.
- Series C preparation starts in January 2027.

## Decisions asked of the board

The board is asked to approve a second battery supplier alongside Cellara, and a budget of
$2.1 million for the K3 pilot.
""",
    ),
    Doc(
        "press/press-release-series-b.html",
        "2026-02-10",
        """# Kestrel Robotics raises $42 million Series B led by Harbor Ventures

BOSTON, February 10, 2026. Kestrel Robotics, which runs sidewalk delivery robots for grocers
and restaurants, today announced a $42 million Series B round led by Harbor Ventures, with
participation from Northgate Capital and Lumen Seed. The round brings its total funding to $61
million.

"Every city we enter asks for more robots than we can build," said Maya Okafor, chief
executive of Kestrel. "This round lets us build them, and build the K3 for winter cities."

The funds will pay for new robots, the K3 programme and expansion into Canada.

## About Kestrel Robotics

Kestrel Robotics was founded in Boston and builds robots that deliver groceries and meals on
sidewalks.
""",
    ),
    Doc(
        "support/faq.md",
        "2026-09-05",
        """# Kestrel for Merchants: Frequently Asked Questions

Q: How much does a delivery cost?
A: A standard delivery costs $1.45 within 3 km. Fleet Plus costs $3,200 per robot per month.

Q: How many robots does Kestrel operate?
A: Kestrel operates 1,240 robots in 14 cities.

Q: What happens in snow?
A: The current K2 robot pauses in heavy snow. The K3 robot, piloting in Q4 2026, is designed for
winter.

Q: Who do I call about a damaged order?
A: Write to support@kestrel.example with the order number.
""",
    ),
    Doc(
        "investors/funding-history.md",
        "2026-03-01",
        """# Funding History

Kestrel Robotics has raised **$61 million** in three rounds.

| Round | Date | Amount | Lead investor |
|---|---|---|---|
| Seed | March 2020 | $3 million | Lumen Seed |
| Series A | May 2023 | $16 million | Northgate Capital |
| Series B | February 2026 | $42 million | Harbor Ventures |

The Series B values the company at $260 million after the round.
""",
    ),
    Doc(
        "company/company-overview.html",
        "2026-06-01",
        """# Company Overview

Kestrel Robotics builds and runs sidewalk delivery robots for grocers, restaurants and
campuses.

## At a glance

- Founded in Boston by Maya Okafor and Tomas Reyes.
- 210 employees in Boston, Toronto and Chicago.
- Robots: the K2, in service, and the K3, in development.

## Leadership

Maya Okafor is the chief executive; Tomas Reyes is the chief technology officer; Priya Nair is
the chief financial officer.
""",
    ),
)

EN_SUPERSEDED = (
    Doc(
        "archive/2024/annual-report-2024.pdf",
        "2024-09-16",
        """# Kestrel Robotics Annual Report 2024

Fiscal year ended June 30, 2024.

## Financial highlights

Annual recurring revenue reached $4.1 million at the end of the fiscal year. Gross margin
remains negative while the fleet grows.

## Fleet and operations

Kestrel operates 220 robots in 3 cities. Each robot makes about four deliveries a day.

## Outlook

The K3 robot is in concept design.
""",
    ),
    Doc(
        "archive/2025/annual-report-2025.pdf",
        "2025-09-15",
        """# Kestrel Robotics Annual Report 2025

Fiscal year ended June 30, 2025.

## Financial highlights

Annual recurring revenue reached $9.7 million at the end of the fiscal year. Gross margin
improved to 12%.

## Fleet and operations

Kestrel operates 610 robots in 8 cities. The standard delivery fee is $1.80.

## Outlook

The K3 robot enters production in Q2 2026.
""",
    ),
    Doc(
        "archive/2025/pricing-sheet-2025.docx",
        "2025-01-10",
        """# Kestrel Delivery Pricing

## Pay per delivery

Merchants pay **$1.80 per delivery** within a 3 km radius.

## Fleet Plus subscription

Fleet Plus costs $3,900 per robot per month, including maintenance and remote supervision.
""",
    ),
    Doc(
        "drafts/pricing-sheet-2026-draft.docx",
        "2026-06-02",
        """# Kestrel Delivery Pricing 2026 (DRAFT, not approved)

## Pay per delivery

The standard fee is $1.95 per delivery within a 3 km radius.

## Fleet Plus subscription

Fleet Plus costs $3,500 per robot per month.
""",
    ),
    Doc(
        "product/roadmap-v0.3.md",
        "2025-11-03",
        """# Product Roadmap v0.3

## Summary

The next product is the **K3 robot**. K3 launches commercially in Q2 2026 in Boston.

## Milestones

- K3 design freeze: February 2026
- K3 launch: Q2 2026
""",
    ),
    Doc(
        "archive/2025/fleet-operations-report-q4-2025.html",
        "2025-07-08",
        """# Fleet Operations Report, Q4 FY2025

## Fleet size

Kestrel ended the quarter with 610 robots in service in 8 cities.

## Availability

Fleet availability averaged 93.5% over the quarter.
""",
    ),
    Doc(
        "archive/2025/competition-analysis-2025.pdf",
        "2025-06-20",
        """# Competition Analysis

## Our moat

The curb-climbing suspension is protected by 4 patents. Route Atlas covers the sidewalks of
every city we serve.

## Competitors

Roverly runs more robots than Kestrel; CurbBot is still in pilots.
""",
    ),
)

EN_DISTRACTORS = (
    Doc(
        "hr/parental-leave-policy.docx",
        "2026-01-05",
        """# Parental Leave Policy

Every employee with at least six months of service receives 16 weeks of paid parental leave.
The company funds the leave in full; no part of it comes from a government scheme.

## How to apply

Tell your manager and People Operations at least eight weeks before the leave starts.
""",
    ),
    Doc(
        "it/password-policy.md",
        "2026-02-14",
        """# IT Password Policy

Weak passwords are the **main risk** to our accounts.

- Use at least 14 characters.
- Turn on two-factor authentication for every account.
- Report a suspected security incident to it-security@kestrel.example at once.

Passwords are never shared, not even with IT.
""",
    ),
    Doc(
        "facilities/office-move-notice.html",
        "2026-05-18",
        """# Office Move Notice

The Boston office moves to 88 Harbor Street on June 20. The move roadmap has three steps:
packing on June 17, moving on June 19, unpacking on June 20.

Robots in the workshop move separately, with the operations fleet team.
""",
    ),
    Doc(
        "facilities/cafeteria-menu-week-47.md",
        "2026-11-16",
        """# Cafeteria Menu, Week 47

| Day | Main | Price |
|---|---|---|
| Monday | Lentil soup | $4.50 |
| Tuesday | Chicken curry | $7.20 |
| Wednesday | Vegetable lasagne | $6.80 |

**Pricing** is unchanged for the rest of the year. Revenue from the cafeteria pays for the
coffee machines.
""",
    ),
    Doc(
        "hr/travel-expense-policy.pdf",
        "2026-03-09",
        """# Travel and Expense Policy

Employees book travel through the company portal. Cars from the company fleet are booked at the
front desk; a private car is paid at $0.67 per mile.

## Limits

Hotels are paid up to $220 a night in large cities and $160 elsewhere. Meals are paid up to $75
a day.
""",
    ),
    Doc(
        "it/laptop-refresh-faq.md",
        "2026-04-22",
        """# Laptop Refresh FAQ

Q: When is my laptop replaced?
A: Every three years, or sooner after damage.

Q: What does it cost my team?
A: Nothing: IT pays from its own budget.
""",
    ),
    Doc(
        "hr/holiday-calendar-2026.html",
        "2025-12-01",
        """# Holiday Calendar 2026

The offices close on New Year's Day, Memorial Day, Independence Day, Labor Day, Thanksgiving
and Christmas Day. Canadian staff also take Canada Day and Victoria Day.
""",
    ),
    Doc(
        "marketing/brand-guidelines.docx",
        "2026-02-02",
        """# Brand Guidelines

The Kestrel name is always written with a capital K. Our robots are never called drones.

## Colours

Kestrel orange is used on every robot and on the competitive comparison slides.
""",
    ),
)

ENGLISH = Corpus(
    question=(
        "Prepare a due-diligence brief on Kestrel Robotics: its funding history, current "
        "revenue, pricing, product roadmap, fleet size, main risks, competitive moat, and any "
        "recent safety incident."
    ),
    current_year=2026,
    checkpoints=(
        Checkpoint("funding history", ("Series B", "$42 million", "Harbor Ventures")),
        Checkpoint("current revenue", ("$18.4 million", "$15.2 million", "31%")),
        Checkpoint("pricing", ("$1.45", "$3,200")),
        Checkpoint("product roadmap", ("K3", "Q4 2026", "Route Atlas 2.0")),
        Checkpoint("fleet size", ("1,240", "14 cities")),
        Checkpoint("main risks", ("Cellara", "sidewalk permits", "22 months")),
        Checkpoint("competitive moat", ("curb-climbing", "11 patents", "2.3 million deliveries")),
        Checkpoint("safety incident", ("Dover Street", "cyclist", "4.2.1")),
    ),
    measures=(
        Measure("ARR", "$18.4 million", ("$9.7 million", "$4.1 million")),
        Measure("price per delivery", "$1.45", ("$1.80", "$1.95")),
        Measure("Fleet Plus price", "$3,200", ("$3,900", "$3,500")),
        Measure("fleet", "1,240 robots", ("610 robots", "220 robots")),
        Measure("cities", "14 cities", ("8 cities", "3 cities")),
        Measure("K3 launch", "Q4 2026", ("Q2 2026",)),
        Measure("patents", "11 patents", ("4 patents",)),
    ),
    history_words=(
        "up from",
        "down from",
        "compared with",
        "previously",
        "formerly",
        "was",
        "were",
        "earlier",
        "a year ago",
        "last year",
        "prior year",
        "archived",
        "superseded",
        "draft",
        "historical",
    ),
    documents=EN_CURRENT + EN_SUPERSEDED + EN_DISTRACTORS,
)


# --- Chinese: the same facts ------------------------------------------------------------------

ZH_CURRENT = (
    Doc(
        "reports/annual-report-2026.pdf",
        "2026-09-15",
        """# 青隼机器人2026年度报告

财年截至2026年6月30日。发布于2026年9月15日。

## 首席执行官致辞

2026财年，青隼机器人从试点项目成长为真正的配送网络。过去六个月里，我们的机器人完成的配送量超过了此前所有年份的总和，我们服务的每一座城市的超市都希望获得更多机器人。

我们也吸取了深刻的教训。波士顿多佛街的一起碰撞事故暴露了感知软件的盲点；我们在两天内完成了修复，并公开了事故经过。

首席执行官 林晓岚

## 财务摘要

- **年度经常性收入（ARR）：** 截至2026年6月30日为1840万美元，一年前为970万美元。
- **收入：** 2026财年收入1520万美元。
- **毛利率：** 31%，一年前为12%。
- **现金跑道：** 按当前支出速度可维持22个月。

财年末，年度经常性收入达到1840万美元。全年收入为1520万美元，随着每台机器人每天完成更多配送，毛利率提升至31%。

## 融资

2026年2月，青隼完成了**4200万美元的B轮融资**，由港湾创投领投，北门资本和流明种子基金跟投。公司自成立以来累计融资6100万美元。

## 车队与运营

截至2026年6月30日，青隼在美国和加拿大的14个城市运营1240台机器人。车队自上线以来已完成230万次配送，平均每天有97.2%的机器人可用。

## 展望

专为冰雪天气设计的K3机器人将于2026年第四季度开始付费试点。新版人行道地图路网图谱2.0将于2026年11月发布。我们预计于2027年1月启动C轮融资。
""",
    ),
    Doc(
        "sales/pricing-sheet-2026.docx",
        "2026-08-20",
        """# 青隼配送价格表2026

自2026年9月1日起生效。本价格表取代所有旧价格表。

## 按单计费

商户在3公里范围内**每单支付1.45美元**；每超出1公里加收0.30美元。

## 专属车队套餐

专属车队套餐为单个商户配备专用机器人，每台每月3200美元，含维护、远程监控和保险。

| 方案 | 价格 | 最短期限 |
| --- | --- | --- |
| 按单计费 | 每单1.45美元 | 无 |
| 专属车队套餐 | 每台每月3200美元 | 12个月 |
| 园区方案 | 面议 | 24个月 |

## 折扣

每月配送量超过2万单的商户可享受10%的批量折扣。
""",
    ),
    Doc(
        "product/roadmap-2026-h2.md",
        "2026-08-28",
        """# 产品路线图（2026年下半年）

_1.2版，产品委员会于2026年8月28日批准。本版取代v0.3路线图。_

## 概要

下一款产品是**K3机器人**：一款适应冬季的配送机器人，配备加热电池组、40公斤载重和全轮驱动。K3将于**2026年第四季度**在明尼阿波利斯和蒙特利尔开始付费试点，并于2027年第二季度全面上市。

## 里程碑

| 里程碑 | 时间 | 负责团队 |
|---|---|---|
| K3设计冻结 | 2026年7月 | 硬件 |
| K3明尼阿波利斯试点 | 2026年第四季度 | 运营 |
| 路网图谱2.0发布 | 2026年11月 | 自动驾驶 |
| K3全面上市 | 2027年第二季度 | 产品 |

## 软件

- **路网图谱2.0**：根据230万次配送重建的人行道地图，包含路缘高度和坡道位置。
- 远程监控：一名操作员可同时监控12台机器人，而不是8台。
- 商户API v3，支持配送时间窗。

详情见[K3技术规格](https://intranet.kestrel.example/k3-spec)。
""",
    ),
    Doc(
        "operations/fleet-operations-report-q3-2026.html",
        "2026-10-06",
        """# 车队运营报告（2026年第三季度）

运营部于2026年10月6日编制。

## 车队规模

本季度末，青隼在14个城市共有**1240台机器人**投入服务。运营部在波士顿和多伦多新增85台机器人，并拆解退役了31台K2。

| 城市 | 机器人数量 | 每台每天配送单数 |
| --- | --- | --- |
| 波士顿 | 260 | 10.1 |
| 多伦多 | 190 | 9.8 |
| 芝加哥 | 150 | 9.2 |
| 其他11个城市 | 640 | 8.9 |

## 可用率

本季度车队平均可用率为97.2%。最长的停运是多佛街事故后全车队暂停36小时。

## 远程监控

现在一名远程操作员可同时监控12台机器人。
""",
    ),
    Doc(
        "risk/risk-register-2026.docx",
        "2026-09-30",
        """# 风险登记册2026

负责人：首席财务官。审计委员会于2026年9月30日审阅。

## 主要风险

1. 电池供应：K2和K3的全部电芯都来自单一供应商Cellara；一旦断供，新机器人的生产将在10周内停止。
2. 人行道许可：我们14个城市中有6个通过人行道许可限制机器人数量，城市可提前30天通知撤销许可。
3. 资金：现金跑道为22个月，因此C轮融资必须在2027年年中之前完成。
4. 安全与声誉：一次严重碰撞可能危及我们在所有城市的许可。

| 风险 | 可能性 | 影响 | 缓解措施 |
| --- | --- | --- | --- |
| 电池供应（Cellara） | 中 | 高 | 2027年第二季度前认证第二家电芯供应商 |
| 人行道许可 | 中 | 高 | 城市合作、公开安全报告 |
| 现金跑道 | 低 | 高 | 2027年1月起筹备C轮 |
| 碰撞 | 低 | 高 | 固件4.2.1、每周安全评审 |
""",
    ),
    Doc(
        "strategy/competition-analysis-2026.md",
        "2026-07-12",
        """# 竞争分析2026

## 市场

北美有三家公司大规模运营人行道配送机器人：青隼、漫游者和路缘宝。

| 公司 | 机器人数量 | 城市数 | 每单价格 |
|---|---|---|---|
| 青隼 | 1240 | 14 | 1.45美元 |
| 漫游者 | 900 | 11 | 1.60美元 |
| 路缘宝 | 450 | 6 | 1.70美元 |

## 我们的竞争壁垒

青隼的优势来自三个方面：

- **爬路缘悬挂**：同级别中唯一能爬上18厘米路缘的机器人，受11项专利保护。
- **路网图谱**：根据230万次配送建立的人行道地图，竞争对手无法购买。
- **独家超市合同**：与三家区域连锁超市签订独家合同，有效期至2028年。

## 威胁

漫游者的制造成本更低，路缘宝与一家全国性披萨连锁店建立了合作。
""",
    ),
    Doc(
        "safety/incident-postmortem-dover-street.pdf",
        "2026-10-21",
        """# 事故复盘：波士顿多佛街碰撞

事故日期：2026年10月14日。严重程度：2级（轻伤）。状态：已结案。

## 概要

2026年10月14日17:42，一台K2机器人在波士顿多佛街的一处车道口与一名正在横穿人行道的骑车人相撞。骑车人膝盖擦伤，经治疗后当天回家。

## 原因

机器人的感知软件（固件4.2.0）把骑车人识别为停放的物体，因为自行车在起步前静止了1.5秒。

## 措施

- 查找故障期间，全车队暂停运营36小时。
- 2026年10月16日发布的固件4.2.1把任何静止的自行车都视为道路使用者。
- 我们在24小时内通报了波士顿许可办公室，对方保留了我们的许可。
""",
    ),
    Doc(
        "board/board-update-2026-10.docx",
        "2026-10-28",
        """# 董事会简报（2026年10月）

## 要点

- ARR为1840万美元；去年同期为970万美元。
- 多佛街事故已结案，所有机器人均已运行固件4.2.1。
- K3仍按计划于2026年第四季度开始试点。
- C轮融资筹备将于2027年1月开始。

## 请董事会决议的事项

请董事会批准在Cellara之外增加第二家电池供应商，并批准210万美元的K3试点预算。
""",
    ),
    Doc(
        "press/press-release-series-b.html",
        "2026-02-10",
        """# 青隼机器人完成4200万美元B轮融资，港湾创投领投

波士顿，2026年2月10日。为超市和餐厅运营人行道配送机器人的青隼机器人今天宣布完成4200万美元B轮融资，由港湾创投领投，北门资本和流明种子基金跟投。本轮融资后，公司累计融资达到6100万美元。

首席执行官林晓岚表示：「我们进入的每一座城市都想要更多机器人，多到我们造不过来。这轮融资让我们能造出这些机器人，也能为冬季城市造出K3。」

资金将用于制造新机器人、K3项目以及进军加拿大。

## 关于青隼机器人

青隼机器人创立于波士顿，制造在人行道上配送杂货和餐食的机器人。
""",
    ),
    Doc(
        "support/faq.md",
        "2026-09-05",
        """# 青隼商户常见问题

问：一次配送多少钱？
答：3公里内标准配送每单1.45美元。专属车队套餐每台每月3200美元。

问：青隼运营多少台机器人？
答：青隼在14个城市运营1240台机器人。

问：下雪时怎么办？
答：现有的K2机器人在大雪中暂停运行。将于2026年第四季度试点的K3机器人专为冬季设计。

问：订单损坏找谁？
答：请写信至support@kestrel.example并注明订单号。
""",
    ),
    Doc(
        "investors/funding-history.md",
        "2026-03-01",
        """# 融资历史

青隼机器人已通过三轮融资累计筹集**6100万美元**。

| 轮次 | 时间 | 金额 | 领投方 |
|---|---|---|---|
| 种子轮 | 2020年3月 | 300万美元 | 流明种子基金 |
| A轮 | 2023年5月 | 1600万美元 | 北门资本 |
| B轮 | 2026年2月 | 4200万美元 | 港湾创投 |

B轮融资后公司估值为2.6亿美元。
""",
    ),
    Doc(
        "company/company-overview.html",
        "2026-06-01",
        """# 公司简介

青隼机器人为超市、餐厅和园区制造并运营人行道配送机器人。

## 概况

- 由林晓岚和陈拓在波士顿创立。
- 在波士顿、多伦多和芝加哥共有210名员工。
- 机器人：在役的K2和研发中的K3。

## 管理层

林晓岚任首席执行官；陈拓任首席技术官；许宁任首席财务官。
""",
    ),
)

ZH_SUPERSEDED = (
    Doc(
        "archive/2024/annual-report-2024.pdf",
        "2024-09-16",
        """# 青隼机器人2024年度报告

财年截至2024年6月30日。

## 财务摘要

财年末，年度经常性收入达到410万美元。车队扩张期间毛利率仍为负。

## 车队与运营

青隼在3个城市运营220台机器人。每台机器人每天约完成四次配送。

## 展望

K3机器人处于概念设计阶段。
""",
    ),
    Doc(
        "archive/2025/annual-report-2025.pdf",
        "2025-09-15",
        """# 青隼机器人2025年度报告

财年截至2025年6月30日。

## 财务摘要

财年末，年度经常性收入达到970万美元。毛利率提升至12%。

## 车队与运营

青隼在8个城市运营610台机器人。标准配送费为每单1.80美元。

## 展望

K3机器人将于2026年第二季度投产。
""",
    ),
    Doc(
        "archive/2025/pricing-sheet-2025.docx",
        "2025-01-10",
        """# 青隼配送价格表

## 按单计费

商户在3公里范围内**每单支付1.80美元**。

## 专属车队套餐

专属车队套餐每台每月3900美元，含维护和远程监控。
""",
    ),
    Doc(
        "drafts/pricing-sheet-2026-draft.docx",
        "2026-06-02",
        """# 青隼配送价格表2026（草稿，未批准）

## 按单计费

3公里范围内的标准费用为每单1.95美元。

## 专属车队套餐

专属车队套餐每台每月3500美元。
""",
    ),
    Doc(
        "product/roadmap-v0.3.md",
        "2025-11-03",
        """# 产品路线图 v0.3

## 概要

下一款产品是**K3机器人**。K3将于2026年第二季度在波士顿商业发布。

## 里程碑

- K3设计冻结：2026年2月
- K3发布：2026年第二季度
""",
    ),
    Doc(
        "archive/2025/fleet-operations-report-q4-2025.html",
        "2025-07-08",
        """# 车队运营报告（2025财年第四季度）

## 车队规模

本季度末，青隼在8个城市共有610台机器人投入服务。

## 可用率

本季度车队平均可用率为93.5%。
""",
    ),
    Doc(
        "archive/2025/competition-analysis-2025.pdf",
        "2025-06-20",
        """# 竞争分析

## 我们的竞争壁垒

爬路缘悬挂受4项专利保护。路网图谱覆盖我们服务的每座城市的人行道。

## 竞争对手

漫游者运营的机器人比青隼多；路缘宝仍在试点。
""",
    ),
)

ZH_DISTRACTORS = (
    Doc(
        "hr/parental-leave-policy.docx",
        "2026-01-05",
        """# 育儿假政策

服务满六个月的员工可享受16周带薪育儿假。假期费用全部由公司承担，不使用政府资金。

## 如何申请

请至少在假期开始前八周告知经理和人事运营部。
""",
    ),
    Doc(
        "it/password-policy.md",
        "2026-02-14",
        """# IT密码政策

弱密码是我们账户面临的**主要风险**。

- 密码至少14个字符。
- 每个账户都要开启双重认证。
- 怀疑发生安全事件时，请立即报告it-security@kestrel.example。

密码绝不共享，对IT部门也不例外。
""",
    ),
    Doc(
        "facilities/office-move-notice.html",
        "2026-05-18",
        """# 办公室搬迁通知

波士顿办公室将于6月20日搬至港湾街88号。搬迁路线图分三步：6月17日打包，6月19日搬运，6月20日拆箱。

车间里的机器人由运营车队团队单独搬运。
""",
    ),
    Doc(
        "facilities/cafeteria-menu-week-47.md",
        "2026-11-16",
        """# 食堂菜单（第47周）

| 日期 | 主菜 | 价格 |
|---|---|---|
| 周一 | 扁豆汤 | 4.50美元 |
| 周二 | 咖喱鸡 | 7.20美元 |
| 周三 | 蔬菜千层面 | 6.80美元 |

**定价**在今年余下时间保持不变。食堂收入用于支付咖啡机费用。
""",
    ),
    Doc(
        "hr/travel-expense-policy.pdf",
        "2026-03-09",
        """# 差旅与报销政策

员工通过公司门户预订差旅。公司车队的车辆在前台预订；私家车按每英里0.67美元报销。

## 限额

大城市酒店每晚最多报销220美元，其他地区160美元。餐费每天最多报销75美元。
""",
    ),
    Doc(
        "it/laptop-refresh-faq.md",
        "2026-04-22",
        """# 笔记本电脑更换常见问题

问：我的笔记本电脑什么时候更换？
答：每三年更换一次，损坏后可提前更换。

问：团队需要承担费用吗？
答：不需要：费用由IT部门的预算承担。
""",
    ),
    Doc(
        "hr/holiday-calendar-2026.html",
        "2025-12-01",
        """# 2026年节假日安排

办公室在元旦、阵亡将士纪念日、独立日、劳动节、感恩节和圣诞节关闭。加拿大员工另有加拿大国庆日和维多利亚日假期。
""",
    ),
    Doc(
        "marketing/brand-guidelines.docx",
        "2026-02-02",
        """# 品牌规范

青隼的名称必须完整书写。我们的机器人从不称为无人机。

## 颜色

青隼橙用于每台机器人以及竞争对比幻灯片。
""",
    ),
)

CHINESE = Corpus(
    question=(
        "请为青隼机器人撰写一份尽职调查简报：融资历史、当前收入、定价、产品路线图、车队规模、"
        "主要风险、竞争壁垒，以及近期的安全事故。"
    ),
    current_year=2026,
    checkpoints=(
        Checkpoint("融资历史", ("B轮", "4200万美元", "港湾创投")),
        Checkpoint("当前收入", ("1840万美元", "1520万美元", "31%")),
        Checkpoint("定价", ("1.45美元", "3200美元")),
        Checkpoint("产品路线图", ("K3", "2026年第四季度", "路网图谱2.0")),
        Checkpoint("车队规模", ("1240台", "14个城市")),
        Checkpoint("主要风险", ("Cellara", "人行道许可", "22个月")),
        Checkpoint("竞争壁垒", ("爬路缘", "11项专利", "230万次配送")),
        Checkpoint("安全事故", ("多佛街", "骑车人", "4.2.1")),
    ),
    measures=(
        Measure("ARR", "1840万美元", ("970万美元", "410万美元")),
        Measure("每单价格", "1.45美元", ("1.80美元", "1.95美元")),
        Measure("专属车队套餐", "3200美元", ("3900美元", "3500美元")),
        Measure("车队", "1240台", ("610台", "220台")),
        Measure("城市", "14个城市", ("8个城市", "3个城市")),
        Measure("K3发布", "2026年第四季度", ("2026年第二季度",)),
        Measure("专利", "11项专利", ("4项专利",)),
    ),
    history_words=(
        "此前",
        "之前",
        "以前",
        "去年",
        "上年",
        "上一财年",
        "一年前",
        "同比",
        "曾",
        "原为",
        "原定",
        "相比",
        "归档",
        "已被取代",
        "草稿",
        "旧版",
    ),
    documents=ZH_CURRENT + ZH_SUPERSEDED + ZH_DISTRACTORS,
)

CORPORA = {"en": ENGLISH, "zh": CHINESE}
