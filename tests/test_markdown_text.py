"""One normaliser for every model's Markdown: Dossier's structure, whatever the model wrote."""

from __future__ import annotations

from research.text.claims import split_claims
from research.text.markdown import normalise

MODEL = """# Kestrel brief

## Key findings

- - ARR grew to $18.4 million [1].
• The fleet is 1,240 robots [2].
1. - Pricing is $3,200 a month [3].

# Kestrel brief

#### Discussion

The fleet grew fast. - on the other hand, costs rose [2]. The 2020 - 2021 period was slow.

```
- - code stays as it is
```
"""


def test_doubled_and_stray_list_markers_are_collapsed_and_the_title_is_said_once():
    assert normalise(MODEL) == (
        "# Kestrel brief\n\n## Key findings\n\n"
        "- ARR grew to $18.4 million [1].\n- The fleet is 1,240 robots [2].\n"
        "1. Pricing is $3,200 a month [3].\n\n\n"
        "### Discussion\n\n"
        "The fleet grew fast. on the other hand, costs rose [2]. The 2020 - 2021 period was slow."
        "\n\n```\n- - code stays as it is\n```"
    )


def test_a_part_of_a_report_has_no_title_of_its_own_and_does_not_repeat_the_reports():
    section = "# Costs\n\n## Kestrel brief\n\nText [1]."
    assert normalise(section, whole=False, title="Kestrel brief") == "## Costs\n\n\nText [1]."


def test_claims_carry_no_list_marker_even_when_the_model_doubled_it():
    claims = split_claims("## Findings\n\n- - ARR grew to $18.4 million [1].\n")
    assert [claim.text for claim in claims] == ["ARR grew to $18.4 million."]


def test_two_versions_are_compared_section_by_section_and_word_by_word():
    from research.text.diff import Piece, by_section

    old = "# R\n\nOpening.\n\n## Costs\n\nFleet Plus costs $3,500 a month.\n\n## Gone\n\nOld.\n"
    new = "# R\n\nOpening.\n\n## Costs\n\nFleet Plus costs $3,200 a month.\n\n## New\n\nFresh.\n"
    found = {s.heading: s for s in by_section(old, new + "\n## References\n\n[1] A.\n")}
    assert {h: s.status for h, s in found.items()} == {
        "": "same",
        "Costs": "changed",
        "New": "added",
        "Gone": "removed",
    }
    assert found["Costs"].pieces == [
        Piece("same", "Fleet Plus costs "),
        Piece("del", "$3,500"),
        Piece("add", "$3,200"),
        Piece("same", " a month."),
    ]
