"""The answer that opens an extractive report: a comparison's highest and lowest, a trend's first
and last values, built from the quoted figures and cited to them, and checked by the claim
ledger like any other sentence."""

from __future__ import annotations

from research.text.claims import SourceIndex, align, split_claims
from research.text.extractive import key_figures
from research.text.extractive.key_figures import Quoted
from research.text.extractive.names import Named, named_things
from research.text.extractive.opening import answer

ROBOTS = (
    "Compare the FY2025 revenue and the number of robots shipped of Halden Robotics, "
    "Quillfeather Automation and Stannard Motion."
)
HEADER = "Company; FY2025 revenue; Robots shipped FY2025"


def table_row(quote: str, n: int = 1) -> Quoted:
    return Quoted(quote, n, HEADER, "2026-03")


def sentence(quote: str, n: int = 1, when: str = "2026-03") -> Quoted:
    return Quoted(quote, n, "", when)


def robots_sections() -> list[tuple[str, list[Quoted]]]:
    return [
        (
            "Halden Robotics: revenue and robots shipped",
            [table_row("Halden Robotics; $48.6M; 3,120")],
        ),
        (
            "Quillfeather Automation: revenue and robots shipped",
            [
                sentence("Fourth-quarter revenue was $31.7M.", 2),
                table_row("Quillfeather Automation; $112.4M; 7,850"),
            ],
        ),
        (
            "Stannard Motion: revenue and robots shipped",
            [table_row("Stannard Motion; $27.9M; 1,460")],
        ),
    ]


def test_a_comparison_opens_with_the_highest_and_lowest_of_each_asked_measure_cited():
    said = answer(ROBOTS, named_things(ROBOTS), robots_sections(), "en")
    assert said == [
        "Quillfeather Automation has the highest revenue (FY2025): $112.4M [1].",
        "Stannard Motion has the lowest revenue (FY2025): $27.9M [1].",
        "Quillfeather Automation has the highest number of robots shipped (FY2025): 7,850 [1].",
        "Stannard Motion has the lowest number of robots shipped (FY2025): 1,460 [1].",
    ]


def test_a_things_figure_is_its_own_not_a_neighbours_in_its_section():
    question = "How do the rivers Tamsell, Orrin and Keddle compare on length?"
    header = "Tributary; Length; Mean flow"
    sections = [
        ("Tamsell: length", [Quoted("River Tamsell; 142 km; 38.6", 1, header, "")]),
        ("Orrin: length", [Quoted("Length; 87 km", 2, "Statistic; Value", "")]),
        (
            "Keddle: length",
            [
                Quoted("Skell Water; 24 km; 2.9", 1, header, ""),  # a tributary of the Keddle
                sentence("The Keddle has a length of 211 km, the longest in the region.", 3),
            ],
        ),
    ]
    said = answer(question, named_things(question), sections, "en")
    assert said == [
        "Keddle has the highest length: 211 km [3].",
        "Orrin has the lowest length: 87 km [2].",
    ]
    assert "24 km" not in " ".join(said)


def test_a_chinese_comparison_opens_in_chinese_with_the_scope_in_full_width_brackets():
    question = "比较临川港和青岚港2025年的营业收入"
    sections = [
        ("临川港：营业收入", [sentence("临川港2025年实现营业收入18.6亿元。", 1)]),
        ("青岚港：营业收入", [sentence("青岚港2025年实现营业收入9.4亿元。", 2)]),
    ]
    said = answer(question, named_things(question), sections, "zh")
    assert said == [
        "营业收入（2025年）较高的是临川港：18.6亿元 [1]。",
        "营业收入（2025年）较低的是青岚港：9.4亿元 [2]。",
    ]


def test_a_trend_opens_with_the_first_and_last_values_of_the_asked_years():
    question = "How have visitor arrivals to Vellmar Island changed between 2019 and 2025?"
    header = "Year; Visitor arrivals; Visitor spending"
    quotes = [
        Quoted("2019; 534,200; £84.2M", 1, header, "2026-03"),
        Quoted("2022; 448,700; £77.9M", 1, header, "2026-03"),
        Quoted("2025; 640,900; £112.0M", 1, header, "2026-03"),
        sentence("Only 171,900 visitors came in 2020, down 67.8% from 2019.", 2, "2021-02"),
    ]
    said = answer(question, None, [("Visitor arrivals", quotes)], "en")
    assert said == [
        "Visitor arrivals stood at 534,200 in 2019 [1].",
        "Visitor arrivals rose to 640,900 in 2025 [1].",
    ]


def test_a_trend_opens_with_the_asked_measure_not_one_that_shares_the_subjects_name():
    question = "How have annual visitor numbers to Calder Gorge National Park changed since 2019?"
    header = "Year; Visitors; Park cabins let"
    quotes = [
        Quoted("2019; 1,820,000; 410", 1, header, "2025-05"),
        Quoted("2020; 970,000; 120", 1, header, "2025-05"),
        Quoted("2024; 2,080,000; 520", 1, header, "2025-05"),
    ]
    said = answer(question, None, [("Visitor numbers", quotes)], "en")
    assert said == [
        "Visitors stood at 1,820,000 in 2019 [1].",
        "Visitors rose to 2,080,000 in 2024 [1].",
    ]


def test_no_opening_is_built_where_the_question_asks_no_comparison_or_change():
    question = "Who is the chief executive of Kestrel Robotics and what was its revenue?"
    quotes = [
        sentence("Revenue was $27.5 million in 2025.", 1),
        sentence("The company expects revenue of $45 million in 2026.", 1),
    ]
    assert answer(question, None, [("Revenue", quotes)], "en") == []


def test_the_built_sentence_is_supported_by_the_claim_ledger_like_a_quote():
    said = answer(ROBOTS, named_things(ROBOTS), robots_sections(), "en")
    source = (  # the table as the library stores a document's table
        "| Company | FY2025 revenue | Robots shipped FY2025 |\n|---|---|---|\n"
        "| Halden Robotics | $48.6M | 3,120 |\n| Quillfeather Automation | $112.4M | 7,850 |\n"
        "| Stannard Motion | $27.9M | 1,460 |\n"
    )
    markdown = "# Robots\n\n" + " ".join(said) + "\n\n## References\n\n[1] Roundup.\n"
    claims = split_claims(markdown)
    assert len(claims) == 4
    indexes = {1: SourceIndex.build(1, source)}
    assert [align(claim, indexes).status for claim in claims] == ["supported"] * 4


def test_no_highest_is_named_while_a_compared_thing_has_no_figure():
    question = "Compare the revenue of Aurora Bikes, Boreal Cycles and Cirrus Bikes."
    sections = [
        ("Aurora Bikes: revenue", [sentence("Aurora Bikes had revenue of $15.1 million.", 1)]),
        ("Boreal Cycles: revenue", [sentence("Boreal Cycles had revenue of $19.7 million.", 2)]),
        ("Cirrus Bikes: revenue", [sentence("Cirrus Bikes opened a store in Leeds.", 3)]),
    ]
    assert answer(question, named_things(question), sections, "en") == []


def test_a_rows_year_counts_even_when_its_source_is_dated_that_year():
    question = "鹭屿港2019—2025年集装箱吞吐量的走势如何？"
    quotes = [  # the spreadsheet's title dates it 2025: its last row's year is still the row's
        Quoted("年份: 2019; 集装箱吞吐量（万标箱）: 612; 同比: —", 1, "", "2025"),
        Quoted("年份: 2024; 集装箱吞吐量（万标箱）: 793; 同比: +6.0%", 1, "", "2025"),
        Quoted("年份: 2025; 集装箱吞吐量（万标箱）: 856; 同比: +7.9%", 1, "", "2025"),
    ]
    said = answer(question, None, [("吞吐量", quotes)], "zh")
    assert len(said) == 2 and "612万标箱" in said[0] and "2025" in said[1]
    assert "856万标箱" in said[1]


def test_a_comparison_of_rates_ranks_by_the_percentage_column_not_the_first_number():
    header = "Airport; Departures; On time (%)"
    rows = {"Fenwick": "Fenwick; 97,450; 77.3", "Carran": "Carran; 152,780; 71.8"}
    rows["Oxley"] = "Oxley; 18,240; 88.9"
    named = Named(tuple(rows), "on-time departure rates", "")
    sections = [(name, [Quoted(row, 1, header, "")]) for name, row in rows.items()]
    assert answer(
        "What are the on-time rates of Fenwick, Carran and Oxley?", named, sections, "en"
    ) == [
        "Oxley has the highest on-time departure rates: 88.9% [1].",
        "Carran has the lowest on-time departure rates: 71.8% [1].",
    ]
    table = key_figures.table([q for _, q in sections], ("M", "V", "A", "S"), named.measure)
    assert "| Carran (On time (%)) | 71.8 |" in table and "Departures" not in table


def test_a_place_in_a_table_is_no_measure_and_a_rows_measure_is_its_column():
    question = (
        "How did Redbourne Rovers and Castlemoor Athletic compare financially in the 2023-24 "
        "season, in revenue, wage bill and average home attendance?"
    )
    header = "Pos; Club; Ground; Average; Highest"
    sections = [
        (
            "Redbourne Rovers",
            [Quoted("2; Redbourne Rovers; Abbey Lane; 24,318; 26,110", 1, header, "2024-05")],
        ),
        (
            "Castlemoor Athletic",
            [
                Quoted(
                    "9; Castlemoor Athletic; Harbour Ground; 13,806; 14,600", 1, header, "2024-05"
                )
            ],
        ),
    ]
    said = answer(question, named_things(question), sections, "en")
    assert said[:2] == [
        "Redbourne Rovers has the higher average: 24,318 [1].",
        "Castlemoor Athletic has the lower average: 13,806 [1].",
    ]
    measures = [m for _, m, _ in key_figures.stated(sections[1][1][0])]
    assert "Castlemoor Athletic (Pos)" not in measures  # 9th in the league: no amount


def test_a_figure_before_a_things_name_in_its_sentence_is_not_that_things():
    question = "比较江城市第一人民医院和江城市中心医院2023年的门急诊人次。"
    news = "2023年江大附院门急诊人次达428.9万人次，而同城的江城市第一人民医院为386.2万人次。"
    sections = [
        ("江城市第一人民医院：门急诊人次", [sentence(news, 1)]),
        (
            "江城市中心医院：门急诊人次",
            [sentence("江城市中心医院2023年门急诊人次312.5万人次。", 2)],
        ),
    ]
    said = " ".join(answer(question, named_things(question), sections, "zh"))
    assert "428.9" not in said  # 江大附院's, before 江城市第一人民医院 is named
