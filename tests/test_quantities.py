"""Amounts parsed and normalised, with the conversion each made; years left to be periods."""

from __future__ import annotations

import pytest

from research.text.quantities import quantities, years


@pytest.mark.parametrize(
    "text, value, unit, conversion",
    [
        ("revenue of $1.2bn", 1.2e9, "USD", "$1.2bn = 1,200,000,000 USD"),
        ("1,200 million dollars", 1.2e9, "USD", "1,200 million dollars = 1,200,000,000 USD"),
        ("营收12亿元", 1.2e9, "CNY", "12亿元 = 1,200,000,000 CNY"),
        ("人口为12.6万", 126_000.0, "", "12.6万 = 126,000"),
        ("126,000 residents", 126_000.0, "", ""),
        ("a share of 5.2%", 5.2, "percent", ""),
        ("€30 million", 3e7, "EUR", "€30 million = 30,000,000 EUR"),
        ("grew by 37 percent", 37.0, "percent", ""),
        ("about 480 robots", 480.0, "", ""),
    ],
)
def test_an_amount_becomes_a_value_in_base_units_with_its_unit_and_conversion(
    text, value, unit, conversion
):
    (found,) = quantities(text)
    assert (found.value, found.unit, found.conversion) == (value, unit, conversion)


def test_a_year_standing_alone_is_a_period_not_an_amount():
    text = "In 2023 the city had 120,000 people; by 2024年 it had 126,000 (FY2025 plans)."
    assert [q.value for q in quantities(text)] == [120_000.0, 126_000.0]
    assert [year for year, _ in years(text)] == [2023, 2024]


def test_a_bare_m_or_b_after_a_number_is_not_a_scale_but_one_after_a_currency_is():
    assert [q.value for q in quantities("a 5 m wall and $5m raised")] == [5.0, 5e6]
