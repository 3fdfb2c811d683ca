"""Whose a figure is: the entity its clause states it of, its own period, and its column's unit
(issue 42's rows of the right thing)."""

from __future__ import annotations

from research.text.analysis.asked import asked_names
from research.text.analysis.owners import Whose
from research.text.analysis.rows import rows_in, rows_in_record
from research.text.quantities import header_unit, quantities

AURORA = Whose(names=("Aurora Cycles",), subject="Aurora Cycles")


def shape(sentence: str, whose: Whose = AURORA) -> list[tuple]:
    return [
        (r.entity, r.value, r.unit, r.period, r.left_out) for r in rows_in(sentence, whose=whose)
    ]


def test_a_rival_described_between_commas_owns_its_figures_not_the_asked_thing_it_is_rival_to():
    sentence = (
        "Boreal Cycles, Aurora's largest rival, reported revenue of $19.7 million in 2023, "
        "up from $17.5 million in 2022."
    )
    assert shape(sentence) == [
        ("", 19_700_000.0, "USD", "2023", "of Boreal Cycles"),
        ("", 17_500_000.0, "USD", "2022", "of Boreal Cycles"),
    ]


def test_a_possessive_owns_the_measure_but_not_a_relation():
    assert shape("Aurora's revenue was $18.2 million in 2023.")[0][0] == "Aurora Cycles"
    rival = shape("In 2023 Aurora's rival Boreal made $19.7 million.")
    assert rival[0][:1] == ("",) and rival[0][4] == "of Boreal"


def test_a_possessive_right_before_the_amount_owns_it_in_a_sentence_of_two_names():
    whose = Whose(names=("Aurora Cycles", "Cirrus Bikes"))
    sentence = "Aurora's revenue of $18.2 million in 2023 outpaced Cirrus's $9.2 million."
    assert [row[0] for row in shape(sentence, whose)] == ["Aurora Cycles", "Cirrus Bikes"]


def test_a_namesake_sharing_the_first_word_is_another_entity():
    rows = shape("Aurora Borealis Tours took in $3.1 million in 2023.")
    assert rows == [("", 3_100_000.0, "USD", "2023", "of Aurora Borealis Tours")]


def test_a_sentence_that_names_nobody_is_of_the_documents_subject_and_each_amount_of_its_year():
    whose = Whose.of_text(
        "Aurora makes bikes. Revenue was $15.1 million in 2021 and $12.4 million in 2020. "
        "In 2022 revenue reached $16.8 million.",
        ("Aurora Cycles",),
        "Aurora Cycles",
    )
    rows = rows_in("Revenue was $15.1 million in 2021 and $12.4 million in 2020.", whose=whose)
    assert [(r.entity, r.measure, r.value, r.period) for r in rows] == [
        ("Aurora Cycles", "revenue", 15_100_000.0, "2021"),
        ("Aurora Cycles", "revenue", 12_400_000.0, "2020"),
    ]


def test_a_word_capitalised_only_to_open_a_sentence_is_no_rival():
    text = (
        "Gorsedale Castle reopened. Numbers have climbed, from 94,800 in 2022 to 109,300 in 2023."
    )
    whose = Whose.of_text(text, ("Gorsedale Castle",), "Gorsedale Castle")
    rows = rows_in("Numbers have climbed, from 94,800 in 2022 to 109,300 in 2023.", whose=whose)
    assert [(r.entity, r.period) for r in rows] == [
        ("Gorsedale Castle", "2022"),
        ("Gorsedale Castle", "2023"),
    ]


def test_two_asked_things_named_as_one_subject_leave_the_figure_to_nobody():
    whose = Whose(names=("Arden", "Briskholm"))
    (row,) = rows_in("Arden and Briskholm had 12,000 residents in 2024.", whose=whose)
    assert row.entity == "" and "one subject" in row.left_out


def test_a_chinese_rival_after_the_asked_things_relation_word_owns_its_figure():
    whose = Whose(names=("星河汽车",), subject="星河汽车")
    (row,) = rows_in("星河汽车的主要竞争对手云帆汽车2023年营收为112.6亿元。", whose=whose)
    assert (row.entity, row.left_out, row.value) == ("", "of 云帆汽车", 11_260_000_000.0)
    (own,) = rows_in("公司2023年营收为5.1亿元。", whose=whose)
    assert (own.entity, own.measure, own.period) == ("星河汽车", "营收", "2023")


def test_respectively_gives_each_amount_its_own_year_in_order():
    whose = Whose(names=("星河汽车",), subject="星河汽车")
    rows = rows_in("星河汽车2021年和2022年营收分别为3.2亿元和4.1亿元。", whose=whose)
    assert [(r.measure, r.value, r.period) for r in rows] == [
        ("营收", 320_000_000.0, "2021"),
        ("营收", 410_000_000.0, "2022"),
    ]


def test_a_columns_unit_scales_its_cells_and_says_the_conversion():
    (row,) = rows_in_record(
        [("Year", "2023"), ("Revenue ($m)", "18.2")], "2023; 18.2", whose=AURORA
    )
    assert (row.entity, row.measure, row.value, row.unit) == (
        "Aurora Cycles",
        "revenue",
        18_200_000.0,
        "USD",
    )
    assert row.conversion == "18.2 ($m) = 18,200,000 USD"
    assert header_unit("营收（亿元）").scale == 1e8  # type: ignore[union-attr]
    assert header_unit("Length (km)") is None


def test_a_wide_tables_row_of_another_company_is_left_out():
    pairs = [("Company", "Boreal Cycles"), ("2022", "17.5"), ("2023", "19.7")]
    rows = rows_in_record(pairs, "Boreal Cycles; 17.5; 19.7", measure="revenue", whose=AURORA)
    assert {(r.entity, r.left_out) for r in rows} == {("", "of Boreal Cycles")}


def test_hong_kong_dollars_are_their_own_currency_and_scales_are_exact():
    (amount,) = quantities("营业额为35.8亿港元")
    assert (amount.value, amount.unit) == (3_580_000_000.0, "HKD")


def test_the_asked_names_are_the_compared_things_else_the_subject():
    assert asked_names("How did Aurora Cycles' revenue change from 2020 to 2023?") == (
        "Aurora Cycles",
    )
    assert asked_names("比较星河汽车、云帆汽车和北辰汽车2023年的营收") == (
        "星河汽车",
        "云帆汽车",
        "北辰汽车",
    )
    assert asked_names("Compare the revenue of the largest bike makers in 2023") == ()
    two = "How did the broadband subscribers of Kestow Fibre and Amberline Networks change?"
    assert asked_names(two) == ("Kestow Fibre", "Amberline Networks")  # no compare word


def test_a_unit_with_a_scale_and_a_counted_thing_scales_its_column():
    assert header_unit("风电发电量（亿千瓦时）").scale == 1e8  # type: ignore[union-attr]
    assert header_unit("Throughput (thousand TEU)").scale == 1e3  # type: ignore[union-attr]
    assert header_unit("图书销量（万册）").scale == 1e4  # type: ignore[union-attr]
    assert header_unit("门诊平均候诊时间（分钟）") is None  # minutes: no scale to apply
