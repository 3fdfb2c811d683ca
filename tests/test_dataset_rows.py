"""Rows of a dataset read from sentences: entity, measure, value, unit and period."""

from __future__ import annotations

from typing import Any

from research.text.analysis.rows import rows_in


def shape(sentence: str, **hints: Any) -> list[tuple]:
    return [(r.entity, r.measure, r.value, r.unit, r.period) for r in rows_in(sentence, **hints)]


def test_two_years_in_one_sentence_are_two_rows_each_with_its_own_year():
    sentence = "Avalon had 126,000 residents in 2024, up from 120,000 in 2023."
    assert shape(sentence) == [
        ("Avalon", "residents", 126_000.0, "", "2024"),
        ("Avalon", "residents", 120_000.0, "", "2023"),
    ]


def test_a_year_at_the_start_of_the_clause_dates_the_amount_after_it():
    sentence = "In 2023 the population of Brightwater was 80,000; by 2024 it had grown to 84,000."
    assert shape(sentence) == [
        ("Brightwater", "population", 80_000.0, "", "2023"),
        ("Brightwater", "population", 84_000.0, "", "2024"),
    ]


def test_a_growth_from_one_year_to_another():
    sentence = "The population of Cinder Falls grew from 45,500 in 2023 to 47,000 in 2024."
    assert shape(sentence) == [
        ("Cinder Falls", "population", 45_500.0, "", "2023"),
        ("Cinder Falls", "population", 47_000.0, "", "2024"),
    ]


def test_money_keeps_its_unit_and_conversion_and_the_quote_is_the_sentence():
    (row,) = rows_in("Kestrel Robotics raised $1.2bn in 2025.")
    assert (row.entity, row.value, row.unit, row.period) == (
        "Kestrel Robotics",
        1.2e9,
        "USD",
        "2025",
    )
    assert row.conversion == "$1.2bn = 1,200,000,000 USD"
    assert row.quote == "Kestrel Robotics raised $1.2bn in 2025."


def test_a_chinese_sentence_takes_its_entity_from_the_caller_and_its_measure_before_the_amount():
    sentence = "2023年，阿瓦隆人口为12万；2024年增至12.6万。"
    assert shape(sentence, entity="阿瓦隆") == [
        ("阿瓦隆", "人口", 120_000.0, "", "2023"),
        ("阿瓦隆", "人口", 126_000.0, "", "2024"),
    ]


def test_a_year_in_brackets_after_the_amount_dates_it():
    assert shape("Dunmore: 52,300 residents (2024).", entity="Dunmore")[0][4] == "2024"


def test_a_spreadsheet_or_csv_row_names_its_entity_period_and_measure_by_its_fields():
    from research.text.analysis.rows import rows_in_record
    from research.text.records import record_pairs

    line = "City: Avalon; Year: 2023; Population: 120,000; Area (km2): 41.5"
    pairs = record_pairs(line)
    assert pairs is not None
    assert [(r.entity, r.measure, r.value, r.period) for r in rows_in_record(pairs, line)] == [
        ("Avalon", "population", 120_000.0, "2023"),
        ("Avalon", "area", 41.5, "2023"),  # its unit said apart
    ]
    wide = "City: Brightwater; 2023: 80000; 2024: 78400"
    rows = rows_in_record(record_pairs(wide) or [], wide, measure="population")
    assert [(r.entity, r.measure, r.value, r.period) for r in rows] == [
        ("Brightwater", "population", 80_000.0, "2023"),
        ("Brightwater", "population", 78_400.0, "2024"),
    ]
    assert record_pairs("In 2023 the population was 120,000.") is None


def test_a_text_gives_rows_from_its_sentences_tables_and_records_each_with_its_quote():
    from research.text.analysis.owners import Whose
    from research.text.analysis.texts import rows_of

    text = (
        "# Census\n\nAvalon had 126,000 residents in 2024.\n\n"
        "| City | 2023 | 2024 |\n|---|---|---|\n| Brightwater | 80,000 | 78,400 |\n\n"
        "City: Dunmore; Year: 2024; Population: 52300\n"
    )
    found = [(r.entity, r.period, r.value, r.quote in text) for r, _ in rows_of(text, Whose())]
    assert found == [
        ("Dunmore", "2024", 52_300.0, True),
        ("Avalon", "2024", 126_000.0, True),
        ("Brightwater", "2023", 80_000.0, True),
        ("Brightwater", "2024", 78_400.0, True),
    ]


def test_where_two_sources_disagree_the_newer_sources_value_is_computed_with():
    from datetime import date

    from research.pipeline.shared.datasets import newest

    figures = [
        ("Avalon", "2024", 125_000.0, date(2025, 1, 10), 1),  # an early estimate
        ("Avalon", "2024", 126_000.0, date(2025, 6, 1), 2),  # the census, later
        ("Avalon", "2023", 120_000.0, None, 3),
        ("Brightwater", "2024", 78_000.0, None, 4),
        ("Brightwater", "2024", 78_400.0, None, 5),  # undated: the later number wins
    ]
    assert newest(figures) == [
        ("Avalon", "2023", 120_000.0),
        ("Avalon", "2024", 126_000.0),
        ("Brightwater", "2024", 78_400.0),
    ]


def test_records_under_one_title_take_its_unit_and_stacked_titles_give_none():
    from research.text.analysis.owners import Whose
    from research.text.analysis.texts import rows_of

    one = "Passengers (thousands)\n\nOperator: Skerrow Ferries; 2022: 1,310; 2023: 1,430\n"
    found = [(r.period, r.value) for r, _ in rows_of(one, Whose())]
    assert found == [("2022", 1_310_000.0), ("2023", 1_430_000.0)]
    # a PDF page lists its tables' titles together, above all of its tables: whose is whose
    # is unknown, so neither scales any
    stacked = (
        "候诊时间（分钟）\n门诊量（万人次）\n\n"
        "医院: 溪山医院; 2022: 38; 2023: 31\n医院: 溪山医院; 2022: 201; 2023: 218\n"
    )
    assert [r.value for r, _ in rows_of(stacked, Whose())] == [38.0, 31.0, 201.0, 218.0]


def test_passenger_numbers_measure_passengers():
    from research.pipeline.shared.datasets import kind_of
    from research.text.analysis.owners import Whose

    text = "Passenger numbers rose to 1.43 million in 2023. Ferry passenger numbers vary."
    whose = Whose.of_text(text, (), "Skerrow")  # its text writes "passenger" in lower case
    (row,) = rows_in(text.split(". ")[0] + ".", whose=whose)
    assert (row.measure, row.value, row.period) == ("passenger numbers", 1_430_000.0, "2023")
    (other,) = rows_in("Skerrow carried 1.31 million passengers in 2022.")
    assert kind_of(row) == kind_of(other)


def test_the_full_year_is_the_year_its_text_is_of():
    sentence = "极峰汽车全年交付15.3万辆，较2022年的9.1万辆大幅增长。"
    assert shape(sentence, entity="极峰汽车", year="2023") == [
        ("极峰汽车", "交付", 153_000.0, "", "2023"),
        ("极峰汽车", "交付", 91_000.0, "", "2022"),
    ]
    assert shape(sentence, entity="极峰汽车")[0][4] == ""  # no year known: no row's period


def test_a_row_says_what_its_amount_counts_from_its_word_or_its_column():
    from research.text.analysis.rows import cjk_stem, rows_in_record
    from research.text.records import record_pairs

    (teu,) = rows_in("宁川港完成集装箱吞吐量436.1万标箱。", entity="宁川港")
    (cargo,) = rows_in("宁川港完成货物吞吐量2.06亿吨。", entity="宁川港")
    assert (teu.counted, cargo.counted) == ("标箱", "吨")
    line = "港口: 东澜港; 2023年（万标箱）: 1,538.9"
    (cell,) = rows_in_record(record_pairs(line) or [], line)
    assert (cell.value, cell.counted) == (15_389_000.0, "标箱")
    assert cjk_stem("完成集装箱吞吐量") == cjk_stem("集装箱吞吐量") == "吞吐"  # the last action


def test_a_tables_title_names_its_measure_unless_titles_over_several_tables_disagree():
    from research.text.analysis.owners import Whose
    from research.text.analysis.texts import rows_of

    sheet = (
        "集装箱吞吐量\n\n全省主要港口集装箱吞吐量（1—12月累计）\n\n"
        "港口: 东澜港; 2023年（万标箱）: 1,538.9\n"
    )
    ((row, _),) = rows_of(sheet, Whose())
    assert (row.measure, row.value) == ("全省主要港口集装箱吞吐量", 15_389_000.0)
    leakage = "Leakage (Ml/d)\n\nCompany: Hollin Vale Water; 2022: 62.0\n"
    ((row, _),) = rows_of(leakage, Whose())
    assert (row.measure, row.value) == ("leakage", 62.0)  # a unit none scales: named only


def test_an_amount_in_a_unit_of_measure_is_no_measure_of_that_unit():
    first, second = rows_in(
        "Brekka Aqua harvested 74,100 tonnes in 2022 and 78,300 tonnes in 2023."
    )
    assert (first.measure, first.counted, first.value) == ("", "tonnes", 74_100.0)
    assert (second.measure, second.counted, second.period) == ("", "tonnes", "2023")


def test_a_yearbook_or_statistical_table_is_a_last_account():
    from research.text.extractive.currency import final

    assert final(["全省普通高校基本情况统计表（2023年）"], "") == "统计表"
    assert final(["songbei-energy-yearbook-2023.xlsx"], "") == "yearbook"
    assert final(["Island ferry operators report busier year"], "") == ""


def test_the_words_of_an_asked_chinese_measure_name_one_measure():
    from research.models import Source
    from research.pipeline.shared.datasets import Gathered, _of_the_measure
    from research.text.extractive.currency import Vintage

    said = [
        ("星幕院线全年实现票房收入58.47亿元。", 1),
        ("光年院线全年票房达47.35亿元。", 2),
        ("光年院线全年观影人次达1.16亿人次。", 3),
    ]
    found = [
        Gathered(Source(pk=n), row, "", Vintage("", None))
        for quote, n in said
        for row in rows_in(quote, entity=quote[:4], year="2023")
    ]
    kept = _of_the_measure(found, "票房收入（2023年）", "票房收入")
    assert sorted(g.row.value for g in kept) == [4_735_000_000.0, 5_847_000_000.0]


def test_a_currency_written_before_a_chinese_amount_is_no_part_of_its_measure():
    (row, _growth) = rows_in(
        "2023年，本公司实现原保险保费收入人民币786.15亿元，同比增长6.2%。", entity="中澜人寿"
    )
    assert (row.measure, row.value, row.unit) == ("收入", 78_615_000_000.0, "CNY")
