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


WATER = Whose(names=("Severnvale Water", "Ouseland Water", "Lough Derra Water", "Fenmarsh Water"))


def test_a_name_an_amount_is_placed_at_or_a_relative_clause_describes_owns_it():
    placed = (
        "Severnvale Water said that it reported revenue of £1,212.4 million for 2022, compared "
        "with £846.2 million at rival Ouseland Water in 2022."
    )
    assert [r[0] for r in shape(placed, WATER)] == ["Severnvale Water", "Ouseland Water"]
    described = Whose(names=("Westreach Ferries", "Caldera Sound Lines"))
    relative = (
        "Westreach Ferries carried 1.35 million passengers in 2023, well behind Caldera Sound "
        "Lines, which reported 2,389,000 passengers."
    )
    assert [r[0] for r in shape(relative, described)] == [
        "Westreach Ferries",
        "Caldera Sound Lines",
    ]


def test_a_sentence_that_turns_to_another_name_gives_it_the_amounts_after_the_turn():
    sentence = (
        "Lough Derra Water posted revenue of €287.9 million in 2023, up from €268.3 million a "
        "year earlier, while Fenmarsh Water, its UK partner in a research programme, reported "
        "£334.0 million."
    )
    assert [(r[0], r[1], r[3]) for r in shape(sentence, WATER)] == [
        ("Lough Derra Water", 287_900_000.0, "2023"),
        ("Lough Derra Water", 268_300_000.0, "2022"),  # a year earlier
        ("Fenmarsh Water", 334_000_000.0, "2023"),
    ]


def test_a_forecast_is_no_figure_of_its_year():
    sentence = "Severnvale Water said that it expects revenue of £1,305.0 million for 2023."
    assert shape(sentence, WATER) == [
        ("", 1_305_000_000.0, "GBP", "2023", "a forecast, not a figure")
    ]


def test_a_respective_list_gives_its_years_to_its_own_amounts_only():
    whose = Whose(names=("江城市中心医院",), subject="江城市中心医院")
    sentence = (
        "江城市中心医院2021年和2022年门急诊人次分别为276.3万人次和298.6万人次，出院人次10.9万人次。"
    )
    assert [(r[1], r[3]) for r in shape(sentence, whose)] == [
        (2_763_000.0, "2021"),
        (2_986_000.0, "2022"),
        (109_000.0, "2022"),
    ]


def test_the_old_value_of_a_revision_is_no_figure_even_with_words_between():
    whose = Whose(names=("江城市第一人民医院",), subject="江城市第一人民医院")
    sentence = (
        "江城市第一人民医院2022年门急诊人次经核定，由上年公报的351.0万人次调整为353.4万人次。"
    )
    assert [(r[0], r[1], r[4]) for r in shape(sentence, whose)] == [
        ("", 3_510_000.0, "the value a revision replaces"),
        ("江城市第一人民医院", 3_534_000.0, ""),
    ]


def test_a_year_in_brackets_with_an_amount_of_its_own_dates_only_that_amount():
    whose = Whose(names=("铁木健身",), subject="铁木健身")
    sentence = "截至2023年末，公司会员86.9万人（2022年末：79.3万人），2023年末门店512家。"
    assert [(r[1], r[3]) for r in shape(sentence, whose)] == [
        (869_000.0, "2023"),
        (793_000.0, "2022"),
        (512.0, "2023"),
    ]


def test_a_currency_column_and_a_unit_only_first_column_give_the_rows_units():
    from research.text.records import record_pairs

    whose = Whose(names=("Severnvale Water",), subject="Severnvale Water")
    wide = "Company: Severnvale Water; Currency: GBP; 2022 (m): 1,212.4; 2023 (m): 1,318.7"
    rows = rows_in_record(record_pairs(wide) or [], wide, whose=whose)
    assert [(r.entity, r.value, r.unit, r.period) for r in rows] == [
        ("Severnvale Water", 1_212_400_000.0, "GBP", "2022"),
        ("Severnvale Water", 1_318_700_000.0, "GBP", "2023"),
    ]
    labelled = "£ million: Revenue; 2023: 1,318.7; 2022: 1,212.4"
    rows = rows_in_record(record_pairs(labelled) or [], labelled, whose=whose)
    assert [(r.entity, r.measure, r.value, r.unit) for r in rows][0] == (
        "Severnvale Water",
        "revenue",
        1_318_700_000.0,
        "GBP",
    )
    assert header_unit("£ million") is not None and header_unit("Revenue") is None


def test_the_years_after_a_list_of_chinese_names_are_the_scope_not_a_name():
    question = (
        "对比江城市第一人民医院、江城市中心医院和江城大学附属医院2022年和2023年的门急诊人次。"
    )
    assert asked_names(question) == ("江城市第一人民医院", "江城市中心医院", "江城大学附属医院")
    gyms = "比较铁木健身、跃动空间、青橙健身和樱步健身2022年末和2023年末的会员人数。"
    assert asked_names(gyms)[-1] == "樱步健身"
    wind = "比较北辰新能源、海澜电力、朔风能源和天衢绿电截至2023年末的风电装机容量。"
    assert asked_names(wind)[-1] == "天衢绿电"


def test_a_chinese_forecast_covers_the_whole_part_of_its_sentence():
    whose = Whose(names=("东澜港",), subject="东澜港")
    sentence = "预计东澜港2023年完成集装箱吞吐量1,530万标箱，完成货物吞吐量约6.4亿吨。"
    assert [r[4] for r in shape(sentence, whose)] == ["a forecast, not a figure"] * 2


def test_a_name_in_a_bracketed_aside_owns_nothing_and_is_no_documents_subject():
    from research.text.analysis.owners import subject_of

    names = ("铁木健身", "青橙健身")
    text = "鲜榨果汁连锁品牌青橙饮品（与健身品牌青橙健身无关）表示，2022年末其会员人数为312万人。"
    assert subject_of("青橙饮品发布年度数据", text, names) == ""
    whose = Whose(names=names, subject="")
    assert [r[0] for r in shape(text, whose)] == [""]  # 青橙饮品's, not 青橙健身's
