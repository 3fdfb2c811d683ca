"""Which questions, and which parts of them, ask for figures (and so are planned as analyses)."""

from __future__ import annotations

import pytest

from research.text.extractive.asks import asks_for_figures


@pytest.mark.parametrize(
    "text",
    [
        "Compare the population growth from 2023 to 2024 of those six cities",
        "How did Kestrel's revenue grow since 2021?",
        "revenue growth",
        "market share",
        "Which EV makers rank highest by deliveries?",
        "the total funding raised by each startup",
        "What share of households own a heat pump?",
        "Tesla vs BYD deliveries",
        "比较六个城市2023年至2024年的人口增长",
        "各品牌的市场占比",
        "近五年的销量趋势",
        "2022—2024年的营收",
    ],
)
def test_a_part_asking_for_a_comparison_trend_ranking_total_or_share_asks_for_figures(text):
    assert asks_for_figures(text)


@pytest.mark.parametrize(
    "text",
    [
        "How does SQLite WAL mode work?",
        "its history",
        "funding history",
        "What are the side effects of metformin?",
        "What changed?",
        "SQLite 的 WAL 模式如何工作？",
        "融资历史",
    ],
)
def test_a_part_asking_how_or_what_does_not(text):
    assert not asks_for_figures(text)
