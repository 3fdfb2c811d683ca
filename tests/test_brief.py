"""The extractive brief: figures, which source is newer, and a report of current statements."""

from __future__ import annotations

from datetime import date

from research.text.extractive import (
    brief,
    editions,
    evidence,
    filing,
    names,
    other_kinds,
    prospects,
)
from research.text.extractive.concepts import heading_for, said_for
from research.text.extractive.currency import Vintage, outdated, restates, vintage
from research.text.extractive.figures import figures, label

TODAY = date(2026, 11, 26)
WORDS = brief.Words(
    line="Quotes.",
    key_figures="Key figures",
    code="en",
    none="Nothing.",
    columns=("Measure", "Value", "As of", "Source"),
    earlier="*Earlier, as of {when}:*",
    dated="*As of {when}:*",
    superseded="*Superseded ({why}):*",
    separator=", ",
)
QUESTION = "Prepare a brief on Kestrel Robotics: its current revenue, fleet size, and pricing."


def test_figures_are_sums_shares_counts_quarters_and_dates_with_what_they_count():
    found = figures(
        "Kestrel ended the quarter with 1,240 robots in service in 14 cities, 97.2% available, "
        "after $42 million in February 2026; K3 pilots in Q4 2026."
    )
    assert [(f.value, f.kind, f.unit) for f in found] == [
        ("1,240 robots in service", "count", "robot"),
        ("14 cities", "count", "citi"),
        ("97.2%", "percent", ""),
        ("$42 million", "money", ""),
        ("February 2026", "date", ""),
        ("Q4 2026", "quarter", ""),
    ]
    assert [
        (f.value, f.kind) for f in figures("青隼在14个城市运营1240台机器人，收入1840万美元。")
    ] == [
        ("14个城市", "count"),
        ("1240台", "count"),
        ("1840万美元", "money"),
    ]
    assert figures("A 2024 survey found nothing new.") == []  # a year is not a count


def test_a_figure_is_labelled_by_the_words_before_it_or_the_label_before_a_colon():
    line = "Annual recurring revenue (ARR): $18.4 million at June 30, 2026."
    assert label(line, figures(line)[0]) == "Annual recurring revenue (ARR)"
    line = "Funding: the cash runway is 22 months, so a round must close."
    assert label(line, figures(line)[0]) == "Cash runway"


def test_a_source_is_older_when_marked_as_archived_draft_or_early_version_or_dated_before():
    draft = vintage(["pricing-2026-draft.docx", "Pricing 2026"], "", None, TODAY)
    early = vintage(["roadmap-v0.3.md"], "", None, TODAY)
    last_year = vintage(["annual-report-2025.pdf"], "Fiscal year ended June 30, 2025.", None, TODAY)
    this_year = vintage(["annual-report-2026.pdf"], "", None, TODAY)
    undated = vintage(["faq.md"], "No dates here.", None, TODAY)
    assert (draft.marked, early.marked, last_year.as_of) == ("draft", "v0.3", (2025, 6, 30))
    assert last_year.older_than(this_year) and not this_year.older_than(last_year)
    assert draft.older_than(undated) and not undated.older_than(last_year)
    assert not vintage(["a.md"], "", date(2026, 2, 10), TODAY).older_than(
        vintage(["b.md"], "It happened in February 2026.", None, TODAY)
    )  # as precise as both: the same month
    future = vintage(["plan.md"], "Launch on March 3, 2027.", None, TODAY)
    assert future.as_of is None  # a date after today dates nothing
    replaced = vintage(["recall.html"], "This notice has been replaced by the update.", None, TODAY)
    assert replaced.marked == "has been replaced"
    assert vintage(["s6.html"], "本产品已停产，推荐选购新款。", None, TODAY).marked == "已停产"
    for archived in (
        "档案/公司介绍-2016版.docx",
        "/shop/archive/catalogue-2022.pdf",
        "旧文件/a.docx",
    ):
        assert vintage([archived], "", None, TODAY).marked


def test_a_dated_source_is_not_dated_by_a_later_day_it_looks_ahead_to():
    summary = "Product recalled: 186,000 cases, all best-by dates to June 2024."
    assert vintage(["summary.html"], summary, date(2023, 11, 9), TODAY).as_of == (2023, 11, 9)
    assert vintage(["summary.html"], summary, None, TODAY).as_of == (2024, 6, 0)  # no date else


def test_a_first_account_is_quoted_only_where_nothing_else_is_once_a_final_one_follows():
    def page(title: str, path: str, age: Vintage) -> evidence.Known:
        return evidence.Known(f"/{path}", title, "", age, title, path, title)

    def dated(names: list[str], day: tuple[int, int, int]) -> Vintage:
        return vintage(names, "", date(*day), TODAY)

    bulletin = dated(
        ["Port statistics", "statistics/provisional-bulletin-jan-2024.md"], (2024, 1, 20)
    )
    flash = dated(["轨道交通客运快报-2024年1月.md"], (2024, 1, 15))
    rumour = dated(["/news/funding-rumour-aug-2023.html"], (2023, 8, 2))
    initial = dated(["/company/initial-recall-statement.html"], (2023, 9, 8))
    assert (bulletin.provisional, flash.provisional) == ("provisional", "快报")
    assert (rumour.provisional, initial.provisional) == ("rumour", "initial recall statement")
    assert not dated(["Interim CEO named", "/news/ceo.html"], (2024, 1, 1)).provisional
    final = dated(["Port statistics 2023", "statistics/annual-2023.md"], (2024, 4, 2))
    sources = {1: page("Bulletin", "statistics/p.md", bulletin), 2: page("Final", "s/a.md", final)}
    assert editions.first_accounts(sources) == {1}
    assert editions.first_accounts({1: sources[1]}) == set()  # the only account stands
    older = dated(["Port statistics 2022", "statistics/annual-2022.md"], (2023, 4, 2))
    assert editions.first_accounts({1: sources[1], 3: page("Older", "s/o.md", older)}) == set()


def test_a_newer_source_stating_the_same_measure_with_another_value_supersedes_the_older():
    old = "Annual recurring revenue reached $9.7 million at the end of the fiscal year."
    new = "Annual recurring revenue (ARR): $18.4 million at June 30, 2026, up from $9.7 million."
    assert restates(old, new) > 0
    assert restates(old, "Gross margin reached 31% at the end of the fiscal year.") == 0
    assert restates("Fleet Plus costs $3,200 a month.", "Fleet Plus costs $3,200 a month.") == 0
    # another year's row of a series is no older value of this year's
    assert (
        restates("Year: 2019; Book loans: 1.84 million", "Year: 2022; Book loans: 1.39 million")
        == 0
    )
    assert restates("Annual revenue was $12.4m in 2023.", "Annual revenue in 2023: $12.9m") > 0
    ages = [Vintage("", (2025, 6, 30)), Vintage("", (2026, 6, 30)), Vintage("archive", None)]
    fleet = [
        ("Kestrel operates 610 robots in 8 cities.", ages[0]),
        ("Kestrel ended the quarter with 1,240 robots in service in 14 cities.", ages[1]),
        ("Kestrel operates 220 robots in 3 cities.", ages[2]),
    ]
    assert outdated(fleet, frozenset({"kestrel"})) == {0: [1], 2: [0, 1]}  # most alike first
    chinese = [
        ("本季度末，青隼在8个城市共有610台机器人投入服务。", ages[0]),
        ("本季度末，青隼在14个城市共有1240台机器人投入服务。", ages[1]),
        ("B轮融资后公司估值为2.6亿美元。", ages[0]),
    ]
    assert outdated(chinese) == {0: [1]}


def _known(
    title: str, text: str, age: Vintage, about: str = "Kestrel Robotics", address: str = ""
) -> evidence.Known:
    return evidence.Known(address or f"/{title}", title, text, age, f"{about}\n{text}")


REVENUE_2026 = "Annual recurring revenue (ARR): $18.4 million at June 30, 2026."
REVENUE_2025 = "Annual recurring revenue reached $9.7 million at the end of the fiscal year."
FLEET = "Kestrel ended the quarter with 1,240 robots in service in 14 cities."
UPTIME = "Fleet availability averaged 97.2% over the quarter."
PRICE_DRAFT = "Fleet Plus costs $3,500 per robot per month."
PRICE = "Fleet Plus costs $3,200 per robot per month."
SOURCES = {
    1: _known(
        "Annual Report 2026", f"Financial highlights\n{REVENUE_2026}", Vintage("", (2026, 6, 30))
    ),
    2: _known("Annual Report 2025", REVENUE_2025, Vintage("", (2025, 6, 30))),
    3: _known("Fleet Report Q3 2026", f"{FLEET}\n{UPTIME}", Vintage("", (2026, 10, 6))),
    4: _known("Pricing 2026 (draft)", PRICE_DRAFT, Vintage("draft", (2026, 6, 2))),
    5: _known("Pricing 2026", f"Pricing\n{PRICE}", Vintage("", (2026, 9, 1))),
    6: _known(
        "Leave policy", "The company funds the revenue of leave in full.", Vintage("", None), ""
    ),
}
PARTS = [
    evidence.Part(1, "Current revenue", "current revenue Kestrel Robotics current revenue"),
    evidence.Part(2, "Fleet size", "fleet size Kestrel Robotics fleet size"),
    evidence.Part(3, "Pricing", "pricing Kestrel Robotics pricing"),
]
CANDIDATES = [
    evidence.Candidate(REVENUE_2025, 2, 1, "Kestrel Robotics current revenue"),
    evidence.Candidate("The company funds the revenue of leave in full.", 6, 1, "revenue"),
    evidence.Candidate(FLEET, 3, 2, "Kestrel Robotics fleet size"),
    evidence.Candidate(UPTIME, 3, 2, "Kestrel Robotics fleet size"),
    evidence.Candidate(PRICE_DRAFT, 4, 3, "Kestrel Robotics pricing"),
    evidence.Candidate(PRICE, 5, 3, "Kestrel Robotics pricing"),
]


def test_the_brief_states_the_newest_figures_the_older_only_as_history_and_no_draft():
    markdown = brief.write(QUESTION, "Kestrel", PARTS, CANDIDATES, SOURCES, WORDS, 900)
    revenue = markdown.split("## Current revenue")[1].split("##")[0]
    assert revenue.strip() == (  # the newer report's figure, which no summary quoted, comes first
        f"“{REVENUE_2026}” [1] *Earlier, as of 2025-06-30:* “{REVENUE_2025}” [2]"
    )
    pricing = markdown.split("## Pricing")[1]
    assert pricing.strip() == f"“{PRICE}” [5]"  # the draft's price is no history of it
    assert PRICE_DRAFT not in markdown
    assert "leave" not in markdown  # its document does not name the subject


def test_a_part_that_names_its_year_quotes_no_history_from_a_source_of_an_earlier_year():
    parts = [evidence.Part(1, "2026 revenue", "2026 revenue Kestrel Robotics revenue"), *PARTS[1:]]
    markdown = brief.write(QUESTION, "Kestrel", parts, CANDIDATES, SOURCES, WORDS, 900)
    revenue = markdown.split("## 2026 revenue")[1].split("##")[0]
    assert revenue.strip() == f"“{REVENUE_2026}” [1]"  # 2025's is another year's, not asked
    asked_2025 = [evidence.Part(1, "Revenue since 2025", "revenue"), *PARTS[1:]]
    markdown = brief.write(QUESTION, "Kestrel", asked_2025, CANDIDATES, SOURCES, WORDS, 900)
    assert f"*Earlier, as of 2025-06-30:* “{REVENUE_2025}” [2]" in markdown


def test_an_older_statement_is_no_history_after_a_newer_one_that_already_gives_its_value():
    restating = "Annual recurring revenue: $18.4 million at June 30, 2026 (2025: $9.7 million)."
    sources = {**SOURCES, 1: _known("Annual Report 2026", restating, Vintage("", (2026, 6, 30)))}
    markdown = brief.write(QUESTION, "Kestrel", PARTS, CANDIDATES, sources, WORDS, 900)
    revenue = markdown.split("## Current revenue")[1].split("##")[0]
    assert revenue.strip() == f"“{restating}” [1]"
    assert REVENUE_2025 not in markdown


def test_the_brief_opens_with_a_table_of_its_key_figures():
    markdown = brief.write(QUESTION, "Kestrel", PARTS, CANDIDATES, SOURCES, WORDS, 900)
    table = markdown.split("## Key figures")[1].split("## Current revenue")[0].strip()
    assert table.splitlines() == [
        "| Measure | Value | As of | Source |",
        "|---|---|---|---|",
        "| Annual recurring revenue (ARR) | $18.4 million | 2026-06-30 | [1] |",
        "| Fleet availability | 97.2% | 2026-10-06 | [3] |",
        "| Robots in service | 1,240 robots in service | 2026-10-06 | [3] |",
        "| Fleet Plus price | $3,200 per robot per month | 2026-09-01 | [5] |",
    ]


def test_the_brief_is_the_same_whatever_order_its_quotes_come_in_and_keeps_to_its_length():
    first = brief.write(QUESTION, "Kestrel", PARTS, CANDIDATES, SOURCES, WORDS, 900)
    again = brief.write(QUESTION, "Kestrel", PARTS, CANDIDATES[::-1], SOURCES, WORDS, 900)
    assert first == again
    short = brief.write(QUESTION, "Kestrel", PARTS, CANDIDATES, SOURCES, WORDS, 10)
    fleet = short.split("## Fleet size")[1].split("##")[0]
    assert fleet.count("”") == 1 and first.count("”") == short.count("”") + 1
    assert "## Pricing\n\n“" in short  # every section's best, whatever the length


def test_a_figure_from_an_earlier_year_than_the_newest_source_says_its_date():
    sources = {
        **SOURCES,
        7: _known(
            "Pricing 2025", "The standard delivery fee is $1.80.", Vintage("", (2025, 9, 15))
        ),
    }
    candidates = [
        *CANDIDATES,
        evidence.Candidate("The standard delivery fee is $1.80.", 7, 3, "pricing"),
    ]
    markdown = brief.write(QUESTION, "Kestrel", PARTS, candidates, sources, WORDS, 900)
    assert "*As of 2025-09-15:* “The standard delivery fee is $1.80.” [7]" in markdown


def test_an_undated_library_document_is_dated_by_its_upload():
    uploaded = date(2026, 11, 20)
    assert vintage(["faq.md"], "No dates.", None, TODAY, uploaded).as_of == (2026, 11, 20)
    dated = vintage(["report-2025.pdf"], "", None, TODAY, uploaded)
    assert dated.as_of == (2025, 0, 0)  # its own date wins


def test_a_table_row_is_quoted_after_its_header_and_named_by_its_column_in_the_key_figures():
    text = (
        "Funding\n\n| Round | Date | Amount |\n|---|---|---|\n"
        "| Series B | February 2026 | $42 million |"
    )
    sources = {8: _known("Funding history", text, Vintage("", (2026, 3, 1)))}
    parts = [evidence.Part(1, "Funding history", "funding history")]
    row = evidence.Candidate(
        "Series B; February 2026; $42 million", 8, 1, "Kestrel funding history"
    )
    markdown = brief.write(QUESTION, "Kestrel", parts, [row], sources, WORDS, 900)
    assert "*Round; Date; Amount:* “Series B; February 2026; $42 million” [8]" in markdown
    assert "| Series B (Amount) | $42 million | 2026-02 | [8] |" in markdown


def test_in_a_comparison_one_things_newer_figure_is_no_update_of_anothers():
    question = "Compare the farebox recovery ratio of the Wrenfield and Ashgrove tram networks."
    wrenfield = "Fare income covered 47.8% of operating costs in 2024 (farebox recovery ratio)."
    ashgrove = "Fares now cover 33.5% of running costs, a farebox recovery ratio below its peers."
    sources = {
        1: evidence.Known(
            "/w",
            "Wrenfield Light Rail: 2024 Performance Summary",
            wrenfield,
            Vintage("", (2025, 3, 1)),
            f"Wrenfield Light Rail\n{wrenfield}",
        ),
        2: evidence.Known(
            "/a",
            "Ashgrove's trams beat their own record",
            ashgrove,
            Vintage("", (2025, 1, 10)),
            f"Ashgrove trams\n{ashgrove}",
        ),
    }
    parts = [
        evidence.Part(1, "Wrenfield: farebox recovery ratio", "Wrenfield farebox recovery ratio"),
        evidence.Part(2, "Ashgrove: farebox recovery ratio", "Ashgrove farebox recovery ratio"),
    ]
    candidates = [
        evidence.Candidate(
            wrenfield, 1, 2, "Ashgrove farebox recovery ratio"
        ),  # found by the other
        evidence.Candidate(ashgrove, 2, 2, "Ashgrove farebox recovery ratio"),
    ]
    markdown = brief.write(question, "Trams", parts, candidates, sources, WORDS, 600)
    assert "Earlier" not in markdown
    wrenfield_section = markdown.split("## Wrenfield")[1].split("## Ashgrove")[0]
    ashgrove_section = markdown.split("## Ashgrove")[1]
    assert "47.8%" in wrenfield_section and "33.5%" not in wrenfield_section
    assert "33.5%" in ashgrove_section and "47.8%" not in ashgrove_section


def test_a_spreadsheets_rows_are_quoted_together_in_the_tables_order():
    question = "List the member towns of the Tallowmere Water Board and their populations."
    rows = [
        f"Town: {town}; Mid-2025 population: {people}"
        for town, people in (("Fernley", "21,750"), ("Ashcombe", "48,200"), ("Quenby", "9,860"))
    ]
    text = "Towns\n\n" + "\n".join(rows) + "\n\nItem: Publisher; Detail: County Statistics Office"
    sources = {
        1: _known(
            "population estimates", text, Vintage("", (2025, 9, 30)), "Tallowmere Water Board"
        )
    }
    parts = [evidence.Part(1, "Member towns", "member towns populations")]
    candidates = [evidence.Candidate(q, 1, 1, "member towns populations") for q in rows[::-1]]
    markdown = brief.write(question, "Towns", parts, candidates, sources, WORDS, 900)
    at = [markdown.index(row) for row in rows]
    assert at == sorted(at)  # Fernley, Ashcombe, Quenby: down the table, not by name or score


def test_rows_of_a_table_are_told_apart_by_their_cells_not_their_column_names():
    assert brief._cells("Town: Quenby; Mid-2025 population: 9,860") == ["quenbi", "860"]


def test_a_chinese_subject_ends_where_most_sources_that_name_it_end_it():
    known = {
        n: _known(title, text, Vintage("", (2025, 6, 30)), about=title)
        for n, (title, text) in enumerate(
            [
                ("蓝鲸数据中心正式投运", "蓝鲸数据中心规划建设12000个机柜。"),
                ("蓝鲸数据中心年度报告", "年均PUE值为1.21。"),
                ("蓝鲸数据中心参观问题", "园区建筑面积18.5万平方米。"),
            ],
            start=1,
        )
    }
    assert filing.grounded(("蓝鲸数据中心规模",), known) == ("蓝鲸数据中心",)
    assert filing.grounded(("Veltro Logistics",), known) == ()  # named by none of them


def test_a_sheet_that_names_no_one_is_kept_when_it_is_on_the_questions_topic():
    question = "How does the Port of Saltmarsh's automated truck gate process a container pickup?"
    header = "| Quarter | Trucks per day | Average turnaround |\n|---|---|---|\n"
    sheet = header + "| Q2 2025 | 3,280 | 28 minutes |\n| Q3 2025 | 3,400 | 27 minutes |"
    other = header.replace("Trucks per day", "Pints") + "| Q3 2025 | 8,600 | 9 minutes |"
    known = {
        1: _known("Smart gate procedure", "The truck drives through the gate.", Vintage("", None)),
        2: _known("gate-kpis-2025", sheet, Vintage("", None), about="gate-kpis-2025"),
        3: _known("brewery-kpis", other, Vintage("", None), about="brewery-kpis"),
    }
    known[1] = _known(
        "Smart gate procedure", "The truck drives through the gate.", Vintage("", None), question
    )
    assert filing.naming(question, ("Port of Saltmarsh",), known) == {1, 2}


def test_a_compared_things_own_page_is_kept_though_it_never_names_the_kind():
    question = "How do the Pellar Swift and Cordane Urban 5 e-bikes compare on battery capacity?"
    age = Vintage("", None)
    known = {
        1: _known("Group test", "Three commuter e-bikes: Pellar Swift and Cordane Urban 5.", age),
        2: _known("Pellar Swift e-bike", "The Pellar Swift e-bike has a 540 Wh battery.", age),
        3: _known("Cordane launches the Urban 5", "The Cordane Urban 5 gets 500 Wh.", age),
        4: _known("Venn Air fares", "Venn Air X fares cut; the Cordane board met.", age),
    }
    known = {n: _known(k.title, k.text, age, about=k.title) for n, k in known.items()}
    assert filing.naming(question, ("Pellar Swift", "Cordane Urban 5"), known) == {1, 2, 3}


def test_a_compared_things_section_quotes_its_figures_in_other_words_rather_than_none():
    question = "Compare the Auro Buds 3 and Pellow Pods Pro wireless earbuds on price."
    auro = "The Auro Buds 3 wireless earbuds are priced at £149."
    pellow = "Pellow's Pods Pro earbuds cost £179 at launch, the Pellow Pods Pro's makers said."
    sources = {
        1: _known("Auro Buds 3 earbuds", auro, Vintage("", (2025, 3, 1)), "Auro Buds 3"),
        2: _known("Pellow Pods Pro earbuds", pellow, Vintage("", (2025, 3, 1)), "Pellow Pods Pro"),
    }
    parts = [
        evidence.Part(1, "Auro Buds 3: price", "Auro Buds 3 price"),
        evidence.Part(2, "Pellow Pods Pro: price", "Pellow Pods Pro price"),
    ]
    candidates = [
        evidence.Candidate(auro, 1, 1, "Auro Buds 3 price"),
        evidence.Candidate(pellow, 2, 2, "Pellow Pods Pro price"),
    ]
    markdown = brief.write(question, "Earbuds", parts, candidates, sources, WORDS, 600)
    assert "£179" in markdown.split("## Pellow Pods Pro")[1]


def test_a_quote_that_compares_another_thing_without_naming_the_subject_is_left_out():
    question = "How long is the main span of the Orlay Strait Bridge?"
    kessock = "For comparison, the older Kessock Narrows Bridge has a main span of 620 metres."
    orlay = "The Orlay Strait Bridge has a main span of 1,140 metres."
    known = _known("Engineering summary", f"{orlay}\\n{kessock}", Vintage("", None), "Orlay")
    own = evidence.Candidate(orlay, 1, 1, "Orlay Strait Bridge main span")
    other = evidence.Candidate(kessock, 1, 1, "Orlay Strait Bridge main span")
    phrases = ("Orlay Strait Bridge",)
    assert not filing.another_things(own, known, phrases, question)
    assert filing.another_things(other, known, phrases, question)


def test_a_part_only_a_superseded_source_answers_quotes_it_as_superseded_not_as_current():
    roadmap = "The K3 delivery robot is planned for the second half of the year."
    sources = {**SOURCES, 7: _known("Roadmap (archive)", roadmap, Vintage("archive", (2025, 1, 9)))}
    parts = [*PARTS, evidence.Part(4, "Product roadmap", "product roadmap Kestrel roadmap")]
    candidates = [*CANDIDATES, evidence.Candidate(roadmap, 7, 4, "Kestrel roadmap")]
    markdown = brief.write(QUESTION, "Kestrel", parts, candidates, sources, WORDS, 900)
    section = markdown.split("## Product roadmap")[1]
    assert section.strip() == f"*Superseded (archive, 2025-01-09):* “{roadmap}” [7]"
    assert "K3" not in markdown.split("## Current revenue")[0]  # no key figure of it


def test_a_bulletins_advice_is_left_out_while_its_report_of_the_fleet_is_quoted():
    advice = "Sites should confirm the firmware update on the fleet dashboard."
    event = "Kestrel recalled 40 robots in its fleet for a brake fault in March 2026."
    bulletin = _known("Field safety bulletin", f"{event}\n{advice}", Vintage("", (2026, 3, 2)))
    sources = {**SOURCES, 7: bulletin}
    candidates = [
        *CANDIDATES,
        evidence.Candidate(event, 7, 2, "Kestrel Robotics fleet size"),
        evidence.Candidate(advice, 7, 2, "Kestrel Robotics fleet size"),
    ]
    markdown = brief.write(QUESTION, "Kestrel", PARTS, candidates, sources, WORDS, 900)
    assert event in markdown
    assert "firmware" not in markdown
    asked = "What should Kestrel Robotics sites do about the fleet firmware update?"
    markdown = brief.write(asked, "Kestrel", PARTS, candidates, sources, WORDS, 900)
    assert advice in markdown  # a question about what to do reads the advice


def test_a_document_that_calls_the_name_another_kind_of_thing_or_gives_only_a_common_word_of_it():
    question = "What are the passenger capacity and service speed of the ferry MV Selkie Dawn?"
    band = "Orkney folk band Selkie Dawn return with a second album. Their gig drew 620 people."
    storm = "All dawn sailings on the Northwind Ferries network were cancelled on Friday."
    forum = "Caught the Selkie Dawn leaving Stromhaven this morning, 620 passengers aboard."
    fleet = "MV Selkie Dawn carries 620 passengers at a service speed of 17.5 knots."
    sources = {
        n: _known(title, text, Vintage("", (2025, 1, 1)), "")
        for n, (title, text) in enumerate(
            [("Album review", band), ("Storm", storm), ("Photos", forum), ("Fleet", fleet)], 1
        )
    }
    assert filing.naming(question, ("MV Selkie Dawn",), sources) == {3, 4}
    assert other_kinds.other_kind(band, "MV Selkie Dawn", question)
    person = "Dr Senna Halloway led 17 expeditions. The research ship was named after her."
    vessel = "What is the length of the research vessel Senna Halloway?"
    assert other_kinds.other_kind(person, "Senna Halloway", vessel)
    assert not other_kinds.other_kind("The Senna Halloway is 61 m long.", "Senna Halloway", vessel)
    assert not other_kinds.other_kind(f"{band} The ferry of that name", "MV Selkie Dawn", question)


def test_a_document_that_gives_the_name_only_as_another_things_proper_name_is_about_that():
    question = "When did the Marrow Creek footbridge open and how long is it?"
    oregon = "ODOT is replacing the 1938 Marrow Creek Bridge on Route 38. It will be 96 m long."
    easton = "Hundreds crossed the new Marrow Creek bridge. The Marrow Creek footbridge is 186 m."
    assert other_kinds.other_kind(oregon, "Marrow Creek", question)
    assert not other_kinds.other_kind(easton, "Marrow Creek", question)
    footbridge = "The Marrow Creek Footbridge opened."
    assert not other_kinds.other_kind(footbridge, "Marrow Creek", question)


def test_a_comparison_of_one_year_leaves_out_a_review_of_an_earlier_year_published_in_it():
    question = "How did Skerrin Ferries and Halvard Line compare on passengers carried in 2023?"
    skerrin_2023 = "Skerrin Ferries carried 1.81 million passengers in 2023."
    skerrin_2022 = "Punctuality was 89.4%, and Skerrin Ferries carried 1.72 million passengers."
    halvard = "Halvard Line carried 2.40 million passengers in 2023, its best year."
    pages = [  # address, title, text, date
        ("/skerrin/annual-review-2023", "Skerrin review", skerrin_2023, (2024, 3, 5)),
        ("/skerrin/annual-review-2022", "Skerrin review", skerrin_2022, (2023, 3, 2)),
        ("/halvard/2023-traffic", "Halvard Line traffic", halvard, (2024, 1, 29)),
    ]
    sources = {
        n: _known(title, text, Vintage("", day), title, address)
        for n, (address, title, text, day) in enumerate(pages, 1)
    }
    parts = [
        evidence.Part(1, "Skerrin Ferries: passengers", "Skerrin Ferries passengers carried"),
        evidence.Part(2, "Halvard Line: passengers", "Halvard Line passengers carried"),
    ]
    candidates = [
        evidence.Candidate(skerrin_2023, 1, 1, "Skerrin Ferries passengers carried 2023"),
        evidence.Candidate(skerrin_2022, 2, 1, "Skerrin Ferries passengers carried 2023"),
        evidence.Candidate(halvard, 3, 2, "Halvard Line passengers carried 2023"),
    ]
    markdown = brief.write(question, "Ferries", parts, candidates, sources, WORDS, 600)
    assert skerrin_2023 in markdown and halvard in markdown
    assert "1.72 million" not in markdown  # 2022's, though published in 2023
    asked_ahead = question.replace("did", "will").replace("carried in 2023", "carry in 2023")
    assert "1.72 million" in brief.write(asked_ahead, "F", parts, candidates, sources, WORDS, 600)


def test_a_question_that_spans_a_period_leaves_out_a_source_of_a_year_before_it():
    notes = {  # title, its vintage's year
        1: ("Lumen release notes 2021", 2022),
        2: ("Lumen release notes 2023", 2024),
        3: ("Lumen release notes 2024", 2025),
        4: ("Lumen product page", 2026),
    }
    sources = {
        n: _known(title, "Added dashboard folders.", Vintage("", (year, 1, 5)), "Lumen")
        for n, (title, year) in notes.items()
    }
    since = "What features has Tessary added to its Lumen dashboard since 2023?"
    assert prospects.of_the_period(since, {1, 2, 3, 4}, sources) == {2, 3, 4}
    span = since.replace("since 2023", "from 2023 to 2024")
    assert prospects.of_the_period(span, {1, 2, 3, 4}, sources) == {2, 3, 4}
    in_one_year = since.replace("since 2023", "in 2024")  # the one question's year
    assert prospects.of_the_period(in_one_year, {1, 2, 3, 4}, sources) == {3, 4}
    one_parts = "Brief me on Lumen: the features added in 2024, its pricing and its customers."
    assert prospects.of_the_period(one_parts, {1, 2, 3, 4}, sources) == {1, 2, 3, 4}
    why = "Why has Tessary removed features from its Lumen dashboard since 2023?"
    assert prospects.of_the_period(why, {1, 2, 3, 4}, sources) == {1, 2, 3, 4}  # causes come first
    # a plan's horizon is no year it speaks of: a "2018–2028" strategy of 2018 speaks of 2018
    plans = {
        1: _known(
            "Parks strategy 2018–2028", "Refurbish the play area.", Vintage("", (2018, 5, 2))
        ),
        2: _known("Parks and open spaces", "Hollin Meadow opened.", Vintage("", (2024, 10, 1))),
    }
    opened = "Which parks has Brimley District Council opened or refurbished since 2021?"
    assert prospects.of_the_period(opened, {1, 2}, plans) == {2}


def test_a_question_of_one_year_leaves_out_a_source_of_a_year_before_it():
    sources = {
        1: _known("2025年临时展览", "海上瓷路特展开幕。", Vintage("", (2025, 3, 3))),
        2: _known("2024年临时展览回顾", "以下展览均已闭幕。", Vintage("", (2024, 12, 30))),
    }
    asked = "博川市博物馆2025年有哪些临时展览？"
    assert prospects.of_the_period(asked, {1, 2}, sources) == {1}
    several = "博川市博物馆2025年有哪些临时展览？馆长是谁？"  # the year is one question's
    assert prospects.of_the_period(several, {1, 2}, sources) == {1, 2}


def test_a_question_in_lower_case_names_its_subject_as_the_sources_write_it():
    sources = {
        1: _known(
            "Performance 2024",
            "Leakage was 18.6%.",
            Vintage("", (2025, 4, 1)),
            "Quillmere Water Trust",
        ),
        2: _known(
            "Distillery opens",
            "The Quillmere Distillery opened. It is not connected with Quillmere Water Trust.",
            Vintage("", (2024, 6, 1)),
            "Quillmere Distillery",
        ),
    }
    question = "quillmere water trust leakage rate 2024 and how much it invested"
    abouts = [known.about for known in sources.values()]
    assert names.cased(question, abouts) == ("Quillmere Water Trust",)  # not "Leakage"
    assert filing.naming(question, names.cased(question, abouts), sources) == {1}
    assert names.cased("What did Quillmere Water Trust invest?", abouts) == ()


def test_a_comparison_of_one_quarter_leaves_out_an_earlier_quarters_report_of_its_year():
    def report(title: str, day: tuple[int, int, int]) -> evidence.Known:
        return _known(title, "星澜、迈途和青柚的出货量。", Vintage("", day), "星澜 迈途 青柚")

    sources = {
        1: report("2024年第二季度中国智能手机市场追踪报告", (2024, 7, 26)),
        2: report("2024年第一季度中国智能手机市场追踪报告", (2024, 4, 25)),
    }
    asked = "星澜、迈途和青柚在2024年第二季度的出货量对比如何？"
    assert prospects.of_the_period(asked, {1, 2}, sources) == {1}
    assert prospects.quarter("Q3 2024 results") == 3
    assert prospects.quarter("Q1 and Q2 results") == 0  # several quarters: none


def test_a_plans_document_gives_what_is_but_not_what_is_to_come():
    strategy = _known(
        "Growth strategy",
        "",
        vintage(["trust/growth-strategy-2026-2030.docx"], "", date(2026, 3, 1), TODAY),
    )
    assert strategy.vintage.prospective == "strategy"
    assert prospects.planned("Pollard Hill Primary; 198; September 2027", strategy)
    assert prospects.planned("The trust will not grow beyond ten schools.", strategy)
    assert not prospects.planned("The trust runs six schools with 2,140 pupils.", strategy)
    report = _known("Annual report", "", Vintage("", (2026, 3, 1)))
    assert not prospects.planned("Pollard Hill Primary; 198; September 2027", report)
    # a headline's "Old" marks nothing; a file's or a folder's does
    assert not vintage(["Old railway reborn as greenway"], "", None, TODAY).marked
    assert vintage(["old", "prices.pdf"], "", None, TODAY).marked == "old"


def test_a_question_of_one_years_figures_quotes_no_part_of_the_year_nor_a_target():
    asked = "澜州、霁川和榆岚三个城市2024年的地区生产总值各是多少？"
    assert prospects.asks_one_year(asked)
    assert prospects.of_another_period("前三季度，全市地区生产总值4,701.5亿元，同比增长5.4%。")
    target = "2025年经济社会发展主要预期目标是：地区生产总值增长5.5%左右，力争突破4,100亿元。"
    assert prospects.of_another_period(target)
    assert not prospects.of_another_period("2024年全市地区生产总值6,312.8亿元。")
    assert prospects.asks_one_year("What was Kestrel Robotics' revenue in 2024?")
    assert prospects.of_another_period("Revenue in the first half was $8.1 million.")
    assert not prospects.asks_one_year("What was Kestrel's revenue in the first half of 2024?")
    assert not prospects.asks_one_year("Brief me on Kestrel: its 2024 revenue, staff and risks.")
    sources = {
        1: _known(
            "2024年国民经济和社会发展统计公报", "地区生产总值。", Vintage("", (2025, 3, 1)), "澜州"
        ),
        2: _known(
            "2024年前三季度经济运行情况", "地区生产总值。", Vintage("", (2024, 10, 20)), "澜州"
        ),
        3: _known(
            "Processors Bulletin, Q1 2025", "2024 revenue.", Vintage("", (2025, 2, 1)), "澜州"
        ),
    }
    assert prospects.of_the_period(asked, {1, 2, 3}, sources) == {1, 3}  # Q1 2025 may give 2024's


def test_a_quote_sharing_only_a_year_with_its_part_is_not_about_it_but_a_synonym_is():
    question = "How has ridership on the Elsmouth Tramway changed from 2019 to 2024?"
    survey = "Drivers told us that crowding at peak times is their biggest concern."
    journeys = "Passengers made 14.8 million journeys on the tramway in 2024."
    sources = {
        1: _known("Staff Survey Results 2024", survey, Vintage("", (2025, 1, 10)), "Tramway"),
        2: _known("Annual Report 2024", journeys, Vintage("", (2025, 3, 2)), "Tramway"),
    }
    title = "Ridership on the Elsmouth Tramway from 2019 to 2024"
    parts = [evidence.Part(1, title, f"{title} Elsmouth Tramway ridership 2019 2024")]
    candidates = [
        evidence.Candidate(survey, 1, 1, "Elsmouth Tramway ridership 2019 2024"),
        evidence.Candidate(journeys, 2, 1, "Elsmouth Tramway ridership 2019 2024"),
    ]
    markdown = brief.write(question, "Trams", parts, candidates, sources, WORDS, 600)
    assert journeys in markdown  # passengers' journeys are what ridership counts
    assert survey not in markdown  # its title's 2024 is all it shares with the part


def test_a_document_titled_with_another_code_of_the_same_letters_is_another_things():
    question = "What are the stops on the new X14 express bus between Ostby and Carrow Airport?"
    x14 = "The X14 runs from Ostby Bus Station to Carrow Airport every 20 minutes."
    x41 = "Stop: Queen's Parade; Minutes from Ostby: 9"
    pages = [
        ("X14 Ostby - Carrow Airport express", x14),
        ("X41 Ostby - Dunmere express: timetable", x41),
        ("Ostby buses: X14 and X41 fares", "Both cost £4 a single."),
        ("Q3 2025 Ostby bus report", x14),
    ]
    sources = {
        n: _known(title, text, Vintage("", (2025, 1, 1)), title)
        for n, (title, text) in enumerate(pages, 1)
    }
    assert filing.naming(question, ("Ostby", "X14"), sources) == {1, 3, 4}
    rounds = {
        1: _known("Quillon Health raises $18 million Series A", x41, Vintage("", None), "Quillon"),
        2: _known("Quillon Health closes Series B", x41, Vintage("", None), "Quillon"),
    }
    asked = "How much did Quillon Health raise in its Series B round?"
    assert filing.naming(asked, ("Quillon Health", "Series B"), rounds) == {2}
    other = "Loamwise has closed a $22 million Series B led by Fenmore Capital."
    web = {
        1: _known("Quillfern raises $38 million Series B", x41, Vintage("", None), "Quillfern"),
        2: _known("Loamwise announces Series B", other, Vintage("", None), "", "https://l.example"),
    }
    web[1] = _known(web[1].title, x41, Vintage("", None), "Quillfern", "https://q.example")
    assert filing.naming(
        asked.replace("Quillon Health", "Quillfern"), ("Quillfern", "Series B"), web
    ) == {1}


def test_a_compared_things_page_of_another_place_is_left_out_beside_its_page_of_the_asked_one():
    question = "Compare hot desk prices at Hivebase and Ledgerloft in Dublin."
    pages = [
        ("Hivebase Dublin", "A hot desk at Hivebase in Dublin costs €260 a month."),
        ("Ledgerloft Dublin Docklands", "Ledgerloft's Dublin hot desks cost €280 a month."),
        ("Ledgerloft Cork City", "A hot desk at Ledgerloft's Cork space costs €240 a month."),
        ("Hivebase opens", "Hivebase now has 300 members, it said."),
    ]
    sources = {
        n: _known(title, text, Vintage("", (2025, 1, 1)), title)
        for n, (title, text) in enumerate(pages, 1)
    }
    assert filing.naming(question, ("Hivebase", "Ledgerloft"), sources) == {1, 2}


def test_a_datasheets_rows_that_answer_nothing_asked_are_left_out_and_its_price_is_quoted():
    question = (
        "Compare the Solvane S5 and Ostra Volt 5000 inverters on maximum efficiency and price."
    )
    sheet = "| Parameter | Value |\n|---|---|\n" + "\n".join(
        f"| {name} | {value} |"
        for name, value in (
            ("Rated AC output", "5,000 W"),
            ("Maximum efficiency", "97.8%"),
            ("MPPT trackers", "2"),
            ("Weight", "21 kg"),
            ("Warranty", "10 years"),
        )
    )
    price = "Recommended retail price: £1,149 including VAT."
    ostra = "| | Volt 5000 |\n|---|---|\n| Max. efficiency | 97.1% |\n| Price | £899 |"
    age = Vintage("", (2025, 3, 1))
    sources = {
        1: _known("Solvane S5 datasheet", f"{sheet}\n\n{price}", age, "Solvane S5"),
        2: _known("Ostra Volt 5000", ostra, age, "Ostra Volt 5000"),
    }
    parts = [
        evidence.Part(1, "Solvane S5: maximum efficiency and price", "Solvane S5 efficiency price"),
        evidence.Part(2, "Ostra Volt 5000: maximum efficiency and price", "Volt efficiency price"),
    ]
    rows = [u.text for u in sources[1].units.values() if u.header] + [price]
    candidates = [evidence.Candidate(q, 1, 1, "Solvane S5 efficiency price") for q in rows]
    candidates += [
        evidence.Candidate(u.text, 2, 2, "Ostra price") for u in sources[2].units.values()
    ]
    markdown = brief.write(question, "Inverters", parts, candidates, sources, WORDS, 120)
    solvane = markdown.split("## Solvane S5")[1].split("## Ostra")[0]
    assert "Maximum efficiency; 97.8%" in solvane and price in solvane
    assert "Weight" not in solvane and "MPPT" not in solvane and "Warranty" not in solvane
    # a table whose header's first cell is empty is quoted after the header it has
    assert "*Volt 5000:* “Max. efficiency; 97.1%” [2]" in markdown


def test_a_newer_row_of_later_years_leaves_an_older_rows_years_out_unless_a_trend_is_asked():
    older = "£m: Revenue; 2019: 171.3; 2020: 158.8"
    newer = "£m: Revenue; 2023: 203.1; 2024: 214.6"
    assert restates(older, newer) == 0.0  # of other years: a series
    sources = {
        1: _known("Accounts 2020", f"Results\n\n{older}", Vintage("", (2021, 3, 1)), "Hollis"),
        2: _known("Accounts 2024", f"Results\n\n{newer}", Vintage("", (2025, 3, 1)), "Hollis"),
    }
    parts = [evidence.Part(1, "Financial results", "Hollis revenue financial results")]
    candidates = [
        evidence.Candidate(q, n, 1, "Hollis revenue") for n, q in ((1, older), (2, newer))
    ]
    brief_of = "Brief me on Hollis Bakeries: its revenue and its risks."
    markdown = brief.write(brief_of, "Hollis", parts, candidates, sources, WORDS, 600)
    assert newer in markdown and older not in markdown
    for asked in ("How has Hollis Bakeries' revenue changed?", "Hollis Bakeries: revenue history"):
        markdown = brief.write(asked, "Hollis", parts, candidates, sources, WORDS, 600)
        assert newer in markdown and older in markdown


AE_HEADER = "| Site | Attendances | Within 4 hours |\n|---|---|---|\n"
AE_ROWS = ("Corrant General Hospital; 12,684; 71.3%", "St Alwen's Hospital; 7,902; 78.9%")
AE_OTHER = "Kelbrook Infirmary; 6,140; 74.0%"


def _ae_page(title: str, rows: str, age: Vintage, path: str) -> evidence.Known:
    text = f"{title}\n\nFour-hour performance by site\n\n{AE_HEADER}{rows}"
    return evidence.Known(f"/{path}", title, text, age, f"{title}\n{text}", path, title)


def test_in_a_comparison_a_tables_row_of_a_thing_not_compared_is_left_out():
    question = "How do Corrant General Hospital and St Alwen's Hospital differ in A&E waits?"
    rows = (
        "| Corrant General Hospital | 12,684 | 71.3% |\n| St Alwen's Hospital | 7,902 | 78.9% |\n"
    )
    rows += "| Kelbrook Infirmary | 6,140 | 74.0% |\n| Board total | 26,726 | 74.2% |\n"
    sources = {1: _ae_page("A&E performance: March 2025", rows, Vintage("", (2025, 4, 10)), "b/a")}
    parts = [
        evidence.Part(1, "Corrant General Hospital: A&E waits", "Corrant General Hospital A&E"),
        evidence.Part(2, "St Alwen's Hospital: A&E waits", "St Alwen's Hospital A&E"),
    ]
    quotes = [*AE_ROWS, AE_OTHER, "Board total; 26,726; 74.2%"]
    candidates = [evidence.Candidate(q, 1, 1, "Corrant General Hospital A&E") for q in quotes]
    markdown = brief.write(question, "A&E", parts, candidates, sources, WORDS, 600)
    assert all(row in markdown for row in AE_ROWS)
    assert "Kelbrook" not in markdown and "Board total" not in markdown


def test_an_earlier_edition_of_a_series_is_quoted_only_where_its_newest_says_nothing():
    older = (
        "| Corrant General Hospital | 10,905 | 85.2% |\n| St Alwen's Hospital | 6,812 | 90.4% |\n"
    )
    newer = (
        "| Corrant General Hospital | 12,684 | 71.3% |\n| St Alwen's Hospital | 7,902 | 78.9% |\n"
    )
    sources = {
        1: _ae_page("A&E performance: March 2019", older, Vintage("", (2019, 4, 11)), "b/2019"),
        2: _ae_page("A&E performance: March 2025", newer, Vintage("", (2025, 4, 10)), "b/2025"),
        3: _ae_page("A&E performance: March 2025", newer, Vintage("", (2025, 5, 1)), "b/2025"),
    }
    assert editions.earlier_editions(sources) == {1}  # one document's passages: one edition
    reports = {  # by their files' names, and a title's "(summary)" is no other series
        n: evidence.Known(f"/{n}", t, "", Vintage("", (y, 1, 1)), t, f"homes/{f}", t)
        for n, t, f, y in (
            (1, "Annual Report 2016-17 (summary)", "annual-report-2016-17.html", 2017),
            (
                2,
                "Annual Report and Financial Statements 2023-24",
                "annual-report-2023-24.pdf",
                2024,
            ),
            (3, "Annual Report 2015-16", "other/annual-report-2015-16.pdf", 2016),
        )
    }
    assert editions.earlier_editions(reports) == {1}  # 3 is of another folder
    question = "What share of A&E patients did Corrant General Hospital see within 4 hours?"
    parts = [evidence.Part(1, "Within 4 hours", "Corrant General Hospital within 4 hours")]
    old_row = "Corrant General Hospital; 10,905; 85.2%"
    candidates = [
        evidence.Candidate(old_row, 1, 1, "A&E"),
        evidence.Candidate(AE_ROWS[0], 2, 1, "A&E"),
    ]
    markdown = brief.write(question, "A&E", parts, candidates, sources, WORDS, 600)
    assert AE_ROWS[0] in markdown and "85.2%" not in markdown
    trend = "How has Corrant General Hospital's four-hour A&E performance changed since 2019?"
    assert "85.2%" in brief.write(trend, "A&E", parts, candidates, sources, WORDS, 600)


def test_a_page_titled_with_a_rival_of_the_subjects_kind_is_left_out_though_it_names_it():
    question = "When was Orvane Systems founded and how many people does it employ?"
    rival = "Varnex Systems was founded in 2011 and employs 2,100 people, unlike Orvane Systems."
    own = "Orvane Systems was founded in 2009 and employs 1,340 people."
    sources = {
        1: _known("About Varnex Systems", rival, Vintage("", (2025, 1, 1)), "Varnex Systems"),
        2: _known("About Orvane Systems", own, Vintage("", (2025, 1, 8)), "Orvane Systems"),
    }
    parts = [evidence.Part(1, "Founded", "Orvane Systems founded employ")]
    candidates = [evidence.Candidate(q, n, 1, "Orvane Systems") for n, q in ((1, rival), (2, own))]
    markdown = brief.write(question, "Orvane", parts, candidates, sources, WORDS, 600)
    assert own in markdown and "Varnex" not in markdown


def test_a_regulators_page_naming_every_compared_operator_is_no_rivals_page():
    question = "How did Westmarch Rail and Ouselink compare on punctuality in 2024?"
    table = "Westmarch Rail; 91.4%\nOuselink; 89.9%"
    regulator = _known(
        "Northern Shires Rail Regulator — Operator performance 2024",
        table,
        Vintage("", (2025, 2, 1)),
        "Westmarch Rail Ouselink",
    )
    assert filing.naming(question, ("Westmarch Rail", "Ouselink"), {1: regulator}) == {1}
    assert heading_for("how punctual is it") == "Punctuality"
    assert {"time", "late"} <= set(said_for("punctuality").split())  # "on time"


def test_a_neighbours_page_titled_with_the_kind_the_question_calls_the_subject_is_left_out():
    question = "How has generation at the Caddow Bank offshore wind farm changed since 2020?"
    peer = "Skerrow Sands lies 12 km north of Caddow Bank and has 67 turbines."
    peer_output = "In 2023 it generated 1,236 GWh."
    own = "Caddow Bank generated 1,538 GWh of electricity in 2024."
    sources = {
        1: _known(
            "Skerrow Sands Wind Farm",
            f"{peer} {peer_output}",
            Vintage("", (2025, 1, 1)),
            "Skerrow Sands Wind Farm",
        ),
        2: _known(
            "Caddow Bank Offshore Wind Farm — Operations Review 2024",
            own,
            Vintage("", (2025, 1, 8)),
            "Caddow Bank Offshore Wind Farm",
        ),
    }
    parts = [evidence.Part(1, "Generation", "Caddow Bank generation")]
    candidates = [
        evidence.Candidate(q, n, 1, "Caddow Bank")
        for n, q in ((1, peer), (1, peer_output), (2, own))
    ]
    markdown = brief.write(question, "Caddow Bank", parts, candidates, sources, WORDS, 600)
    assert own in markdown and "Skerrow" not in markdown and "1,236" not in markdown


def test_a_tables_row_of_another_thing_beside_the_subjects_row_is_left_out():
    question = "How has generation at the Caddow Bank offshore wind farm changed since 2020?"
    rows = ("| Caddow Bank | 1,482 | 1,604 |", "| Skerrow Sands | 1,210 | 1,236 |")
    text = "\n".join(
        ["Generation by station", "", "| Station | 2020 | 2023 |", "|---|---|---|", *rows]
    )
    sources = {1: _known("Generation by station", text, Vintage("", (2025, 1, 1)), "Offshore wind")}
    assert list(sources[1].units) == ["Caddow Bank; 1,482; 1,604", "Skerrow Sands; 1,210; 1,236"]
    parts = [evidence.Part(1, "Generation", "Caddow Bank generation")]
    candidates = [evidence.Candidate(r, 1, 1, "Caddow Bank") for r in sources[1].units]
    markdown = brief.write(question, "Caddow Bank", parts, candidates, sources, WORDS, 600)
    assert "1,604" in markdown and "Skerrow" not in markdown
    # a table of the subject's own rows (its measures), none naming it, is kept whole
    measures = "\n".join(
        [
            "| Measure | 2024 |",
            "|---|---|",
            "| Generation (GWh) | 1,538 |",
            "| Capacity (MW) | 576 |",
        ]
    )
    sources = {
        1: _known("Caddow Bank in figures", measures, Vintage("", (2025, 1, 1)), "Caddow Bank")
    }
    candidates = [evidence.Candidate(r, 1, 1, "Caddow Bank") for r in sources[1].units]
    markdown = brief.write(question, "Caddow Bank", parts, candidates, sources, WORDS, 600)
    assert "1,538" in markdown


def test_an_old_source_is_quoted_where_nothing_newer_answers_unless_a_history_is_asked():
    now, then = Vintage("", (2025, 2, 1)), Vintage("", (2022, 6, 14))
    staff_now = "Kestrel Robotics has 86 staff."
    staff_then = "Kestrel Robotics has 54 staff and plans to hire more."
    seed = "Kestrel Robotics raised a $12 million seed round in 2021."
    office = "Kestrel Robotics moved into a larger laboratory on Binney Street."
    sources = {
        1: _known("Company facts", staff_now, now),
        2: _known("Start-up grows", f"{staff_then}\n{seed}\n{office}", then),
    }
    parts = [
        evidence.Part(1, "Staff", "staff Kestrel Robotics staff employees"),
        evidence.Part(2, "Funding history", "funding history Kestrel Robotics funding raised"),
        evidence.Part(3, "Offices", "offices Kestrel Robotics laboratory"),
    ]
    candidates = [
        evidence.Candidate(staff_now, 1, 1, "staff"),
        evidence.Candidate(staff_then, 2, 1, "staff"),
        evidence.Candidate(seed, 2, 2, "funding"),
        evidence.Candidate(office, 2, 3, "offices"),
    ]
    question = "Prepare a brief on Kestrel Robotics: its staff, funding history and offices."
    markdown = brief.write(question, "Kestrel", parts, candidates, sources, WORDS, 900)
    staff = markdown.split("## Staff")[1].split("##")[0]
    assert staff_now in staff and staff_then not in markdown  # a 2022 article beside 2025's
    assert seed in markdown.split("## Funding history")[1].split("##")[0]  # history asked
    assert office in markdown.split("## Offices")[1]  # nothing newer answers it
    trend = "How has Kestrel Robotics' staff grown since 2021?"
    assert staff_then in brief.write(trend, "Kestrel", parts, candidates, sources, WORDS, 900)


def test_a_web_page_that_writes_only_a_common_word_of_the_name_is_not_about_it():
    question = "How has the number of food parcels given out by Fennick Vale Food Bank changed?"
    network = (
        "Food banks in the Common Larder Network distributed 3.1 million emergency food parcels "
        "in 2023-24.\n\n| Year | Parcels (millions) |\n|---|---|\n| 2022-23 | 3.0 |\n"
        "| 2023-24 | 3.1 |"
    )
    own = "The food bank gave out 1,240 parcels in the year to March."
    age = Vintage("", (2024, 5, 1))
    web = {
        1: _known("Annual update", "Fennick Vale Food Bank gave out 1,240 parcels.", age, ""),
        2: _known("End of year statistics", network, age, ""),
    }
    web = {n: _known(k.title, k.text, age, "", f"https://site.example/{n}") for n, k in web.items()}
    assert filing.naming(question, ("Fennick Vale Food Bank",), web) == {1}
    society = "The Brackenhurst Allotment Association has 505 members and runs 230 plots."
    asked = "How many plots and members does the Brackenfold Allotment Society have?"
    pages = {1: _known("Allotments", society, age, "", "https://brackenhurst.example/")}
    assert filing.naming(asked, ("Brackenfold Allotment Society",), pages) == set()
    # a team's own document may call its subject by a common word of its name
    library = {n: _known(k.title, k.text, age, "") for n, k in web.items()}
    library[3] = _known("Volunteers' notes", own, age, "")
    assert filing.naming(question, ("Fennick Vale Food Bank",), library) == {1, 2, 3}


def test_a_plans_goals_are_what_it_aims_at_under_a_heading_that_says_so():
    text = (
        "## Our ambitions\n\nBy 2030 we aim to:\n\n"
        "* welcome 400,000 visitors a year from across the city;\n"
        "* raise £12 million for a new visitor centre and learning hub.\n\n"
        "## Where we are\n\nThe garden welcomed 281,000 visitors in 2024, its best year.\n"
    )
    strategy = _known("Strategy", text, vintage(["plans/strategy-2025-2030.pdf"], "", None, TODAY))
    assert prospects.planned(
        "raise £12 million for a new visitor centre and learning hub.", strategy
    )
    assert not prospects.planned(
        "The garden welcomed 281,000 visitors in 2024, its best year.", strategy
    )
    plan = _known(
        "发展规划",
        "## 发展目标\n\n到2025年，临川港集装箱吞吐量力争达到350万标箱。\n\n"
        "上述计划需经市政府批准后实施。",
        vintage(["规划/临川港十四五发展规划.pdf"], "", None, TODAY),
    )
    assert prospects.planned("到2025年，临川港集装箱吞吐量力争达到350万标箱。", plan)
    assert prospects.planned("上述计划需经市政府批准后实施。", plan)


def test_a_rivals_story_is_left_out_though_it_names_the_town_the_question_puts_the_subject_in():
    question = "How many people will the new Halvard Arena in Stenbridge hold?"
    rival = (
        "Ashcombe Dome, east of Stenbridge, will add 900 seats as it prepares for Halvard "
        'Arena. "Halvard Arena will be fine, but Stenbridge knows us," said Ashcombe Dome\'s '
        "director."
    )
    own = "Halvard Arena in Stenbridge will hold 10,200 people."
    sources = {
        1: _known("Ashcombe Dome to add seats", rival, Vintage("", (2025, 8, 1))),
        2: _known("Halvard Arena: key facts", own, Vintage("", (2025, 9, 1))),
    }
    assert filing.naming(question, ("Halvard Arena", "Stenbridge"), sources) == {2}


def test_a_page_named_with_a_year_beside_its_undated_namesake_in_its_folder_is_an_earlier_edition():
    pages = {
        n: evidence.Known(f"/{n}", t, "", Vintage("", (y, 6, 1)), t, p, t)
        for n, t, p, y in (
            (1, "Pricing (2022) | The Loom", "theloom/pricing-2022.html", 2022),
            (2, "Membership and pricing | The Loom", "theloom/pricing.html", 2025),
            (3, "Pricing | Brickyard Desk", "brickyard/pricing.html", 2021),
            (4, "Events 2023 | The Loom", "theloom/events-2023.html", 2023),
        )
    }
    # one word names no series, but the folder's undated page of that name is kept current;
    # another folder's page of the name, or a dated page without an undated one, is not it
    assert editions.earlier_editions(pages) == {1}
