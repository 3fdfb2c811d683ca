"""A range of products with their prices: an item's price on the line after its description, a
question that asks what each costs, and one item's figure that is no update of another's."""

from __future__ import annotations

from research.text.extractive import brief, evidence
from research.text.extractive.aspects import aspects
from research.text.extractive.currency import Vintage, outdated
from research.text.extractive.figures import figures, label
from research.text.extractive.sentences import sentences
from tests.test_brief import WORDS, _known

SHOP = (
    "# Corvane Audio — Headphones\n\nDesigned in Bristol. Tuned by ear.\n\n"
    "## Corvane Aria 2\n\nOur flagship wireless over-ear headphones with 40 hours of battery "
    "life.\n£279\n\n"
    "## Corvane Aria Lite\n\nAll the comfort of the Aria in a lighter, foldable design.\n£149\n\n"
    "## Corvane Trek Open\n\nOpen-ear sports headphones that let you hear traffic as you run.\n"
    "From £99\n"
)


def test_a_price_on_the_line_after_an_items_description_is_quoted_with_it():
    found = {s.context: s.text for s in sentences(SHOP)}
    assert found["Corvane Aria 2"].endswith("40 hours of battery life. £279")
    assert found["Corvane Aria Lite"].endswith("lighter, foldable design. £149")
    assert found["Corvane Trek Open"].endswith("as you run. From £99")
    # as a web page's text has it, the price after the sentence on the same line
    page = "Corvane Aria 2\nOur flagship wireless over-ear headphones with noise cancelling. £279"
    assert [s.text for s in sentences(page)] == [
        "Our flagship wireless over-ear headphones with noise cancelling. £279"
    ]


def test_a_line_that_is_not_an_amount_stays_apart_from_the_sentence_before_it():
    text = (
        "The museum reopened after a long refurbishment.\n2024\n"
        "Visitors rose by a third over the year before."
    )
    found = sentences(text)
    assert [s.text for s in found] == [
        "The museum reopened after a long refurbishment.",
        "Visitors rose by a third over the year before.",
    ]
    assert found[1].context == "2024"  # a heading, as it was


def test_an_amount_after_a_sentence_is_named_by_nothing_of_the_sentence_before():
    line = "Our best earbuds, with noise cancelling and wireless charging. £189"
    assert label(line, figures(line)[-1]) == ""
    line = "The old bridge closed in May. Repairs cost £4.2 million."
    assert label(line, figures(line)[-1]) == "Repairs cost"


def test_a_list_question_keeps_what_it_lists_in_its_first_parts_heading():
    question = "What headphones are in Corvane Audio's current range, and what does each cost?"
    assert aspects(question) == [
        "Headphones in Corvane Audio's current range",
        "what does each cost",
    ]
    assert aspects("What are Kestrel's costs, revenue and pricing?") == [
        "costs",
        "revenue",
        "pricing",
    ]


def test_one_items_figure_is_no_update_of_another_items():
    older, newer = Vintage("", (2025, 3, 1)), Vintage("", (2025, 3, 5))
    statements = [
        ("All the comfort of the Aria with 50 hours of playback. £149", older),
        ("Model: Aria 2; Battery life: 40 hours; Price: £279", newer),
        ("Model: Aria Lite; Battery life: 50 hours; Price: £139", newer),
    ]
    assert outdated(statements) == {0: [1, 2]}  # unnamed, both rows read as its update
    named = ["Corvane Aria Lite", "Aria 2", "Aria Lite"]
    assert outdated(statements, items=named) == {0: [2]}  # the Aria 2's is another item's


def test_a_shops_range_is_quoted_item_by_item_with_each_price():
    table = (
        "| Model | Battery life | Price |\n|---|---|---|\n| Aria 2 | 40 hours | £279 |\n"
        "| Aria Lite | 50 hours | £149 |\n| Trek Open | 10 hours | £99 |\n"
    )
    sources = {
        1: _known("Corvane Audio — Headphones", SHOP, Vintage("", (2025, 3, 1)), "Corvane Audio"),
        2: _known(
            "Corvane Audio — Compare models",
            f"Compare models\n\n{table}",
            Vintage("", (2025, 3, 5)),
            "Corvane Audio",
        ),
    }
    question = "What headphones are in Corvane Audio's current range, and what does each cost?"
    parts = [
        evidence.Part(
            1,
            "Headphones in Corvane Audio's current range",
            "headphones current range Corvane Audio",
        ),
        evidence.Part(2, "what does each cost", "what does each cost Corvane Audio"),
    ]
    candidates = [
        evidence.Candidate(unit, n, 1, "Corvane Audio headphones current range")
        for n, known in sources.items()
        for unit in known.units
    ]
    markdown = brief.write(question, "Corvane", parts, candidates, sources, WORDS, 900)
    for item, price in (("Aria 2", "£279"), ("Aria Lite", "£149"), ("Trek Open", "£99")):
        assert f"*Corvane {item}:*" in markdown and price in markdown


def test_a_short_sentence_that_gives_a_figure_after_its_label_is_kept():
    text = (
        "**Hot desk: £149 a month.** Come in any weekday, pick any free seat.\n\n"
        "Open daily. Ask us.\n"
    )
    found = [s.text for s in sentences(text)]
    assert "Hot desk: £149 a month." in found
    assert "Come in any weekday, pick any free seat." in found
    assert "Open daily." not in found  # a short sentence of no figure is still left out


def test_a_question_of_what_is_sold_now_quotes_no_old_price_list_even_for_an_item_only_it_has():
    old = "| Cheese | Price |\n|---|---|\n| Ashby Blue | £4.60 |\n| Fenbury Red | £4.10 |\n"
    shop = (
        "# Our cheeses\n\n## Ashby Blue\n\nA soft, creamy blue matured for ten weeks. 200 g, "
        "£5.40.\n\n## Wenlow Brie\n\nA bloomy-rind brie ripened for five weeks. 1 kg, £17.50.\n"
    )
    dairy = "Bramblecote Dairy"
    sources = {
        1: _known(f"{dairy} price list 2023", old, Vintage("", (2023, 1, 10)), dairy),
        2: _known(f"Our cheeses | {dairy}", shop, Vintage("", (2025, 4, 1)), dairy),
    }
    parts = [evidence.Part(1, "Cheeses", "cheeses Bramblecote Dairy sell")]
    candidates = [
        evidence.Candidate(unit, n, 1, "Bramblecote Dairy cheeses")
        for n, known in sources.items()
        for unit in known.units
    ]
    for question, quoted in (
        ("Which cheeses does Bramblecote Dairy currently sell?", False),
        ("Which cheeses does Bramblecote Dairy sell?", True),  # an old list, said to be old
    ):
        markdown = brief.write(question, "Bramblecote", parts, candidates, sources, WORDS, 900)
        assert "bloomy-rind brie" in markdown
        assert ("Fenbury Red" in markdown) is quoted, question
