"""The key figures table: each row names what it measures, gives the value with its unit as the
statement writes it, and the date the statement gives that figure (or its source's)."""

from __future__ import annotations

from research.text.extractive.key_figures import Quoted, stated, table

COLUMNS = ("Measure", "Value", "As of", "Source")


def row(quote: str, when: str = "2026", header: str = "") -> tuple[str, ...]:
    """The table's one row for a quoted statement, as (measure, value, as of); () if none."""
    found = table([[Quoted(quote, 1, header, when)]], COLUMNS)
    if not found:
        return ()
    cells = [cell.strip() for cell in found.splitlines()[2].strip("|").split("|")]
    assert cells[-1] == "[1]"
    return tuple(cells[:-1])


def stated_all(quote: str, header: str) -> list[tuple[str, str, str]]:
    return list(stated(Quoted(quote, 1, header, "2026")))


def test_a_row_names_what_its_figure_measures_not_the_start_of_its_sentence():
    assert row("Arden had 48,200 residents at the start of 2023.") == (
        "Residents",
        "48,200 residents",
        "start of 2023",
    )
    assert row("The round brings the company's total funding to $140.5 million.")[0] == (
        "Total funding"
    )
    assert row(
        "Denver-based Sorrelwick Energy has raised $62 million in a Series B round led by "
        "Fennimore Climate Partners."
    )[:2] == ("Series B round", "$62 million")
    assert row("The deployed fleet reached 4,050 robots at 30 September 2026.") == (
        "Deployed fleet",
        "4,050 robots",
        "2026-09-30",
    )
    assert row("2025年集团新增银行借款14.2亿元，发行5亿元公司债券。") == (
        "银行借款",
        "14.2亿元",
        "2025",
    )
    assert row("同意集团申请注册发行不超过15亿元中期票据，期限不超过5年。")[:2] == (
        "中期票据",
        "15亿元",
    )


def test_a_statement_whose_figure_no_measure_names_gives_no_row():
    assert row("Series C values the company at $610 million.") == ()  # not "Company"
    assert row("It rises on Fell Moss at about 540 metres and flows for 87 km to the sea.") == ()
    assert row("From £7,895 on the road in the UK, including the battery warranty.") == ()
    assert row("距2027年18%的目标仍有差距。") == ()


def test_a_measure_never_starts_with_a_year_a_number_a_list_mark_or_a_closing_parenthesis():
    assert row("2025 revenue reached $48.6 million.") == ("Revenue", "$48.6 million", "2025")
    assert row("公司2025年营业收入为18.6亿元，同比增长10.1%。") == (
        "公司营业收入",
        "18.6亿元",
        "2025",
    )
    assert row("（1）产销差率：上半年为20.8%，距2027年18%的目标仍有差距。")[:2] == (
        "产销差率",
        "20.8%",
    )
    assert row("二、非居民用水价格调整为4.95元/立方米。")[0] == "非居民用水价格"
    assert row("Recurring robot-as-a-service (RaaS) contracts made up 83% of the total.") == ()


def test_a_value_keeps_its_unit_its_scale_its_range_and_its_rate():
    assert row("Fleet Plus costs $3,200 per robot per month.")[:2] == (
        "Fleet Plus price",
        "$3,200 per robot per month",
    )
    assert row("Quillfeather Automation passed $112.4M in revenue.")[1] == "$112.4M"
    assert row("DC fast charging: 20–80% in 42 minutes")[:2] == ("DC fast charging", "20–80%")
    assert row("68,400 smart meters were fitted between 2021 and 2024.") == (
        "Smart meters",
        "68,400 smart meters",
        "2024",
    )
    assert row("The Brannock drains a catchment of 318 km² of arable land.")[:2] == (
        "Catchment",
        "318 km²",
    )
    assert row("二、非居民用水价格调整为4.95元/立方米，特种用水价格调整为8.20元/立方米。")[1] == (
        "4.95元/立方米"
    )
    assert row("全年收入1520万美元。")[:2] == ("收入", "1520万美元")


def test_a_number_that_is_part_of_a_name_is_never_read_as_a_quantity():
    assert row(
        "The plant is certified to ISO 9001 and its K3 picker runs firmware version 2.1 on 40 "
        "sites."
    )[:2] == ("Sites", "40 sites")
    assert row("The E-Scout 2 pairs an 8.1 kWh battery with an 11 kW motor.") == ()
    assert row("All 3,412 TR-7 units in service are in scope.") == ()
    assert row("Line 5 trains run every 4 minutes.") == ()
    assert row("地铁5号线全长23.6公里，设站18座。")[1] == "18座"
    assert row("BMS固件V2.3存在采样缺陷，导致3个电芯温度超限未报警。")[:2] == ("电芯", "3个电芯")


def test_the_as_of_date_is_the_one_the_statement_gives_its_figure_else_its_sources():
    assert row("Stannard Motion reported FY2025 revenue of $27.9 million.", "2026-03") == (
        "FY2025 revenue",
        "$27.9 million",
        "FY2025",
    )
    assert row("The company had 18,400 systems installed as of September 2026.") == (
        "Systems installed",
        "18,400 systems",
        "2026-09",
    )
    assert row("截至2024年末，公司在全国运营1240台机器人。", "2025")[2] == "2024年末"
    assert row("Fleet availability averaged 97.2% over the quarter.", "2026-10-06") == (
        "Fleet availability",
        "97.2%",
        "2026-10-06",
    )
    # a year after the source's is a maturity or a target, and a year compared with is not it
    assert row("（3）债务：2027年到期债务约21.5亿元，需统筹安排再融资。", "2026")[1:] == (
        "21.5亿元",
        "2026",
    )
    assert row("The town's population was 48,200 in 2023, up 3% from 2022.", "2024") == (
        "Population growth",
        "3%",
        "2024",
    )


def test_a_table_row_is_named_by_its_row_and_column_and_a_column_of_a_period_dates_it():
    header = "Company; FY2025 revenue; Robots shipped FY2025"
    assert row("Halden Robotics; $48.6M; 3,120", "2026-03", header) == (
        "Halden Robotics (FY2025 revenue)",
        "$48.6M",
        "FY2025",
    )
    assert row("Length; 87 km", header="Statistic; Value")[:2] == ("Length", "87 km")
    assert row("指标: 营业收入; 2024年: 16.9亿元; 2025年: 18.6亿元") == (
        "营业收入",
        "18.6亿元",
        "2025",
    )
    assert row(
        "被投企业: 恒衡医药; 领域: 仿制药; 首次投资: 2024年11月; 公允价值（亿元）: 1.3; "
        "占基金净值: 5.0%"
    )[:2] == ("恒衡医药 (公允价值（亿元）)", "1.3")


def test_a_bare_number_in_a_table_is_a_figure_its_column_names_with_its_unit():
    assert row("2019; 212,000; 4.1", "2026-03", "Year; Visitors; Nights (avg)") == (
        "Visitors",
        "212,000",
        "2019",
    )
    assert row("Orrin; 12.5", header="River; Mean flow (m³/s)")[:2] == (
        "Orrin (Mean flow (m³/s))",
        "12.5",
    )
    assert stated_all("Halden Robotics; $48.6M; 3,120", "Company; Revenue; Robots shipped") == [
        ("$48.6M", "Halden Robotics (Revenue)", "2026"),
        ("3,120", "Halden Robotics (Robots shipped)", "2026"),
    ]
    assert row("2024; 2025", header="First year; Last year") == ()  # years are periods


def test_the_table_gives_two_rows_a_section_at_most_and_each_value_once():
    first = [
        Quoted("Q3 revenue was $19.1 million.", 1, "", "2026-10"),
        Quoted("Year-to-date revenue reached $51.8 million.", 1, "", "2026-10"),
        Quoted("Gross margin rose to 41%.", 1, "", "2026-10"),
    ]
    second = [Quoted("Its Q3 revenue was $19.1 million.", 2, "", "2026-10")]
    lines = table([first, second], COLUMNS).splitlines()
    assert lines[2:] == [
        "| Q3 revenue | $19.1 million | 2026-10 | [1] |",
        "| Year-to-date revenue | $51.8 million | 2026-10 | [1] |",
    ]
    assert table([[Quoted("Nothing is measured here.", 1, "", "2026")]], COLUMNS) == ""


def test_a_figure_is_dated_by_the_year_said_of_it_not_the_last_year_of_its_sentence():
    assert row("Output grew from 38,400 tonnes in 2019 to 44,100 tonnes in 2023.")[1:] == (
        "38,400 tonnes",
        "2019",
    )
    said = row("云州机场旅客吞吐量由2019年的1585.2万人次降至2020年的912.7万人次。")
    assert said[1:] == ("1585.2万人次", "2019")  # its unit whole: 人次, not 人


def test_a_figure_a_newer_source_restates_or_its_own_sentence_revises_is_no_key_figure():
    revised = Quoted("观澜咨询将沐晨2024年出货量由3,410万台上调至3,480万台。", 1, "", "2025")
    assert "3,410万台" not in table([[revised]], ("Measure", "Value", "As of", "Source"))
    old = Quoted("Brewhaven operated 352 stores at the end of 2024.", 4, "", "2025-01")
    columns = ("Measure", "Value", "As of", "Source")
    assert "352 stores" in table([[old]], columns)
    stale = Quoted(old.quote, old.n, old.header, old.when, unsaid=frozenset({352.0}))
    assert table([[stale]], columns) == ""


def test_a_chinese_figure_takes_the_year_its_sentence_gives_before_its_clause():
    growth = table(
        [[Quoted("2023年临江港完成1,041.2万标箱，同比增长5.6%。", 1, "", "2024")]],
        COLUMNS,
        "同比增长",
    )
    assert "| 5.6% | 2023 |" in growth


def test_a_year_end_column_dates_a_record_lines_figure():
    line = "年末: 2023; 风电（万千瓦）: 943.2; 光伏（万千瓦）: 265.7"
    assert row(line, when="")[1:] == ("943.2", "2023")
