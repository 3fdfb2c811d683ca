"""Quotes as a reader sees them: Markdown's marks left out of quotes, their place still found."""

from __future__ import annotations

from research.output.rendering import highlight
from research.text.extractive.sentences import sentences
from research.text.plain import locate, plain
from research.text.quotes import find_exact

FAQ = """# Kestrel for Merchants

Q: How much does a delivery cost?
A: A standard delivery costs **$1.45** within 3 km, see [the price list](https://x.example/p).

- The K3 robot, piloting in Q4 2026, is designed for
winter and heavy snow.
- *Fleet Plus* costs $3,200 per robot per month.
"""


def test_the_plain_form_leaves_out_heading_marks_bullets_labels_emphasis_and_link_targets():
    assert plain(FAQ).text == (
        "Kestrel for Merchants\n\nHow much does a delivery cost?\n"
        "A standard delivery costs $1.45 within 3 km, see the price list.\n\n"
        "The K3 robot, piloting in Q4 2026, is designed for\nwinter and heavy snow.\n"
        "Fleet Plus costs $3,200 per robot per month.\n"
    )


def test_every_plain_character_comes_from_the_same_character_of_the_original():
    flat = plain(FAQ)
    assert all(FAQ[at] == char for char, at in zip(flat.text, flat.origin, strict=True))
    start = flat.text.index("$1.45")
    assert FAQ[slice(*flat.span(start, start + 5))] == "$1.45"


def test_snake_case_arithmetic_and_a_lone_star_are_not_markup():
    text = "Set max_connections to 5 * 3 and keep __init__ files; a * alone stays."
    assert plain(text).text == "Set max_connections to 5 * 3 and keep init files; a * alone stays."


def test_sentences_are_whole_plain_units_with_their_place_in_the_text():
    found = sentences(FAQ)
    assert [s.text for s in found] == [
        "A standard delivery costs $1.45 within 3 km, see the price list.",
        "The K3 robot, piloting in Q4 2026, is designed for winter and heavy snow.",
        "Fleet Plus costs $3,200 per robot per month.",
    ]  # the heading and the FAQ's question are not quotes; the wrapped item is one sentence
    first = found[0]
    assert FAQ[first.start : first.end].startswith("A standard delivery costs **$1.45**")
    assert FAQ[first.start : first.end].endswith("(https://x.example/p).")


def test_a_short_line_before_a_capital_is_a_heading_not_the_start_of_a_sentence():
    text = "Fleet size\nKestrel ended the quarter with 1,240 robots in service in 14 cities."
    assert [s.text for s in sentences(text)] == [
        "Kestrel ended the quarter with 1,240 robots in service in 14 cities."
    ]


def test_a_quote_without_the_markup_is_found_where_the_text_has_it_and_kept_plain():
    quote = "A standard delivery costs $1.45 within 3 km"
    found = locate(quote, FAQ)
    assert found is not None
    start, end = found
    assert FAQ[start:end] == "A standard delivery costs **$1.45** within 3 km"
    assert find_exact("A standard delivery costs **$1.45** within 3 km", FAQ) == quote
    assert find_exact("A standard delivery costs $1.99 within 3 km", FAQ) is None


def test_a_plain_quote_is_highlighted_over_the_marked_up_words_of_the_source():
    html = highlight(FAQ, [("q1-0", "Fleet Plus costs $3,200 per robot per month.")])
    assert '<mark id="q1-0">Fleet Plus* costs $3,200 per robot per month.</mark>' in html


TABLE = """Funding History

| Round | Date | Amount |
|---|---|---|
| Seed | March 2020 | $3 million |
| Series B | February 2026 | **$42 million** |

- K3 design freeze: July 2026
"""


def test_a_table_row_is_a_unit_of_its_cells_that_keeps_its_header_and_its_place():
    rows = [s for s in sentences(TABLE) if s.header]
    assert [(s.text, s.header, s.context) for s in rows] == [
        ("Seed; March 2020; $3 million", "Round; Date; Amount", "Funding History"),
        ("Series B; February 2026; $42 million", "Round; Date; Amount", "Funding History"),
    ]
    assert TABLE[rows[1].start : rows[1].end] == "Series B | February 2026 | **$42 million"
    assert locate("Series B; February 2026; $42 million", TABLE) == (rows[1].start, rows[1].end)


def test_a_list_item_that_is_no_sentence_is_still_a_whole_unit():
    assert "K3 design freeze: July 2026" in [s.text for s in sentences(TABLE)]


MINUTES = """岚溪市水务集团有限公司2026年第五次董事会会议纪要
会议时间：2026年9月16日｜会议地点：集团总部8楼第一会议室
一、审议通过《关于注册发行中期票据的议案》
同意集团申请注册发行不超过15亿元中期票据，募集资金用于偿还到期债务及老旧管网改造。
截至2025年12月31日，南屿地铁共运营5条线路，运营里程145.8公里，车站90座（换乘站按线路
重复计算）。
"""


def test_a_chinese_title_or_heading_runs_into_no_sentence_but_wrapped_lines_join():
    found = sentences(MINUTES)
    assert [(s.context, s.text) for s in found] == [
        (
            "一、审议通过《关于注册发行中期票据的议案》",
            "同意集团申请注册发行不超过15亿元中期票据，募集资金用于偿还到期债务及老旧管网改造。",
        ),
        (
            "一、审议通过《关于注册发行中期票据的议案》",
            "截至2025年12月31日，南屿地铁共运营5条线路，运营里程145.8公里，车站90座"
            "（换乘站按线路 重复计算）。",
        ),  # a line as wide as the next was wrapped; the title, the byline and the heading not
    ]


def test_record_lines_are_units_that_run_into_nothing():
    text = (
        "年份: 2019; 集装箱吞吐量（万标箱）: 612; 同比: —\n"
        "年份: 2020; 集装箱吞吐量（万标箱）: 587; 同比: -4.1%\n"
        "Region: North; Note: pending for\n"
        "approval by the board."
    )
    assert [s.text for s in sentences(text)] == [
        "年份: 2019; 集装箱吞吐量（万标箱）: 612; 同比: —",
        "年份: 2020; 集装箱吞吐量（万标箱）: 587; 同比: -4.1%",
        "Region: North; Note: pending for",
    ]


def test_a_line_that_breaks_after_a_semicolon_or_a_number_sign_goes_on():
    text = (
        "Robots are available by subscription (RaaS) or outright purchase;\n"
        "see the current price list for terms.\n"
        "Food safety system certified to ISO 22000:2018 (certificate no.\n"
        "4471). Reviewed in November 2024 by the auditors."
    )
    assert [s.text for s in sentences(text)] == [
        "Robots are available by subscription (RaaS) or outright purchase; see the current "
        "price list for terms.",
        "Food safety system certified to ISO 22000:2018 (certificate no. 4471).",
        "Reviewed in November 2024 by the auditors.",
    ]


def test_a_numbered_line_alone_before_prose_is_a_heading_and_a_numbered_list_is_items():
    text = (
        "3. Reasons for the overrun\n"
        "Most of the overrun arose from ground conditions under the north pylon.\n"
        "1. Book a slot in GateLink a day ahead\n"
        "2. Drive through the OCR portal at the gate\n"
        "• • •"
    )
    assert [(s.context, s.text) for s in sentences(text)] == [
        (
            "Reasons for the overrun",
            "Most of the overrun arose from ground conditions under the north pylon.",
        ),
        ("Reasons for the overrun", "Book a slot in GateLink a day ahead"),
        ("Reasons for the overrun", "Drive through the OCR portal at the gate"),
    ]  # and bullets alone are no item


def test_a_chinese_line_goes_on_after_a_comma_and_into_a_wrapped_bracket():
    text = (
        "8月，云岫科技完成了对德国传感器公司Kessler Sensorik GmbH的收购，\n"
        "对价1520万欧元（约合1.2亿元）。Kessler只有65名员工，但在高精度线激光传感器上有20多年积累。\n"
        "公司于2025年5月召开第三届董事会第十二次会议，审议通过了收购北京拾光数据科技有限公司\n"
        '（以下简称"拾光数据"）100%股权的议案。'
    )
    assert [s.text for s in sentences(text)] == [
        "8月，云岫科技完成了对德国传感器公司Kessler Sensorik GmbH的收购， "
        "对价1520万欧元（约合1.2亿元）。",
        "Kessler只有65名员工，但在高精度线激光传感器上有20多年积累。",
        "公司于2025年5月召开第三届董事会第十二次会议，审议通过了收购北京拾光数据科技有限公司 "
        '（以下简称"拾光数据"）100%股权的议案。',
    ]
