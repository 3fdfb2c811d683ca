"""A report cut into its sections and joined back byte for byte, and the extractive engine's
rewrites of one section by selection (text/sections.py, text/rewrites.py)."""

from __future__ import annotations

from research.text import rewrites, sections
from research.text.rewrites import Quote

REPORT = (
    "# Heat pumps in Avalon\n\nA summary [1].\n\n"
    "## Key figures\n\n| Measure | Value | As of | Source |\n|---|---|---|---|\n"
    "| Sales | 12% | 2025 | [1] |\n\n"
    "## Costs\n\n“Costs fell by 12% in 2025.” [1]\n\n“Installers charge less.” [2]\n\n"
    "```\n## not a heading\n```\n\n### Detail\n\nMore [2].\n\n\n"
    "## Outlook  \n\nGrowth is expected [3].\n\n_Written without a language model._\n\n"
    "## References\n\n[1] One.\n\n[2] Two.\n\n[3] Three.\n"
)


def test_a_report_splits_into_preamble_sections_and_references_and_joins_back_exactly():
    split = sections.split(REPORT)
    assert split.join() == REPORT
    assert split.preamble == "# Heat pumps in Avalon\n\nA summary [1].\n\n"
    assert [s.title for s in split.sections] == ["Key figures", "Costs", "Outlook"]
    assert "## not a heading" in split.sections[1].body  # in a code fence: no heading
    assert "### Detail" in split.sections[1].body  # a sub-heading stays in its section
    assert split.references.startswith("## References\n")
    assert split.sections[2].body.endswith("_Written without a language model._")


def test_replacing_a_section_keeps_every_other_byte():
    split = sections.split(REPORT)
    new = split.replaced(2, "\n\nOnly this [2].\n").join()
    before, after = REPORT.split("## Costs\n\n", 1)[0], REPORT.split("\n\n\n## Outlook", 1)[1]
    assert new == before + "## Costs\n\nOnly this [2].\n\n\n## Outlook" + after


def test_a_report_without_references_or_sections_still_joins_back():
    for text in ("# Title\n\nJust a summary.", "", "## Only\n\ntext", "## A\n## B\n"):
        split = sections.split(text)
        assert split.join() == text
    assert sections.split("# T\n\nNo sections.\n").sections == ()
    assert [s.title for s in sections.split("## A\n## B\n").sections] == ["A", "B"]


def test_a_rewritten_text_cannot_start_a_section_of_its_own():
    text = "Intro [1].\n\n## Inside\n\nMore.\n\n```\n## code\n```\n### Kept"
    assert sections.demoted(text) == text.replace("## Inside", "### Inside")


def test_the_extractive_engine_knows_three_instructions_whatever_their_case():
    assert rewrites.instruction("  Shorter ") == "shorter"
    assert rewrites.instruction("MORE   figures.") == "more figures"
    assert rewrites.instruction("Longer") == "longer"
    assert rewrites.instruction("in plainer words") is None


def test_shorter_keeps_about_half_the_paragraphs_cited_first_and_the_figures():
    body = (
        "![Figure 1: Sales](figures/3.png)\n\n*Figure 1: Sales [1].*\n\n"
        "An uncited opening line.\n\n“A” [1]\n\n“B” [2]\n\n“C” [3]\n\n“D” [4]"
    )
    short = rewrites.shorter(body)
    assert short == (
        "![Figure 1: Sales](figures/3.png)\n\n*Figure 1: Sales [1].*\n\n"
        "“A” [1]\n\n“B” [2]\n\n“C” [3]"
    )


def test_shorter_cuts_a_lone_paragraph_by_its_sentences_and_refuses_one_sentence():
    body = "Costs fell [1]. Installers are scarce. Prices may rise [2]. Demand grew [3]."
    assert rewrites.shorter(body) == "Costs fell [1]. Prices may rise [2]."
    assert rewrites.shorter("Costs fell sharply in 2025 [1].") is None
    assert rewrites.shorter("*Figure 1: x [1].*") is None


def test_longer_adds_the_most_relevant_quotes_not_already_in_the_report():
    body = "“Heat pump sales rose by 12% in 2025.” [1]"
    report = "# T\n\n## Costs\n\n" + body + "\n\n## Other\n\n“Installers are scarce in Avalon.” [2]"
    quotes = [
        Quote("Heat pump sales rose by 12% in 2025.", 1),  # in the section already
        Quote("Installers are scarce in Avalon.", 2),  # elsewhere in the report
        Quote("Running costs of a heat pump fell by a third since 2020.", 3),
        Quote("The weather was mild.", 4),
        Quote("Short.", 5),
    ]
    longer = rewrites.longer(body, report, "Costs of heat pumps running costs", quotes)
    assert longer == (
        body + "\n\n“Running costs of a heat pump fell by a third since 2020.” [3]"
        "\n\n“The weather was mild.” [4]"
    )
    assert rewrites.longer(body, report, "Costs", quotes[:2]) is None


def test_a_figures_table_gives_the_figures_the_section_does_not_state_yet():
    body = "“Sales rose by 12% in 2025.” [1]"
    quotes = [
        Quote("Sales rose by 12% in 2025.", 1),
        Quote("The average install cost $9,400 in 2025.", 2),
        Quote("Nothing measured here at all.", 3),
    ]
    table = rewrites.figures_table(body, quotes, ("Measure", "Value", "Source"))
    assert table == (
        body + "\n\n| Measure | Value | Source |\n|---|---|---|\n"
        "| Average install cost | $9,400 | [2] |"
    )
    assert rewrites.figures_table(body, quotes[:1], ("M", "V", "S")) is None
