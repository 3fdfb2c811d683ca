"""English "brief" cases: due-diligence briefs with several asked parts (funding or size,
revenue, scale, pricing, leadership, risks) on four fictional subjects — Tallowmere Robotics, a
warehouse-robot maker; Brackenridge Growth Fund III, a growth-equity fund; Sorrelwick Energy, a
home-battery start-up researched on the web; and the Vellmore Regional Transit Authority ahead of
a bond issue. Each corpus holds current reports, investor updates, price lists, minutes and press
releases beside archived vintages with other figures, HR, safety, IT and brand distractors, and a
namesake (Tallowmere Robotik GmbH, the Town of Brackenridge Growth Fund, the Sorrelwick Energy
Co-operative, Vellmore Transit Lines) with figures of its own.
"""

from __future__ import annotations

from bench.kinds_corpus import Case, Doc, Fact, Kind

# --- Tallowmere Robotics (library) -----------------------------------------------------------

_TALLOWMERE_DOCS = (
    Doc(
        "reports/annual-report-fy2025.pdf",
        "2026-03-20",
        """# Tallowmere Robotics, Inc. — Annual Report FY2025

## Letter from the CEO

FY2025 was the year Tallowmere Robotics moved from pilot projects to fleet-scale contracts.
Revenue reached $48.6 million, up 61% from $30.2 million in FY2024, and recurring
robot-as-a-service (RaaS) contracts made up 83% of the total. We ended the year with 3,120
robots deployed across 44 customer sites in the United States and Canada.

Our priorities for FY2026 are a second assembly line, the launch of the heavier TR-9, and a
first European site.

— Ines Varga, Co-founder and Chief Executive Officer

## Financial highlights

| Measure | FY2024 | FY2025 |
|---|---|---|
| Revenue | $30.2M | $48.6M |
| Recurring share of revenue | 76% | 83% |
| Gross margin | 38.5% | 44.1% |
| Operating loss | ($19.7M) | ($14.2M) |
| Robots deployed at year end | 1,960 | 3,120 |
| Employees | 212 | 287 |

## Customers

Our ten largest customers accounted for 71% of revenue. Brindle Grocers, our launch customer,
remained the largest single account at 34% of revenue after the roll-out of TR-7 units to
nine of its regional distribution centres.

## Leadership

- Ines Varga — Co-founder and Chief Executive Officer
- Alan Pierce — Chief Financial Officer
- Dev Ramaswamy — Co-founder and Chief Technology Officer
- Harriet Olsen — Chief Operating Officer

## Outlook

Management expects FY2026 revenue between $68 million and $74 million, assuming no
deterioration in warehouse construction activity.
""",
    ),
    Doc(
        "investor/investor-update-q3-2026.docx",
        "2026-10-22",
        """# Investor Update — Q3 2026

To: Tallowmere Robotics shareholders
From: Ines Varga (CEO) and Tomasz Rehn (CFO)
Date: 22 October 2026

## Summary

- The deployed fleet reached 4,050 robots at 30 September 2026 (3,120 at year-end 2025),
  across 57 customer sites.
- Annualised recurring revenue (ARR) was $74.3M, up from $52.0M a year earlier.
- Q3 revenue was $19.1 million; year-to-date revenue of $51.8 million is already ahead of the
  full FY2025 figure.
- Cash and equivalents stood at $96.4 million after the Series C, about 30 months of runway.

## Funding history

| Round | Closed | Amount | Lead investor |
|---|---|---|---|
| Seed | May 2019 | $3.5M | Northgate Angels |
| Series A | March 2021 | $14.0M | Harrow Peak Partners |
| Series B | September 2023 | $38.0M | Brightwater Capital |
| Series C | June 2026 | $85.0M | Osprey Lane Ventures |
| Total | | $140.5M | |

## People

Tomasz Rehn joined as Chief Financial Officer on 1 August 2026, succeeding Alan Pierce, who
remains an adviser until year-end. Marisol Quint joined as VP Supply Chain to lead the
dual-sourcing programme for lidar modules.

## Watch items

Brindle Grocers' share of revenue fell to 29% year-to-date as new accounts ramped, but its
master agreement comes up for renewal in March 2027.
""",
    ),
    Doc(
        "sales/price-list-2026.xlsx",
        "2026-01-05",
        """## RaaS plans

| Plan | Robot model | Minimum term | Price | Included |
|---|---|---|---|---|
| Standard RaaS | TR-7 | 36 months | $1,450 per robot per month | Maintenance, FleetOS |
| Flex RaaS | TR-7 | 12 months | $1,720 per robot per month | Maintenance, FleetOS |
| Heavy RaaS | TR-9 | 36 months | $2,180 per robot per month | Maintenance, FleetOS |

## Outright purchase

| Item | Model | List price | Notes |
|---|---|---|---|
| Autonomous mobile robot | TR-7 | $96,000 | 600 kg payload |
| Autonomous mobile robot | TR-9 | $138,000 | 1,500 kg payload |
| FleetOS software | v5.1 | $310 per robot per month | Required with purchase |
| Charging dock | CD-2 | $4,200 | One per 6 robots |

## Services

| Service | Price |
|---|---|
| Site survey and mapping | $18,500 per site |
| Integration with WMS | From $42,000 |
| Extended support (24/7) | 9% of annual contract value |

## Terms

| Term | Value |
|---|---|
| Effective | 1 January 2026 |
| Currency | USD |
| Volume discount | 5% above 100 robots, 8% above 250 robots |
""",
    ),
    Doc(
        "board/board-minutes-2026-07.docx",
        "2026-07-16",
        """# Tallowmere Robotics, Inc. — Minutes of the Board of Directors

Meeting of 14 July 2026, held at 1180 Harbor Street, room 204, and by video.

Present: Ines Varga (CEO, chair of the meeting), Dev Ramaswamy, Laura Benn (Osprey Lane
Ventures), Felix Hart (Brightwater Capital), Amira Saleh (independent). In attendance: Alan
Pierce (CFO) and the company secretary.

## 1. Appointment of Chief Financial Officer

The board approved the appointment of Tomasz Rehn, formerly finance director at Calloway
Logistics, as Chief Financial Officer effective 1 August 2026. Alan Pierce will step down as
CFO on that date and serve as an adviser until 31 December 2026.

## 2. Board composition

Following the Series C, Laura Benn of Osprey Lane Ventures joined the board, which now has five
directors.

## 3. Risk register review

The audit committee presented the top risks for the second half of 2026:

1. Customer concentration — Brindle Grocers accounted for 34% of revenue in FY2025; its
   contract is up for renewal in March 2027.
2. Single-source lidar — every TR-7 uses the Qorvane Sensors L-40 module; a second supplier
   will not be qualified before Q2 2027.
3. Litigation — Ambry Automation's patent claim over docking alignment (filed February 2026);
   counsel estimates the exposure at below $6 million.
4. Field reliability — the April firmware remediation added $1.1M of service cost.

## 4. Next meeting

13 October 2026.
""",
    ),
    Doc(
        "press/2026-06-09-series-c.md",
        "2026-06-09",
        """# Tallowmere Robotics raises $85 million Series C to expand its warehouse robot fleet

**PITTSBURGH, June 9, 2026** — Tallowmere Robotics, which rents autonomous mobile robots to
grocery and parcel warehouses, today announced an $85 million Series C round led by Osprey Lane
Ventures, with participation from existing investors Brightwater Capital and Harrow Peak
Partners. The round brings the company's total funding to $140.5 million.

The company said its deployed fleet has passed 3,800 robots, and that the new capital will fund
a second assembly line in Ohio, expansion into Europe beginning with the Netherlands, and the
launch of the heavier TR-9 model.

"Customers don't want to buy robots, they want pallets moved," said Ines Varga, co-founder and
CEO. "Our robot-as-a-service model lets a distribution centre start with ten units and scale to
two hundred."

Laura Benn, partner at Osprey Lane Ventures, will join Tallowmere's board of directors.

**About Tallowmere Robotics**
Founded in 2019 in Pittsburgh, Tallowmere Robotics designs and operates autonomous mobile
robots for warehouse pallet handling. Its TR-7 robot is certified to ISO 3691-4.

Media contact: press@tallowmere.example
""",
    ),
    Doc(
        "product/tr7-product-sheet.pdf",
        "2025-11-03",
        """# TR-7 Autonomous Pallet Mover — Product Sheet

Version 3.2 · November 2025

The TR-7 moves standard pallets between dock doors, racking and wrap stations without fixed
infrastructure. It navigates with 360° lidar and stereo cameras and is managed through FleetOS.

## Specifications

| Specification | TR-7 |
|---|---|
| Payload | 600 kg (1,320 lb) |
| Top speed | 2.0 m/s |
| Runtime per charge | 9 hours |
| Charge time (CD-2 dock) | 75 minutes |
| Navigation | Lidar SLAM, no reflectors |
| Safety standard | ISO 3691-4, ANSI/RIA R15.08 |
| Firmware | 4.2 |

## Deployment

A typical site goes live in six to eight weeks: survey, mapping, WMS integration and a two-week
supervised ramp. Robots are available by subscription (RaaS) or outright purchase; see the
current price list for terms.

## Support

24/7 remote monitoring from the Pittsburgh network operations centre, with field engineers in
twelve metro areas.
""",
    ),
    Doc(
        "archive/2023/annual-report-fy2022.pdf",
        "2023-03-28",
        """# Tallowmere Robotics, Inc. — Annual Report FY2022

## Highlights

- Revenue of $17.9 million, more than double FY2021's $8.4 million.
- 1,140 robots deployed at 19 customer sites at year end.
- Series B fundraising is under way; the board expects to close a round of about $30 million in
  2023.

## Key figures

| Measure | FY2021 | FY2022 |
|---|---|---|
| Revenue | $8.4M | $17.9M |
| Robots deployed | 430 | 1,140 |
| Gross margin | 21.0% | 29.6% |
| Employees | 96 | 151 |

## Pricing

Our standard subscription was $1,190 per robot per month for the TR-5 on a 36-month term.

## Leadership

Ines Varga (CEO), Alan Pierce (CFO), Dev Ramaswamy (CTO).

## Risks

Brindle Grocers represented 41% of revenue. Lead times for lidar units exceeded 30 weeks during
2022.
""",
    ),
    Doc(
        "archive/2024/price-list-2024.docx",
        "2024-01-08",
        """# Tallowmere Robotics — Price List 2024

Effective 8 January 2024. Supersedes the 2023 price list. All prices in USD.

| Plan | Model | Term | Monthly price per robot |
|---|---|---|---|
| Standard RaaS | TR-7 | 36 months | $1,290 |
| Flex RaaS | TR-7 | 12 months | $1,560 |
| Legacy RaaS | TR-5 | 24 months | $1,150 |

Outright purchase of a TR-7 is $89,500, plus FleetOS at $280 per robot per month. A site survey
and mapping costs $15,000 per site. A volume discount of 5% applies above 100 robots.

Subscription prices include preventive maintenance, spare parts and remote monitoring.
Batteries are replaced free of charge after 3,000 cycles.

Prices are valid for contracts signed before 31 December 2024.
""",
    ),
    Doc(
        "hr/remote-work-policy.md",
        "2025-09-01",
        """# Remote and Hybrid Work Policy

Tallowmere Robotics · People Team · Policy HR-07, version 2.1 · effective September 2025

## Purpose

This policy sets out how Tallowmere Robotics employees may work away from our Pittsburgh
headquarters and field offices. It applies to all staff except field engineers, whose
schedules follow site rosters.

## Hybrid schedule

- Office-based teams work on site at least 3 days a week (Tuesday to Thursday are anchor days).
- Fully remote roles must be approved by a member of the leadership team and reviewed yearly.
- Employees may work from another country for up to 20 working days per year.

## Equipment and allowances

| Item | Allowance |
|---|---|
| Home-office set-up (one-off) | $600 |
| Internet stipend | $45 per month |
| Co-working membership (remote roles) | up to $250 per month |

## Security

Company laptops must run the endpoint agent, and FleetOS production consoles may only be
opened from the corporate VPN.

Questions: people@tallowmere.example
""",
        off=True,
    ),
    Doc(
        "safety/field-safety-bulletin-2026-03.md",
        "2026-04-18",
        """# Field Safety Bulletin FSB-2026-03: TR-7 emergency-stop latency

Issued 18 April 2026 · Applies to TR-7 robots running firmware 4.1.3 and earlier

## What happened

During routine testing at a customer site, a TR-7 took 410 ms rather than the specified 250 ms
to reach a safe stop after a remote emergency-stop command sent over Wi-Fi. The on-board
emergency-stop buttons and safety scanners were not affected.

## Action required

1. FleetOS will push firmware 4.2 to all affected robots between 20 and 27 April 2026.
2. Sites should confirm the update on the FleetOS dashboard (Fleet → Health → Firmware).
3. Until updated, keep remote stops on the wired dock network where possible.

## Affected fleet

All 3,412 TR-7 units in service are in scope. No injuries have been reported.

Contact the safety team at safety@tallowmere.example or +1 412 555 0187.
""",
        off=True,
    ),
    Doc(
        "external/tallowmere-robotik-gmbh-profile.html",
        "2026-05-12",
        """# Tallowmere Robotik GmbH

*Company profile — Industrie-Verzeichnis Nord, updated May 2026*

Tallowmere Robotik GmbH is a family-owned maker of robotic welding and laser-cutting cells based
in Bremen, Germany. Founded in 1987 as a machine-tool dealer by Klaus Tallowmere, it began
building its own welding cells in 2004 and now sells mainly to automotive suppliers and
shipyards.

## Key facts

| Item | Value |
|---|---|
| Revenue 2025 | €112 million |
| Employees | 640 |
| Installed welding cells | about 2,300 worldwide |
| Managing director | Dieter Voss |
| Ownership | Tallowmere family (100%) |
| Certifications | ISO 9001, ISO 3834-2 |

## Recent developments

In 2025 the company opened a service centre in Poznań and raised prices on its WX-series cells
by 7%, citing steel costs. A €20 million facility from Hanseatische Kreditbank funds a new
assembly hall due in 2027. Key risks named by the company include the downturn in German
automotive supply and a shortage of trained welders.
""",
        off=True,
    ),
)

_TALLOWMERE = Case(
    id="brief-tallowmere-robotics-en",
    kind=Kind.BRIEF,
    language="en",
    question=(
        "Prepare a due-diligence brief on Tallowmere Robotics: funding history, revenue, fleet "
        "size, pricing, leadership, and key risks."
    ),
    documents=_TALLOWMERE_DOCS,
    facts=(
        Fact("Series C round (June 2026)", ("$85 million", "$85.0M")),
        Fact("Series C lead investor", ("Osprey Lane Ventures",)),
        Fact("FY2025 revenue", ("$48.6 million", "$48.6M")),
        Fact("Deployed fleet at 30 September 2026", ("4,050 robots", "4,050")),
        Fact("Standard RaaS price (TR-7, 36 months)", ("$1,450",)),
        Fact("Chief executive", ("Ines Varga",)),
        Fact("Chief financial officer since August 2026", ("Tomasz Rehn",)),
        Fact(
            "Key risks: customer concentration, single-source lidar",
            (
                "Brindle Grocers",
                "Qorvane Sensors",
            ),
        ),
    ),
    notes=(
        "Company brief over a share: fleet and CFO changed after the annual report, archived "
        "FY2022 report and 2024 price list, namesake Tallowmere Robotik GmbH."
    ),
)

# --- Brackenridge Growth Fund III (library) --------------------------------------------------

_BRACKENRIDGE_DOCS = (
    Doc(
        "reports/q2-2026-quarterly-report.pdf",
        "2026-08-14",
        """# Brackenridge Growth Fund III, L.P. — Quarterly Report to Limited Partners

Quarter ended 30 June 2026 · Brackenridge Capital Partners LLC, General Partner

## Fund overview

| Item | Value |
|---|---|
| Vintage | 2024 |
| Committed capital | $640 million |
| Called to date | $402.6 million (62.9%) |
| Distributions to date | $124.8 million |
| Net asset value | $487.1 million |
| Net IRR since inception | 18.7% |
| Net TVPI | 1.52x |
| Net DPI | 0.31x |

## Commentary

The fund holds 14 portfolio companies after the investment in Quarrystone Payroll in May 2026.
NAV rose 9.4% in the quarter, led by a markup of Ferrowick Analytics following its Series D at
a higher valuation, and a partial exit from Linnet Health that returned $41.2 million to the
fund.

The three largest holdings — Ferrowick Analytics, Oakhurst Logistics Software and Pellan Bio —
now represent 46% of NAV. Ferrowick alone is 24.6% of NAV, above the 20% level at which the
partnership agreement requires the General Partner to consult the LPAC; the matter will be
tabled at the September meeting.

## Outlook

We expect to make two or three further new investments before the investment period ends in
January 2029, and we reserve about $95 million for follow-on rounds.
""",
    ),
    Doc(
        "archive/2025/q4-2025-quarterly-report.pdf",
        "2026-02-20",
        """# Brackenridge Growth Fund III, L.P. — Quarterly Report, Q4 2025

Quarter ended 31 December 2025

## Fund overview

| Item | Value |
|---|---|
| Committed capital | $640 million |
| Called to date | $341.0 million (53.3%) |
| Distributions to date | $38.9 million |
| Net asset value | $431.5 million |
| Net IRR since inception | 15.9% |
| Net TVPI | 1.38x |
| Net DPI | 0.11x |

## Commentary

The fund ended 2025 with 13 portfolio companies. The largest holding, Ferrowick Analytics, was
14.2% of NAV, and the top three holdings together were 39% of NAV. Calder Freight was written
down by 10% on weaker freight volumes. Distributions in the year came from the sale of a
minority stake in Linnet Health's secondary offering.

We expect the fund to make four to five further platform investments in 2026.
""",
    ),
    Doc(
        "legal/lpa-summary-of-terms.docx",
        "2025-01-31",
        """# Brackenridge Growth Fund III, L.P. — Summary of Principal Terms (Final)

As executed at final close, 31 January 2025. This summary is qualified in its entirety by the
Amended and Restated Limited Partnership Agreement.

| Term | Provision |
|---|---|
| Fund size | $640 million (hard cap $650 million) |
| GP commitment | 2% of commitments ($12.8 million) |
| Term | 10 years from final close, plus two 1-year extensions |
| Investment period | 4 years from final close |
| Management fee | 1.75% of commitments in the investment period |
| Management fee after | 1.25% of net invested capital |
| Carried interest | 20%, whole-fund (European) waterfall |
| Preferred return | 8% per year, compounded |
| Single-company limit | 15% of commitments at cost |
| Concentration review | LPAC consulted when one company exceeds 20% of NAV |

## Key persons

A key-person event occurs if Renata Lisle or Owen Mbeki ceases to devote substantially all of
their business time to the fund. The investment period is then suspended unless limited
partners holding 66⅔% of commitments vote to continue.

## Fee offsets

100% of transaction and monitoring fees received by the General Partner are offset against the
management fee.
""",
    ),
    Doc(
        "archive/2023/ppm-draft-v0.9.docx",
        "2023-10-02",
        """# DRAFT v0.9 — Private Placement Memorandum (Confidential)

Brackenridge Growth Fund III, L.P. · Prepared October 2023 · Subject to change

## The offering

Brackenridge Capital Partners is seeking commitments of $500 million (hard cap $600 million)
for its third growth-equity fund, investing $20–50 million per company in B2B software and
healthcare technology businesses in North America.

## Proposed terms

- Management fee: 2.0% of commitments during the investment period
- Carried interest: 20% over an 8% preferred return
- GP commitment: 1.5% of commitments

## Track record

| Fund | Vintage | Size | Net IRR | Net TVPI |
|---|---|---|---|---|
| Growth Fund I | 2016 | $210M | 22.4% | 2.61x |
| Growth Fund II | 2020 | $415M | 14.1% | 1.47x |

## Team

The investment committee will be Renata Lisle (Managing Partner), Marcus Feld (Managing
Partner) and Owen Mbeki (Partner). The fund will target 12 to 15 portfolio companies.
""",
    ),
    Doc(
        "investor/portfolio-holdings-2026-06.xlsx",
        "2026-08-14",
        """## Holdings

| Company | Sector | First invested | Cost ($M) | Fair value ($M) | % of NAV |
|---|---|---|---|---|---|
| Ferrowick Analytics | Data infrastructure | Jun 2024 | 72.0 | 119.8 | 24.6% |
| Oakhurst Logistics Software | Supply-chain SaaS | Sep 2024 | 41.0 | 57.5 | 11.8% |
| Pellan Bio | Lab automation | Nov 2024 | 38.5 | 46.8 | 9.6% |
| Quarrystone Payroll | HR software | May 2026 | 35.0 | 35.0 | 7.2% |
| Thistlecroft Security | Cybersecurity | Feb 2025 | 30.0 | 33.1 | 6.8% |
| Linnet Health | Care navigation | Jul 2024 | 9.1 | 29.7 | 6.1% |
| Varro Ledger | Fintech infrastructure | Apr 2025 | 26.0 | 27.3 | 5.6% |
| Mosscliff Imaging | Medical imaging AI | Aug 2025 | 22.5 | 23.4 | 4.8% |
| Brightfen Energy Software | Utility software | Oct 2025 | 20.0 | 21.9 | 4.5% |
| Calder Freight | Freight marketplace | Mar 2025 | 24.0 | 19.5 | 4.0% |
| Ondine Dental Systems | Practice software | Dec 2025 | 18.0 | 18.5 | 3.8% |
| Kittering Compliance | RegTech | Jan 2026 | 15.0 | 15.6 | 3.2% |
| Harlow Field Services | Field-service SaaS | Mar 2026 | 14.0 | 14.0 | 2.9% |
| Sable Point Robotics | Warehouse software | Apr 2026 | 12.0 | 12.6 | 2.6% |

## Summary

| Measure | 30 Jun 2026 |
|---|---|
| Portfolio companies | 14 |
| Total cost ($M) | 377.1 |
| Total fair value ($M) | 474.7 |
| Cash and other net assets ($M) | 12.4 |
| Net asset value ($M) | 487.1 |
| Top three holdings, share of NAV | 46.0% |
""",
    ),
    Doc(
        "press/2025-02-04-final-close.html",
        "2025-02-04",
        """# Brackenridge Capital Partners closes Growth Fund III at $640 million

**BOSTON, February 4, 2025** — Brackenridge Capital Partners, a growth-equity firm investing in
B2B software and healthcare technology, today announced the final close of Brackenridge Growth
Fund III, L.P. with $640 million of capital commitments, well above its $500 million target and
more than 50% larger than its 2020 predecessor fund.

The fund drew commitments from 61 limited partners, including public pension plans, university
endowments, foundations and family offices; about 40% of commitments came from new investors.

"Our founders want a partner who has scaled a sales team before, not just a cheque," said
Renata Lisle, Managing Partner. "Fund III lets us lead rounds of $20 million to $60 million and
stay with companies through to exit."

The firm also announced the promotion of Priya Anand to Partner. She joins Renata Lisle and
Owen Mbeki on the investment committee.

Fund III has already invested in five companies, including Ferrowick Analytics and Linnet
Health. Kirkland & Ellis acted as fund counsel and Park Hill as placement agent.
""",
    ),
    Doc(
        "team/investment-team.md",
        "2026-09-01",
        """# Investment Team — Brackenridge Growth Fund III

| Name | Role | Joined | Focus | Investment committee |
|---|---|---|---|---|
| Renata Lisle | Managing Partner | 2014 | Software | Yes (chair) |
| Owen Mbeki | Partner | 2016 | Healthcare technology | Yes |
| Priya Anand | Partner | 2019 | Fintech, data infrastructure | Yes |
| Joel Carraway | Principal | 2021 | Supply-chain software | No |
| Hana Whitcombe | Vice President | 2023 | Healthcare technology | No |
| Dario Lentz | CFO and CCO | 2018 | Fund finance, compliance | No |

Renata Lisle founded Brackenridge Capital Partners in 2014 after twelve years as an operator at
enterprise software companies. Owen Mbeki previously led healthcare investing at a large
crossover fund.

Co-founder Marcus Feld left the firm in March 2024 to become chief executive of a portfolio
company of Fund II. The key-person provisions of Fund III name Renata Lisle and Owen Mbeki.

The team sits on the boards of 11 of the fund's 14 portfolio companies.
""",
    ),
    Doc(
        "board/lpac-minutes-2026-09.docx",
        "2026-09-24",
        """# Brackenridge Growth Fund III — Minutes of the Limited Partner Advisory Committee

Meeting of 22 September 2026, by video. Seven of eight LPAC members present; quorum confirmed.
For the General Partner: Renata Lisle, Owen Mbeki, Dario Lentz.

## 1. Concentration: Ferrowick Analytics

The GP reported that Ferrowick Analytics is 24.6% of NAV, above the 20% review level, after
the Series D markup. Cost remains $72.0 million, within the 15%-of-commitments limit. The GP
proposes no further follow-on investment. The committee noted the position and asked for a
quarterly update on Ferrowick's exit options.

## 2. Valuations

The committee reviewed the June 2026 valuations. Calder Freight is held at 0.8x cost; the
committee asked the GP to test the valuation against recent freight-marketplace transactions.

## 3. Risks discussed

- Concentration: the top three holdings are 46% of NAV.
- Key persons: the committee asked about succession planning given the departure of Marcus
  Feld from Fund II.
- Exits: the IPO window for software remains narrow; the GP expects sales to strategic buyers.

## 4. Next meeting

March 2027.
""",
    ),
    Doc(
        "hr/parental-leave-policy.md",
        "2025-06-10",
        """# Parental Leave Policy

Brackenridge Capital Partners LLC · Human Resources · version 3.0 · June 2025

All employees of Brackenridge Capital Partners, including the investment team and fund
operations staff, are eligible for paid parental leave from their first day of employment.

## Entitlements

| Leave | Paid weeks | Notes |
|---|---|---|
| Primary caregiver | 20 weeks | Full base salary |
| Secondary caregiver | 8 weeks | Full base salary |
| Adoption or surrogacy | 20 weeks | Same as primary caregiver |
| Phased return | 4 weeks | At 60% schedule, full pay |

## Carried interest and bonus

Leave does not interrupt vesting of carried-interest points in any Brackenridge fund, and the
annual bonus is not pro-rated for parental leave.

## How to apply

Notify HR at least eight weeks before the expected start date. Partners should also agree deal
coverage with the Managing Partner so that no portfolio board seat is left unattended.
""",
        off=True,
    ),
    Doc(
        "it/investor-portal-migration.md",
        "2026-10-05",
        """# Notice: Investor portal migration

Brackenridge Capital Partners · IT and Investor Relations · 5 October 2026

On 2 November 2026 the investor portal for all Brackenridge funds, including Brackenridge
Growth Fund III, moves to a new provider. Capital call notices, distribution notices, quarterly
reports and K-1s will be available on the new portal from that date.

## What limited partners need to do

1. Accept the invitation e-mail sent from the new portal between 26 and 30 October.
2. Set up multi-factor authentication (an authenticator app; SMS is no longer supported).
3. Re-enter wire instructions only by phone with the fund administrator — never by e-mail.

## Key dates

| Date | Event |
|---|---|
| 30 October 2026 | Old portal becomes read-only |
| 2 November 2026 | New portal opens |
| 31 January 2027 | Old portal closed; archive export available on request |

Documents older than 2019 will not be migrated. Contact ir@brackenridge.example with questions.
""",
        off=True,
    ),
    Doc(
        "external/brackenridge-town-growth-fund-2025.pdf",
        "2026-02-27",
        """# Town of Brackenridge Growth Fund — 2025 Annual Report

Brackenridge Economic Development Office · presented to the Town Council, February 2026

The Brackenridge Growth Fund is the town's revolving loan and grant fund for small businesses
on Main Street and in the Riverside industrial park. It was capitalised in 2019 with a $4.0
million state grant and has grown to $6.5 million through repayments and a 2024 county
contribution.

## 2025 at a glance

| Measure | 2025 | 2024 |
|---|---|---|
| Fund size | $6.5 million | $6.1 million |
| Loans and grants approved | 38 | 31 |
| Amount disbursed | $2.4 million | $1.9 million |
| Jobs created or retained | 214 | 176 |
| Default rate | 4.1% | 3.6% |

## Governance

The fund is administered by Economic Development Director Nadia Pruitt and overseen by a
five-member loan committee appointed by the Town Council. Interest on loans is fixed at 3.5%.

## Risks

Two restaurant borrowers closed in 2025, and repayments slowed as the Riverside Bridge works
cut foot traffic. The committee has capped any single loan at $150,000.
""",
        off=True,
    ),
)

_BRACKENRIDGE = Case(
    id="brief-brackenridge-fund-en",
    kind=Kind.BRIEF,
    language="en",
    question=(
        "Prepare a due-diligence brief on Brackenridge Growth Fund III: fund size, performance "
        "to date, fees and terms, portfolio, investment team, and key risks."
    ),
    documents=_BRACKENRIDGE_DOCS,
    facts=(
        Fact("Fund size at final close", ("$640 million",)),
        Fact("Net IRR at 30 June 2026", ("18.7%",)),
        Fact("Net TVPI at 30 June 2026", ("1.52x",)),
        Fact("Management fee in the investment period", ("1.75%",)),
        Fact("Portfolio: 14 companies", ("14 portfolio companies",)),
        Fact("Managing partner and key person", ("Renata Lisle",)),
        Fact("Concentration risk", ("46% of NAV", "24.6%")),
    ),
    notes=(
        "Fund brief: Q2 2026 figures supersede the Q4 2025 report and a 2023 draft PPM (2.0% "
        "fee, $500M target); namesake Town of Brackenridge Growth Fund."
    ),
)

# --- Sorrelwick Energy (web) -----------------------------------------------------------------

_SORRELWICK_DOCS = (
    Doc(
        "sorrelwick/about.html",
        "2026-09-10",
        """# About Sorrelwick Energy

Sorrelwick Energy designs, sells and installs home batteries that keep the lights on during
outages and shift solar power into the evening peak. We were founded in Denver in 2020 by Maya
Ellery and Jonas Brandt, who met building grid software at a regional utility.

## What we make

- **Hearth 13** — a 13.5 kWh wall-mounted battery with a built-in 7.6 kW inverter.
- **Hearth 20** — a 20 kWh floor unit for larger homes and electrified heating.
- **Sorrelwick Grid Services** — software that enrols customer batteries in utility
  demand-response programmes and pays homeowners for it.

We install through our own crews in Colorado, Arizona and Utah and through certified partners
in nine more states.

## Leadership

| Name | Role |
|---|---|
| Maya Ellery | Co-founder and Chief Executive Officer |
| Jonas Brandt | Co-founder and Chief Technology Officer |
| Elena Marsh | Chief Financial Officer (since January 2025) |
| Samuel Okafor | Chief Operating Officer |
| Ruth Calloway | VP Grid Services |

## Backed by

Fennimore Climate Partners, Greyling Capital, Aldous Ventures and the Front Range Clean Energy
Fund.
""",
    ),
    Doc(
        "sorrelwick/pricing.html",
        "2026-03-02",
        """# Sorrelwick Energy pricing

Simple, all-in prices. Every quote includes the battery, the installation, permits and
monitoring. Prices below are before federal and state incentives.

| Product | Capacity | Installed price | Warranty |
|---|---|---|---|
| Hearth 13 | 13.5 kWh | $8,900 | 12 years |
| Hearth 13 (second unit) | +13.5 kWh | $6,700 | 12 years |
| Hearth 20 | 20 kWh | $12,400 | 12 years |
| Critical-loads panel | — | $1,150 | 10 years |

## Prefer to pay monthly?

**Hearth Subscription:** a Hearth 13 for $79 per month on a 15-year agreement, with no upfront
cost. Maintenance and a replacement at end of life are included; the homeowner does not claim
the federal tax credit.

## Grid services

Homeowners who enrol in Sorrelwick Grid Services typically earn $180 to $420 a year, depending
on the utility programme.

Prices effective March 2026 and subject to site survey. Model numbers: Hearth 13 is SW-H13-2,
Hearth 20 is SW-H20-1.
""",
    ),
    Doc(
        "news/2026-05-19-sorrelwick-series-b.html",
        "2026-05-19",
        """# Sorrelwick Energy raises $62 million to put batteries in more garages

*Front Range Business Journal · May 19, 2026*

Denver-based Sorrelwick Energy has raised $62 million in a Series B round led by Fennimore
Climate Partners, the company said Tuesday, as demand for home backup power surges after two
winters of wildfire-related shut-offs in the West.

Existing investors Greyling Capital and Aldous Ventures joined the round, which brings the
company's total funding to $91 million. Sorrelwick raised a $7 million seed round in 2021 and a
$22 million Series A in March 2024.

| Round | Date | Amount | Lead |
|---|---|---|---|
| Seed | 2021 | $7M | Aldous Ventures |
| Series A | March 2024 | $22M | Greyling Capital |
| Series B | May 2026 | $62M | Fennimore Climate Partners |

Chief executive Maya Ellery said the money will go to a second warehouse in Phoenix, a bigger
installer-training programme and the company's grid-services software. "Every battery we
install is a small power plant," she said.

The company declined to give a valuation. People familiar with the round put it at about $410
million.
""",
    ),
    Doc(
        "news/2026-10-07-sorrelwick-revenue.html",
        "2026-10-07",
        """# Sorrelwick more than doubles revenue, but leans on a single cell supplier

*Cleantech Ledger · October 7, 2026*

Sorrelwick Energy, the Denver home-battery company, booked revenue of $27.5 million in 2025, up
from $11.8 million in 2024, according to figures shared with investors and reviewed by
Cleantech Ledger. The company had 18,400 systems installed as of September 2026, up from 14,900
at the end of last year.

Chief financial officer Elena Marsh told the Ledger the company expects 2026 revenue of about
$45 million and to reach positive gross margin on installations in the fourth quarter. Grid
services revenue is still small, at roughly 6% of the total.

## The risks

Analysts point to three. All Hearth batteries use cells from Norvik Cells, a single supplier
whose Malaysian plant was idled for five weeks in 2025. The federal residential storage credit,
which knocks 30% off the installed price, is scheduled to step down after 2027. And Sorrelwick's
own crews cover only three states, leaving growth elsewhere to partner installers.

Sorrelwick said it is qualifying a second cell supplier and expects to announce it in 2027.
""",
    ),
    Doc(
        "news/2024-03-12-sorrelwick-series-a.html",
        "2024-03-12",
        """# Sorrelwick Energy lands $22 million Series A for home batteries

*Front Range Business Journal · March 12, 2024*

Sorrelwick Energy, a four-year-old Denver company that sells and installs home batteries, has
raised a $22 million Series A led by Greyling Capital, with seed investor Aldous Ventures
participating.

The company says it has installed 4,100 systems, mostly in Colorado, and that revenue reached
$6.2 million in 2023. Its flagship Hearth 13 battery sells for $9,600 installed before
incentives.

Co-founder and CEO Maya Ellery said the new money will take the company into Arizona and Utah.
The company has not yet hired a chief financial officer; co-founder Jonas Brandt, who leads
engineering, also oversees finance for now.

Sorrelwick competes with national brands by offering installation through its own crews, which
it says cuts the time from contract to switch-on to under three weeks.
""",
    ),
    Doc(
        "blog/2026-09-28-home-battery-market.md",
        "2026-09-28",
        """# The US home-battery market in 2026: who is winning, and what could go wrong

*Gridside Notes — an independent energy-storage newsletter, September 28, 2026*

Residential storage is having its best year yet. Installations in the Mountain West are up
about 40% year on year, driven by public-safety power shut-offs and time-of-use tariffs.

## Regional installers compared

| Company | HQ | Installed systems | Own crews? | Latest round |
|---|---|---|---|---|
| Sorrelwick Energy | Denver | 18,400 | Yes (3 states) | $62M Series B, 2026 |
| Canyonlight Power | Phoenix | 11,200 | Partly | $35M Series B, 2025 |
| Bluefern Home Energy | Salt Lake City | 7,900 | No | $18M Series A, 2025 |

## Risks for the sector

- **Cell supply.** Most regional brands buy cells from one or two suppliers; Sorrelwick sources
  all of its cells from Norvik Cells.
- **Incentives.** The 30% federal credit steps down after 2027.
- **Installer capacity.** Electrician shortages have stretched lead times to six weeks.
- **Utility programmes.** Demand-response payments can be cut at each rate case.

Our view: the regional players with their own crews and software, such as Sorrelwick, are best
placed, but their valuations assume the incentives survive.
""",
    ),
    Doc(
        "reports/sorrelwick-impact-report-2025.pdf",
        "2026-04-22",
        """# Sorrelwick Energy — 2025 Impact Report

## The year in numbers

| Measure | 2024 | 2025 |
|---|---|---|
| Systems installed (cumulative, year end) | 8,300 | 14,900 |
| Storage capacity under management | 118 MWh | 212 MWh |
| Outage hours backed up for customers | 96,000 | 241,000 |
| Peak demand shifted (grid services) | 9 MW | 26 MW |
| Employees | 140 | 235 |

## Resilience

During the December 2025 shut-offs along the Front Range, Sorrelwick batteries kept power on in
3,700 homes for an average of 19 hours.

## Responsible sourcing

Our cells are supplied by Norvik Cells under a supplier code aligned with ISO 14001 and the
OECD due-diligence guidance. We audited two tiers of the supply chain in 2025.

## End of life

Sorrelwick takes back every battery at end of life. We recycled 14 tonnes of battery material
in 2025 through our partner in Nevada.

Published April 2026. Figures are unaudited.
""",
    ),
    Doc(
        "coop/sorrelwick-energy-cooperative.html",
        "2025-11-18",
        """# Sorrelwick Energy Co-operative — community solar for the Sorrelwick valley

Sorrelwick Energy Co-operative is a community benefit society owned by the people of Sorrelwick
and the surrounding parishes in Herefordshire. We build and run local renewable energy and use
the surplus to fund energy-saving work in local homes.

## Our projects

| Project | Capacity | Commissioned |
|---|---|---|
| Sorrelwick Farm solar | 4.8 MW | 2021 |
| School rooftops | 0.3 MW | 2022 |
| Village hall battery | 0.5 MWh | 2024 |

## Funding

We raised £3.1 million through two community share offers, from 1,240 members, with the rest
financed by a loan from a community energy fund. Members receive interest of 4% a year.

## Our board

The co-op is run by a volunteer board of nine, chaired by Gwen Attwood, with one paid manager.

## Risks to members

Shares are withdrawable but not protected by a compensation scheme. Income depends on
wholesale electricity prices and on sunshine.
""",
        off=True,
    ),
    Doc(
        "sorrelwick/brand.html",
        "2025-06-03",
        """# Sorrelwick Energy media kit and brand guidelines

Thanks for writing about Sorrelwick Energy. Please use the assets and rules on this page.

## Name

Write **Sorrelwick Energy** on first mention and **Sorrelwick** after that. Product names are
Hearth 13 and Hearth 20 — never "the Sorrelwick battery".

## Logo

- Use the full-colour logo on white or the reversed logo on Night Blue.
- Keep clear space equal to the height of the "S" on all sides.
- Minimum width: 24 mm in print, 96 px on screen.

## Colours

| Name | Hex | Use |
|---|---|---|
| Ember Orange | #E8642C | Accents, buttons |
| Night Blue | #14213D | Backgrounds, text |
| Ash Grey | #D9D9D9 | Dividers |

## Typeface

Headlines in Sorrel Sans Bold; body text in Inter at 16 px.

For leadership headshots and product photography, contact press@sorrelwick.example.
""",
        off=True,
    ),
    Doc(
        "news/2026-07-02-home-battery-fire-safety.html",
        "2026-07-02",
        """# Getting a home battery? Denver Fire lists five safety checks

*Denver Neighborhood News · July 2, 2026*

With home battery sales climbing after last winter's outages, Denver Fire Department inspectors
say they are seeing more installations in garages and basements — and more mistakes.

"Most batteries on the market are safe when installed to code," said Captain Luis Ferrante of
the fire prevention bureau. "The problems we see are placement and ventilation."

The department's checklist:

1. Use a listed product (UL 9540) and a licensed electrician with a city permit.
2. Keep batteries at least 3 feet from doors and windows and away from vehicle impact.
3. Do not install in bedrooms, closets or under stairs.
4. Install a heat detector in the garage if the battery is there.
5. Know where the emergency shut-off is and label it.

Permit fees for residential storage rose to $285 in January. The department inspected 1,960
residential battery installations in 2025 and found violations in 11% of them.
""",
        off=True,
    ),
)

_SORRELWICK = Case(
    id="brief-sorrelwick-energy-en",
    kind=Kind.BRIEF,
    language="en",
    question=(
        "Prepare a due-diligence brief on Sorrelwick Energy: funding history, revenue, installed "
        "base, pricing, leadership, and key risks."
    ),
    documents=_SORRELWICK_DOCS,
    facts=(
        Fact("Series B round (May 2026)", ("$62 million", "$62M")),
        Fact("Series B lead investor", ("Fennimore Climate Partners",)),
        Fact("2025 revenue", ("$27.5 million",)),
        Fact("Installed base, September 2026", ("18,400",)),
        Fact("Hearth 13 installed price", ("$8,900",)),
        Fact("Chief executive", ("Maya Ellery",)),
        Fact("Key risk: single cell supplier", ("Norvik Cells",)),
    ),
    where="web",
    notes=(
        "Web brief: news, company pages and a newsletter; a 2024 article has older figures, and "
        "the Sorrelwick Energy Co-operative is a namesake with figures of its own."
    ),
)

# --- Vellmore Regional Transit Authority (library) -------------------------------------------

_VELLMORE_DOCS = (
    Doc(
        "reports/acfr-fy2026-highlights.pdf",
        "2026-10-30",
        """# Vellmore Regional Transit Authority — Annual Comprehensive Financial Report

Fiscal year ended June 30, 2026 · Management's Discussion and Analysis (excerpt)

## Financial highlights

Operating revenue was $212.4 million in FY2026, up 9.8% on FY2025, as ridership recovered and
the July 2025 fare change took effect. The Authority's dedicated half-cent sales tax produced
$301.7 million, its largest single source of funds.

| Source of funds | FY2025 | FY2026 |
|---|---|---|
| Passenger fares | $131.0M | $148.9M |
| Advertising, parking and other operating | $62.4M | $63.5M |
| **Operating revenue** | **$193.4M** | **$212.4M** |
| Sales tax (0.5%) | $290.8M | $301.7M |
| State operating assistance | $84.5M | $88.2M |
| Federal grants (operating and capital) | $142.0M | $131.6M |

Operating expenses before depreciation were $641.3 million. Total boardings reached
61.8 million, 88% of the FY2019 level.

## Long-term obligations

Outstanding sales tax revenue bonds totalled $1.62 billion at June 30, 2026. The net pension
liability was $1.14 billion, with the plan 61.4% funded. Debt service coverage from sales tax
was 3.4x.

## Credit ratings

AA- (stable) and Aa3 (stable) on senior sales tax revenue bonds.
""",
    ),
    Doc(
        "stats/ridership-fy2026.xlsx",
        "2026-08-05",
        """## By mode

| Mode | FY2025 boardings (thousands) | FY2026 boardings (thousands) | Change |
|---|---|---|---|
| Bus | 34,120 | 37,410 | 9.6% |
| Light rail (Red and Gold lines) | 19,860 | 21,930 | 10.4% |
| Bus rapid transit (Route 9X) | 1,540 | 1,910 | 24.0% |
| Paratransit | 510 | 550 | 7.8% |
| Total | 56,030 | 61,800 | 10.3% |

## By quarter

| Quarter | Boardings (thousands) | Average weekday |
|---|---|---|
| Q1 (Jul–Sep 2025) | 15,020 | 198,400 |
| Q2 (Oct–Dec 2025) | 15,340 | 203,100 |
| Q3 (Jan–Mar 2026) | 14,870 | 196,800 |
| Q4 (Apr–Jun 2026) | 16,570 | 214,900 |

## Notes

| Item | Detail |
|---|---|
| Source | Automatic passenger counters, validated against NTD sampling |
| Prepared by | Planning and Performance, VRTA |
""",
    ),
    Doc(
        "archive/fy2024/acfr-fy2024-highlights.pdf",
        "2024-11-01",
        """# Vellmore Regional Transit Authority — Annual Comprehensive Financial Report FY2024

Fiscal year ended June 30, 2024 · Financial highlights (excerpt)

Operating revenue rose to $176.9 million from $161.2 million in FY2023. Sales tax receipts were
$279.4 million. Ridership reached 54.2 million boardings, 77% of the pre-pandemic level.

| Measure | FY2023 | FY2024 |
|---|---|---|
| Operating revenue | $161.2M | $176.9M |
| Sales tax | $268.1M | $279.4M |
| Boardings | 49.7 million | 54.2 million |
| Base fare | $2.25 | $2.25 |
| Net pension liability | $1.26 billion | $1.31 billion |

The base adult fare has been $2.25 since 2016. The Board will consider a fare adjustment in
2025.

General Manager: Harold Benning. Ratings: A+ (positive) and A1 (stable).
""",
    ),
    Doc(
        "fares/fare-schedule-2025.md",
        "2025-05-20",
        """# VRTA Fare Schedule — effective July 1, 2025

Adopted by the Board of Directors, Resolution 2025-14, May 2025. This schedule replaces the
fares in effect since 2016.

| Fare product | Adult | Reduced (seniors, disability, youth) |
|---|---|---|
| Base fare (bus and light rail) | $2.75 | $1.35 |
| Route 9X bus rapid transit | $2.75 | $1.35 |
| Airport Express (Route 100) | $6.00 | $3.00 |
| Day pass | $6.50 | $3.25 |
| 31-day pass | $95.00 | $45.00 |
| Paratransit trip | $4.00 | — |

## Transfers

Transfers are free for 120 minutes on the VelloCard or the mobile app. Fare capping applies:
riders never pay more than the day-pass price in a day or the 31-day-pass price in 31 days.

## Low-income fare

Riders enrolled in the state benefits programme pay $1.00 per trip, funded by a state grant.
""",
    ),
    Doc(
        "board/board-minutes-2026-10.docx",
        "2026-10-17",
        """# Vellmore Regional Transit Authority — Board of Directors, Regular Meeting Minutes

October 15, 2026, 5:30 p.m., VRTA Headquarters, Board Room (Room 204). Chair Patricia Lund
presiding; 9 of 11 directors present.

## Item 6: Sales Tax Revenue Bonds, Series 2027A

Resolution 2026-31, authorising the issue of up to $450 million of Sales Tax Revenue Bonds,
Series 2027A, to fund the Northline light-rail extension and bus fleet replacement, was adopted
8–1. Pricing is expected in February 2027. The financial advisor briefed the board on meetings
with the rating agencies.

## Item 7: Report of the General Manager

General Manager and CEO Dolores Achterberg reported on her first six weeks, including a review
of the Northline budget.

## Item 8: Enterprise risk report

Staff presented the top risks:

- Sales tax volatility — receipts fell 7% in the 2020 downturn.
- Pensions — the net pension liability of $1.14 billion and rising employer contributions.
- Northline extension — a $184 million forecast overrun on a $1.9 billion project.
- Labour — the ATU Local 1147 contract expires June 30, 2027.
- Federal funding — uncertainty over capital grant timing.

## Adjournment

7:40 p.m.
""",
    ),
    Doc(
        "press/2026-08-12-general-manager.html",
        "2026-08-12",
        """# VRTA Board names Dolores Achterberg General Manager and CEO

**VELLMORE, August 12, 2026** — The Board of Directors of the Vellmore Regional Transit
Authority (VRTA) today appointed Dolores Achterberg as General Manager and Chief Executive
Officer, effective September 1, 2026.

Achterberg has been deputy general manager for operations at the Lakeshore Metropolitan Transit
District since 2021, where she oversaw a bus network redesign and the opening of two rapid bus
lines. She succeeds Harold Benning, who retired in March after eleven years.

Raymond Tull, who has served as interim general manager since March, will return to his role as
Chief Operating Officer.

"Dolores has delivered big projects on time and rebuilt ridership after the pandemic," said
Board Chair Patricia Lund. "She is the right person to finish the Northline and take us to the
bond market next year."

Achterberg's contract runs for four years at an annual salary of $348,000.

**About VRTA:** The Vellmore Regional Transit Authority runs bus, bus rapid transit, light-rail
and paratransit services across Vellmore County and four neighbouring cities.
""",
    ),
    Doc(
        "investor/pos-draft-v0.3.docx",
        "2026-09-08",
        """# DRAFT v0.3 — Preliminary Official Statement (not for distribution)

Vellmore Regional Transit Authority · Sales Tax Revenue Bonds, Series 2027A · September 2026

*Working draft for the financing team. Figures for FY2026 are unaudited and will be replaced
with the audited ACFR.*

## The bonds

The Authority expects to issue up to $400 million of Series 2027A bonds, secured by a first lien
on the half-cent sales tax.

## Selected operating data (unaudited)

| Measure | FY2026 (preliminary) |
|---|---|
| Operating revenue | $209.8 million |
| Sales tax receipts | $299.5 million |
| Boardings | 61.2 million |
| Base adult fare | $2.75 |

## Management

Interim General Manager: Raymond Tull. A permanent general manager is expected to be named in
late 2026.

## Open items

- Insert audited financial statements.
- Update debt service coverage table.
- Confirm final par amount with the Board.
""",
    ),
    Doc(
        "hr/telework-policy.md",
        "2024-02-01",
        """# Telework Policy (Administrative Staff)

Vellmore Regional Transit Authority · Human Resources Policy HR-22 · February 2024

## Scope

This policy covers administrative, finance and planning staff. It does not apply to operators,
mechanics, fare inspectors or other frontline roles, whose work must be done on site.

## Eligibility

- At least six months of service and a satisfactory last performance review.
- A written telework agreement approved by the department director and the General Manager's
  office.

## Schedule

| Arrangement | Days at home per week | Approval |
|---|---|---|
| Standard hybrid | up to 2 | Department director |
| Extended hybrid | up to 3 | Director and HR |
| Full telework | 5 | General Manager |

## Equipment

The Authority provides a laptop and headset. Employees are responsible for a safe home work
space and a reliable connection; a $30 monthly stipend is paid for extended and full telework.

Telework may be suspended during board budget season or service emergencies.
""",
        off=True,
    ),
    Doc(
        "safety/safety-bulletin-2026-09.md",
        "2026-09-19",
        """# Safety Bulletin 2026-09: Red Line track work and slow zones

VRTA Safety and Security Department · September 19, 2026

## What is changing

From September 28 to November 9, 2026, crews will replace 2.4 miles of rail and 31 crossing
panels on the Red Line between Foundry Street and Kessler Park. Trains will run at 15 mph through
the work zone and single-track on weekends.

## Rules for employees

1. Roadway workers must obtain track access through the Rail Operations Control Center.
2. Operators must sound horns at every work-zone flag and reduce to restricted speed.
3. Lookouts are required for any work within 15 feet of a live track.

## For riders

Allow an extra 10 minutes on the Red Line. Shuttle buses replace trains on the weekends of
October 10–11 and October 24–25.

## Safety record

The Authority recorded 0.9 reportable injuries per 100,000 revenue miles in FY2026. Report any
hazard on the SafeTrack line, extension 4400.
""",
        off=True,
    ),
    Doc(
        "news/vellmore-transit-lines-profile.html",
        "2026-06-14",
        """# Vellmore Transit Lines marks 60 years on the road

*Vellmore Courier · June 14, 2026*

Vellmore Transit Lines Inc., the family-owned intercity coach company, celebrated its 60th
anniversary this week with the arrival of 24 new coaches. The company, which is privately owned
and unrelated to public bus service in the county, runs scheduled routes to six states and
charter work for schools and sports teams.

## By the numbers

| Measure | 2025 |
|---|---|
| Revenue | $48.3 million |
| Coaches | 310 |
| Passengers carried | 2.9 million |
| Employees | 780 |
| Lowest advertised fare | $19 |

Chief executive Grant Ilsley, grandson of the founder, said bookings on the Vellmore–Capital
City route are up 12% this year. The company is financing the new coaches with a $21 million
equipment loan.

Ilsley said the biggest risks are a shortage of licensed drivers and rising insurance premiums,
which rose 18% in 2025.
""",
        off=True,
    ),
)

_VELLMORE = Case(
    id="brief-vellmore-transit-en",
    kind=Kind.BRIEF,
    language="en",
    question=(
        "Prepare a due-diligence brief on the Vellmore Regional Transit Authority ahead of its "
        "2027 bond issue: funding sources, operating revenue, ridership, fares, leadership, and "
        "key risks."
    ),
    documents=_VELLMORE_DOCS,
    facts=(
        Fact("Sales-tax funding FY2026", ("$301.7 million",)),
        Fact("Series 2027A bond authorisation", ("$450 million",)),
        Fact("Operating revenue FY2026", ("$212.4 million", "$212.4M")),
        Fact("Ridership FY2026", ("61.8 million", "61,800")),
        Fact("Base adult fare", ("$2.75",)),
        Fact("General Manager and CEO", ("Dolores Achterberg",)),
        Fact("Key risk: unfunded pensions", ("$1.14 billion",)),
    ),
    notes=(
        "Agency brief before a bond issue: audited ACFR and board minutes supersede a draft POS "
        "v0.3 and the FY2024 report; namesake Vellmore Transit Lines."
    ),
)

CASES: tuple[Case, ...] = (_TALLOWMERE, _BRACKENRIDGE, _SORRELWICK, _VELLMORE)
