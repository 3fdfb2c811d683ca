"""Comparison cases in English: four questions that each ask for the same measures across three
or four named things (harbour towns and their population growth from mid-2023 to mid-2024,
warehouse-robot makers and their FY2025 revenue and shipments, wireless earbuds and their battery
life and price, found on the web, and rivers and their length and mean flow). Each corpus spreads
the figures over documents about one thing and documents that name several, keeps an older or
draft version whose figures were later revised, and adds distractors: a policy or bulletin that
shares the question's words, and something of a colliding name with figures of its own
("Saltcombe Provisions Ltd", "Halden Foods plc", a "Veloa Air 3" e-scooter, the "Tamsell Valley
Railway").
"""

from __future__ import annotations

from bench.kinds_corpus import Case, Doc, Fact, Kind

# --- Harbour towns: population growth, mid-2023 to mid-2024 ----------------------------------

_TOWNS_XLSX = """## Summary

| Area | Mid-2023 population | Mid-2024 population | Change | Change (%) |
|---|---|---|---|---|
| Wrenmouth | 61,340 | 62,450 | +1,110 | 1.8% |
| Kelby Bay | 27,480 | 28,230 | +750 | 2.7% |
| Pennock | 9,815 | 9,902 | +87 | 0.9% |
| Hadleigh Cross | 14,260 | 14,198 | -62 | -0.4% |
| North Shore district total | 112,895 | 114,780 | +1,885 | 1.7% |

## Components of change

| Area | Births | Deaths | Net migration | Other changes |
|---|---|---|---|---|
| Wrenmouth | 512 | 688 | +1,286 | 0 |
| Kelby Bay | 231 | 304 | +823 | 0 |
| Pennock | 71 | 118 | +134 | 0 |
| Hadleigh Cross | 102 | 171 | +7 | 0 |

## Notes

| Note | Text |
|---|---|
| 1 | Estimates refer to residents at 30 June of each year. |
| 2 | Mid-2023 figures are revised in line with the 2024 address register update. |
| 3 | Saltcombe and Marrowdene are published in the Harbour district table. |
| 4 | Produced under the office's ISO 9001 quality system, release version 2.1. |
| 5 | Final estimates, published 26 June 2025; they replace the March provisional release. |
"""

_TOWNS_PROVISIONAL = """# Provisional Mid-2024 Population Estimates: Harbour Towns

**PROVISIONAL. To be replaced by the final release due in June 2025.**

County Statistics Office, Statistical Bulletin 2025/04, published 14 March 2025

These provisional estimates are based on the address register as it stood in December 2024.
They are published early to help councils set their budgets and will be revised once late
registrations and the 2024 register update are processed. Figures for mid-2023 are also
provisional and may change.

| Town | Mid-2023 | Mid-2024 (provisional) | Change (%) |
|---|---|---|---|
| Wrenmouth | 61,120 | 62,610 | 2.4% |
| Saltcombe | 18,890 | 18,840 | -0.3% |
| Kelby Bay | 27,390 | 28,010 | 2.3% |
| Marrowdene | 44,050 | 44,720 | 1.5% |

## Key points

- All four harbour towns except Saltcombe are provisionally estimated to have grown.
- Wrenmouth is provisionally the fastest-growing town, driven by net migration.
- Saltcombe's small fall reflects an older age profile, with deaths exceeding births.

Users should not quote these provisional figures once the final estimates are published.
Queries: population@countystats.example, room 204, County Hall.
"""

_TOWNS_SALTCOMBE = """# Saltcombe Town Council: Minutes of the Full Council Meeting

**Monday 14 July 2025, 7.00 pm, Room 204, Harbour Institute, Saltcombe**

Present: Cllr M. Pryor (Mayor, in the chair), Cllrs A. Dunne, R. Okafor, T. Wyatt and
J. Lisle. In attendance: the Town Clerk and four members of the public.

### 25/061 Apologies

Apologies were received from Cllr H. Bell.

### 25/062 Mid-2024 population estimate

The Clerk reported the final mid-2024 population estimates published by the County Statistics
Office on 26 June. Saltcombe's resident population is now estimated at 18,760, down from
18,905 at mid-2023, a fall of 145 people or 0.8%. The provisional figure issued in March has
been withdrawn.

Members noted that Saltcombe was again the only harbour town to lose residents, while Kelby
Bay grew fastest. Cllr Okafor asked that the housing working group consider the figures when
reviewing the affordable homes target.

**Resolved:** that the Clerk circulate the bulletin to members and write to the district
council about the effect on the council tax base for 2026/27.

### 25/063 Ferry timetable

The winter timetable for the K3 ferry service was noted. The operator will keep the 07.15
sailing.

### 25/064 Date of next meeting

Monday 8 September 2025 at 7.00 pm.
"""

_TOWNS_MARROWDENE = """# Marrowdene passes 44,600 as newcomers outpace the losses

*Marrowdene Gazette, 2 July 2025*

Marrowdene's population grew by 1.1% in the year to mid-2024, according to final estimates
published last week by the County Statistics Office.

The town had 44,610 residents at 30 June 2024, up from 44,120 a year earlier, a rise of 490
people. Almost all of the increase came from people moving into the town, many of them
families drawn by the new homes at Copse Lane.

The rise was slower than in Kelby Bay, the fastest-growing of the four harbour towns, where
the population climbed 2.7%, and in Wrenmouth, up 1.8%. Saltcombe was the only one of the
four to shrink.

"These are steady numbers, not a boom," said Cllr Dawn Asher, who chairs the town's planning
committee. "But 490 extra people a year still means more school places and more pressure on
the surgery on Mill Street."

Earlier in the year a provisional estimate had put the town at 44,720. The statistics office
said late registrations and a register clean-up had lowered the final figure.

The Gazette's interactive map of the estimates, ward by ward, is available on our website.
"""

_TOWNS_KELBY = """# Kelby Bay Local Plan Review: Housing Evidence Paper (v2.1)

*Kelby Bay Planning Policy Team, September 2025*

## 1. Population baseline

The final mid-2024 estimate puts Kelby Bay's population at 28,230, an increase of 750 (2.7%)
on the revised mid-2023 figure of 27,480. This makes Kelby Bay the fastest-growing town in
the district for the third year running.

Growth is driven almost entirely by net migration (+823 people), with deaths (304) again
exceeding births (231). Most in-migrants are aged 25 to 44.

## 2. Households

- Average household size: 2.21 persons
- Estimated households at mid-2024: 12,770
- Second homes and holiday lets: 6.4% of dwellings

## 3. Implications for the plan

If growth continues at the 2019-2024 average, the town will need about 1,950 new homes
between 2025 and 2040, around 130 a year. The draft plan allocates sites for 1,620 homes;
the shortfall is discussed in Section 5.

This paper replaces version 1.4 (March 2025), which relied on the provisional estimates.
"""

_TOWNS_WRENMOUTH = """# Wrenmouth's population tops 62,000 for the first time

*Wrenmouth Borough Council, press release, 30 June 2025*

Wrenmouth's population reached 62,450 in mid-2024, the highest figure on record, according to
final estimates from the County Statistics Office.

The town grew by 1,110 people, or 1.8%, from 61,340 a year earlier. As in most coastal
towns, more residents died (688) than were born (512), but this was more than offset by net
migration of 1,286 people, many of them working at the expanded port.

Council Leader Sam Ferris said: "Wrenmouth is a place people want to move to. Our job now is
to make sure homes, GP appointments and school places keep pace."

The council will use the new figures in its infrastructure plan, due in the autumn.

**Notes to editors**

1. The estimates refer to 30 June 2024 and replace the provisional figures of March 2025.
2. Wrenmouth Borough Council is certified to ISO 14001 for environmental management.
3. Media enquiries: press office, 01632 960 418.
"""

_TOWNS_SALTCOMBE_PROVISIONS = """# Saltcombe Provisions Ltd: Annual Report 2024

## Chair's statement

2024 was a year of growth for Saltcombe Provisions. Revenue rose to £38.6 million (2023:
£35.1 million) and our trade customer population grew 6.2% from 2023 to 2024, to 4,310
active accounts across the harbour towns and the North Shore.

We opened our new chilled depot at Kelby Bay in May, adding 2,400 pallet spaces, and our
delivery fleet grew to 46 vehicles. Headcount reached 412 at the year end.

## Key figures

| Measure | 2023 | 2024 |
|---|---|---|
| Revenue | £35.1m | £38.6m |
| Operating profit | £1.9m | £2.3m |
| Trade accounts | 4,058 | 4,310 |
| Employees | 386 | 412 |

## Outlook

We expect the Wrenmouth port expansion to bring new hospitality customers in 2025. The board
proposes a dividend of 4.2p per share.

*Saltcombe Provisions Ltd is a wholesale food distributor registered in England, company
number 04417729.*
"""

_TOWNS_SEABIRDS = """# Kelby Bay Cliffs Seabird Census 2024

*Coastal Wildlife Trust, survey note, October 2024*

The 2024 census of the Kelby Bay cliffs shows strong population growth for kittiwakes from
2023 to 2024, after two poor years caused by avian influenza.

| Species | 2023 (pairs) | 2024 (pairs) | Change |
|---|---|---|---|
| Kittiwake | 2,870 | 3,120 | +8.7% |
| Fulmar | 214 | 207 | -3.3% |
| Razorbill | 96 | 118 | +22.9% |

Guillemots were counted as individuals: 5,480 birds, up from 5,010.

Survey teams covered all 11 cliff sections between 3 and 19 June. Counts follow the national
seabird monitoring handbook. Visitors are reminded to keep dogs on leads on the cliff path
between April and August.
"""

_TOWNS = Case(
    id="comparison-harbour-towns-en",
    kind=Kind.COMPARISON,
    language="en",
    question=(
        "Compare the population growth from mid-2023 to mid-2024 of Wrenmouth, Saltcombe, "
        "Kelby Bay and Marrowdene."
    ),
    documents=(
        Doc("stats/population-estimates-mid-2024-final.xlsx", "2025-06-26", _TOWNS_XLSX),
        Doc(
            "archive/2025/provisional-mid-2024-population-estimates.pdf",
            "2025-03-14",
            _TOWNS_PROVISIONAL,
        ),
        Doc("councils/saltcombe/minutes-2025-07-14.docx", "2025-07-16", _TOWNS_SALTCOMBE),
        Doc("news/marrowdene-gazette-2025-07-02.html", "2025-07-02", _TOWNS_MARROWDENE),
        Doc("planning/kelby-bay-housing-evidence-v2.1.md", "2025-09-10", _TOWNS_KELBY),
        Doc("news/wrenmouth-population-press-release.html", "2025-06-30", _TOWNS_WRENMOUTH),
        Doc(
            "reports/saltcombe-provisions-annual-report-2024.pdf",
            "2025-04-30",
            _TOWNS_SALTCOMBE_PROVISIONS,
            off=True,
        ),
        Doc("ecology/kelby-bay-seabird-census-2024.md", "2024-10-18", _TOWNS_SEABIRDS, off=True),
    ),
    facts=(
        Fact("Wrenmouth population mid-2024", ("62,450",)),
        Fact("Wrenmouth growth mid-2023 to mid-2024", ("1.8%", "61,340", "1,110")),
        Fact("Saltcombe population mid-2024", ("18,760",)),
        Fact("Saltcombe change mid-2023 to mid-2024", ("0.8%", "18,905")),
        Fact("Kelby Bay population mid-2024", ("28,230",)),
        Fact("Kelby Bay growth mid-2023 to mid-2024", ("2.7%", "27,480")),
        Fact("Marrowdene population mid-2024", ("44,610",)),
        Fact("Marrowdene growth mid-2023 to mid-2024", ("1.1%", "44,120")),
    ),
    subjects=(("Wrenmouth",), ("Saltcombe",), ("Kelby Bay",), ("Marrowdene",)),
    notes=(
        "Four towns' final estimates spread over a sheet, minutes, news and a plan paper; "
        "provisional figures superseded; colliding Saltcombe Provisions and a seabird census."
    ),
)

# --- Warehouse robot makers: FY2025 revenue and robots shipped --------------------------------

_ROBOTS_HALDEN = """# Halden Robotics: Annual Report FY2025

## Highlights

- Revenue of **$48.6 million**, up 18% from $41.2 million in FY2024
- **3,120 robots** shipped to customers, against 2,640 a year earlier
- Gross margin improved to 38.5% (FY2024: 35.9%)
- 41 new customer sites, including our first two in Japan
- Recurring software and service revenue reached $9.8 million

## Letter from the Chief Executive

FY2025 was the year our K3 picking robot came of age. The K3 accounted for almost two thirds
of the 3,120 robots we shipped, and its newer gripper cut average pick time by 11%. Our
Nordbury plant, certified to ISO 9001 since 2021, moved to two shifts in September.

We also faced stronger competition. Quillfeather Automation remains the market leader by
volume, and smaller players such as Stannard Motion are winning on price in mid-sized
warehouses. We believe our software, now at version 4.2, is our best defence.

## Key figures

| | FY2025 | FY2024 |
|---|---|---|
| Revenue | $48.6 million | $41.2 million |
| Robots shipped | 3,120 | 2,640 |
| Gross margin | 38.5% | 35.9% |
| Employees at year end | 486 | 431 |

FY2025 is the year ended 31 December 2025. Figures are audited.

*Mara Ellison, Chief Executive, 18 March 2026*
"""

_ROBOTS_HALDEN_OLD = """# Halden Robotics: Annual Report FY2024

## Highlights

- Revenue of **$41.2 million**, up 23% from $33.5 million in FY2023
- **2,640 robots** shipped, against 2,050 a year earlier
- Launch of the K3 picking robot in June 2024
- Gross margin of 35.9%

## Letter from the Chief Executive

This was a year of investment. We launched the K3, doubled the size of our field service
team and opened a sales office in Rotterdam. Shipments of 2,640 robots were a record, though
below the 2,800 we had hoped for, because two large customers delayed their roll-outs to
2025.

## Outlook for FY2025

We expect revenue of between $46 million and $50 million and shipments of around 3,000
robots, with the K3 making up most of the total.

| | FY2024 | FY2023 |
|---|---|---|
| Revenue | $41.2 million | $33.5 million |
| Robots shipped | 2,640 | 2,050 |
| Employees at year end | 431 | 362 |

*Mara Ellison, Chief Executive, 20 March 2025*
"""

_ROBOTS_QUILLFEATHER = """# Quillfeather Automation: Q4 and Full-Year FY2025 Shareholder Update

*12 February 2026*

Dear shareholders,

Quillfeather Automation (QFA) closed FY2025 with its strongest quarter yet. Fourth-quarter
revenue was $31.7M and full-year revenue reached **$112.4M**, up 14.9% from $97.8M in FY2024.

We shipped 2,210 robots in the quarter and **7,850 robots** in the year (FY2024: 6,900),
keeping our position as the largest supplier of autonomous mobile robots to European
grocers.

## Full-year summary

| Metric | FY2024 | FY2025 | Change |
|---|---|---|---|
| Revenue | $97.8M | $112.4M | +14.9% |
| Robots shipped | 6,900 | 7,850 | +13.8% |
| Adjusted EBITDA | $8.1M | $11.6M | +43.2% |
| Customers (sites) | 318 | 377 | +59 |

## Priorities for FY2026

1. Ramp up the QF-9 heavy-load platform, launched in October.
2. Cut the average deployment time below six weeks.
3. Expand in North America, where we opened an office in Columbus.

We will publish audited accounts on 26 March 2026 and host a call for investors that day.

*Jonas Verhoeven, CEO*
"""

_ROBOTS_ROUNDUP = """# Warehouse automation roundup: the mid-market gets crowded

*Logistics Week, 2 March 2026*

The results season for warehouse-robot makers confirms that demand held up in 2025, even as
prices fell.

Halden Robotics grew revenue 18% to $48.6M on the back of its K3 picker. Quillfeather
Automation, the volume leader, passed $112.4M in revenue. But the fastest-growing name was
**Stannard Motion**, Halden's smaller rival, which reported FY2025 revenue of $27.9 million,
up 21% from $23.1 million, on 1,460 robots shipped.

| Company | FY2025 revenue | Robots shipped FY2025 |
|---|---|---|
| Quillfeather Automation | $112.4M | 7,850 |
| Halden Robotics | $48.6M | 3,120 |
| Stannard Motion | $27.9M | 1,460 |

"Stannard is selling a simpler robot at a lower price, and mid-sized warehouses love it,"
said analyst Priya Raman of Coldharbour Research.

Not everyone is convinced the growth will last. Average selling prices fell about 6% across
the sector, and several buyers told *Logistics Week* they were waiting for the next
generation of grippers before ordering more robots.
"""

_ROBOTS_STANNARD_XLSX = """## Summary

| Metric | FY2024 | FY2025 |
|---|---|---|
| Revenue | $23.1M | $27.9M |
| Robots shipped | 1,180 | 1,460 |
| Gross margin | 31.4% | 33.0% |
| Employees (year end) | 164 | 197 |
| Customer sites | 88 | 121 |

## Shipments by model

| Model | Units FY2025 | Share |
|---|---|---|
| SM-200 tote mover | 820 | 56% |
| SM-400 pallet mover | 515 | 35% |
| SM-400X cold-store variant | 125 | 9% |
| Total | 1,460 | 100% |

## Notes

| Item | Detail |
|---|---|
| Period | FY2025 = year ended 31 December 2025 |
| Status | Final; replaces draft v0.3 of the results release |
| Prepared by | Stannard Motion finance team, 27 February 2026 |
"""

_ROBOTS_STANNARD_DRAFT = """# DRAFT v0.3: Stannard Motion reports record FY2025

**DRAFT, NOT FOR RELEASE. Figures subject to audit.**

*Prepared 20 February 2026*

Stannard Motion, the maker of compact warehouse robots, today reported record results for
the year ended 31 December 2025.

- Revenue rose to **$28.4 million** (FY2024: $23.1 million)
- The company shipped **1,510 robots**, up from 1,180
- Gross margin improved to 33.4%

"Customers want automation they can install in a weekend," said CEO Tomas Reyes. "Our SM-200
tote mover does exactly that."

[Finance to confirm: revenue recognition on the two December Coldline orders. Ops to confirm
the shipment count after returns.]

**About Stannard Motion.** Founded in 2017 and based in Leeds, Stannard Motion designs and
builds autonomous mobile robots for mid-sized warehouses. Its SM-200 and SM-400 ranges are
used at more than 120 sites.
"""

_ROBOTS_HALDEN_FOODS = """# Halden Foods plc: Annual Report 2025

## Chair's summary

Halden Foods had a solid 2025. Group revenue rose 4.1% to £212.6 million, and adjusted
operating profit was £18.9 million. We completed the £14 million automation of our Corby
bakery, where 38 packing robots now run on all three shifts.

## Performance by division

| Division | Revenue 2025 | Revenue 2024 |
|---|---|---|
| Bakery | £121.4m | £117.0m |
| Chilled | £63.8m | £61.2m |
| Snacks | £27.4m | £26.0m |
| Group | £212.6m | £204.2m |

## Our people

We employ 2,940 people at 14 sites. Lost-time injuries fell to 0.41 per 100,000 hours worked.

## Dividend

The board recommends a final dividend of 6.8p per share, making 10.2p for the year.

*Halden Foods plc is listed on the London Stock Exchange (ticker HFD).*
"""

_ROBOTS_SAFETY = """# Safety bulletin SB-25-07: Working alongside autonomous robots at DC-3

*Issued by Site Health and Safety, 5 November 2025*

Following two near-misses in October, the rules below apply to everyone in the DC-3 picking
hall, where the new K3 robots shipped in September are now in service.

## What changes

- Walk only in the green pedestrian lanes. Robots have priority in the blue lanes.
- Never step over a robot's safety scanner line, even when it is stopped.
- Report any robot that stops for more than two minutes to the shift lead on channel 4.
- High-visibility vests are mandatory; the robots' scanners detect them at 6 metres.

## Why

Robot traffic in the hall has doubled since the summer. Both near-misses happened when staff
crossed a blue lane carrying cartons that blocked their view.

## Training

Everyone working in DC-3 must complete the 20-minute robot awareness module by 30 November.
Contact the safety team in room 204 with any questions.
"""

_ROBOTS = Case(
    id="comparison-warehouse-robots-en",
    kind=Kind.COMPARISON,
    language="en",
    question=(
        "Compare the FY2025 revenue and the number of robots shipped of Halden Robotics, "
        "Quillfeather Automation and Stannard Motion."
    ),
    documents=(
        Doc("reports/halden-robotics-annual-report-fy2025.pdf", "2026-03-18", _ROBOTS_HALDEN),
        Doc(
            "archive/fy2024/halden-robotics-annual-report-fy2024.pdf",
            "2025-03-20",
            _ROBOTS_HALDEN_OLD,
        ),
        Doc(
            "investor/quillfeather-q4-fy2025-shareholder-update.docx",
            "2026-02-12",
            _ROBOTS_QUILLFEATHER,
        ),
        Doc("market/warehouse-automation-roundup-2026-03.html", "2026-03-02", _ROBOTS_ROUNDUP),
        Doc("finance/stannard-motion-fy2025-kpi-pack.xlsx", "2026-02-27", _ROBOTS_STANNARD_XLSX),
        Doc(
            "drafts/stannard-fy2025-results-release-draft-v0.3.md",
            "2026-02-20",
            _ROBOTS_STANNARD_DRAFT,
        ),
        Doc(
            "reports/halden-foods-plc-annual-report-2025.pdf",
            "2026-04-08",
            _ROBOTS_HALDEN_FOODS,
            off=True,
        ),
        Doc("safety/sb-25-07-robots-dc3.md", "2025-11-05", _ROBOTS_SAFETY, off=True),
    ),
    facts=(
        Fact("Halden Robotics revenue FY2025", ("$48.6 million", "$48.6M")),
        Fact("Halden Robotics robots shipped FY2025", ("3,120",)),
        Fact("Quillfeather Automation revenue FY2025", ("$112.4M",)),
        Fact("Quillfeather Automation robots shipped FY2025", ("7,850",)),
        Fact("Stannard Motion revenue FY2025", ("$27.9 million", "$27.9M")),
        Fact("Stannard Motion robots shipped FY2025", ("1,460",)),
    ),
    subjects=(
        ("Halden Robotics", "Halden"),
        ("Quillfeather Automation", "Quillfeather", "QFA"),
        ("Stannard Motion", "Stannard"),
    ),
    notes=(
        "Three makers' revenue and shipments from a report, an update, a KPI sheet and a "
        "roundup; FY2024 report and draft release superseded; colliding Halden Foods plc."
    ),
)

# --- Wireless earbuds on the web: battery life and price -------------------------------------

_BUDS_VELOA = """# Veloa Air 3 | Wireless Noise-Cancelling Earbuds | Veloa Audio

**Sound that stays with you.** The Veloa Air 3 pairs our new 11 mm drivers with adaptive noise
cancelling and a case that fits in a coin pocket.

## Price

**$179**, with free shipping and a 30-day return window. Available in Slate, Sand and Fern.

## Battery

- Up to **9.5 hours** of playback per charge with noise cancelling on
- Up to 36 hours in total with the charging case
- 10 minutes in the case gives 2 hours of listening
- Wireless charging (Qi) and USB-C

## Specifications

| Spec | Veloa Air 3 |
|---|---|
| Drivers | 11 mm dynamic |
| Bluetooth | 5.4, multipoint |
| Water resistance | IPX5 |
| Weight per earbud | 5.1 g |
| Codecs | AAC, SBC, LC3 |

## FAQ

**Does the Air 3 work with the Veloa app?** Yes. Firmware 3.0.2 adds a five-band equaliser.

**Is the Air 3 compatible with the Air 2 case?** No, the Air 3 uses a new case.
"""

_BUDS_TESSEL_REVIEW = """# Tessel Q7 review: the battery champion, at a price

*By Nadia Köhler, SoundCheck, 22 April 2025*

Tessel has never been a flashy brand, but the Q7 is the most sensible pair of earbuds I have
tested this year, provided you can swallow a **$159** price tag.

## Battery life

This is the headline. Tessel claims 11 hours per charge with noise cancelling on, and in our
rundown test at 60% volume the Q7 managed 11 hours 20 minutes. The case adds three more
charges.

## Sound and noise cancelling

The sound is warm and a little bass-heavy. Noise cancelling is good on trains, weaker with
voices in an open-plan office.

## Verdict

| | Tessel Q7 |
|---|---|
| Price | $159 |
| Battery (buds, ANC on) | 11 hours |
| Weight per earbud | 5.8 g |
| Score | 8/10 |

At $159 the Q7 faces tough rivals. Drop it to $129 and it would be an easy recommendation.
"""

_BUDS_TESSEL_NEWS = """# Tessel cuts Q7 earbuds to $129 in permanent price drop

*GadgetWire, 14 October 2025*

Tessel has permanently cut the price of its Q7 wireless earbuds from $159 to **$129**, six
months after launch, as competition in the mid-range intensifies.

The company said the new price applies worldwide from today, both on its own store and at
retailers. Nothing else about the Q7 changes: it keeps its 11 hours of battery life per charge,
the longest of any earbuds we have tested under $150.

The cut puts the Q7 between the Marlow Buds 2, at $99, and the Veloa Air 3 at $179.

Tessel also confirmed that firmware 1.4, due in November, will add LE Audio support. A
spokesperson declined to comment on a successor model.
"""

_BUDS_ONDINE_PAGE = """# Ondine Pro | Ondine Sound

The **Ondine Pro** is our flagship true wireless earbud, tuned by the team behind our
award-winning studio headphones.

**$249** - free engraving on orders this month.

## Longer listening with firmware 2.1

Firmware 2.1, released in January 2026, brings a more efficient noise-cancelling chip mode.
The Ondine Pro now plays for up to **6.5 hours** per charge with noise cancelling on (up to
24 hours with the case). Update through the Ondine app.

## At a glance

- Hybrid noise cancelling with six microphones
- Spatial audio with head tracking
- Lossless over Bluetooth 5.4 (aptX Lossless)
- IP54 dust and water resistance
- 6.2 g per earbud

## Questions

**Will my battery life improve automatically?** Yes, once firmware 2.1 is installed.

**Is there a student discount?** Yes, 10% with a valid student ID.
"""

_BUDS_ONDINE_LAUNCH = """# Ondine Sound launches the Ondine Pro

**Press release, London, 10 September 2024**

Ondine Sound today announced the Ondine Pro, its first premium true wireless earbuds, on sale
from 1 October at **$249**.

## Key features

- Hybrid noise cancelling with six microphones
- Spatial audio with head tracking
- Up to **6 hours** of playback per charge with noise cancelling on, and 22 hours with the
  charging case
- Wireless charging

"We built the Ondine Pro for people who care about every detail of a recording," said founder
Elise Marchetti.

## About Ondine Sound

Ondine Sound makes headphones and speakers for music lovers. Founded in 2012, it sells in 28
countries. Its quality system is certified to ISO 9001.

Press contact: press@ondinesound.example
"""

_BUDS_MARLOW = """# Marlow Buds 2 - Spec Sheet

The Marlow Buds 2 are everyday earbuds that get the basics right for under $100.

## Price and availability

- Price: **$99**
- Colours: Black, White, Coral
- On sale from 5 August 2025

## Battery

| | Marlow Buds 2 |
|---|---|
| Earbuds, per charge | 8.5 hours |
| With case | 30 hours |
| Fast charge | 10 min = 1.5 hours |

The Buds 2 have no active noise cancelling, which helps them reach **8.5 hours** per charge.

## Other specs

- Bluetooth 5.3, Google Fast Pair
- IPX4 splash resistance
- 4.6 g per earbud

Model number MB-202. Firmware version 1.2.
"""

_BUDS_ROUNDUP = """# The best wireless earbuds under $200 in 2026

*TechDesk buying guide, updated 19 May 2026*

We tested 24 pairs of earbuds this spring. These are the three we recommend at the lower and
middle of the market, plus how they compare on the two things readers ask about most:
battery life and price.

| Earbuds | Battery per charge | Price |
|---|---|---|
| Tessel Q7 | 11 hours | $129 |
| Veloa Air 3 | 9.5 hours | $179 |
| Marlow Buds 2 | 8.5 hours | $99 |

## Best overall: Tessel Q7

Since its price cut last October, the Q7 is the one to beat. Its 11-hour battery is the best
we have measured.

## Best sound: Veloa Air 3

The Air 3 sounds clearer than the Q7 and has better noise cancelling, but costs $50 more.

## Best budget: Marlow Buds 2

At $99, the Buds 2 are hard to fault for commuting.

*Want to spend more? Our premium guide covers the Ondine Pro.*
"""

_BUDS_SCOOTER = """# Veloa Air 3 Electric Scooter | Veloa Mobility

Meet the **Veloa Air 3**, the lightest scooter we have ever built: 12.4 kg, folds in three
seconds, and fits under a train seat.

## Battery life and range

- 36 V, 7.8 Ah battery
- Range of up to **35 km** per charge
- Full charge in 5 hours
- Battery rated for 800 full cycles

## Price

**$549**, including a two-year warranty. Add a second battery for $129.

## Specifications

| Spec | Veloa Air 3 scooter |
|---|---|
| Top speed | 25 km/h |
| Motor | 350 W |
| Tyres | 8.5-inch, puncture-proof |
| Max rider weight | 100 kg |

*Veloa Mobility is not affiliated with Veloa Audio.*
"""

_BUDS_AIRLINE = """# Travelling with batteries and electronic devices

*Skyvale Airways, passenger information*

Most personal electronics, including phones, laptops, cameras and wireless earbuds, may travel
in your cabin bag. Spare lithium batteries and power banks must **never** go in checked
baggage.

## Limits

| Battery size | Cabin | Checked bag |
|---|---|---|
| Up to 100 Wh | Yes, no approval needed | Only inside a device |
| 100 to 160 Wh | Yes, with airline approval, max 2 spares | No |
| Over 160 Wh | No | No |

Earbud charging cases hold small batteries well under 100 Wh and need no approval.

## During the flight

- Keep devices switched off or in flight mode during take-off and landing.
- If a device overheats or smokes, tell the crew at once.
- E-scooters and hoverboards are not carried, whatever their battery life or price.
"""

_BUDS = Case(
    id="comparison-earbuds-web-en",
    kind=Kind.COMPARISON,
    language="en",
    question=(
        "How do the Veloa Air 3, Tessel Q7, Ondine Pro and Marlow Buds 2 wireless earbuds "
        "compare on battery life and price?"
    ),
    documents=(
        Doc("veloa-audio/products/air-3.html", "2025-09-04", _BUDS_VELOA),
        Doc("soundcheck/reviews/tessel-q7-review.html", "2025-04-22", _BUDS_TESSEL_REVIEW),
        Doc("gadgetwire/news/tessel-q7-price-cut.html", "2025-10-14", _BUDS_TESSEL_NEWS),
        Doc("ondine-sound/ondine-pro.html", "2026-01-27", _BUDS_ONDINE_PAGE),
        Doc("ondine-sound/press/2024-09-ondine-pro-launch.pdf", "2024-09-10", _BUDS_ONDINE_LAUNCH),
        Doc("marlow/marlow-buds-2-spec-sheet.md", "2025-08-05", _BUDS_MARLOW),
        Doc("techdesk/best-earbuds-under-200-2026.html", "2026-05-19", _BUDS_ROUNDUP),
        Doc("veloa-mobility/air-3-scooter.html", "2025-03-11", _BUDS_SCOOTER, off=True),
        Doc("skyvale/travel-info/batteries.html", "2025-06-02", _BUDS_AIRLINE, off=True),
    ),
    facts=(
        Fact("Veloa Air 3 battery life per charge", ("9.5 hours",)),
        Fact("Veloa Air 3 price", ("$179",)),
        Fact("Tessel Q7 battery life per charge", ("11 hours",)),
        Fact("Tessel Q7 price after the October 2025 cut", ("$129",)),
        Fact("Ondine Pro battery life per charge (firmware 2.1)", ("6.5 hours",)),
        Fact("Ondine Pro price", ("$249",)),
        Fact("Marlow Buds 2 battery life per charge", ("8.5 hours",)),
        Fact("Marlow Buds 2 price", ("$99",)),
    ),
    subjects=(
        ("Veloa Air 3", "Air 3", "Veloa"),
        ("Tessel Q7", "Q7", "Tessel"),
        ("Ondine Pro", "Ondine"),
        ("Marlow Buds 2", "Buds 2", "Marlow"),
    ),
    where="web",
    notes=(
        "Web comparison of four earbuds from product pages, a review, news and a guide; "
        "launch price and pre-firmware battery superseded; colliding Veloa Air 3 scooter."
    ),
)

# --- Rivers: length and mean annual flow -----------------------------------------------------

_RIVERS_XLSX = """## Gauging stations

| Station no. | River | Site | Catchment area (km²) | Record | Mean flow (m³/s) |
|---|---|---|---|---|---|
| 27041 | Keddle | Ashby Weir | 2,846 | 1958-2024 | 64.1 |
| 27052 | Tamsell | Croft Mill | 1,388 | 1967-2024 | 38.6 |
| 27060 | Lune Beck | Harrow Bridge | 212 | 1979-2024 | 4.7 |
| 28013 | Orrin | Fenwick Bridge | 604 | 1971-2024 | 12.4 |

## Flow statistics

| River | Mean flow (m³/s) | Q95 low flow (m³/s) | Q10 high flow (m³/s) | Peak on record (m³/s) |
|---|---|---|---|---|
| Keddle | 64.1 | 9.8 | 152.0 | 688 |
| Tamsell | 38.6 | 5.2 | 94.5 | 401 |
| Lune Beck | 4.7 | 0.6 | 11.9 | 73 |
| Orrin | 12.4 | 1.9 | 29.8 | 236 |

## Notes

| Note | Text |
|---|---|
| 1 | Means are long-term averages over the standard period 1991-2020. |
| 2 | The 2019 yearbook used 1981-2010 and is superseded by this edition. |
| 3 | Station numbers are identifiers, not measurements. |
| 4 | The Brannock is gauged by the Brannock Catchment Partnership. |
"""

_RIVERS_OLD = """# Hydrometric Yearbook 2019

*Regional Hydrometric Service, published December 2019*

## Introduction

This yearbook gives summary statistics for the region's principal gauging stations. Long-term
means are calculated over the standard period 1981-2010.

## Principal rivers

| River | Length | Gauging station | Mean flow 1981-2010 |
|---|---|---|---|
| Keddle | 209 km | 27041 Ashby Weir | 61.8 m³/s |
| Tamsell | 142 km | 27052 Croft Mill | 36.9 m³/s |
| Orrin | 87 km | 28013 Fenwick Bridge | 13.1 m³/s |
| Brannock | 56 km | 28020 Holt End | 8.3 m³/s |

## The 2019 water year

Rainfall was 108% of the long-term average. The wettest month was November, when the Keddle
at Ashby Weir peaked at 612 m³/s. Summer low flows on the Orrin fell to 1.7 m³/s in August.

## Changes to the network

Station 28020 on the Brannock will transfer to the Brannock Catchment Partnership in 2020.
The Holt End weir will be rebuilt to version 2.1 of the national weir design standard.
"""

_RIVERS_ORRIN = """# River Orrin

The **River Orrin** is a river in the northern uplands. It rises on Fell Moss at about 540
metres and flows south-east for **87 km** to join the estuary at Orrinmouth.

## Course

The upper Orrin is a fast moorland stream. Below Fenwick it slows and meanders across a broad
floodplain of hay meadows, several of them protected for their wildflowers. The river passes
through three market towns and is crossed by 14 road bridges, the oldest of which, at Fenwick,
dates from 1486.

## Hydrology

The Orrin's mean flow at Fenwick Bridge (station 28013) is **12.4 m³/s**, averaged over
1991-2020. Flows respond quickly to rain on the fells, and the river is prone to flash floods.

| Statistic | Value |
|---|---|
| Length | 87 km |
| Source elevation | 540 m |
| Catchment area | 604 km² at Fenwick Bridge |
| Mean flow | 12.4 m³/s |

## Wildlife

The Orrin holds one of the region's last populations of freshwater pearl mussels, and otters
returned to its lower reaches in the 1990s.
"""

_RIVERS_BRANNOCK = """# Brannock Catchment Management Plan 2024-2030

*Brannock Catchment Partnership, adopted October 2024*

## 1. The river

The Brannock is the smallest of the region's main rivers. From its source at Crane's Well it
runs **56 km** (35 miles) to its confluence with the Orrin estuary, draining a catchment of
318 km² of mostly arable land.

## 2. Flows

At our Holt End gauge (station 28020), the long-term mean flow over 1991-2020 is
**7.9 m³/s** (7.9 cumecs), a little lower than the 8.3 m³/s published in 2019 for the
earlier 1981-2010 period. Summer flows have fallen, and abstraction licences are now capped.

## 3. Priorities

1. Cut phosphate from farm run-off by 30% by 2030.
2. Restore 12 km of river corridor with buffer strips and tree planting.
3. Remove or bypass four weirs to let sea trout reach upstream spawning beds.

## 4. Monitoring

The partnership samples water quality monthly at nine sites. Results are published each
spring in our State of the Brannock report.
"""

_RIVERS_KEDDLE = """# Keddle (river)

The **Keddle** is the longest river in the region, flowing **211 km** from the Scarth Hills
to the North Sea at Keddlemouth. Its length was long given as 209 km; a LiDAR survey in 2023
remeasured the meanders of the lower river and added 2 km.

## Hydrology

The Keddle has a mean flow of **64.1 m³/s** at Ashby Weir (station 27041), averaged over
1991-2020. The highest flow on record, 688 m³/s, was measured in December 2015.

## Tributaries

The Keddle's largest tributary is the **River Tamsell**, which joins it at Croft. The Tamsell
is 142 km long and has a mean flow of 38.6 m³/s at Croft Mill, more than half of the
Keddle's own flow at Ashby.

| Tributary | Length | Mean flow | Joins at |
|---|---|---|---|
| River Tamsell | 142 km | 38.6 m³/s | Croft |
| Lune Beck | 31 km | 4.7 m³/s | Harrow |
| Skell Water | 24 km | 2.9 m³/s | Ashby |

## History

The Keddle was made navigable to Ashby in 1764. Commercial traffic ended in 1931, and the
towpath is now part of a long-distance walking route.
"""

_RIVERS_RAILWAY = """# Tamsell Valley Railway

Ride Britain's finest heritage steam line through the Tamsell valley, from Croft to
Hawkridge and back.

## The line

The Tamsell Valley Railway runs for 14.2 km along the former branch line, crossing the river
three times on Victorian viaducts. A return trip takes about 1 hour 40 minutes.

## Visiting in 2025

| Ticket | Price |
|---|---|
| Adult return | £18.50 |
| Child return (5-15) | £9.00 |
| Family (2 + 3) | £48.00 |

Trains run daily from April to October and at weekends in winter. Engine No. 7 "Lady
Tamsell", built in 1898, returns to service this summer after a seven-year overhaul.

## Facts and figures

- 61,800 passengers carried in 2024, a record
- 340 volunteers
- Average speed 25 km/h (15 mph)
"""

_RIVERS_FLOOD = """# Flood warning bulletin: 9 February 2026

*Regional Flood Service. Issued 06.30. Next update 12.00.*

**Flood warnings are in force on the River Keddle at Ashby and the River Orrin at Fenwick.**

Heavy rain overnight (up to 48 mm on the fells) has raised river levels quickly. Current
readings:

| River | Station | Flow now | Typical winter flow | Trend |
|---|---|---|---|---|
| Keddle | Ashby Weir | 412 m³/s | 95 m³/s | Rising |
| Orrin | Fenwick Bridge | 168 m³/s | 22 m³/s | Peaking |
| Tamsell | Croft Mill | 197 m³/s | 55 m³/s | Rising |

## What to do

- Do not walk, drive or cycle through flood water.
- Move cars away from the riverside car parks at Ashby and Fenwick.
- Sign up for free warnings by text or phone: call Floodline.

Riverside footpaths along the Tamsell and Keddle are closed until further notice.
"""

_RIVERS = Case(
    id="comparison-rivers-en",
    kind=Kind.COMPARISON,
    language="en",
    question=(
        "How do the rivers Tamsell, Orrin, Keddle and Brannock compare on length and mean "
        "annual flow?"
    ),
    documents=(
        Doc("data/hydrometric-yearbook-2025.xlsx", "2025-11-20", _RIVERS_XLSX),
        Doc("archive/2019/hydrometric-yearbook-2019.pdf", "2019-12-04", _RIVERS_OLD),
        Doc("encyclopedia/river-orrin.md", "2024-06-11", _RIVERS_ORRIN),
        Doc(
            "reports/brannock-catchment-management-plan-2024.docx",
            "2024-10-01",
            _RIVERS_BRANNOCK,
        ),
        Doc("encyclopedia/keddle-river.html", "2025-02-17", _RIVERS_KEDDLE),
        Doc("leisure/tamsell-valley-railway.html", "2025-04-03", _RIVERS_RAILWAY, off=True),
        Doc("alerts/flood-warning-bulletin-2026-02-09.md", "2026-02-09", _RIVERS_FLOOD, off=True),
    ),
    facts=(
        Fact("Tamsell length", ("142 km",)),
        Fact("Tamsell mean flow", ("38.6 m³/s",)),
        Fact("Orrin length", ("87 km",)),
        Fact("Orrin mean flow", ("12.4 m³/s",)),
        Fact("Keddle length (2023 survey)", ("211 km",)),
        Fact("Keddle mean flow", ("64.1 m³/s",)),
        Fact("Brannock length", ("56 km",)),
        Fact("Brannock mean flow", ("7.9 m³/s", "7.9 cumecs")),
    ),
    subjects=(
        ("River Tamsell", "Tamsell"),
        ("River Orrin", "Orrin"),
        ("River Keddle", "Keddle"),
        ("River Brannock", "Brannock"),
    ),
    notes=(
        "Four rivers' length and 1991-2020 mean flow from a yearbook sheet and explainers; "
        "2019 yearbook (1981-2010 means, old Keddle length) superseded; colliding railway."
    ),
)

CASES: tuple[Case, ...] = (_TOWNS, _ROBOTS, _BUDS, _RIVERS)
