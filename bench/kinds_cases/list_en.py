"""List cases in English: four questions that ask for an enumeration whose items are spread over
several documents of a small fictional corpus. Brackenridge Audio's current products and prices
(a catalogue, a later launch, a discontinued-products notice, an old price list); the member
towns of the Tallowmere Water Board and their populations (a statistics bulletin that also lists
non-members, a town that joined, a town that left); the grants the Carrow Hale Foundation made
in 2025 (web pages: a round-up, grantee news, an interim list with since-changed amounts); and
Pellory Logistics' distribution centres and their floor areas (an opening, a closure, an
extension). Each corpus has distractors of a colliding name and of the question's words.
"""

from __future__ import annotations

from bench.kinds_corpus import Case, Doc, Fact, Kind

# --- Brackenridge Audio: products and prices -------------------------------------------------

_AUDIO_CATALOGUE = """\
## Headphones

| Model | SKU | Type | Price (USD) | Battery |
|---|---|---|---|---|
| Tern ANC | BA-T2-BLK | Over-ear, active noise cancelling | $249 | 38 h |
| Kite Buds | BA-KB3 | True wireless earbuds | $129 | 7 h (28 h with case) |

## Speakers

| Model | SKU | Type | Price (USD) | Finish |
|---|---|---|---|---|
| Harrier 2 | BA-H2-WAL | Bookshelf speakers, sold as a pair | $599 | Walnut or black ash |
| Wren | BA-W1 | Portable Bluetooth speaker, IP67 | $89 | Slate, sand, moss |

## Electronics

| Model | SKU | Type | Price (USD) | Notes |
|---|---|---|---|---|
| Kestrel DAC | BA-KD1 | USB DAC and headphone amplifier | $179 | 32-bit/384 kHz |

## Notes

| Item | Detail |
|---|---|
| Catalogue | Brackenridge Audio product catalogue, version 2026.1 |
| Valid from | 12 January 2026 |
| Prices | US MSRP, excluding sales tax and shipping |
| Dealer terms | See dealer agreement DA-7; minimum order 12 units |
"""

_AUDIO_LAUNCH = """\
# Brackenridge Audio introduces the Osprey soundbar

**HARLOW POINT, March 17, 2026** — Brackenridge Audio today launched the Osprey, the company's
first soundbar and the newest addition to its range of headphones and speakers. The Osprey sells
for $449 and ships from April 2, 2026 through brackenridgeaudio.com and selected retailers in
the United States and Canada.

The Osprey is a 3.1-channel bar, 96 cm wide, with a built-in 5.25-inch subwoofer and six
drivers. It connects over HDMI eARC, optical or Bluetooth, and firmware version 2.1, available
at launch, adds a night mode and a dialogue enhancer. The bar can be paired with a Wren portable
speaker as a rear channel.

"People have asked us for years to bring our sound to the living room," said founder and chief
executive Maren Castell. "Our range now runs from the $89 Wren up to the Harrier 2 bookshelf
speakers, and the Osprey fills the gap in between."

The Osprey carries a two-year warranty and is finished in charcoal fabric.

**About Brackenridge Audio.** Founded in 2017 in Harlow Point, Brackenridge Audio designs
headphones, speakers and desktop audio electronics. The company employs 84 people and reported
revenue of $15.2 million in FY2025, up 12.4% on the previous year. Its factory partner is
certified to ISO 9001.

Media contact: press@brackenridgeaudio.com
"""

_AUDIO_DISCONTINUED = """\
# Discontinued products

*Updated 3 February 2025*

The products below are no longer made. We continue to honour every warranty, and spare parts
and repairs remain available until the dates shown. If you are looking for a replacement, the
"Replaced by" column lists the current model.

| Product | Last sold | Replaced by | Parts and repairs until |
|---|---|---|---|
| Plover turntable (model P1) | January 2025 | — | December 2027 |
| Harrier bookshelf speakers (first generation) | September 2024 | Harrier 2 | September 2028 |
| Kite Buds, second generation (BA-KB2) | March 2024 | Kite Buds (BA-KB3) | March 2026 |

## Plover owners

The Plover was our only turntable and we have no plans for a successor. Replacement belts (part
204-B) and styli remain on sale in the parts store while stocks last. Our service centre can
re-calibrate a Plover for a flat fee.

## Harrier owners

First-generation Harrier speakers can be used alongside a Harrier 2 pair in a surround setup,
although the two do not share a tweeter. Trade-in credit toward a Harrier 2 ended on
31 December 2024.

Questions? Write to support@brackenridgeaudio.com.
"""

_AUDIO_PRICES_2023 = """\
# Brackenridge Audio — Price list (US), April 2023

Prices valid from 1 April 2023 until further notice. All prices are manufacturer's suggested
retail prices in US dollars, excluding sales tax.

| Product | Category | Price |
|---|---|---|
| Tern ANC | Headphones | $229 |
| Kite Buds (second generation) | Earbuds | $149 |
| Harrier bookshelf speakers (pair) | Speakers | $499 |
| Wren portable speaker | Speakers | $79 |
| Plover turntable | Turntables | $399 |

Authorised dealers receive a 30% discount off list on orders of 12 units or more. Demonstration
units are available at 50% off list, limited to one per model per store.

This list replaces the price list of October 2022. Please destroy printed copies of earlier
lists.

Brackenridge Audio · Sales office, Suite 3, 41 Quarry Road, Harlow Point
"""

_AUDIO_TERN_PAGE = """\
# Tern ANC

**Over-ear noise-cancelling headphones — $249**

Free shipping in the continental US · 30-day returns · two-year warranty

The Tern ANC is the headphone that started Brackenridge. The current model, BA-T2, keeps the
light aluminium frame and memory-foam cushions and adds adaptive noise cancelling that adjusts
to your surroundings every 50 milliseconds.

## Specifications

- Battery: up to 38 hours with ANC on, 52 hours with ANC off
- Charging: USB-C, 10 minutes for 5 hours of playback
- Drivers: 40 mm dynamic
- Bluetooth 5.3 with multipoint; wired use over the included 3.5 mm cable
- Weight: 265 g
- Colours: black, stone

## In the box

Headphones, travel case, USB-C cable, 3.5 mm cable, airline adapter.

## Compare

Want something smaller? The Kite Buds true wireless earbuds ($129) share the Tern's tuning in a
pocket-sized case. For your desk, pair either with the Kestrel DAC.
"""

_AUDIO_REVIEW = """\
# Harrier 2 review: Brackenridge's bookshelf speakers grow up

*Hi-Fi Weekly · 5 October 2025 · Reviews*

Brackenridge Audio is a small company with a short catalogue: two headphones, a portable
speaker, a desktop DAC and these, the Harrier 2 bookshelf speakers. The originals were a
bargain at $499 a pair. The Harrier 2 costs $599 per pair, and most of the extra money shows.

The cabinets are now 2 cm deeper, the port has moved to the back, and a new 28 mm silk-dome
tweeter replaces the old 25 mm unit. Bass extends to a claimed 48 Hz (−3 dB), and in our room it
reached that with the speakers 30 cm from the wall.

We drove them from the company's own Kestrel DAC ($179) through a modest integrated amplifier
and found them detailed without being harsh. Stereo imaging is the real step up: vocals locked
to the centre even off-axis.

**Verdict: 4.5/5.** At $599 the Harrier 2 faces stiff competition, but few rivals at the price
are built this well.

| Specification | Harrier 2 |
|---|---|
| Sensitivity | 87 dB |
| Impedance | 6 ohms |
| Dimensions | 31 × 19 × 26 cm |
| Weight | 6.1 kg each |
"""

_AUDIO_CLINIC = """\
# Brackenridge Audiology Clinic — Hearing aid products and fees 2026

Brackenridge Audiology Clinic has served the Brackenridge valley since 2004 from our rooms at
12 Mill Street (Suite 204). Our audiologists fit hearing aids from three manufacturers and sell
accessories and protection products at the clinic.

## Hearing aids

| Product | Style | Price |
|---|---|---|
| Verity RIC 7 | Receiver-in-canal, rechargeable | $2,400 per pair |
| Verity Mini | In-the-canal | $1,950 per pair |
| Calla Sport | Behind-the-ear, waterproof | $1,720 per pair |

## Services and accessories

- Full hearing test: $120 (free for patients over 70)
- Custom ear moulds: $85 each
- Musician's earplugs with 15 dB filters: $210 per pair
- Remote control for Verity models: $65

All hearing aids include a 45-day trial, three years of adjustments, and cleaning every six
months. Financing is available over 12 or 24 months.

Book on 555-0148 or at the front desk.
"""

_AUDIO_REMOTE = """\
# Brackenridge Audio — Remote and hybrid work policy

Version 3.0 · approved by the leadership team, 8 September 2025

## Purpose

This policy explains how employees of Brackenridge Audio may work away from the Harlow Point
office and workshop. It does not apply to warehouse or repair-bench staff, whose work depends on
our products and tools being on site.

## Eligibility

Employees who have completed their three-month probation may work remotely up to three days a
week with their manager's agreement. The product design and sound-tuning teams meet in the
listening room on Tuesdays and Thursdays.

## Equipment and allowances

- A one-off home-office stipend of $500 for a desk, chair or lighting.
- A monthly internet allowance of $40.
- Employees may borrow one set of company headphones for calls; these remain company property.

## Security

Use the company VPN for all work systems. Prototype products and unreleased firmware must not
leave the office without written approval from the head of engineering.

Questions go to people@brackenridgeaudio.com.
"""

AUDIO = Case(
    id="list-brackenridge-products-en",
    kind=Kind.LIST,
    language="en",
    question="What products does Brackenridge Audio currently sell, and at what prices?",
    documents=(
        Doc("catalogue/2026-product-catalogue.xlsx", "2026-01-12", _AUDIO_CATALOGUE),
        Doc("press/osprey-soundbar-launch-march-2026.pdf", "2026-03-17", _AUDIO_LAUNCH),
        Doc("support/discontinued-products.html", "2025-02-03", _AUDIO_DISCONTINUED),
        Doc("archive/2023/price-list.docx", "2023-04-01", _AUDIO_PRICES_2023),
        Doc("products/tern-anc.html", "2026-02-10", _AUDIO_TERN_PAGE),
        Doc("press-coverage/hifi-weekly-harrier-2-review.html", "2025-10-05", _AUDIO_REVIEW),
        Doc("misc/brackenridge-audiology-fees-2026.pdf", "2026-01-05", _AUDIO_CLINIC, off=True),
        Doc("hr/remote-work-policy.md", "2025-09-08", _AUDIO_REMOTE, off=True),
    ),
    facts=(
        Fact("Tern ANC headphones, $249", ("$249",)),
        Fact("Kite Buds earbuds, $129", ("$129",)),
        Fact("Harrier 2 bookshelf speakers, $599 a pair", ("$599",)),
        Fact("Wren portable speaker, $89", ("$89",)),
        Fact("Kestrel DAC, $179", ("$179",)),
        Fact("Osprey soundbar, launched March 2026, $449", ("$449",)),
    ),
    notes="Product range over a catalogue, a later launch, a discontinued notice and 2023 prices.",
)

# --- Tallowmere Water Board: member towns and populations ------------------------------------

_WATER_ANNUAL = """\
# Tallowmere Water Board — Annual Report 2025

*Year ended 31 March 2026 · presented to the member towns, April 2026*

## Chair's foreword

This was the year the Board grew again. Upper Dray joined on 1 July 2025, fifteen months after
Hollins Cross left us, and we are once more a board of six member towns. Together they are home
to 129,690 people, every one of whom now receives water that met all 38 regulatory standards
throughout the year.

Non-revenue water fell to 12.4%, from 14.1% a year earlier, thanks largely to the pressure
management scheme in Saltings. Our capital programme spent £15.2 million, of which £4.8 million
went on the new Upper Dray trunk main. The Board was re-certified to ISO 9001 and ISO 14001 in
November 2025.

## Supply by member town

| Member town | Connections | Water supplied (ML) | Directors |
|---|---|---|---|
| Ashcombe | 19,870 | 3,410 | 2 |
| Fernley | 8,940 | 1,520 | 2 |
| Marrow Bridge | 5,120 | 880 | 1 |
| Quenby | 4,060 | 690 | 1 |
| Saltings | 12,780 | 2,260 | 2 |
| Upper Dray (from 1 July 2025) | 2,610 | 310 | 1 |
| **Total** | **53,380** | **9,070** | **9** |

## Tariffs

The average household bill for 2025/26 was £412, an increase of 4.1%. Upper Dray households
move to the common tariff over three years.

*Registered office: Board Offices, Station Road, Ashcombe.*
"""

_WATER_STATS = """\
## Towns

| Town | Mid-2025 population | Mid-2024 population | Change (%) |
|---|---|---|---|
| Ashcombe | 48,200 | 47,650 | 1.2 |
| Brenmoor | 15,600 | 15,410 | 1.2 |
| Fernley | 21,750 | 21,380 | 1.7 |
| Hollins Cross | 7,380 | 7,320 | 0.8 |
| Marrow Bridge | 12,400 | 12,350 | 0.4 |
| Quenby | 9,860 | 9,710 | 1.5 |
| Saltings | 31,050 | 30,420 | 2.1 |
| Upper Dray | 6,430 | 6,390 | 0.6 |
| Wickham Stoke | 4,920 | 4,880 | 0.8 |

## Notes

| Item | Detail |
|---|---|
| Publisher | Tallowmere County Statistics Office |
| Release | Statistical bulletin 2025/07, published 30 September 2025 |
| Reference date | Estimates at 30 June 2025 |
| Method | Cohort-component method, version 2.1 |
| Next release | September 2026 |
"""

_WATER_MINUTES = """\
# Tallowmere Water Board — Minutes of the Board meeting

**Date:** 12 June 2025, 10:00
**Place:** Room 204, Ashcombe Civic Centre
**Present:** eight directors (Ashcombe 2, Fernley 2, Marrow Bridge 1, Quenby 1, Saltings 2);
Chief Executive; Finance Director; Clerk

## 1. Apologies

None.

## 2. Application for membership: Upper Dray

The Board considered the application of Upper Dray Town Council to become a member town. Upper
Dray has about 6,400 residents and has been supplied in bulk by the Board since 2019. The
Finance Director reported that the joining contribution of £610,000 had been agreed and would be
paid over five years.

**Resolved:** that Upper Dray be admitted as the sixth member town with effect from
1 July 2025, and that it appoint one director.

## 3. Hollins Cross settlement

The Clerk reported receipt of the final settlement payment of £312,000 from Hollins Cross, which
withdrew in April 2024. The matter is closed.

## 4. Tariff for 2025/26

The average household bill will rise by 4.1%. Approved.

## 5. Date of next meeting

11 September 2025, Room 204.
"""

_WATER_HOLLINS = """\
# Hollins Cross votes to quit water board

*Tallowmere Courier · 28 March 2024*

Hollins Cross will leave the Tallowmere Water Board on 1 April after town councillors voted 9–2
on Tuesday night to take their water from Brenmoor Water instead.

The move ends 31 years of membership and leaves the board with five member towns — Ashcombe,
Fernley, Marrow Bridge, Quenby and Saltings. Hollins Cross, home to about 7,300 people, had
complained for years that its bills were higher than its neighbours'.

"Brenmoor's pipe runs past our reservoir, and their tariff is £38 a year cheaper," said council
leader Ros Penhale. "Staying made no sense."

Board chief executive Alan Fry said the board regretted the decision but would "ensure a smooth
handover". Under the board's rules a departing town pays its share of outstanding debt; the
figure is still being negotiated.

Brenmoor Water, which serves about 15,400 people in Brenmoor itself, said it had the capacity to
take on the extra demand without new treatment works.
"""

_WATER_ANNUAL_2021 = """\
# Tallowmere Water Board — Annual Report 2020/21

*Year ended 31 March 2021*

## Our member towns

The Board is owned by six member towns, which together had a population of 125,700 at the 2020
mid-year estimate.

| Member town | Population (mid-2020) | Connections |
|---|---|---|
| Ashcombe | 46,900 | 19,110 |
| Fernley | 20,300 | 8,420 |
| Hollins Cross | 7,100 | 2,980 |
| Marrow Bridge | 12,100 | 5,010 |
| Quenby | 9,500 | 3,910 |
| Saltings | 29,800 | 12,160 |

## Year in brief

Despite the pandemic, all six treatment works operated without interruption. Non-revenue water
was 16.8%. Capital spending was £9.6 million, including the first phase of the Saltings pressure
management scheme. The average household bill was £371.

We began bulk supply to Upper Dray in 2019 under a ten-year agreement; Upper Dray is not a
member town.
"""

_WATER_FAQ = """\
# About the Board — frequently asked questions

*Last updated 1 February 2026*

**Who owns the Tallowmere Water Board?**
The Board is a public body owned by its six member towns: Ashcombe, Fernley, Marrow Bridge,
Quenby, Saltings and Upper Dray. Together they are home to almost 130,000 people.

**How is the Board run?**
Each member town appoints one or two directors according to its size. The nine directors meet
four times a year; meetings are open to the public.

**Can another town join?**
Yes. A town must apply to the Board, agree a joining contribution, and be connected to our
network. Upper Dray joined in July 2025.

**Why did Hollins Cross leave?**
Hollins Cross chose to join Brenmoor Water in April 2024.

**Are you the same as Tallowmere Valley Water?**
No. Tallowmere Valley Water Co. is a private company that bottles spring water. We have no
connection with it.

**Who do I call about a leak?**
Call 0800 555 0192, any time of day.
"""

_WATER_BOTTLER = """\
# About Tallowmere Valley Water Co.

Tallowmere Valley Water Co. has bottled natural spring water in the Tallowmere hills since
1998. We are a family business with 64 staff and one bottling hall at Carn Farm.

## Our springs

| Spring | Flow (litres/hour) | Mineral content (mg/l) |
|---|---|---|
| Carn Spring | 18,500 | 142 |
| Holloway Spring | 9,200 | 118 |
| Drayfoot Spring | 6,700 | 205 |

In 2025 we bottled 42 million litres, 9% more than in 2024, and sold to stockists in 14 towns
across the county as well as to two national supermarket chains.

## Our range

- Still and sparkling spring water in 330 ml, 750 ml and 1.5 litre bottles
- Lightly flavoured sparkling water (elderflower, lemon) launched in May 2025
- 19-litre office water coolers, delivered weekly

Every bottle is made from 100% recycled plastic, and our bottling hall has been certified to
ISO 22000 since 2016.
"""

_WATER_NOTICE = """\
# Boil water notice — Fernley (lifted)

*Tallowmere Water Board · issued 14 November 2025, lifted 17 November 2025*

Following a burst main on Kiln Lane, samples taken on 14 November showed a loss of disinfection
in part of the Fernley network. As a precaution, 1,240 households in the Kiln Lane, Orchard Rise
and Mill Close areas were asked to boil water before drinking it.

## What we did

- Repaired the main within 9 hours.
- Flushed the affected network and took 46 samples over three days.
- Delivered bottled water to 83 customers on our priority services register.

All samples met the required standards, and the notice was lifted at 15:00 on 17 November. No
illness was reported.

Affected customers will receive a £30 credit on their next bill. If your water still looks
cloudy, run the cold kitchen tap for two minutes, or call 0800 555 0192.
"""

WATER = Case(
    id="list-tallowmere-towns-en",
    kind=Kind.LIST,
    language="en",
    question="List the member towns of the Tallowmere Water Board and their populations.",
    documents=(
        Doc("reports/annual-report-2025.pdf", "2026-04-20", _WATER_ANNUAL),
        Doc("stats/mid-2025-population-estimates.xlsx", "2025-09-30", _WATER_STATS),
        Doc("minutes/board-minutes-2025-06-12.docx", "2025-06-12", _WATER_MINUTES),
        Doc("news/hollins-cross-votes-to-leave.html", "2024-03-28", _WATER_HOLLINS),
        Doc("archive/2021/annual-report-2020-21.pdf", "2021-05-10", _WATER_ANNUAL_2021),
        Doc("about/faq.md", "2026-02-01", _WATER_FAQ),
        Doc("misc/tallowmere-valley-water-co.html", "2025-06-02", _WATER_BOTTLER, off=True),
        Doc("notices/boil-water-fernley-2025-11.md", "2025-11-17", _WATER_NOTICE, off=True),
    ),
    facts=(
        Fact("Ashcombe, population 48,200", ("48,200",)),
        Fact("Fernley, population 21,750", ("21,750",)),
        Fact("Marrow Bridge, population 12,400", ("12,400",)),
        Fact("Quenby, population 9,860", ("9,860",)),
        Fact("Saltings, population 31,050", ("31,050",)),
        Fact("Upper Dray (joined July 2025), population 6,430", ("6,430",)),
        Fact("Member towns' total population 129,690", ("129,690",)),
    ),
    notes="Members from reports and minutes, populations from a bulletin that lists non-members.",
)

# --- Carrow Hale Foundation: grants in 2025 (web) --------------------------------------------

_GRANTS_REVIEW = """\
# 2025 in review: our grants this year

*Carrow Hale Foundation · News · 15 December 2025*

As the year draws to a close, the trustees of the Carrow Hale Foundation want to thank the
organisations we have been proud to support. In 2025 the Foundation has so far awarded five
grants totalling $2,635,000, our largest year since the Foundation was set up in 2009.

| Grantee | Purpose | Grant |
|---|---|---|
| Linden Street Food Bank | Cold-storage expansion | $250,000 |
| Northgate Literacy Project | After-school reading programme, three years | $1.2M |
| Eastmoor River Trust | Wetland restoration at Fallow Marsh | $480,000 |
| Brightwater Youth Orchestra | Instruments and tuition bursaries | $95,000 |
| Harrow Valley Clinic | Mobile dental unit | $610,000 |

The trustees will consider one further application, for sea-rescue equipment, at their meeting
on 18 December.

## Looking ahead to 2026

Applications for the 2026 round open on 2 February 2026. We will prioritise projects in health,
literacy and the environment in the county, and we will again make grants of between $50,000 and
$1.5 million. Read the guidance notes (version 4.2) before applying.
"""

_GRANTS_INTERIM = """\
# Interim list of 2025 grants

*Carrow Hale Foundation · as of 30 June 2025 · figures subject to change*

This interim list shows the grants the trustees have approved or pledged in the first half of
2025. Amounts marked "in principle" or "pledged" may change when the final grant agreements are
signed. The final list will be published in December.

| Grantee | Status | Amount |
|---|---|---|
| Linden Street Food Bank | Awarded, paid March 2025 | $250,000 |
| Northgate Literacy Project | Approved in principle | $900,000 |
| Eastmoor River Trust | Pledged | $400,000 |

Applications under consideration: 11. Decisions on the second round are expected in September.

The Carrow Hale Foundation makes grants to charities and community organisations in Carrow
County. We do not fund individuals, political campaigns or religious activity.
"""

_GRANTS_NORTHGATE = """\
# A three-year grant from the Carrow Hale Foundation

*Northgate Literacy Project blog · 2 September 2025*

We have wonderful news to share: the Carrow Hale Foundation has awarded the Northgate Literacy
Project a three-year grant of $1.2 million, the largest in our history.

The grant will fund our after-school reading clubs in all nine Northgate primary schools until
summer 2028. Each year about 640 children aged seven to eleven will get two hours a week of
small-group reading with trained volunteers, and every child will take home at least 20 books a
year.

When we first spoke to the Foundation in the spring, the plan was for two years and $900,000.
The trustees asked us to think bigger, and the final agreement, signed on 28 August, adds a third
year and a summer reading camp.

"Children who read for pleasure do better in every subject," said our director, Asha Moreland.
"This grant lets us reach every primary school in Northgate for the first time."

Last year 71% of the children in our clubs met the expected reading standard, against 58% across
the district.

If you would like to volunteer, sessions run from 3:30 to 5:30 pm in term time.
"""

_GRANTS_EASTMOOR = """\
# River trust wins $480,000 to restore Fallow Marsh

*Eastmoor Gazette · 14 August 2025*

The Eastmoor River Trust has been awarded $480,000 by the Carrow Hale Foundation to restore the
wetlands at Fallow Marsh, the trust said on Wednesday.

The grant, larger than the $400,000 the foundation pledged in the spring, will pay to block old
drainage ditches, re-wet 62 hectares of grazing marsh and build a boardwalk and bird hide. Work
starts in October and is due to finish in 2027.

"Fallow Marsh was drained for cattle in the 1950s, and we have lost most of the snipe and
lapwing that used to breed there," said trust manager Colm Hargreave. "Re-wetting will also
hold back flood water from the village."

The trust expects the project to store about 1.2 bn litres of flood water a year. The extra
$80,000 covers the boardwalk, which was added after a public consultation in June.

The Carrow Hale Foundation has now made environmental grants in the county for 16 years.
"""

_GRANTS_BRIGHTWATER = """\
# Thank you, Carrow Hale Foundation!

*Brightwater Youth Orchestra · News · 14 July 2025*

Brightwater Youth Orchestra is delighted to announce a grant of $95,000 from the Carrow Hale
Foundation.

The money will buy a set of orchestral timpani, two double basses and a bassoon, instruments
most families cannot afford, and fund 30 tuition bursaries over the next two years. Bursaries
cover weekly lessons and the summer course fee of $340.

The orchestra has 140 players aged 10 to 19 and rehearses every Saturday in Room 12 of
Brightwater Academy. Our winter concert, featuring Dvořák's Symphony No. 9, takes place on
6 December at the Corn Exchange.

Auditions for the 2025–26 season are open until 15 September.
"""

_GRANTS_CLINIC = """\
# Press release: Carrow Hale Foundation grant brings dentist to remote villages

*Harrow Valley Clinic · 20 November 2025*

Harrow Valley Clinic has received a grant of $610,000 from the Carrow Hale Foundation to buy and
equip a mobile dental unit, the first in the valley.

The unit, built on a Model K3 van chassis, will carry two dental chairs and an X-ray room. From
March 2026 it will visit 14 villages on a fortnightly rota, offering check-ups, fillings and
children's fluoride varnish. The clinic expects to see about 3,100 patients a year who live more
than 25 miles from a dentist.

"Almost a third of children in the upper valley have never seen a dentist," said clinic director
Dr. Imogen Tull. "This grant changes that."

The grant covers the vehicle, the equipment and the first two years of running costs. The
clinic is recruiting a dentist and two dental nurses.

Contact: media@harrowvalleyclinic.org
"""

_GRANTS_CORRAN = """\
# Lifeboat crew gets new engines after foundation grant

*Carrow County Herald · 19 December 2025*

Corran Bay Sea Rescue will fit new engines to its inshore lifeboat after the Carrow Hale
Foundation awarded the volunteer crew $150,000 on Thursday.

The grant was the foundation's sixth and final grant of 2025 and brings its total for the year
to $2.79 million, a record. The trustees approved it at their December meeting.

The crew's boat, the *Maud Pellow*, launched 47 times in 2025, mostly to swimmers and
paddleboarders caught by the tide. Its twin engines are 14 years old.

"We've been nursing those engines along for two winters," said crew coordinator Sam Rudd. "With
new ones we can reach the far side of the bay in under nine minutes."

The new engines should be fitted by April, before the summer season.
"""

_GRANTS_HOUSING = """\
# Community grants 2025

*Carrow Hale Housing Association · Residents' news · 4 November 2025*

Every year Carrow Hale Housing Association sets aside money for small community grants on our
estates. In 2025 our residents' panel awarded 12 grants totalling $84,000, up from $71,500 in
2024.

| Project | Estate | Grant |
|---|---|---|
| Maple Court residents' garden | Maple Court | $6,500 |
| Youth football kit and coaching | Hale Park | $9,800 |
| Over-60s lunch club | Carrow Rise | $7,200 |
| Homework club laptops | Hale Park | $11,400 |
| Community minibus repairs | Westfield | $8,900 |

The other seven grants, each under $5,000, paid for play equipment, a Christmas party, and
cleaning kits for litter-picking groups.

Applications for 2026 open in March. Any tenants' group or residents' association on one of our
38 estates may apply for up to $12,000.
"""

_GRANTS_SCAM = """\
# Warning: fake grant offers using our name

*Carrow Hale Foundation · Notice · 2 April 2025*

We have been told of emails and social-media messages that claim to offer grants from the Carrow
Hale Foundation in return for a "processing fee", usually $2,500, paid by gift card or wire
transfer.

These messages are a scam. The Carrow Hale Foundation:

- never charges a fee to apply for or to receive a grant;
- never contacts individuals offering grants — we fund organisations only;
- only sends email from addresses ending in carrowhale.org.

If you have received such a message, do not reply, and report it to the police fraud line. If
you have paid money, contact your bank at once.

Genuine grants are listed on our news pages once the trustees have approved them.
"""

GRANTS = Case(
    id="list-carrow-hale-grants-en",
    kind=Kind.LIST,
    language="en",
    question="Which grants did the Carrow Hale Foundation award in 2025?",
    documents=(
        Doc("carrowhale.org/news/2025-in-review.html", "2025-12-15", _GRANTS_REVIEW),
        Doc("carrowhale.org/news/interim-grants-2025.md", "2025-06-30", _GRANTS_INTERIM),
        Doc("northgateliteracy.org/blog/carrow-hale-grant.html", "2025-09-02", _GRANTS_NORTHGATE),
        Doc("eastmoorgazette.com/news/fallow-marsh-grant.html", "2025-08-14", _GRANTS_EASTMOOR),
        Doc("brightwateryo.org/news/thank-you.html", "2025-07-14", _GRANTS_BRIGHTWATER),
        Doc("harrowvalleyclinic.org/press/mobile-dental-unit.pdf", "2025-11-20", _GRANTS_CLINIC),
        Doc("carrowherald.com/news/lifeboat-engines.html", "2025-12-19", _GRANTS_CORRAN),
        Doc("carrowhaleha.org/news/community-grants.html", "2025-11-04", _GRANTS_HOUSING, off=True),
        Doc("carrowhale.org/notices/grant-scam-warning.html", "2025-04-02", _GRANTS_SCAM, off=True),
    ),
    facts=(
        Fact("Linden Street Food Bank, $250,000", ("$250,000",)),
        Fact("Northgate Literacy Project, $1.2 million over 3 years", ("$1.2 million", "$1.2M")),
        Fact("Eastmoor River Trust, $480,000", ("$480,000",)),
        Fact("Brightwater Youth Orchestra, $95,000", ("$95,000",)),
        Fact("Harrow Valley Clinic mobile dental unit, $610,000", ("$610,000",)),
        Fact("Corran Bay Sea Rescue, $150,000", ("$150,000",)),
        Fact("Total for 2025, $2.79 million", ("$2.79 million",)),
    ),
    where="web",
    notes="Web: a year's grants over a round-up, grantee news, a later grant and an interim list.",
)

# --- Pellory Logistics: distribution centres and floor areas ---------------------------------

_DC_ANNUAL = """\
# Pellory Logistics plc — Annual Report FY2025

*Year ended 31 December 2025 · published 5 March 2026*

## Our network

Pellory Logistics stores and delivers goods for 212 retail and manufacturing clients from a
network of distribution centres in the Midlands and the east. At the end of FY2025 we operated
five distribution centres with a combined floor area of 133,100 m². A sixth, at Tamsin Quay, is
due to open on 24 March 2026.

| Distribution centre | Region | Floor area | Main activity |
|---|---|---|---|
| Hadley Cross | East Midlands | 42,500 m² | Retail e-commerce fulfilment |
| Brindle Gate | West Midlands | 31,800 m² | Grocery and drinks |
| Saltmarsh | East Anglia | 27,300 m² | Home and garden, bulky goods |
| Orwick | East Midlands | 18,900 m² | Spare parts, returns |
| Fenwick Road | West Midlands | 12,600 m² | Cold store (chilled and frozen) |

## Highlights of the year

- Revenue rose 9.8% to £186.4 million; operating profit was £14.1 million.
- The Saltmarsh extension added 5,300 m² and was completed in August 2025.
- We installed 3,120 robots across Hadley Cross and Brindle Gate.
- All sites hold ISO 9001 and ISO 14001 certification.

## Outlook

Tamsin Quay will serve clients importing through the port and will be our largest automated
site after Hadley Cross.
"""

_DC_TAMSIN = """\
# Pellory Logistics opens Tamsin Quay distribution centre

*Press release · 24 March 2026*

Pellory Logistics today opened its sixth distribution centre, at Tamsin Quay, next to the
container port. The building has 36,000 square metres (about 387,500 sq ft) of floor space and is
the company's most automated site.

Tamsin Quay will handle imported goods for 18 clients, receiving containers directly from the
quay and sending pallets to the company's other distribution centres and to stores. It has
48 dock doors, 54,000 pallet positions and a 120-robot goods-to-person picking system.

The £61 million project was completed in 22 months. The site will employ 380 people when fully
running, 140 of whom have already been hired from the local area.

"Tamsin Quay gives us a front door on the port," said chief executive Priya Landor. "With it we
now operate six distribution centres and more than 169,000 m² of space."

The building is rated BREEAM Excellent and has 4.2 MW of rooftop solar panels.

**About Pellory Logistics.** Pellory Logistics plc provides warehousing, fulfilment and
transport services to retailers and manufacturers. It is listed on the AIM market.
"""

_DC_MILFORD = """\
# Notice of closure: Milford Lane distribution centre

**To:** all Pellory Logistics staff and clients served from Milford Lane
**From:** Operations Director
**Date:** 15 January 2024

After a review of our network, Pellory Logistics will close the Milford Lane distribution centre
on 28 June 2024, when its lease ends.

Milford Lane (15,200 m²) is our oldest and least efficient building. Its roof needs replacing,
and the landlord has not agreed to renew the lease on acceptable terms.

## What happens next

- Client stock will move to Brindle Gate between April and June 2024. Brindle Gate will gain a
  2,400 m² mezzanine floor to take it.
- All 140 Milford Lane employees will be offered jobs at Brindle Gate, 11 miles away, with a
  free shuttle bus for 12 months.
- No client deliveries will be missed; a detailed migration plan (version 1.3) is attached.

Please direct questions to your line manager or to the HR helpdesk on extension 2204.
"""

_DC_FACTSHEET_2023 = """\
# Pellory Logistics — Network fact sheet

*May 2023*

Pellory Logistics operates six distribution centres with a combined floor area of 140,600 m²,
serving 175 clients.

| Site | Floor area | Opened | Pallet positions |
|---|---|---|---|
| Hadley Cross | 42,500 m² | 2016 | 61,000 |
| Brindle Gate | 29,400 m² | 2012 | 44,500 |
| Saltmarsh | 22,000 m² | 2019 | 30,200 |
| Orwick | 18,900 m² | 2008 | 21,800 |
| Milford Lane | 15,200 m² | 1997 | 17,600 |
| Fenwick Road | 12,600 m² | 2021 | 9,400 (chilled) |

## Services

Storage, pick-and-pack, returns handling, kitting, and next-day delivery to 94% of UK postcodes.

## Certifications

ISO 9001, ISO 14001, BRCGS Storage and Distribution (Fenwick Road).

Contact our business development team on 0121 555 0187.
"""

_DC_CAPACITY = """\
## Sites

| Site | Pallet positions | Dock doors | Utilisation Q3 2026 | Headcount |
|---|---|---|---|---|
| Hadley Cross | 61,000 | 52 | 91% | 610 |
| Brindle Gate | 47,800 | 40 | 88% | 455 |
| Saltmarsh | 36,900 | 30 | 84% | 290 |
| Orwick | 21,800 | 22 | 79% | 170 |
| Fenwick Road | 9,400 | 16 | 95% | 150 |
| Tamsin Quay | 54,000 | 48 | 62% | 355 |

## Notes

| Item | Detail |
|---|---|
| Report | Site capacity report, Q3 2026 |
| Prepared by | Network planning team |
| Date | 8 October 2026 |
| Utilisation | Average occupied pallet positions over the quarter |
| Tamsin Quay | Ramping up since opening in March 2026 |
"""

_DC_SALTMARSH = """\
# Pellory completes Saltmarsh extension

*Warehouse & Freight Journal · 19 August 2025*

Pellory Logistics has finished a £9.4 million extension of its Saltmarsh distribution centre,
taking the building from 22,000 m² to 27,300 m².

The new wing, built on land the company bought in 2023, adds 6,700 pallet positions and eight
dock doors. It will handle bulky garden furniture and barbecues for two new clients, both online
retailers.

Saltmarsh, which opened in 2019, now employs about 290 people, up from 210. The extension has
a rooftop solar array and rainwater harvesting, and the whole site has been certified to
ISO 14001.

Pellory's network manager, Dev Marsh, said demand for bulky-goods space in East Anglia had
"outstripped anything we forecast". The company now has five distribution centres, having closed
Milford Lane last year, and is building a sixth at Tamsin Quay.
"""

_DC_PARK = """\
# Pellory Park Retail & Trade Centre — Leasing brochure 2026

*Pellory Estates Ltd*

Pellory Park is a 14-hectare retail and trade park on the A47, with 1,100 free parking spaces
and 6.2 million visitors a year. A small number of units are available to let from April 2026.

| Unit | Floor area | Use class | Status |
|---|---|---|---|
| Unit A | 4,650 m² | Retail warehouse | Let to Homewise |
| Unit B | 2,980 m² | Retail warehouse | Available |
| Unit C2 | 1,120 m² | Trade counter | Available |
| Unit D | 8,300 m² | Distribution / trade | Under offer |
| Pod 7 | 240 m² | Drive-thru café | Let |

## Why Pellory Park?

- 12 minutes from junction 14 of the motorway
- Anchor tenants with a combined 38,000 m² of retail space
- Service charge of £3.10 per sq ft

Rents start at £9.50 per sq ft for trade units. For viewings call the letting agents,
Carver Hume, on 01603 555 0119.
"""

_DC_SAFETY = """\
# Safety bulletin 2025-11: forklift and pedestrian separation

*Pellory Logistics · Health and Safety · 21 November 2025*

Between July and October there were four near misses between forklift trucks and pedestrians in
our distribution centres, including one at a dock door in which a picker was clipped on the arm.
No one was seriously hurt, but every one of these incidents was preventable.

## From 1 December 2025 at all sites

1. Pedestrians must use the marked green walkways. Crossing a forklift aisle is only allowed at
   a marked crossing.
2. Forklifts must sound the horn at every crossing and junction and keep to 8 km/h indoors.
3. Hi-vis vests must be worn at all times on the warehouse floor, including by visitors.
4. Reach-truck operators must complete refresher training (course FLT-3) by 31 March 2026.

## Our record

Our lost-time injury rate fell to 0.42 per 100,000 hours worked in FY2025. Let us keep it
falling.

Report any near miss to your shift manager the same day.
"""

CENTRES = Case(
    id="list-pellory-centres-en",
    kind=Kind.LIST,
    language="en",
    question=(
        "Which distribution centres does Pellory Logistics operate, and what is the floor area "
        "of each?"
    ),
    documents=(
        Doc("reports/annual-report-fy2025.pdf", "2026-03-05", _DC_ANNUAL),
        Doc("press/tamsin-quay-opening.html", "2026-03-24", _DC_TAMSIN),
        Doc("notices/milford-lane-closure.docx", "2024-01-15", _DC_MILFORD),
        Doc("archive/2023/network-fact-sheet.pdf", "2023-05-02", _DC_FACTSHEET_2023),
        Doc("ops/site-capacity-q3-2026.xlsx", "2026-10-08", _DC_CAPACITY),
        Doc("news/saltmarsh-extension.md", "2025-08-19", _DC_SALTMARSH),
        Doc("misc/pellory-park-leasing-2026.pdf", "2026-01-20", _DC_PARK, off=True),
        Doc("safety/bulletin-2025-11-forklifts.md", "2025-11-21", _DC_SAFETY, off=True),
    ),
    facts=(
        Fact("Hadley Cross, 42,500 m²", ("42,500 m²",)),
        Fact("Brindle Gate, 31,800 m²", ("31,800 m²",)),
        Fact("Saltmarsh, 27,300 m² after its 2025 extension", ("27,300 m²",)),
        Fact("Orwick, 18,900 m²", ("18,900 m²",)),
        Fact("Fenwick Road cold store, 12,600 m²", ("12,600 m²",)),
        Fact("Tamsin Quay, opened March 2026, 36,000 m²", ("36,000 square metres",)),
    ),
    notes="Sites over a report, a later opening, a closure, an extension and a 2023 fact sheet.",
)

CASES: tuple[Case, ...] = (AUDIO, WATER, GRANTS, CENTRES)
