"""The English share's superseded versions and distractors (bench/facts.py): the
documents a careful brief must not state as current, or must leave out."""

from __future__ import annotations

from bench.facts_corpus import Doc

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
