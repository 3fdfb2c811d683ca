"""Fact cases in English: four questions asking two to four facts about one named thing (a
robot maker's fiscal-2025 results and chief executive, a road bridge's opening, cost and span,
a start-up's founders, headquarters and Series B, an electric motorbike's battery, range,
charging time and price), each over a corpus of its own holding the thing's current documents,
older superseded versions with other figures (an earlier year's report, a draft, an archived
price list or business case), and distractors of a colliding name (Kestrel Aerial Robotics,
the Corran Bridge Club, Lumenfold Press, the Velora Home Scout 2 vacuum) or on a neighbouring
topic (a safety bulletin, a remote-work policy, a workshop charging policy). The Lumenfold case
is researched on the web.
"""

from __future__ import annotations

from bench.kinds_corpus import Case, Doc, Fact, Kind

# --- Kestrel Robotics: fiscal 2025 revenue, robots shipped, chief executive -------------------

KESTREL = Case(
    id="fact-kestrel-robotics-en",
    kind=Kind.FACT,
    language="en",
    question=(
        "What was Kestrel Robotics' revenue in fiscal 2025, how many robots did it ship that "
        "year, and who is its chief executive?"
    ),
    notes=(
        "Current annual report vs FY2024 report and a draft with other figures; a drone maker "
        "named Kestrel Aerial Robotics with its own revenue and CEO; a K3 safety bulletin."
    ),
    documents=(
        Doc(
            path="reports/annual-report-fy2025.pdf",
            date="2025-09-18",
            text="""\
# Kestrel Robotics plc — Annual Report FY2025

*For the fiscal year ended 30 June 2025*

## Chair's statement

FY2025 was the year Kestrel Robotics grew from a promising supplier of autonomous mobile robots
into a business of real scale. Revenue rose 28.2% to $48.6 million (FY2024: $37.9 million) and we
shipped 3,120 robots to warehouse and factory customers in 14 countries, up from 2,240 a year
earlier.

In January 2025 the Board appointed Maya Okonkwo as Chief Executive Officer. Maya joined us from
the logistics group Brennan & Hale, where she ran automation for its European network. She
succeeded our co-founder Thomas Reade, who remains on the Board as a non-executive director.

## Financial and operating highlights

| Measure | FY2025 | FY2024 |
|---|---|---|
| Revenue | $48.6 million | $37.9 million |
| Gross margin | 41.3% | 38.9% |
| Robots shipped | 3,120 | 2,240 |
| Installed base at year end | 9,870 | 6,750 |
| Employees at year end | 412 | 338 |

## Operations

The K3 picking robot, launched in FY2024, made up 2,410 of the units shipped; the rest were our
K2 tugger. Our Sheffield plant kept its ISO 9001 and ISO 14001 certificates after the March
audit, and a second assembly line in Unit 7 doubled capacity to roughly 400 robots a month.
Firmware version 4.2, released in May, added shared-aisle navigation for mixed human and robot
traffic.

## Outlook

Our order book stood at $21.3 million on 30 June 2025. We expect growth to continue in FY2026,
led by the K3 and our first deployments in Japan.
""",
        ),
        Doc(
            path="investors/q4-fy2025-trading-update.docx",
            date="2025-07-24",
            text="""\
# Trading update: fourth quarter of FY2025

**Sheffield, 24 July 2025** — Kestrel Robotics plc today gives an unaudited update for the
quarter to 30 June 2025, the last quarter of its fiscal year.

Fourth-quarter revenue was $14.1M, the company's best quarter so far, taking unaudited revenue
for fiscal 2025 to $48.6M. The company shipped 905 robots in the quarter and 3,120 in the year.

| Quarter | Months | Revenue | Robots shipped |
|---|---|---|---|
| Q1 FY2025 | Jul–Sep 2024 | $10.2M | 690 |
| Q2 FY2025 | Oct–Dec 2024 | $11.5M | 742 |
| Q3 FY2025 | Jan–Mar 2025 | $12.8M | 783 |
| Q4 FY2025 | Apr–Jun 2025 | $14.1M | 905 |
| **FY2025** | | **$48.6M** | **3,120** |

"Demand for the K3 picker kept building through the spring, and the second line in Sheffield
let us meet it," said Maya Okonkwo, Chief Executive Officer. "We enter FY2026 with a record
order book."

Audited results will be published with the annual report in September 2025. Investor enquiries:
ir@kestrelrobotics.example, room 204, Kestrel House, Sheffield.
""",
        ),
        Doc(
            path="data/kpi-dashboard-fy2025.xlsx",
            date="2025-08-29",
            text="""\
## Revenue by quarter

| Quarter | Period | Revenue (USD m) | Robots shipped |
|---|---|---|---|
| Q1 FY2025 | Jul–Sep 2024 | 10.2 | 690 |
| Q2 FY2025 | Oct–Dec 2024 | 11.5 | 742 |
| Q3 FY2025 | Jan–Mar 2025 | 12.8 | 783 |
| Q4 FY2025 | Apr–Jun 2025 | 14.1 | 905 |
| FY2025 total | Jul 2024–Jun 2025 | 48.6 | 3,120 |

## Shipments by model

| Model | FY2024 | FY2025 |
|---|---|---|
| K2 tugger | 1,580 | 710 |
| K3 picker | 660 | 2,410 |
| Total | 2,240 | 3,120 |

## Headcount

| Function | 30 Jun 2024 | 30 Jun 2025 |
|---|---|---|
| Engineering | 141 | 168 |
| Manufacturing | 102 | 131 |
| Sales and service | 63 | 78 |
| Administration | 32 | 35 |
| Total | 338 | 412 |
""",
        ),
        Doc(
            path="archive/2024/annual-report-fy2024.pdf",
            date="2024-09-20",
            text="""\
# Kestrel Robotics plc — Annual Report FY2024

*For the fiscal year ended 30 June 2024*

## Chief Executive's review

I am pleased to report another year of strong growth. Revenue increased 31.1% to $37.9 million
(FY2023: $28.9 million). We shipped 2,240 robots, against 1,610 in FY2023, and our installed base
passed 6,700 units.

The launch of the K3 picking robot in February 2024 was the highlight of the year: 660 units
shipped in its first five months, and early customers report pick rates 35% above manual
picking.

| Measure | FY2024 | FY2023 |
|---|---|---|
| Revenue | $37.9 million | $28.9 million |
| Robots shipped | 2,240 | 1,610 |
| Employees | 338 | 271 |

## Looking ahead

For FY2025 we expect revenue of between $45 million and $50 million and shipments of about
3,000 robots. After eight years leading the company I have told the Board that I intend to step
back from the executive role once a successor is found.

**Thomas Reade**, Chief Executive Officer and co-founder
""",
        ),
        Doc(
            path="investors/draft-preliminary-results-fy2025-v0.3.docx",
            date="2025-07-08",
            text="""\
# DRAFT v0.3 — Preliminary results FY2025 (not for distribution)

*Prepared by Group Finance on 8 July 2025, before the June shipment cut-off was reconciled.
Figures will change.*

## Headline numbers (estimate)

- Revenue: **$47.1 million**, up 24.3% on FY2024
- Robots shipped: **3,050**
- Gross margin: about 40.8%
- Net cash at 30 June 2025: $9.6 million (to be confirmed by treasury)

## Open items

1. Confirm 70 K3 units shipped to the Rotterdam customer on 27–30 June: were they delivered
   before year end?
2. Revenue recognition on the Japan pilot (model K3, two sites) still under review with the
   auditors.
3. CEO statement to be drafted by Maya Okonkwo's office once numbers are final.

Comments to the finance team by 15 July 2025.
""",
        ),
        Doc(
            path="news/kestrel-aerial-robotics-record-year.html",
            date="2025-08-12",
            off=True,
            text="""\
# Drone maker Kestrel Aerial Robotics posts record fiscal 2025

*Business Desk, 12 August 2025*

Bristol-based Kestrel Aerial Robotics, which builds survey drones for farms and utilities, said
revenue rose 17% to £12.3 million in its fiscal year to 31 March 2025. The company shipped 1,480
drones, up from 1,120, and now employs 96 people.

Chief executive Daniel Price said the KA-9 inspection drone had won contracts with two water
companies. "Our robots fly where a technician would otherwise need a cherry picker," he said.

Kestrel Aerial Robotics, founded in 2017, has no connection to the Sheffield warehouse-robot
maker Kestrel Robotics plc, a point Price says he makes "about once a week".

| Fiscal year | Revenue | Drones shipped |
|---|---|---|
| FY2024 | £10.5 million | 1,120 |
| FY2025 | £12.3 million | 1,480 |

The company plans to open a second workshop in Swindon next year.
""",
        ),
        Doc(
            path="safety/bulletin-sb-2025-07.md",
            date="2025-03-11",
            off=True,
            text="""\
# Product Safety Bulletin SB-2025-07

**Subject:** K3 robots — emergency-stop response after firmware 4.1
**Issued:** 11 March 2025 · **Priority:** High

## What happened

A customer reported that a K3 robot took 1.4 seconds, rather than the specified 0.5 seconds, to
stop after a remote emergency stop when the robot was carrying more than 90% of its rated load.

## Which robots are affected

All K3 robots shipped with firmware 4.1 between November 2024 and February 2025 — 1,216 robots
at 38 sites. K2 tuggers are not affected.

## What to do

- Restrict K3 payloads to 80% of the rated 600 kg until the update is installed.
- Install firmware 4.1.3 from the service portal; the update takes about 12 minutes per robot.
- Record the update in the site's safety log and tell your Kestrel service engineer.

Questions: safety@kestrelrobotics.example
""",
        ),
    ),
    facts=(
        Fact("FY2025 revenue", ("$48.6 million", "$48.6M")),
        Fact("revenue growth on FY2024", ("28.2%",)),
        Fact("robots shipped in FY2025", ("3,120",)),
        Fact("chief executive", ("Maya Okonkwo",)),
        Fact("fiscal year end", ("30 June 2025",)),
    ),
)

# --- Corran Narrows Bridge: opening date, final cost, main span --------------------------------

CORRAN = Case(
    id="fact-corran-bridge-en",
    kind=Kind.FACT,
    language="en",
    question=(
        "When did the Corran Narrows Bridge open to traffic, what was its final cost, and how "
        "long is its main span?"
    ),
    notes=(
        "Final account vs an outline business case and a 2023 construction update with older "
        "cost, date and span; the Corran Bridge Club and the Old Corran Swing Bridge collide."
    ),
    documents=(
        Doc(
            path="press/2024-09-14-corran-narrows-bridge-opens.docx",
            date="2024-09-14",
            text="""\
# News release: Corran Narrows Bridge opens to traffic

**Lorne and Strath Council — 14 September 2024**

The Corran Narrows Bridge opened to traffic at 6 am on 14 September 2024, when a convoy of
emergency vehicles led the first public crossing. The bridge carries the A861 across the Corran
Narrows and replaces the ferry that has run between Ardmore and Inverlaith since 1948.

At 1,140 metres, the bridge's main span is the longest cable-stayed span in Scotland. The
structure is 2.7 km long in total, with two A-shaped pylons 212 metres tall.

Council leader Fiona MacRae said: "For seventy years people here have planned their lives around
the ferry timetable. From today the crossing takes three minutes, at any hour."

The ferry will make its last sailing on 30 September. The final cost of the scheme will be
reported to the Infrastructure Committee once the contract accounts close in 2025.

*Media enquiries: press office, room 204, Council Headquarters, Inverlaith.*
""",
        ),
        Doc(
            path="committee/final-account-report-2025.pdf",
            date="2025-11-06",
            text="""\
# Infrastructure Committee — 6 November 2025

## Item 7: Corran Narrows Bridge — final account

### 1. Purpose

To report the final outturn cost of the Corran Narrows Bridge, which opened on 14 September 2024.

### 2. Final cost

The final account with the contractor was agreed on 22 October 2025. The final outturn cost of
the scheme is **£286.4 million**, against the budget of £241.0 million approved in March 2021 —
an overrun of £45.4 million, or 18.8%.

| Cost heading | Budget 2021 (£m) | Final (£m) |
|---|---|---|
| Main works contract | 176.0 | 198.6 |
| Compensation events and claims | 12.0 | 37.9 |
| Approach roads | 22.5 | 24.3 |
| Land and statutory costs | 9.5 | 9.8 |
| Design and site supervision | 21.0 | 15.8 |
| **Total** | **241.0** | **286.4** |

### 3. Reasons for the overrun

Most of the overrun arose from ground conditions under the north pylon, which needed 38 more
piles than designed, and from weather delays in the winters of 2022 and 2023. Contract clause
60.1 (compensation events) applied to both.

### 4. Recommendation

That the Committee notes the final cost of £286.4m and refers the lessons-learned review to the
Audit Committee.
""",
        ),
        Doc(
            path="guide/corran-narrows-bridge.md",
            date="2026-01-12",
            text="""\
# Corran Narrows Bridge

The **Corran Narrows Bridge** is a cable-stayed road bridge in western Scotland carrying the A861
over the Corran Narrows between Ardmore and Inverlaith. It opened on 14 September 2024.

## Design

The bridge has a main span of 1,140 m between two A-shaped concrete pylons, each 212 m high, and
side spans of 480 m. Its total length, including approach viaducts, is 2.7 km. The deck carries
two traffic lanes and a shared path for walkers and cyclists, and is designed for winds of up
to 45 metres per second.

## History

A fixed link was first proposed in 1972. The council approved an outline business case in March
2021 and construction began in June 2021. Work was delayed by difficult ground under the north
pylon, and the opening, first planned for December 2023, slipped to September 2024. The final
cost was £286.4m.

## Traffic

In 2025, its first full year, the bridge carried an average of 9,850 vehicles a day, about
four times the ferry's traffic.
""",
        ),
        Doc(
            path="data/corran-traffic-and-facts-2025.xlsx",
            date="2026-01-20",
            text="""\
## Bridge facts

| Item | Value |
|---|---|
| Opened to traffic | 14 September 2024 |
| Main span | 1,140 m |
| Total length | 2.7 km |
| Pylon height | 212 m |
| Final cost | £286.4m |
| Road number | A861 |

## Traffic 2025

| Quarter | Average daily vehicles | Share HGV |
|---|---|---|
| Q1 2025 | 8,210 | 9.8% |
| Q2 2025 | 10,340 | 8.9% |
| Q3 2025 | 11,920 | 8.1% |
| Q4 2025 | 8,930 | 9.5% |
| Year 2025 | 9,850 | 9.0% |
""",
        ),
        Doc(
            path="archive/2021/outline-business-case-summary.pdf",
            date="2021-03-02",
            text="""\
# Corran Narrows Fixed Link — Outline Business Case (summary)

*Lorne and Strath Council, March 2021*

## Preferred option

Of the four options appraised, a cable-stayed bridge offers the best value for money. The
outline design has a main span of 1,100 metres and a total length of about 2.6 km.

## Cost and programme

| Item | Estimate |
|---|---|
| Capital cost (2021 prices, with 15% risk allowance) | £241.0 million |
| Construction start | June 2021 |
| Opening to traffic | December 2023 |

## Benefits

The appraisal gives a benefit–cost ratio of 2.3, mostly from time savings: the average crossing
would fall from 38 minutes, including waiting for the ferry, to under 5 minutes.

The Council is asked to approve the business case and the budget of £241.0 million.
""",
        ),
        Doc(
            path="archive/2023/construction-update-no-9.docx",
            date="2023-10-16",
            text="""\
# Corran Narrows Bridge — Construction Update No. 9 (October 2023)

## Progress

- The south pylon reached its full height of 212 m in August 2023.
- Deck segments now extend 310 m from the south pylon and 190 m from the north pylon.
- Piling under the north pylon is complete after 38 additional piles.

## Programme

Because of the ground conditions and the weather last winter, the bridge is now expected to open
in **summer 2024**, not December 2023 as first planned.

## Cost

The forecast outturn cost is now **£263 million**, compared with the approved budget of £241.0
million. The forecast will be updated when the compensation events are settled.

Next update: January 2024.
""",
        ),
        Doc(
            path="clubs/corran-bridge-club-annual-report-2024.docx",
            date="2025-02-03",
            off=True,
            text="""\
# Corran Bridge Club — Annual Report 2024

## Secretary's report

2024 was a landmark year for the club. Our new clubroom on Harbour Street opened on 3 March
2024, giving us space for 24 tables, up from 14 in the church hall. The refurbishment cost
£86,500, of which £40,000 came from a community lottery grant.

Membership rose to 146 (2023: 118), and we ran 212 duplicate sessions during the year. Our
teams reached the final of the West Highland Teams of Four in November.

| | 2023 | 2024 |
|---|---|---|
| Members | 118 | 146 |
| Sessions | 164 | 212 |
| Table fees (£) | 9,840 | 14,310 |

## Treasurer's note

Table money stays at £4 a session. The new clubroom's lease costs £6,200 a year.

*Approved at the Annual General Meeting, 27 January 2025.*
""",
        ),
        Doc(
            path="notices/old-corran-swing-bridge-weight-limit.md",
            date="2025-06-02",
            off=True,
            text="""\
# Traffic notice: Old Corran Swing Bridge — weight limit

**Effective 16 June 2025**

Following a principal inspection, a 7.5-tonne weight limit will apply on the Old Corran Swing
Bridge, which carries the B8043 over the Corran Canal at Ardmore.

The swing bridge opened in 1932 and has a swing span of 64 metres. Inspectors found corrosion
in two of the cross-girders. Repairs, estimated at £1.9 million, are planned for 2026, when the
bridge will close for about 14 weeks.

- Vehicles over 7.5 tonnes should use the A861 and the Corran Narrows Bridge.
- Buses on route 504 are exempt until 31 August 2025.
- The canal swing will operate as normal.

Roads and Bridges Team
""",
        ),
    ),
    facts=(
        Fact("opening date", ("14 September 2024",)),
        Fact("final cost", ("£286.4 million", "£286.4m")),
        Fact("main span", ("1,140 metres", "1,140 m")),
        Fact("overrun on the 2021 budget", ("18.8%", "£45.4 million")),
        Fact("total length", ("2.7 km",)),
    ),
)

# --- Lumenfold (web): founders, headquarters, Series B ------------------------------------------

LUMENFOLD = Case(
    id="fact-lumenfold-funding-en",
    kind=Kind.FACT,
    language="en",
    question=(
        "Who founded Lumenfold, where is the company headquartered, and how much did it raise "
        "in its Series B round?"
    ),
    where="web",
    notes=(
        "Web: press release and news of the Series B vs a 2022 Series A story and a 2023 fact "
        "sheet from when it was in Leeds; Lumenfold Press and a remote-work page collide."
    ),
    documents=(
        Doc(
            path="lumenfold.example/about.html",
            date="2026-04-02",
            text="""\
# About Lumenfold

Lumenfold builds claims-automation software for insurers. Our platform reads the documents
that arrive with a claim — photos, invoices, medical notes — and drafts a decision for a
handler to check.

## Our story

Lumenfold was founded in 2019 by **Priya Raman** (Chief Executive) and **Tomas Ekdahl** (Chief
Technology Officer), who met while building fraud models at a Lloyd's syndicate. The company
started in a spare room in Leeds and moved its headquarters to Manchester in 2024, to the
Hatbox Works building in Ancoats.

## Lumenfold today

- Headquarters: Manchester, United Kingdom
- Other offices: Lisbon and Toronto
- Employees: about 180
- Customers: 34 insurers in 9 countries
- Certifications: ISO 27001, SOC 2 Type II

In March 2026 we raised a $41 million Series B led by Northgate Capital to expand in North
America.
""",
        ),
        Doc(
            path="lumenfold.example/press/2026-03-17-series-b.html",
            date="2026-03-17",
            text="""\
# Lumenfold raises $41 million Series B led by Northgate Capital

**MANCHESTER, 17 March 2026** — Lumenfold, the claims-automation company for insurers, today
announced a $41 million Series B round led by Northgate Capital, with participation from
existing investors Fernhill Ventures and Oakridge Partners.

The round brings Lumenfold's total funding to $58.5 million. The company will use it to open a
Toronto engineering hub, grow its team from 180 to about 300 people, and launch version 3.0 of
its platform, which adds motor and property claims to the health claims it handles today.

"Insurers are drowning in documents. We want every claim handler to start from a good draft,"
said Priya Raman, co-founder and CEO.

Elena Sokolova, partner at Northgate Capital, joins Lumenfold's board.

**About Lumenfold** — Founded in 2019 by Priya Raman and Tomas Ekdahl, Lumenfold is headquartered
in Manchester, UK, with offices in Lisbon and Toronto.
""",
        ),
        Doc(
            path="techwire.example/2026/03/18/manchester-insurtech-lumenfold-lands-41m.html",
            date="2026-03-18",
            text="""\
# Manchester insurtech Lumenfold lands $41M to take on North America

*TechWire, 18 March 2026*

Lumenfold, a Manchester start-up that uses language models to process insurance claims, has
raised $41M in a Series B round led by Northgate Capital.

Co-founders Priya Raman and Tomas Ekdahl started the company in Leeds in 2019 and moved to
Manchester two years ago to be closer to the city's growing pool of machine-learning engineers.
The company did not disclose its valuation; two people familiar with the deal put it at around
$240 million.

## Funding so far

| Round | Date | Amount | Lead investor |
|---|---|---|---|
| Seed | October 2020 | $5.5M | Fernhill Ventures |
| Series A | June 2022 | $12M | Oakridge Partners |
| Series B | March 2026 | $41M | Northgate Capital |

Raman said revenue had roughly tripled in 2025, without giving figures. Rivals include Claimwise
and the larger Sapiens-backed tools.
""",
        ),
        Doc(
            path="lumenfold.example/blog/why-we-raised-our-series-b.md",
            date="2026-03-20",
            text="""\
# Why we raised our Series B

*Priya Raman, co-founder and CEO — 20 March 2026*

When Tomas and I started Lumenfold in 2019, we had one customer, one model and a whiteboard.
This week we announced a $41 million Series B led by Northgate Capital. I want to explain what
we will do with it.

**North America.** A third of our pipeline is now in Canada and the US. Our Toronto office will
grow from 6 people to 40 by the end of 2027.

**Motor and property claims.** Version 3.0 of the platform, due in the autumn, extends our
document models beyond health claims.

**Staying in Manchester.** Our headquarters stays in Manchester. Moving here from Leeds in 2024
was the best hiring decision we made.

Thank you to our customers, to Fernhill and Oakridge for backing us again, and to the whole
team.
""",
        ),
        Doc(
            path="northpost.example/2022/06/leeds-startup-lumenfold-raises-12m.html",
            date="2022-06-09",
            text="""\
# Leeds start-up Lumenfold raises $12 million Series A

*The Northern Post, 9 June 2022*

Lumenfold, a Leeds-based company that automates insurance claims, has raised $12 million in a
Series A round led by Oakridge Partners.

The company, founded in 2019 by former Lloyd's data scientists Priya Raman and Tomas Ekdahl,
employs 38 people at its Leeds headquarters on Wellington Street. It will use the money to hire
40 engineers and open a sales office in Lisbon.

Raman said the company planned to raise a Series B "in about 18 months" and had no plans to
leave Leeds.
""",
        ),
        Doc(
            path="lumenfold.example/files/lumenfold-fact-sheet-2023.pdf",
            date="2023-05-15",
            text="""\
# Lumenfold — Company fact sheet (May 2023)

| | |
|---|---|
| Founded | 2019 |
| Founders | Priya Raman (CEO), Tomas Ekdahl (CTO) |
| Headquarters | Leeds, United Kingdom |
| Offices | Leeds, Lisbon |
| Employees | 64 |
| Total funding | $17.5 million (Seed and Series A) |
| Customers | 11 insurers |

Lumenfold's platform reads claim documents and drafts decisions for claim handlers. It is used
for health and travel claims.

Press contact: press@lumenfold.example
""",
        ),
        Doc(
            path="craftbooks.example/news/lumenfold-press-crowdfunding.html",
            date="2026-02-24",
            off=True,
            text="""\
# Lumenfold Press raises £1.2 million from readers

*Craft & Books Weekly, 24 February 2026*

Lumenfold Press, the Bristol publisher of pop-up and paper-engineered books, has raised £1.2
million in a crowdfunding round from 2,300 readers, its second in three years.

Founder Harriet Vance set up the press in 2016 in her kitchen in Bedminster; it is now
headquartered in a former print works on Gloucester Road and employs 22 people. The money will
pay for a second folding machine and a series of six new titles for 2027.

"We chose crowdfunding so our readers own a piece of us," Vance said.

Lumenfold Press sold 84,000 books in 2025. It is not related to the Manchester software company
Lumenfold.
""",
        ),
        Doc(
            path="lumenfold.example/careers/how-we-work.md",
            date="2025-11-03",
            off=True,
            text="""\
# How we work at Lumenfold

## Hybrid by default

Most Lumenfolders work from one of our hubs two days a week and from home the rest. You choose
the days with your team.

## Working fully remote

You can work fully remote from the UK, Portugal or Canada if your role allows it. We pay a
one-off home-office allowance of £600 (€700, CA$1,000) and £30 a month towards internet.

## Travel

Everyone meets in person twice a year for a company week. We cover travel and accommodation
under our travel policy.

## Time off

27 days of holiday plus public holidays, and a four-week paid sabbatical after four years.
""",
        ),
    ),
    facts=(
        Fact("co-founder Priya Raman", ("Priya Raman",)),
        Fact("co-founder Tomas Ekdahl", ("Tomas Ekdahl",)),
        Fact("headquarters", ("Manchester",)),
        Fact("Series B amount", ("$41 million", "$41M")),
        Fact("Series B lead investor", ("Northgate Capital",)),
    ),
)

# --- Velora E-Scout 2: battery, range, charging, UK price ---------------------------------------

VELORA = Case(
    id="fact-velora-escout-en",
    kind=Kind.FACT,
    language="en",
    question=(
        "What battery capacity and rated range does the Velora E-Scout 2 electric motorbike "
        "have, how fast does it charge, and what does it cost in the UK today?"
    ),
    notes=(
        "Product page, spec sheet v1.2 and 2026 price list vs a v0.9 draft spec and the 2025 "
        "price list; the Velora Home Scout 2 vacuum and a workshop charging policy collide."
    ),
    documents=(
        Doc(
            path="products/e-scout-2.html",
            date="2026-03-02",
            text="""\
# Velora E-Scout 2

**The electric motorbike for the commute and the weekend.**

The E-Scout 2 pairs an 8.1 kWh battery with an 11 kW motor for a rated range of 162 km (WMTC)
and a top speed of 95 km/h. Around town you can expect up to 210 km between charges.

## Charging

- DC fast charging: 20–80% in 42 minutes
- Home charging on the 3.3 kW on-board charger: 0–100% in 2 h 45 min
- Type 2 and CCS2 sockets under the seat

## Ride

Three ride modes, traction control, ABS with cornering function, and the Velora Link app (version
2.1) for navigation and ride statistics.

## Price

From **£7,895** on the road in the UK, including the 3-year battery warranty. Ride on an A1 or
A licence (L3e-A1 category).

[Book a test ride](#) · [Find a dealer](#)
""",
        ),
        Doc(
            path="specs/e-scout-2-spec-sheet-v1.2.pdf",
            date="2025-09-10",
            text="""\
# Velora E-Scout 2 — Technical specification (v1.2, September 2025)

Model code VS2-81 · Homologation category L3e-A1

| Item | Specification |
|---|---|
| Battery | Lithium-ion NMC, 8.1 kWh gross, 7.6 kWh usable |
| Rated range (WMTC) | 162 km |
| Urban range | 210 km |
| Motor | Permanent magnet, 11 kW continuous, 18 kW peak |
| Top speed | 95 km/h |
| On-board charger | 3.3 kW AC, 0–100% in 2 h 45 min |
| DC fast charge | 20–80% in 42 minutes (CCS2, 12 kW) |
| Kerb weight | 168 kg |
| Seat height | 795 mm |
| Water protection | IP67 (battery and motor) |

Battery warranty: 3 years or 50,000 km, with at least 70% capacity guaranteed.

Changes from v1.1: charge time corrected after firmware 2.1; seat height updated.
""",
        ),
        Doc(
            path="pricing/uk-price-list-2026.xlsx",
            date="2026-01-05",
            text="""\
## Models

| Model | Code | Battery | Price on the road (GBP) |
|---|---|---|---|
| E-Scout 1 | VS1-56 | 5.6 kWh | £5,495 |
| E-Scout 2 | VS2-81 | 8.1 kWh | £7,895 |
| E-Scout 2 Trail | VS2-81T | 8.1 kWh | £8,450 |

## Options

| Option | Price (GBP) |
|---|---|
| Top box 45 L | £289 |
| Heated grips | £179 |
| Portable 1.3 kW charger | £349 |
| Extended battery warranty (5 years) | £420 |

## Notes

| Note |
|---|
| Prices valid from 5 January 2026 and include VAT, registration and first-year VED. |
""",
        ),
        Doc(
            path="archive/2025/uk-price-list-2025.docx",
            date="2025-01-06",
            text="""\
# Velora UK price list — 2025

*Valid from 6 January 2025. Supersedes the 2024 list.*

| Model | Battery | Price on the road |
|---|---|---|
| E-Scout 1 | 5.6 kWh | £5,295 |
| E-Scout 2 (pre-order, deliveries from April 2025) | 8.1 kWh | £7,495 |

Pre-order deposit: £250, refundable until delivery is scheduled. E-Scout 1 customers trading in
their bike against an E-Scout 2 receive a loyalty bonus of £500 on top of the valuation.

All prices include VAT, registration and first-year vehicle excise duty. Velora reserves the
right to change prices without notice.
""",
        ),
        Doc(
            path="specs/drafts/e-scout-2-spec-sheet-v0.9-draft.pdf",
            date="2024-11-20",
            text="""\
# DRAFT — Velora E-Scout 2 prototype specification v0.9

*Internal, November 2024. Based on prototype P4; production figures to follow.*

| Item | Target |
|---|---|
| Battery | 7.2 kWh gross |
| Rated range (WMTC) | 140 km |
| Top speed | 90 km/h |
| DC fast charge | 20–80% in 50 minutes |
| Kerb weight | 172 kg |

Open questions: a larger 8 kWh pack is under study if the frame can take it; charger supplier
not chosen.
""",
        ),
        Doc(
            path="press/2025-03-12-e-scout-2-launch.md",
            date="2025-03-12",
            text="""\
# Velora launches the E-Scout 2

**Coventry, 12 March 2025** — Velora Motors today launched the E-Scout 2, its second electric
motorbike and the first it designed entirely in Coventry.

The E-Scout 2 has an 8.1 kWh battery, a rated range of 162 km and a top speed of 95 km/h. It
charges from 20% to 80% in under 45 minutes on a public DC charger.

"The first E-Scout proved people want an electric bike for the commute. The E-Scout 2 is for
the ride home the long way," said managing director Owen Caldwell.

Launch pricing is £7,495 on the road, with first deliveries in April 2025 through 26 UK dealers.
""",
        ),
        Doc(
            path="news/velora-home-scout-2-review.html",
            date="2025-10-21",
            off=True,
            text="""\
# Velora Home Scout 2 review: a robot vacuum that finally maps the stairs

*HomeTech Reviews, 21 October 2025*

Velora Appliances' Home Scout 2 is a mid-price robot vacuum with a 5,200 mAh battery that ran
for 180 minutes on its quietest setting in our test and cleaned about 250 m² per charge. It
recharges in 4.5 hours on its dock.

| | Home Scout 2 |
|---|---|
| Battery | 5,200 mAh |
| Runtime | up to 180 min |
| Suction | 5,000 Pa |
| Price (UK) | £349 |

Velora Appliances, based in Leeds, is not related to the motorbike maker Velora Motors.

**Verdict:** 4 stars. Good mapping, weak on thick rugs.
""",
        ),
        Doc(
            path="dealers/workshop-battery-charging-policy.md",
            date="2025-06-30",
            off=True,
            text="""\
# Dealer workshop policy: storing and charging traction batteries

*Velora dealer network, version 3, June 2025*

## Scope

Applies to every Velora dealer workshop that stores or charges motorbike batteries, including
customer bikes left overnight.

## Rules

1. Charge only on the wall-mounted chargers in the marked charging bay, never on a bench.
2. Do not charge a battery above 80% if the bike will stay more than 7 days; store at 40–60%.
3. A battery that has been dropped, flooded or shows swelling goes into the quarantine box and
   is reported on form BQ-2 within 24 hours.
4. The bay must have a CO2 and a lithium-fire extinguisher, checked monthly.

## Capacity limits

Workshops may store no more than 120 kWh of batteries in total, counting packs fitted to bikes.
""",
        ),
    ),
    facts=(
        Fact("battery capacity", ("8.1 kWh",)),
        Fact("rated range", ("162 km",)),
        Fact("DC fast-charge time", ("42 minutes",)),
        Fact("current UK price", ("£7,895",)),
    ),
)

CASES: tuple[Case, ...] = (KESTREL, CORRAN, LUMENFOLD, VELORA)
