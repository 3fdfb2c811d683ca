"""Trend cases in English: four questions about how one measure moved over several years (a
transit agency's ridership, an island's visitor arrivals, a robotics maker's revenue and a water
utility's per-person household use). Each corpus spreads the yearly figures over annual reports,
updates, news and a multi-year table, keeps an earlier preliminary figure that a later document
revises (the superseded version), and adds distractors: a policy or notice that shares the
question's words, and an entity whose name collides with the subject and states figures of its
own. The facts are the first and last values, the peak or low point, the revised year, the total
change and the stated cause.
"""

from __future__ import annotations

from bench.kinds_corpus import Case, Doc, Fact, Kind

HARROWGATE = Case(
    id="trend-harrowgate-ridership-en",
    kind=Kind.TREND,
    language="en",
    question="How has Harrowgate Regional Transit's ridership changed from 2019 to 2025?",
    notes="Ridership recovery after a 2020 collapse; a Q4 update's preliminary 2024 total is "
    "revised in board minutes and later reports; a freight firm of a colliding name.",
    documents=(
        Doc(
            path="reports/annual-report-2025.pdf",
            date="2026-03-20",
            text="""\
# Harrowgate Regional Transit — Annual Report 2025

## Chief Executive's overview

2025 was the year our network came closest to its pre-pandemic size. Customers made
41.8 million boardings on Harrowgate Regional Transit (HRT) buses and light rail, up 7.5% on
the revised 2024 total of 38.9 million. That is 93.7% of the 44.6 million boardings recorded
in 2019 — still 6.3% below the 2019 level, but a long way from the low point of 19.7 million
in 2020.

## Ridership at a glance

| Year | Bus (m) | Light rail (m) | Total (m) |
|---|---|---|---|
| 2019 | 31.2 | 13.4 | 44.6 |
| 2023 | 25.5 | 11.3 | 36.8 |
| 2024 (revised) | 26.8 | 12.1 | 38.9 |
| 2025 | 28.6 | 13.2 | 41.8 |

Light rail has recovered faster than bus: at 13.2 million boardings it is within 1.5% of its
2019 level, while bus boardings remain 8.3% below.

## What drove the recovery

- **Fare capping.** Since the weekly fare cap of $28 was introduced in March 2023, capped
  customers have travelled noticeably more often; 31% of adult journeys in 2025 ended in a
  capped week.
- **Route 9 rapid bus.** Route 9 between Eastgate and the university campus opened in
  September 2024 and carried 2.4 million boardings in its first full year.
- **Service restored.** Timetabled service kilometres reached 98% of 2019 levels in FY2025.

## Outlook

The 2026 business plan assumes 43.5 million boardings. The order for 12 model LRV-4 trams
(contract HRT-2025-014) will add capacity on the Riverside line from late 2027.
""",
        ),
        Doc(
            path="data/ridership-2019-2025.xlsx",
            date="2026-02-10",
            text="""\
## Annual boardings

| Year | Bus (millions) | Light rail (millions) | Total (millions) | Change on prior year |
|---|---|---|---|---|
| 2019 | 31.2 | 13.4 | 44.6 | |
| 2020 | 14.1 | 5.6 | 19.7 | -55.8% |
| 2021 | 18.6 | 7.7 | 26.3 | +33.5% |
| 2022 | 23.4 | 10.1 | 33.5 | +27.4% |
| 2023 | 25.5 | 11.3 | 36.8 | +9.9% |
| 2024 | 26.8 | 12.1 | 38.9 | +5.7% |
| 2025 | 28.6 | 13.2 | 41.8 | +7.5% |

## Revisions

| Year | First published (millions) | Current (millions) | Date revised | Reason |
|---|---|---|---|---|
| 2024 | 38.2 | 38.9 | April 2025 | Automatic passenger counter recalibration |

## Notes

| Item | Note |
|---|---|
| Source | Automatic passenger counters (APC v3.2) and smartcard taps |
| Coverage | All bus routes and the Riverside and Northline light rail lines |
| Prepared by | Network Planning, Performance & Data team |
""",
        ),
        Doc(
            path="archive/2024/q4-2024-ridership-update.docx",
            date="2025-01-22",
            text="""\
# Quarterly Ridership Update — Q4 2024 (preliminary)

Prepared for the Board of Harrowgate Regional Transit. Figures are preliminary and subject to
validation of automatic passenger counter (APC) data.

## Headlines

- Q4 2024 boardings: 9.9 million, up 4.1% on Q4 2023.
- Preliminary full-year 2024 boardings: **38.2 million** (bus 26.3 million, light rail
  11.9 million), up 3.8% on 2023's 36.8 million.
- Route 9 rapid bus carried 0.61 million boardings in its first full quarter.

## Commentary

Growth slowed in the second half of the year. Light-rail boardings were held back by the
Riverside line closure for track renewal in August 2024. The fare cap continues to lift
off-peak travel, with capped weeks now accounting for 27% of adult journeys.

## Data quality

The APC fleet upgrade to software version 3.2 was completed in November 2024. Network
Planning will recalibrate counts against manual surveys in Q1 2025; the full-year figure may
change.
""",
        ),
        Doc(
            path="board/minutes-2025-04-15.md",
            date="2025-04-15",
            text="""\
# Board of Directors — Minutes

**Harrowgate Regional Transit** · 15 April 2025 · Room 204, Central Depot

Present: M. Okafor (Chair), J. Lindqvist, R. Dasgupta, P. Moreau, S. Whitcombe (CEO).

## Item 4 — Revision of 2024 ridership

The Head of Network Planning reported on the recalibration of automatic passenger counters
against 1,850 manual survey trips. Door sensors on light-rail vehicles and on the older bus
fleet had undercounted boardings. The 2024 total is revised from 38.2 million to
**38.9 million** (bus 26.8 million, light rail 12.1 million). Growth on 2023 is therefore
5.7% rather than 3.8%.

Resolved: the Q4 2024 Quarterly Ridership Update is marked superseded; the revised series
will be used in the 2025 annual report and in the State funding return.

## Item 5 — Fare cap review

The weekly cap ($28 adult, $14 concession) has been in place since March 2023. The Board
noted that the cap is the largest single contributor to ridership growth since 2023 and
agreed to keep it unchanged for FY2026.

## Item 6 — Any other business

None. The meeting closed at 7:40 pm.
""",
        ),
        Doc(
            path="reports/annual-report-2020.pdf",
            date="2021-04-28",
            text="""\
# Harrowgate Regional Transit — Annual Report 2020

## A year unlike any other

Ridership fell to 19.7 million boardings in 2020, down 55.8% from 44.6 million in 2019. The
COVID-19 stay-at-home orders from March 2020 emptied our buses and trams almost overnight;
in April 2020 weekly boardings were 81% below the same week a year earlier.

We kept essential workers moving. Service was reduced to 72% of the timetable between April
and August, rear-door boarding was introduced on all buses, and fares were suspended for
ten weeks.

## Ridership by mode

| Mode | 2019 | 2020 | Change |
|---|---|---|---|
| Bus | 31.2 million | 14.1 million | -54.8% |
| Light rail | 13.4 million | 5.6 million | -58.2% |
| Total | 44.6 million | 19.7 million | -55.8% |

## Looking ahead

Recovery will depend on the return of office workers and students. Our central scenario is a
return to 2019 ridership no earlier than 2024.
""",
        ),
        Doc(
            path="news/fare-capping-faq.html",
            date="2024-06-03",
            text="""\
# Fare capping: frequently asked questions

Harrowgate Regional Transit introduced fare capping in March 2023. Here is how it works.

## What is the fare cap?

Once you have paid $28 in adult fares in a week (Monday to Sunday), the rest of your trips
that week are free. The concession cap is $14. There is no daily cap.

## Do I need to register my card?

No. Any HRT smartcard or contactless bank card is capped automatically. Use the same card
every time you tap on.

## Has it made a difference?

Yes. In the first year of capping, ridership rose 9.9% to 36.8 million boardings in 2023,
and the number of people travelling five or more days a week grew by a fifth. The fare cap
is now one of the main reasons ridership is climbing back towards 2019 levels.

## Does the cap include Route 9?

Route 9 rapid bus opens in September 2024 and will be included in the cap from day one.
""",
        ),
        Doc(
            path="hr/remote-work-policy.md",
            date="2025-07-01",
            off=True,
            text="""\
# Remote Work Policy (version 2.1)

**Applies to:** salaried staff of Harrowgate Regional Transit working at head office.
**Effective:** 1 July 2025. Replaces version 2.0 of March 2023.

## Eligibility

Staff whose duties do not require them to be on the network (for example Finance, Network
Planning and ridership analysts) may work remotely for up to two days a week. Operators,
depot staff and customer service staff are not eligible.

## Conditions

- Remote days are agreed with the line manager and recorded in the HR system.
- Staff must be reachable during core hours of 10 am to 3 pm.
- Laptops must connect through the HRT VPN; ridership and customer data must not be stored
  on personal devices.
- Staff receive a one-off equipment allowance of $350.

## Review

HR will review this policy in 2026. In 2024, 38% of eligible staff used at least one remote
day a week.
""",
        ),
        Doc(
            path="news/harrowgate-transit-logistics-2025-results.html",
            date="2026-02-26",
            off=True,
            text="""\
# Harrowgate Transit Logistics posts record parcel volumes

*Harrowgate Business Journal, 26 February 2026*

Harrowgate Transit Logistics Ltd, the regional parcel and freight carrier, handled
27.9 million parcels in 2025, up from 18.4 million in 2019, the company said on Thursday.
Revenue rose to $310M, and the firm now runs 640 delivery vans from its Eastgate hub.

The privately owned company, which is unrelated to the city's public transport operator,
said volumes dipped only once in the period, in 2023, when a large retail customer moved
its contract. Managing director Colm Fairbairn credited the ISO 9001-certified sorting centre
opened in 2022 for a 12.4% cut in cost per parcel.

| Year | Parcels (millions) |
|---|---|
| 2019 | 18.4 |
| 2023 | 24.1 |
| 2025 | 27.9 |

The company plans to add electric vans to its fleet in 2026.
""",
        ),
    ),
    facts=(
        Fact("2019 ridership", ("44.6 million",)),
        Fact("2025 ridership", ("41.8 million",)),
        Fact("2020 low point", ("19.7 million",)),
        Fact("2024 ridership (revised)", ("38.9 million",)),
        Fact("2025 against 2019", ("6.3% below", "93.7%")),
        Fact("Cause of recovery: fare capping", ("fare cap",)),
        Fact("Cause of recovery: Route 9 rapid bus", ("Route 9",)),
    ),
)

VELLMAR = Case(
    id="trend-vellmar-visitors-en",
    kind=Kind.TREND,
    language="en",
    where="web",
    question="How have visitor arrivals to Vellmar Island changed between 2019 and 2025?",
    notes="Web pages: tourism board, local news and a blog; a preliminary 2024 count in a "
    "January news story is revised in the bulletin; a brewery of the same name.",
    documents=(
        Doc(
            path="visitvellmar/news/2025-visitor-figures.html",
            date="2026-02-12",
            text="""\
# Record 640,900 visitors came to Vellmar Island in 2025

*Visit Vellmar press release, 12 February 2026*

Vellmar Island welcomed a record 640,900 visitors in 2025, up 7.1% on 598,400 in 2024 and
20.0% above the 534,200 arrivals of 2019, Visit Vellmar announced today.

Visitor spending reached £118.6 million, against £84.2M in 2019. Overnight stays grew faster
than day trips: the average stay lengthened from 2.6 to 3.1 nights.

"The fast ferry changed everything," said Visit Vellmar chief executive Ingrid Hallsworth.
"Since the MV Solvei started sailing from Portkell in June 2023, the crossing takes 55
minutes instead of two hours, and the island is within a day trip of the mainland cities."

The opening of the 38 km Vellmar Coastal Trail in spring 2024 also drew walkers outside the
summer season: arrivals between November and March rose 14% in 2025.

Visit Vellmar's full Visitor Statistics Bulletin, with figures for every year since 2019,
is published in March.

**Media contact:** press@visitvellmar.example
""",
        ),
        Doc(
            path="islandherald/2025/01/preliminary-2024-visitor-count.html",
            date="2025-01-16",
            text="""\
# Vellmar Island heads for best year yet, preliminary count shows

*The Island Herald, 16 January 2025*

Vellmar Island received about 612,000 visitors in 2024, according to a preliminary count
released by Visit Vellmar on Wednesday — a 9.0% rise on 2023 and the second year running
above pre-pandemic levels.

The estimate is based on ferry manifests and a sample of accommodation returns. Visit Vellmar
cautioned that the final figure, due in its spring bulletin, could change once cruise
day-visitor data from the harbour master is reconciled.

Hoteliers in Skelby said occupancy had been the strongest they could remember. "We were
full from May to September," said Alys Penhallow of the 24-room Harbour View hotel.

The preliminary figure compares with 561,300 visitors in 2023 and 534,200 in 2019.
""",
        ),
        Doc(
            path="visitvellmar/research/visitor-statistics-bulletin-2025.pdf",
            date="2026-03-05",
            text="""\
# Vellmar Island Visitor Statistics Bulletin 2025

Visit Vellmar · Research & Insight · March 2026 · Edition 7

## Visitor arrivals, 2019–2025

| Year | Visitor arrivals | Change on prior year | Visitor spending |
|---|---|---|---|
| 2019 | 534,200 | | £84.2M |
| 2020 | 171,900 | -67.8% | £29.5M |
| 2021 | 289,500 | +68.4% | £51.0M |
| 2022 | 448,700 | +55.0% | £77.9M |
| 2023 | 561,300 | +25.1% | £98.3M |
| 2024 | 598,400 | +6.6% | £106.7M |
| 2025 | 640,900 | +7.1% | £118.6M |

## Revision to 2024

The preliminary 2024 estimate of 612,000 published in January 2025 counted some cruise
passengers twice, once on the ship's manifest and again on the Skelby tender. The final
figure is 598,400.

## Key points

- Arrivals fell to a low of 171,900 in 2020, when ferry services were suspended for 11 weeks.
- 2023 was the first year above the 2019 level.
- Over 2019–2025 arrivals grew by 20.0%, and spending by 40.9%.
""",
        ),
        Doc(
            path="blog/wanderlines/vellmar-six-years-on.md",
            date="2026-05-09",
            text="""\
# Six years of Vellmar: how a small island came back

I first went to Vellmar Island in 2019, when about half a million people a year made the
two-hour crossing from Portkell. I went back last month, and it is a different place.

## The empty year

In 2020 the island had 171,900 visitors — fewer than a third of the year before. The ferry
stopped for 11 weeks, and the guesthouses on the north shore mostly stayed shut.

## The ferry that changed it

The turning point was June 2023, when the MV Solvei fast ferry started sailing. At 55 minutes
the crossing became an easy day trip, and arrivals passed the 2019 level that same year.

## Now

Visit Vellmar says 640,900 people came in 2025. You can feel it: booking a table in Skelby
on a Saturday now takes planning. If you go, walk the Coastal Trail in October, when the
day-trippers have gone.

*Filed under: Islands, Slow travel*
""",
        ),
        Doc(
            path="islandherald/2023/06/mv-solvei-fast-ferry-enters-service.html",
            date="2023-06-20",
            text="""\
# Fast ferry MV Solvei enters service between Portkell and Vellmar

*The Island Herald, 20 June 2023*

The MV Solvei, a 420-passenger catamaran, made its first scheduled crossing from Portkell to
Vellmar Island on Monday, cutting the journey from two hours to 55 minutes.

The £23 million vessel (yard number 204) will run six return sailings a day in summer and
four in winter. Operator Vellmar Sound Ferries expects it to carry 300,000 passengers in its
first full year.

Visit Vellmar said arrivals had already recovered to 448,700 in 2022, and that the faster
link could lift the island above its 2019 record of 534,200 visitors.
""",
        ),
        Doc(
            path="islandherald/2021/02/2020-visitor-numbers-collapse.html",
            date="2021-02-08",
            text="""\
# Vellmar Island visitor numbers collapse by two-thirds in 2020

*The Island Herald, 8 February 2021*

Only 171,900 visitors came to Vellmar Island in 2020, down 67.8% from 534,200 in 2019,
figures from Visit Vellmar show.

The ferry service was suspended for 11 weeks during the spring lockdown and ran a reduced
timetable for the rest of the year. Cruise calls were cancelled entirely.

Visitor spending fell to £29.5M, from £84.2M the year before. About 40% of the island's
accommodation businesses took out government-backed loans.

Visit Vellmar expects a partial recovery in 2021 but does not see numbers returning to the
2019 level before 2024.
""",
        ),
        Doc(
            path="vellmarbrewing/news/2025-annual-update.html",
            date="2026-01-30",
            off=True,
            text="""\
# Vellmar Brewing Co. — 2025 in numbers

Vellmar Brewing Co., the independent brewery founded in Portkell in 2014, brewed
3.1 million litres of beer in 2025, up from 1.9 million litres in 2019.

Visitors to our taproom and brewery tours reached 48,200 in 2025, a record, after falling
to 9,600 in 2020 when the taproom closed for five months. Revenue was £14.7M.

| Year | Beer brewed | Taproom visitors |
|---|---|---|
| 2019 | 1.9 million litres | 31,400 |
| 2020 | 1.4 million litres | 9,600 |
| 2025 | 3.1 million litres | 48,200 |

Our Island Pale Ale, version 2.1 of the recipe, won gold at the Northern Beer Awards. The
brewery is not connected with Visit Vellmar or the island's ferry operators.
""",
        ),
        Doc(
            path="vellmarcouncil/notices/portkell-ferry-terminal-safety-notice.html",
            date="2025-09-15",
            off=True,
            text="""\
# Safety notice: works at the Portkell ferry terminal

*Vellmar Island Council, 15 September 2025*

From 29 September to 12 December 2025, the passenger walkway at Berth 2 of the Portkell
ferry terminal will be replaced. Visitors to Vellmar Island should allow extra time.

- Foot passengers will board via a temporary covered gangway at Berth 3.
- The car marshalling area is reduced from 90 to 60 spaces; arrive 40 minutes before
  departure.
- Wheelchair users can request assistance at the ticket office.

Please follow the instructions of terminal staff at all times. Contractors hold ISO 45001
certification and all work is supervised by the harbour master.
""",
        ),
    ),
    facts=(
        Fact("2019 visitor arrivals", ("534,200",)),
        Fact("2025 visitor arrivals (record)", ("640,900",)),
        Fact("2020 low point", ("171,900",)),
        Fact("2024 visitor arrivals (final)", ("598,400",)),
        Fact("Growth 2019-2025", ("20.0%",)),
        Fact("Cause: MV Solvei fast ferry", ("MV Solvei", "fast ferry")),
    ),
)

BRIGHTWATER = Case(
    id="trend-brightwater-revenue-en",
    kind=Kind.TREND,
    language="en",
    question="How has Brightwater Robotics' annual revenue developed from FY2020 to FY2025?",
    notes="Revenue growth with an FY2024 dip; a draft FY2024 report's unaudited revenue is "
    "superseded by the final one; a school robotics club of the same name.",
    documents=(
        Doc(
            path="investors/annual-report-fy2025.pdf",
            date="2025-09-18",
            text="""\
# Brightwater Robotics, Inc. — Annual Report FY2025

*Fiscal year ended 30 June 2025*

## Letter to shareholders

FY2025 was the best year in Brightwater's history. Revenue rose 28.0% to $241.7 million,
from $188.9 million in FY2024, and we shipped a record 3,120 robots. Over five years revenue
has grown from $96.3 million in FY2020, a compound annual growth rate of 20.2%.

FY2024 was a setback: revenue fell 11.1% from the FY2023 peak of $212.4 million after Vantor
Logistics, then our largest customer, paused its warehouse rollout. We answered by
broadening our customer base. The K3 autonomous picker, launched in March 2024, accounted for
41% of units shipped in FY2025, and our Rotterdam office brought in 23 new European
customers.

## Financial highlights

| | FY2023 | FY2024 | FY2025 |
|---|---|---|---|
| Revenue | $212.4M | $188.9M | $241.7M |
| Robots shipped | 2,460 | 2,190 | 3,120 |
| Gross margin | 41.0% | 37.6% | 42.3% |
| Software & services revenue | $49.8M | $58.1M | $73.5M |

## Outlook

Our qualified sales pipeline stands at $1.2 bn. We expect FY2026 revenue growth of 15% to
20%, with all plants remaining certified to ISO 9001 and ISO 10218.

— Dana Whitford, Chief Executive Officer
""",
        ),
        Doc(
            path="investors/five-year-summary.xlsx",
            date="2025-09-18",
            text="""\
## Revenue by year

| Fiscal year | Revenue ($M) | Change | Robots shipped | Gross margin |
|---|---|---|---|---|
| FY2020 | 96.3 | | 1,140 | 38.1% |
| FY2021 | 128.7 | +33.6% | 1,520 | 39.4% |
| FY2022 | 171.5 | +33.3% | 2,010 | 40.2% |
| FY2023 | 212.4 | +23.8% | 2,460 | 41.0% |
| FY2024 | 188.9 | -11.1% | 2,190 | 37.6% |
| FY2025 | 241.7 | +28.0% | 3,120 | 42.3% |

## Revenue by segment

| Fiscal year | Hardware ($M) | Software & services ($M) |
|---|---|---|
| FY2023 | 162.6 | 49.8 |
| FY2024 | 130.8 | 58.1 |
| FY2025 | 168.2 | 73.5 |

## Notes

| Note | Text |
|---|---|
| Fiscal year | Ends 30 June |
| FY2024 | Audited figure; the unaudited draft showed $193.6M |
| CAGR FY2020–FY2025 | 20.2% |
""",
        ),
        Doc(
            path="archive/fy2024/annual-report-fy2024-draft.docx",
            date="2024-08-09",
            text="""\
# DRAFT v0.3 — Brightwater Robotics Annual Report FY2024

**Unaudited. For Audit Committee review only. Do not distribute.**

## Financial summary (unaudited)

Revenue for the year ended 30 June 2024 was **$193.6 million**, a decrease of 8.9% from
$212.4 million in FY2023. Robots shipped fell to 2,190 from 2,460.

The decline reflects Vantor Logistics' decision in the second quarter to pause phase 3 of
its warehouse programme. Revenue includes $4.7 million recognised on the phase 3 order before
the pause; management is reviewing this treatment with the auditors.

## Segment view

| Segment | FY2023 | FY2024 (draft) |
|---|---|---|
| Hardware | $162.6M | $135.5M |
| Software & services | $49.8M | $58.1M |

Open points for the Audit Committee: revenue recognition on the Vantor phase 3 order;
inventory provision for K2 units.
""",
        ),
        Doc(
            path="investors/annual-report-fy2024.pdf",
            date="2024-09-20",
            text="""\
# Brightwater Robotics, Inc. — Annual Report FY2024

## Results

Revenue for FY2024 was $188.9 million, down 11.1% from the record $212.4 million of FY2023.
This is our first year-on-year decline since the company was founded.

Two factors explain the fall:

1. **Vantor Logistics.** Our largest customer, which made up 22% of FY2023 revenue, paused
   its warehouse automation rollout in December 2023. After review with our auditors, $4.7
   million recognised on the cancelled phase 3 order was reversed; the draft figure of
   $193.6 million was corrected to $188.9 million.
2. **Higher interest rates** led several mid-sized warehouse operators to defer capital
   spending.

Software and services revenue continued to grow, reaching $58.1M, and now makes up 31% of
revenue.

## Looking ahead

The K3 autonomous picker, launched in March 2024, has 14 customers in pilot or rollout. We
expect a return to growth in FY2025.
""",
        ),
        Doc(
            path="press/2024-03-12-k3-launch.md",
            date="2024-03-12",
            text="""\
# Brightwater Robotics launches K3 autonomous picker

**BOSTON, 12 March 2024** — Brightwater Robotics today launched the K3, a mobile
piece-picking robot for e-commerce and grocery warehouses.

## Key specifications

- Picks up to 1,100 items per hour, 35% more than the K2
- Runs 16 hours on one charge; swaps batteries in under 2 minutes
- Ships with Brightwater Fleet software version 2.1
- Built in our ISO 9001-certified plant in Lowell, Massachusetts

"Customers told us they want robots that pay back in under two years," said chief executive
Dana Whitford. "The K3 does that, and it opens the grocery market to us."

The K3 is available from April 2024 in North America and from September 2024 in Europe,
supported by the company's new office in Rotterdam.

Brightwater reported revenue of $212.4 million in FY2023.

*Media: press@brightwater-robotics.example*
""",
        ),
        Doc(
            path="investors/fy2022-results-release.html",
            date="2022-08-25",
            text="""\
# Brightwater Robotics reports FY2022 results

*25 August 2022*

Brightwater Robotics today reported revenue of $171.5 million for the fiscal year ended
30 June 2022, up 33.3% from $128.7 million in FY2021 and nearly double the $96.3M of FY2020.

| | FY2021 | FY2022 |
|---|---|---|
| Revenue | $128.7M | $171.5M |
| Robots shipped | 1,520 | 2,010 |
| Gross margin | 39.4% | 40.2% |

Growth came mainly from Vantor Logistics, which began deploying Brightwater K2 robots across
its 11 fulfilment centres, and from recurring software subscriptions.

"Demand for warehouse automation remains strong," said chief financial officer Priya Raman.
The company expects FY2023 revenue above $200 million.
""",
        ),
        Doc(
            path="news/brightwater-robotics-club-season.html",
            date="2025-05-30",
            off=True,
            text="""\
# Brightwater Robotics Club caps record season

*Brightwater Valley Gazette, 30 May 2025*

The Brightwater High School Robotics Club — team 4471, "Brightwater Robotics" on the
competition circuit — finished fourth at the state championship, its best result since the
club was founded in 2019.

Membership has grown from 11 students in 2019 to 46 this year, and the club raised $14,800
in sponsorship in the 2024–25 season, up from $6,200 the year before. Its robot, nicknamed
"K3" by the students, scored 212 points in the final round.

| Season | Members | Sponsorship |
|---|---|---|
| 2019–20 | 11 | $1,900 |
| 2023–24 | 31 | $6,200 |
| 2024–25 | 46 | $14,800 |

The club meets in room 204 on Tuesdays and Thursdays.
""",
        ),
        Doc(
            path="it/erp-migration-notice.md",
            date="2025-06-02",
            off=True,
            text="""\
# IT notice: finance system migration, 27–30 June 2025

To all Brightwater Robotics staff,

The finance team's ERP system moves to the new cloud platform (release 2.1) over the
year-end weekend. During the migration:

- the revenue reporting module and sales order entry will be unavailable from 6 pm on
  Friday 27 June until 8 am on Monday 30 June;
- FY2025 revenue dashboards will show data up to 26 June only until the close is complete;
- expense claims submitted after 25 June will be processed in July.

Please save open quotes and purchase orders before 5 pm on 27 June. Questions go to the IT
service desk, extension 4471.

Thank you for your patience.
— IT Service Management
""",
        ),
    ),
    facts=(
        Fact("FY2020 revenue", ("$96.3 million", "$96.3M")),
        Fact("FY2025 revenue", ("$241.7 million", "$241.7M")),
        Fact("FY2023 peak before the dip", ("$212.4 million", "$212.4M")),
        Fact("FY2024 revenue (audited)", ("$188.9 million", "$188.9M")),
        Fact("Cause of the FY2024 dip", ("Vantor Logistics",)),
        Fact("Compound annual growth FY2020-FY2025", ("20.2%",)),
    ),
)

PELLHAM = Case(
    id="trend-pellham-water-use-en",
    kind=Kind.TREND,
    language="en",
    question="How has household water use per person in Pellham changed from 2019 to 2025?",
    notes="A falling series with a 2020 peak and a 2022 drought dip; the 2024 report's "
    "provisional figure is revised in the 2025 report; a water polo club of the same name.",
    documents=(
        Doc(
            path="reports/annual-performance-report-2025.pdf",
            date="2026-06-30",
            text="""\
# Pellham Water — Annual Performance Report 2025

## Household consumption

In 2025 Pellham households used an average of 129 litres per person per day, the lowest
figure we have recorded and 15.1% less than the 152 litres of 2019. We remain on track for
our 2030 target of 125 litres.

| Year | Litres per person per day |
|---|---|
| 2019 | 152 |
| 2020 | 158 |
| 2022 | 131 |
| 2024 (revised) | 136 |
| 2025 | 129 |

The 2024 figure has been revised from the provisional 133 litres published last year to
136 litres, now that smart meter readings have replaced estimated bills for the whole year.

## Why use is falling

- **Smart meter rollout.** 68,400 smart meters were fitted between 2021 and 2024. Continuous
  night-flow alerts helped customers find and fix 9,870 leaks on their own pipes.
- **Tiered tariff.** Since April 2023 the first 100 litres per person per day are charged at
  a lower rate.
- **Water-efficiency visits.** 4,200 homes received free fittings in 2025.

Use peaked at 158 litres in 2020, when most residents were at home, and dropped to 131
litres in the 2022 drought under Stage 2 restrictions.
""",
        ),
        Doc(
            path="data/household-consumption-2019-2025.xlsx",
            date="2026-06-30",
            text="""\
## Per capita

| Year | Litres per person per day | Change on prior year | Population served |
|---|---|---|---|
| 2019 | 152 | | 396,800 |
| 2020 | 158 | +3.9% | 398,100 |
| 2021 | 149 | -5.7% | 399,500 |
| 2022 | 131 | -12.1% | 401,200 |
| 2023 | 138 | +5.3% | 403,000 |
| 2024 | 136 | -1.4% | 404,700 |
| 2025 | 129 | -5.1% | 406,300 |

## Smart meters

| Year | Installed in year | Cumulative |
|---|---|---|
| 2021 | 12,300 | 12,300 |
| 2022 | 19,500 | 31,800 |
| 2023 | 20,300 | 52,100 |
| 2024 | 16,300 | 68,400 |

## Notes

| Note | Text |
|---|---|
| 2024 | Revised from 133 (provisional) to 136 after smart meter reconciliation |
| Method | Metered and assessed household use divided by population served |
""",
        ),
        Doc(
            path="archive/2024/annual-performance-report-2024.docx",
            date="2025-06-27",
            text="""\
# Pellham Water — Annual Performance Report 2024

## Household consumption (provisional)

Average household use in 2024 was **133 litres per person per day**, provisional, down from
138 litres in 2023. This is the lowest figure since records began, apart from the drought
year of 2022.

The 2024 figure is provisional: around 9% of bills for the final quarter were based on
estimated readings. We will confirm the figure in next year's report.

## Progress on smart meters

The smart meter programme finished in December 2024 with 68,400 meters installed. Meters
are model AQ-7 with firmware version 2.1 and report hourly.

## Drought resilience

Reservoir storage at the end of September 2024 was 78%, compared with 41% at the height of
the 2022 drought.
""",
        ),
        Doc(
            path="drought/drought-review-2022.md",
            date="2023-02-14",
            text="""\
# Drought 2022 — Lessons Learned Review

*Pellham Water Operations Directorate · February 2023*

## Summary

The summer of 2022 was the driest in Pellham since 1976. Reservoir storage fell to 41% by
mid-August. Stage 1 restrictions (voluntary) began on 4 July; Stage 2 restrictions, banning
hosepipes and garden sprinklers, ran from 22 July to 30 November.

## Effect on demand

Household use averaged 131 litres per person per day over 2022, down from 149 litres in
2021 — a fall of 12.1%. In August alone use dropped to 118 litres.

| Measure | Before restrictions (June 2022) | Stage 2 (August 2022) |
|---|---|---|
| Household use (l/p/d) | 146 | 118 |
| Reservoir storage | 63% | 41% |

## Recommendations

1. Speed up the smart meter rollout so leaks on customer pipes are spotted early.
2. Agree a drought communications plan with the council by March 2023.
3. Review the tariff structure to reward low use.
""",
        ),
        Doc(
            path="news/pellham-courier-2021-01-water-use.html",
            date="2021-01-19",
            text="""\
# Lockdown pushed Pellham water use to a record

*Pellham Courier, 19 January 2021*

Pellham households used an average of 158 litres of water per person per day in 2020, up
3.9% from 152 litres in 2019, Pellham Water said on Monday — the highest figure since the
utility began publishing it.

With offices and schools closed for much of the spring, more washing, cooking and garden
watering happened at home. Daytime demand in April 2020 was 22% above normal.

The utility said business use fell by almost a third over the same period, so total water
put into supply changed little. It plans to start fitting smart meters in 2021.
""",
        ),
        Doc(
            path="customers/smart-meter-faq.html",
            date="2025-03-03",
            text="""\
# Smart meters: your questions answered

## How many smart meters have been fitted?

Pellham Water fitted 68,400 smart meters between 2021 and 2024, covering every metered home
in our area.

## How does a smart meter help me save water?

Your meter (model AQ-7) sends a reading every hour. If water keeps flowing through the night,
we send a leak alert by text or email. Since 2021 customers have fixed 9,870 leaks after an
alert.

## Has it reduced water use?

Yes. Average household use has fallen from 152 litres per person per day in 2019 to below
140 litres, even after the dry summer of 2022 ended.

## Will my bill go up?

No. Your bill depends on the water you use, not on the type of meter.
""",
        ),
        Doc(
            path="news/pellham-water-polo-club-growth.html",
            date="2025-10-11",
            off=True,
            text="""\
# Pellham Water Polo Club makes a splash

*Pellham Courier, 11 October 2025*

Pellham Water Polo Club has more than doubled in size since 2019, with 212 registered
players this season against 84 six years ago.

The club trains three evenings a week at the Riverside Leisure Centre's 25-metre pool. Its
women's team won promotion to National League 2 in April, and junior membership has risen to
96 from 31 in 2019.

| Season | Players | Juniors |
|---|---|---|
| 2019–20 | 84 | 31 |
| 2022–23 | 147 | 58 |
| 2025–26 | 212 | 96 |

Club secretary Hannah Obi said pool time was now the main limit on growth: "We use every
litre of water and every minute of lane time we can get."
""",
        ),
        Doc(
            path="hr/hybrid-working-policy.md",
            date="2024-09-01",
            off=True,
            text="""\
# Hybrid Working Policy

**Pellham Water** · Policy HR-07, version 2.1 · Effective 1 September 2024

## Who this policy covers

Office-based staff in customer services, finance, water resources planning and IT. Field
operatives, treatment works staff and control room staff work on site.

## How it works

- Eligible staff may work from home up to three days a week.
- Teams agree one common office day; for Water Resources it is Wednesday.
- Customer data, including meter readings and water use data, may only be accessed on company
  laptops.
- Staff working from home are reminded to follow our own advice on saving water.

## Review

This policy will be reviewed in September 2026, taking into account the staff survey, in
which 81% of respondents rated hybrid working as good or very good.
""",
        ),
    ),
    facts=(
        Fact("2019 household use per person", ("152 litres",)),
        Fact("2025 household use per person", ("129 litres",)),
        Fact("2020 peak", ("158 litres",)),
        Fact("2022 drought dip", ("131 litres",)),
        Fact("2024 use (revised)", ("136 litres",)),
        Fact("Fall 2019-2025", ("15.1%",)),
        Fact("Cause: smart meter rollout", ("smart meter", "68,400")),
    ),
)

CASES: tuple[Case, ...] = (HARROWGATE, VELLMAR, BRIGHTWATER, PELLHAM)
