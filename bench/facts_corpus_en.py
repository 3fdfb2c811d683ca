"""The English document share of bench/facts.py (see facts_corpus.py)."""

from __future__ import annotations

from bench.facts_corpus import Checkpoint, Corpus, Doc, Measure
from bench.facts_corpus_en_older import EN_DISTRACTORS, EN_SUPERSEDED

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
