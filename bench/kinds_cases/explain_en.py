"""Explain cases in English: four how/why questions, each over a fictional corpus of its own.

Why the Brackenridge district heating network failed in January 2025 (an early statement later
corrected by an investigation), how Quillon Foods makes its cold-brew concentrate (a process
whose 2022 specification was replaced), why Kestrel Mobile's network went down on 19 August 2025
(web pages: a first status update blaming an attack, then the engineering review and the
regulator), and how the Port of Saltmarsh's automated truck gate handles a container pickup (a
2022 manual procedure replaced). Each corpus mixes formats, has a Markdown table, a superseded
document, a distractor of a colliding name with figures of its own and an unrelated policy or
bulletin that shares the question's words.
"""

from __future__ import annotations

from bench.kinds_corpus import Case, Doc, Fact, Kind

# --- Brackenridge district heating outage -------------------------------------------------------

_HEAT_DOCS = (
    Doc(
        path="incidents/2025-01-14-initial-statement.md",
        date="2025-01-14",
        text="""# Initial statement: loss of heat on the Brackenridge network

*Issued 14 January 2025, 11:40, by Brackenridge Energy Partnership (BEP)*

Since the early hours of this morning, homes and businesses connected to the Brackenridge
district heating network have been without heating and hot water.

Our early assessment is that a **burst pipe on the Eastern spine**, caused by the extreme cold
overnight, led to a loss of pressure across the network. Approximately **14,000 homes** are
affected.

- Engineers are on site at the Millbank energy centre and on the Eastern spine.
- We expect to restore supply **within 36 hours**.
- Vulnerable customers can call our priority line on 0800 410 2250 for a free electric heater.

We apologise for the disruption and will update this statement by 18:00 today.
""",
    ),
    Doc(
        path="reports/hx2-incident-investigation-final.pdf",
        date="2025-04-30",
        text="""# Independent Investigation into the January 2025 Network Outage — Final Report

Prepared for the Board of Brackenridge Energy Partnership by Carrow & Pike Engineering,
30 April 2025. Reference CPE-2025-017.

## Summary of findings

The outage of 14–16 January 2025 was not caused by a burst pipe, as first reported. It began
inside the Millbank energy centre, when primary heat exchanger **HX-2** failed at 03:12 on
14 January. Corroded tubes in HX-2 let network water pass into the secondary circuit; the
pressure drop tripped the main circulation pumps.

Three further factors turned a plant fault into a 61 hours outage:

1. **Overdue inspection.** HX-2 had last been internally inspected in November 2021. The
   planned 2023 and 2024 inspections were deferred, leaving it **38 months** without an
   inspection against a 24-month interval.
2. **Standby plant unavailable.** The standby gas boiler B3 did not start, because fuel
   isolation valve **V-117** had been left closed after maintenance on 9 January 2025.
3. **Record demand.** With an outdoor temperature of -19 °C, network demand reached
   **148 MW** against a firm capacity of 131 MW without HX-2.

To protect the network, operators drained a 2.4 km section of the Eastern spine; refilling and
venting it took 22 hours.

## Impact

18,600 homes and 212 non-domestic buildings lost heat and hot water. Full supply returned at
16:12 on 16 January, 61 hours after the failure.

## Root cause

We find that the deferral of inspections followed a cut of 18% (£1.2 million) in the FY2024
maintenance budget, and that no risk assessment was made of deferring HX-2.
""",
    ),
    Doc(
        path="data/outage-timeline-jan-2025.xlsx",
        date="2025-02-03",
        text="""## Timeline

| Time | Event |
|---|---|
| 14 Jan 03:12 | HX-2 tube failure, Millbank energy centre |
| 14 Jan 03:15 | Main circulation pumps trip on low pressure |
| 14 Jan 03:31 | Start command sent to boiler B3; no ignition |
| 14 Jan 05:50 | V-117 found closed; boiler B3 fuel supply blocked |
| 14 Jan 07:05 | Eastern spine (2.4 km) isolated and drained |
| 15 Jan 09:40 | HX-2 bypassed; refilling of Eastern spine begins |
| 16 Jan 16:12 | Supply restored to all customers |

## Demand

| Date | Outdoor low | Peak demand | Firm capacity without HX-2 |
|---|---|---|---|
| 13 Jan 2025 | -11 °C | 117 MW | 131 MW |
| 14 Jan 2025 | -19 °C | 148 MW | 131 MW |
| 15 Jan 2025 | -16 °C | 139 MW | 131 MW |

## Affected premises

| Zone | Homes | Non-domestic |
|---|---|---|
| Millbank | 6,240 | 71 |
| Eastern spine | 8,910 | 96 |
| Canal Quarter | 3,450 | 45 |
| Total | 18,600 | 212 |
""",
    ),
    Doc(
        path="minutes/board-meeting-2025-02-12.docx",
        date="2025-02-12",
        text="""# Brackenridge Energy Partnership — Minutes of the Board

**Date:** 12 February 2025, Room 204, Civic Offices
**Present:** A. Oduya (Chair), R. Menzies, P. Hallworth, L. Tan (Operations Director)

## Item 3: January outage — interim findings

L. Tan reported the interim findings of Carrow & Pike. The failure of heat exchanger HX-2 was
the initiating event; the standby boiler B3 had not started because valve V-117 was closed.

The Board asked why HX-2 had gone 38 months without an inspection. L. Tan explained that the
FY2024 maintenance budget had been cut by 18%, a saving of £1.2 million, and that the
inspections of HX-2 planned for 2023 and 2024 had been pushed back to fund urgent repairs on
the Canal Quarter mains.

**Actions:**

- Reinstate the full maintenance budget from FY2026 (Finance, by 31 March).
- Introduce a two-person sign-off for returning standby plant to service (Operations).
- Inspect HX-1 and HX-3 before the end of February (Operations).
- Apply for ISO 55001 asset management certification by 2026.
""",
    ),
    Doc(
        path="news/brackenridge-courier-heat-outage.html",
        date="2025-01-20",
        text="""# "We were freezing for three days": anger over Brackenridge heat network failure

*Brackenridge Courier, 20 January 2025*

Residents of the Eastern spine estates say they were left in homes as cold as 9 °C after the
city's district heating network failed last week, during the coldest night in Brackenridge
since 2010.

Brackenridge Energy Partnership (BEP) first said a pipe had burst in the cold. On Friday it
admitted that the fault began at the Millbank energy centre, where a heat exchanger known as
HX-2 failed, and that a standby boiler "did not start as designed".

The company now says 18,600 homes were affected — far more than the 14,000 it first gave — and
that heat was off for 61 hours, not the 36 hours it had promised.

"The network is old, and maintenance was squeezed," said councillor Ruth Menzies, who sits on
the BEP board. An independent report is due in April.
""",
    ),
    Doc(
        path="customers/faq-heat-outage.md",
        date="2025-05-08",
        text="""# January 2025 outage: your questions answered

**What caused the outage?**
The independent investigation found that heat exchanger HX-2 at the Millbank energy centre
failed after it had gone 38 months without an inspection. Standby boiler B3 did not start
because a fuel valve (V-117) had been left closed after maintenance. Demand that night was a
record 148 MW.

**Was it a burst pipe?**
No. Our first statement on 14 January said so, but that was wrong. We drained a section of
the Eastern spine to protect it, which is why some streets saw work in the road.

**Will I be compensated?**
Yes. Every affected household receives £150, credited to accounts by June 2025. Businesses
will be contacted separately.

**What are you doing to stop it happening again?**
We are restoring the maintenance budget, inspecting all heat exchangers every 24 months, and
requiring two signatures before standby plant is returned to service.
""",
    ),
    Doc(
        path="other/brackenridge-heating-plumbing-winter-offer.pdf",
        date="2024-11-02",
        off=True,
        text="""# Brackenridge Heating & Plumbing Ltd — Winter 2024/25 Service Offer

Family-run since 1987, Brackenridge Heating & Plumbing keeps the town's boilers going through
the coldest months. Gas Safe registered, ISO 9001 certified.

| Service | Price (inc. VAT) |
|---|---|
| Annual boiler service | £89 |
| Boiler service + landlord certificate | £119 |
| Power flush (up to 10 radiators) | £420 |
| New combi boiler, model K3, fitted | £2,350 |

Book before 31 January 2025 and save 15% on any power flush. Our engineers answered 4,300
call-outs last winter, 92% within 24 hours. Call us on 01632 960 118.
""",
    ),
    Doc(
        path="hr/cold-weather-working-policy.md",
        date="2023-10-01",
        off=True,
        text="""# Cold Weather Working Policy

**Applies to:** all Brackenridge Energy Partnership staff. **Version:** 2.1, October 2023.

## Purpose

This policy protects staff who work outdoors or in unheated plant rooms during cold spells.

## Rules

- When the forecast low is below -5 °C, outdoor work is limited to 2-hour shifts with a
  20-minute warm-up break.
- Thermal PPE is issued every October; replacements from the stores at the Millbank site.
- Lone working outdoors is not permitted below -10 °C.
- Office staff may work from home when the Met Office issues an amber snow warning.

Managers must record cold-weather adjustments in the shift log. Questions: HR, extension 4410.
""",
    ),
)

_HEAT_FACTS = (
    Fact("Heat exchanger HX-2 at Millbank failed", ("HX-2",)),
    Fact("Standby boiler B3 did not start: valve V-117 left closed", ("V-117", "boiler B3")),
    Fact("HX-2 uninspected for 38 months (deferred inspections)", ("38 months",)),
    Fact("Record demand of 148 MW at -19 °C", ("148 MW", "-19 °C")),
    Fact("FY2024 maintenance budget cut 18% (£1.2 million)", ("18%", "£1.2 million")),
    Fact("18,600 homes affected", ("18,600",)),
    Fact("Outage lasted 61 hours", ("61 hours",)),
)

# --- Quillon Foods cold-brew concentrate --------------------------------------------------------

_BREW_DOCS = (
    Doc(
        path="production/cold-brew-process-spec-v2.1.docx",
        date="2025-03-17",
        text="""# Process Specification: Cold-Brew Coffee Concentrate

**Document:** QF-PS-014, version 2.1 (supersedes v1.3). **Effective:** 17 March 2025.
**Site:** Quillon Foods, Harwick plant, Line 4.

## 1. Grinding

Medium-roast arabica is ground coarse to a target particle size of **1,100 microns**. Finer
grinds over-extract and block the filters.

## 2. Steeping

Ground coffee and filtered water are combined at a ratio of **1:4** by weight in 2,000-litre
jacketed stainless tanks. Water enters at 4 °C and the tank is held at 4 °C for **18 hours**,
with a slow stir every 3 hours.

## 3. Filtration

Two stages: a 50-micron mesh screen removes the spent grounds, then a 5-micron cartridge
filter removes fines. Spent grounds go to composting.

## 4. High-pressure processing

Filled pouches are treated by high-pressure processing (HPP) at **600 MPa for 3 minutes** at
chilled temperature. HPP replaced thermal pasteurisation in 2023; it kills spoilage organisms
without heat, so the concentrate keeps its fresh flavour.

## 5. Filling and storage

Concentrate is filled into 1-litre pouches under a nitrogen flush and stored at 0–4 °C.
Shelf life: **120 days** unopened.
""",
    ),
    Doc(
        path="archive/2022/process-spec-v1.3.docx",
        date="2022-05-09",
        text="""# Process Specification: Cold-Brew Coffee Concentrate (v1.3, 2022)

**Document:** QF-PS-014, version 1.3. **Effective:** 9 May 2022. Line 4, Harwick.

1. **Grinding:** coarse grind, target 1,400 microns.
2. **Steeping:** coffee to water 1:5 by weight, water at 6 °C, steep for 20 hours in 1,200-litre
   tanks.
3. **Filtration:** single-stage 100-micron bag filter.
4. **Pasteurisation:** in-line plate pasteuriser, 85 °C for 30 seconds, then chilled to 4 °C.
5. **Filling:** 1-litre bottles, hot-fill not permitted. Shelf life 60 days.

Review due May 2024, or earlier if the high-pressure processing trial on Line 4 succeeds.
""",
    ),
    Doc(
        path="production/line-parameters-2025.xlsx",
        date="2025-03-17",
        text="""## Steep

| Parameter | Target | Tolerance |
|---|---|---|
| Grind size | 1,100 µm | ±100 µm |
| Coffee:water ratio | 1:4 | ±2% |
| Water temperature | 4 °C | ±1 °C |
| Steep time | 18 hours | ±30 min |
| Tank volume | 2,000 L | — |

## Filtration

| Stage | Media | Rating |
|---|---|---|
| 1 | Mesh screen | 50-micron |
| 2 | Cartridge filter | 5-micron |

## HPP

| Parameter | Value |
|---|---|
| Pressure | 600 MPa |
| Hold time | 3 minutes |
| Vessel | Presstek model H55, unit 2 |
| Shelf life (0–4 °C) | 120 days |
""",
    ),
    Doc(
        path="web/product-page-cold-brew-concentrate.html",
        date="2025-06-02",
        text="""# Quillon Cold-Brew Concentrate, 1 L

**Smooth. Low-acid. Never heated.**

Our concentrate is steeped slowly in cold water for 18 hours, not brewed hot and cooled. The
result is a rounder, sweeter coffee with about 60% less acidity than our hot-brewed filter
coffee.

## How we make it

- Coarse-ground arabica, 1,100 microns
- Steeped at 4 °C for 18 hours
- Double-filtered through 50-micron and 5-micron filters
- Made safe with high pressure (600 MPa), not heat

## How to serve

Mix 1 part concentrate with 3 parts cold water or milk over ice. One pouch makes 16 drinks.
Keep refrigerated; use within 10 days of opening.

£12.50 — free delivery over £30.
""",
    ),
    Doc(
        path="qa/haccp-summary-cold-brew.pdf",
        date="2024-11-20",
        text="""# HACCP Summary — Cold-Brew Concentrate, Line 4

Quillon Foods Harwick plant. Food safety system certified to ISO 22000:2018 (certificate no.
4471). Reviewed November 2024.

| CCP | Step | Critical limit | Monitoring |
|---|---|---|---|
| CCP1 | Steeping | Product ≤ 5 °C throughout | Probe, logged every 15 min |
| CCP2 | Filtration | Cartridge intact, ΔP < 1.5 bar | Pressure gauge, each batch |
| CCP3 | HPP | ≥ 600 MPa held ≥ 3 minutes | Vessel log, each cycle |
| CCP4 | Cold storage | 0–4 °C | Data logger |

Cold brewing gives no heat kill step, so cold holding during the 18-hour steep (CCP1) and
high-pressure processing (CCP3) are the controls for *Listeria* and *Clostridium botulinum*.
Any cycle below 600 MPa is held and reprocessed.
""",
    ),
    Doc(
        path="faq/cold-brew-faq.md",
        date="2025-07-14",
        text="""# Cold-brew FAQ

**Is cold brew just iced coffee?**
No. Iced coffee is brewed hot and chilled. Our cold brew never meets hot water: it steeps at
4 °C for 18 hours.

**Why is it a concentrate?**
We brew strong, at one part coffee to four parts water (1:4), so you can dilute it to taste.

**Why does it last so long?**
Instead of heating it, we treat the sealed pouches with very high water pressure — 600 MPa,
about six times the pressure at the deepest point of the ocean. It keeps for 120 days
unopened in the fridge.

**Has the recipe changed?**
Yes. Until 2023 we pasteurised with heat and the concentrate kept for 60 days. Customers told
us the new version tastes brighter.
""",
    ),
    Doc(
        path="other/quillon-valley-winery-harvest-notes.pdf",
        date="2024-10-05",
        off=True,
        text="""# Quillon Valley Winery — Harvest Notes 2024

A cool season gave us slow ripening and bright acidity. Picking finished on 28 September.

## Cold soak

All red lots were cold soaked before fermentation: whole berries held at 8 °C for 72 hours
under dry ice, to extract colour and fruit without tannin.

| Wine | Tonnes picked | Cold soak | Yield |
|---|---|---|---|
| Estate Pinot Noir | 41 t | 72 hours | 28,700 bottles |
| Reserve Syrah | 18 t | 96 hours | 11,900 bottles |

Our cellar door opens for tastings on 1 November.
""",
    ),
    Doc(
        path="hse/cold-store-safety-bulletin.md",
        date="2025-01-09",
        off=True,
        text="""# Safety Bulletin 25-02: Working in the Cold Store

**To:** all Harwick plant staff. **From:** Health & Safety.

Two near misses were reported in December in the finished-goods cold store (chilled room C2
and freezer room F1). Please follow these rules:

- Freezer room F1 runs at -18 °C: maximum 45 minutes inside, then a 15-minute break.
- Always wear the issued thermal jacket and gloves; check the door release before entering.
- Forklifts in the cold store must use the 8 km/h speed limit and the horn at every junction.
- Report any ice on the floor to the shift supervisor immediately.

Toolbox talks on cold store safety will run during week 3.
""",
    ),
)

_BREW_FACTS = (
    Fact("Coarse grind to 1,100 microns", ("1,100 microns", "1,100 µm")),
    Fact("Coffee-to-water ratio 1:4", ("1:4",)),
    Fact("Steeped at 4 °C for 18 hours", ("18 hours",)),
    Fact("Two-stage filtration: 50-micron then 5-micron", ("5-micron", "50-micron")),
    Fact("High-pressure processing at 600 MPa for 3 minutes", ("600 MPa",)),
    Fact("Shelf life 120 days", ("120 days",)),
)

# --- Kestrel Mobile outage (web) ----------------------------------------------------------------

_KESTREL_DOCS = (
    Doc(
        path="kestrelmobile.example/status/2025-08-19-update.html",
        date="2025-08-19",
        text="""# Service status: Kestrel Mobile network outage — update 10:05, 19 August 2025

We know many Kestrel Mobile customers cannot make calls, send texts or use mobile data this
morning. We are very sorry.

Our teams are investigating and we are treating a **suspected external attack** on our network
as the most likely cause. Around **1.1 million customers** are affected, mostly in the North and
Midlands.

We expect most services to be back **within five hours**. Emergency 999 calls can still be
made by roaming on other networks.

We will post the next update at 13:00.
""",
    ),
    Doc(
        path="kestrelmobile.example/blog/what-went-wrong-19-august.html",
        date="2025-09-10",
        text="""# What went wrong on 19 August: our engineering review of the Kestrel Mobile outage

*By Priya Raman, Chief Technology Officer, Kestrel Mobile — 10 September 2025*

On 19 August our network went down for 9 hours 40 minutes and 2.3 million customers lost
service. Our first update blamed a suspected attack. That was wrong, and I want to explain
what really happened.

**A faulty change.** At 06:02 we installed core routing software release 22.4 with a new
route-filter configuration. A typo in one filter told our core routers to withdraw the routes
to every radio site.

**No canary.** Changes like this normally go first to a canary stage — our test core at
Felling — and wait 24 hours. Under schedule pressure, the change was approved to go to all
sites at once.

**The backup failed too.** Our backup core in Dunmore is kept in sync with the primary, so it
received the same broken configuration within 90 seconds and could not take over.

**Slow recovery.** Our remote management links ran over the same core network instead of a
separate out-of-band network, so engineers could not log in remotely. They had to drive to
the data centres to roll back by hand, which is why recovery took until 15:42.

We are building an out-of-band management network, making the canary stage mandatory, and
crediting every affected customer £10.
""",
    ),
    Doc(
        path="theledger.example/tech/kestrel-outage-not-hackers.html",
        date="2025-08-21",
        text="""# Kestrel Mobile outage caused by botched software update, not hackers

*The Ledger, 21 August 2025*

The Kestrel Mobile network outage that cut off millions of phones on Tuesday was caused by a
faulty software update, not a cyber attack, the operator admitted last night.

Kestrel Mobile said a configuration error in an update to its core routers — release 22.4 —
had spread to its backup site in Dunmore, taking down both. The company raised its estimate
of affected customers from 1.1 million to 2.3 million, and said the outage lasted 9 hours 40
minutes, almost twice the five hours it first forecast.

Industry analysts said the failure of the backup was the most worrying detail. "Keeping the
backup identical to the primary protects you against hardware faults, not against your own
bad configuration," said telecoms consultant Marcus Bell.

About 3,870 emergency calls failed to connect during the outage, according to figures given
to MPs.
""",
    ),
    Doc(
        path="csa.example/news/kestrel-mobile-investigation-outcome.html",
        date="2025-11-18",
        text="""# Communications Standards Authority fines Kestrel Mobile £4.2M over August outage

*CSA press release, 18 November 2025*

The Communications Standards Authority (CSA) has concluded its investigation into the Kestrel
Mobile outage of 19 August 2025 and fined the operator £4.2M.

## Findings

| Finding | Detail |
|---|---|
| Cause | Faulty route-filter change in software release 22.4 |
| Change control | Canary stage skipped; change sent to all sites at once |
| Resilience | Backup core (Dunmore) replicated the faulty configuration |
| Recovery | No out-of-band management; manual rollback on site |
| Customers affected | 2.3 million |
| Duration | 9 hours 40 minutes |
| Failed emergency calls | 3,870 |

The CSA found that Kestrel Mobile breached General Condition A3.2 by failing to take
appropriate measures to keep access to emergency services. Kestrel Mobile must report on its
new out-of-band network by June 2026.
""",
    ),
    Doc(
        path="netopsnotes.example/posts/anatomy-of-a-core-outage.md",
        date="2025-09-14",
        text="""# Anatomy of a core network outage: lessons from Kestrel Mobile

Kestrel Mobile's review of its 19 August outage is unusually frank, and worth reading for
anyone who runs a network. Three lessons stand out.

1. **Replication is not resilience.** Dunmore was a perfect copy of the primary core, which
   made it a perfect copy of the bad configuration too. A backup that syncs in 90 seconds
   needs a way to refuse a change that just broke its twin.
2. **Canaries exist for a reason.** Release 22.4 skipped the canary stage at Felling. A single
   hour on the test core would have shown every route vanishing.
3. **Keep an out-of-band path.** When your management traffic shares the network you are
   fixing, you lose your hands when you need them most. Kestrel's engineers spent hours
   driving to sites.

None of these are new ideas — RFC 7454 and most vendor guides say the same — but 2.3 million
customers have just learned what skipping them costs.
""",
    ),
    Doc(
        path="kestrelmobile.example/investors/network-resilience-report-2025.pdf",
        date="2025-12-05",
        text="""# Kestrel Mobile — Network Resilience Report 2025

## The 19 August outage in numbers

| Measure | Value |
|---|---|
| Duration | 9 hours 40 minutes (06:02–15:42) |
| Customers affected | 2.3 million |
| Customer credits paid | £23.0 million |
| CSA fine | £4.2M |

## Root causes

- Route-filter error in core software release 22.4
- Change approved without the canary stage at Felling
- Dunmore backup core synchronised the faulty configuration
- No out-of-band management network for remote rollback

## Programme 2026

We will invest £38 million in 2026: a separate out-of-band management network (complete by
Q2 2026), a 24-hour mandatory canary for all core changes, and a delay of 30 minutes before
any change is copied to the Dunmore backup core.
""",
    ),
    Doc(
        path="coastnews.example/kestrel-mobile-homes-recall.html",
        date="2025-08-27",
        off=True,
        text="""# Kestrel Mobile Homes recalls 340 holiday caravans over gas fault

*Coast News, 27 August 2025*

Kestrel Mobile Homes, the Lincolnshire caravan maker, is recalling 340 holiday homes built
between 2021 and 2023 after a faulty gas regulator was linked to two fires.

Owners of the Seabreeze and Dune models are asked not to use gas appliances until an engineer
has fitted a new regulator, free of charge. The company said the work would take about 2 hours
per home and would be finished by the end of October.

Kestrel Mobile Homes sold 1,450 homes last year and employs 210 people at its Skegby works.
""",
    ),
    Doc(
        path="kestrelmobile.example/news/5g-expansion-2025.html",
        date="2025-07-30",
        off=True,
        text="""# Kestrel Mobile switches on 5G in 120 more towns

*Press release, 30 July 2025*

Kestrel Mobile today switched on its 5G network in 120 more towns, bringing 5G coverage to
78% of the UK population. Average download speeds on the new sites reached 210 Mbps in tests.

The rollout used 1,900 new antennas mounted on existing masts, so no new masts were needed.
Customers on any 5G plan get the faster speeds automatically.

By the end of 2026 Kestrel Mobile aims to cover 90% of the population with 5G.
""",
    ),
)

_KESTREL_FACTS = (
    Fact("Faulty route-filter change in core software release 22.4", ("release 22.4",)),
    Fact("Change skipped the canary stage (Felling test core)", ("canary",)),
    Fact("Backup core at Dunmore copied the faulty configuration", ("Dunmore",)),
    Fact("No out-of-band management; manual rollback on site", ("out-of-band",)),
    Fact("2.3 million customers affected", ("2.3 million",)),
    Fact("Outage lasted 9 hours 40 minutes", ("9 hours 40 minutes",)),
)

# --- Port of Saltmarsh automated truck gate -----------------------------------------------------

_GATE_DOCS = (
    Doc(
        path="operations/smart-gate-procedure-2025.docx",
        date="2025-02-24",
        text="""# Smart Gate Operating Procedure

**Port of Saltmarsh, Container Terminal North.** Procedure OP-G-07, revision 3, February 2025.

## Scope

How a road haulier's truck is processed through the automated gate to collect an import
container.

## Steps

1. **Book a slot.** The haulier books a one-hour arrival slot in **GateLink**, the port's
   vehicle booking system, at least **12 hours** before arrival, quoting the container number
   and the customs release reference.
2. **Arrive at the pre-gate.** The truck drives through the **OCR portal**, where cameras read
   the number plate and the **RFID** tag on the windscreen identifies the truck and driver.
3. **Confirm at the kiosk.** The driver enters a 6-digit PIN at the kiosk in lanes 1–8. If the
   booking, customs release and truck all match, the kiosk prints a slip naming the
   **transfer area** bay.
4. **Collect the container.** An automated stacking crane places the container on the truck in
   the transfer area; the driver stays in a safety booth while the crane works.
5. **Exit.** At the out-gate, the OCR portal reads the container number and seal, damage
   cameras record the box, and the barrier opens.

Exceptions (no booking, mismatch, damage) are sent to the trouble desk, Gate House room 12.
""",
    ),
    Doc(
        path="archive/2022/gate-procedures-v1.2.pdf",
        date="2022-03-01",
        text="""# Gate Procedures (v1.2, March 2022)

Port of Saltmarsh, Container Terminal North — truck gate.

- Hauliers must pre-advise collections by email or fax at least 24 hours before arrival.
- On arrival, drivers park in the check-in area and present documents at the gate booth.
- Gate clerks check the release, key the truck details into the terminal system and hand the
  driver a paper ticket with a yard row.
- Straddle carriers load the container in the yard; drivers wait at the yard row.

| Measure (2021) | Value |
|---|---|
| Average truck turnaround | 41 minutes |
| Trucks handled per day | 2,100 |
| Gate lanes | 4 |
""",
    ),
    Doc(
        path="performance/gate-kpis-2025.xlsx",
        date="2025-10-06",
        text="""## Turnaround

| Quarter | Trucks per day | Average turnaround | Within slot |
|---|---|---|---|
| Q1 2025 | 3,050 | 31 minutes | 88% |
| Q2 2025 | 3,280 | 28 minutes | 91% |
| Q3 2025 | 3,400 | 27 minutes | 93% |

## Gate steps

| Step | Where | Average time |
|---|---|---|
| OCR portal + RFID read | Pre-gate | 20 seconds |
| Kiosk confirmation | Lanes 1–8 | 90 seconds |
| Crane loading | Transfer area | 14 minutes |
| Out-gate OCR and damage check | Out-gate | 40 seconds |

## Exceptions

| Reason | Share of visits |
|---|---|
| No GateLink booking | 2.1% |
| Customs hold | 1.4% |
| Plate/RFID mismatch | 0.6% |
""",
    ),
    Doc(
        path="news/saltmarsh-smart-gate-opens.html",
        date="2023-09-12",
        text="""# Port of Saltmarsh opens £46m smart gate

*Saltmarsh Gazette, 12 September 2023*

Truck drivers collecting containers at the Port of Saltmarsh will no longer queue at a booth,
after the port opened its £46m automated gate on Monday.

Instead, trucks pass through an OCR portal — an arch of cameras that reads number plates and
container codes — while an RFID tag identifies each vehicle. Drivers confirm their booking at a
touch-screen kiosk and are sent straight to a transfer area, where robotic stacking cranes
load the box.

The port says the gate will cut the average turnaround from 41 minutes to under 30, and lift
capacity to more than 3,000 trucks a day. Hauliers must now book every visit in the port's
GateLink system.

"It is the biggest change to the terminal since the cranes arrived in 2009," said operations
director Helen Acheampong.
""",
    ),
    Doc(
        path="hauliers/gatelink-faq.md",
        date="2025-04-15",
        text="""# GateLink FAQ for hauliers

**How far ahead must I book?**
At least 12 hours before your slot. Slots last one hour. (Before 2025 the rule was 24 hours.)

**What happens if I arrive late?**
Up to 30 minutes late, the kiosk still accepts you. After that, you must rebook.

**Do I need an RFID tag?**
Yes. Every truck needs a registered RFID tag; tags cost £12 from the Gate House. Without one,
the OCR portal cannot match your truck and you are sent to the trouble desk.

**How long does a visit take?**
In Q3 2025 the average turnaround was 27 minutes from pre-gate to out-gate.

**Which version of GateLink should I use?**
GateLink 4.2 on the web or the app. Version 3.x stopped working on 1 March 2025.
""",
    ),
    Doc(
        path="other/saltmarsh-port-brewing-process.html",
        date="2024-06-20",
        off=True,
        text="""# How we brew: Saltmarsh Port Brewing Co.

Our Harbour Porter goes through the same process in our brewhouse on the old fish quay every
week.

1. **Mash:** 420 kg of malt mashed at 66 °C for 60 minutes.
2. **Boil:** 90 minutes, with hops added at 60 and 10 minutes.
3. **Ferment:** 7 days at 19 °C in our 30-barrel fermenters.
4. **Condition:** 3 weeks cold, then into cask, keg or can.

| Beer | ABV | Weekly output |
|---|---|---|
| Harbour Porter | 5.2% | 8,600 pints |
| Gate Lamp IPA | 6.1% | 5,100 pints |

Brewery tours every Saturday at 2 pm.
""",
    ),
    Doc(
        path="it/staff-gate-badge-upgrade.md",
        date="2025-05-02",
        off=True,
        text="""# IT Notice: staff gate badge system upgrade

**From:** Port of Saltmarsh IT Service Desk. **Date:** 2 May 2025.

The staff pedestrian gates at the Administration Building and Gate House will move to the new
access control system on 17 May 2025.

- All staff badges must be re-registered at the IT desk (room 204) before 16 May.
- The old magnetic-stripe badges stop working at 06:00 on 17 May.
- Visitors will receive QR-code passes by email instead of paper passes.
- Car park barriers are not affected by this change.

Please raise a ticket in ServiceNow (category: Access) if your badge fails after the switch.
""",
    ),
)

_GATE_FACTS = (
    Fact("Slot booked in GateLink at least 12 hours ahead", ("GateLink",)),
    Fact("OCR portal reads plate and container number", ("OCR portal",)),
    Fact("RFID tag identifies the truck", ("RFID",)),
    Fact("Driver confirms at the kiosk with a 6-digit PIN", ("6-digit PIN",)),
    Fact("Automated stacking crane loads in the transfer area", ("transfer area",)),
    Fact("Average turnaround 27 minutes", ("27 minutes",)),
    Fact("3,400 trucks a day", ("3,400",)),
)

CASES: tuple[Case, ...] = (
    Case(
        id="explain-heat-outage-en",
        kind=Kind.EXPLAIN,
        language="en",
        question="Why did the Brackenridge district heating network fail in January 2025?",
        documents=_HEAT_DOCS,
        facts=_HEAT_FACTS,
        notes="Causes of an outage; the first statement (burst pipe, 14,000 homes) was wrong.",
    ),
    Case(
        id="explain-cold-brew-en",
        kind=Kind.EXPLAIN,
        language="en",
        question="How does Quillon Foods make its cold-brew coffee concentrate?",
        documents=_BREW_DOCS,
        facts=_BREW_FACTS,
        notes="Process steps with figures; the 2022 spec (20 hours, 85 °C) is superseded.",
    ),
    Case(
        id="explain-network-outage-en",
        kind=Kind.EXPLAIN,
        language="en",
        question="Why did Kestrel Mobile's network go down on 19 August 2025?",
        documents=_KESTREL_DOCS,
        facts=_KESTREL_FACTS,
        where="web",
        notes="Web: causes of a telecom outage; the first update blamed an attack (1.1 million).",
    ),
    Case(
        id="explain-smart-gate-en",
        kind=Kind.EXPLAIN,
        language="en",
        question=(
            "How does the Port of Saltmarsh's automated truck gate process a container pickup?"
        ),
        documents=_GATE_DOCS,
        facts=_GATE_FACTS,
        notes="Process steps; the 2022 manual procedure (24 hours, 41 minutes) is superseded.",
    ),
)
