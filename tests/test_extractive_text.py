"""The extractive engine's text tools, in English and Chinese."""

from __future__ import annotations

from research.text.extractive.aspects import aspects, subject_part
from research.text.extractive.scoring import bm25, coverage, jaccard, key_phrases, mmr
from research.text.extractive.sentences import sentences
from research.text.extractive.terms import language_of, terms

WAL = (
    "Write-ahead logging keeps readers and writers apart. Checkpoints move pages back into the "
    "database file.\nThe WAL file grows until a checkpoint runs. Menu"
)
ZH = (
    "预写日志让读者和写者互不阻塞。检查点把页面写回数据库文件。\nWAL 文件一直增长，直到检查点运行。"
)


def test_english_terms_are_stemmed_words_without_stopwords():
    assert terms("How does SQLite's WAL mode handle the checkpoints?") == [
        "sqlite",
        "wal",
        "mode",
        "handl",
        "checkpoint",
    ]


def test_a_car_park_is_one_term_and_no_park():
    assert terms("Car parks, a business-park and Abbey Park") == [
        "carpark",
        "businesspark",
        "abbey",
        "park",
    ]
    assert "park" not in terms("Mill Lane car park: 142 spaces")


def test_chinese_text_is_cut_into_character_pairs_and_latin_words_kept():
    assert terms("WAL 模式如何工作") == ["wal", "模式", "式如", "何工", "工作"]  # 如何: a stopword


def test_the_language_is_told_by_the_script():
    assert (language_of(WAL), language_of(ZH), language_of("ひらがなとカタカナ")) == (
        "en",
        "zh",
        "ja",
    )


def test_sentences_are_verbatim_and_fragments_are_left_out():
    found = sentences(WAL)
    assert [s.text for s in found] == [
        "Write-ahead logging keeps readers and writers apart.",
        "Checkpoints move pages back into the database file.",
        "The WAL file grows until a checkpoint runs.",
    ]
    assert all(WAL[s.start : s.start + len(s.text)] == s.text for s in found)


def test_chinese_sentences_are_split_at_chinese_punctuation():
    found = sentences(ZH)
    assert [s.text for s in found] == [
        "预写日志让读者和写者互不阻塞。",
        "检查点把页面写回数据库文件。",
        "WAL 文件一直增长，直到检查点运行。",
    ]


def test_bm25_scores_the_sentences_that_share_the_query_terms():
    docs = [terms(s.text) for s in sentences(WAL)]
    scores = bm25(terms("when does a checkpoint run"), docs)
    assert scores[0] == 0.0 and scores[2] > scores[1] > 0.0
    assert bm25(terms("nothing shared"), docs) == [0.0, 0.0, 0.0]


def test_bm25_works_on_chinese_bigrams():
    docs = [terms(s.text) for s in sentences(ZH)]
    scores = bm25(terms("检查点运行"), docs)
    assert scores.index(max(scores)) == 2 and scores[0] == 0.0


def test_coverage_and_jaccard():
    assert coverage(["wal", "checkpoint"], ["checkpoint", "page"]) == 0.5
    assert jaccard(["a", "b"], ["b", "c"]) == 1 / 3


def test_key_phrases_prefer_what_the_texts_share():
    phrases = key_phrases(
        "How does SQLite WAL mode handle checkpoints?",
        ["Write-Ahead Logging in SQLite", "SQLite WAL mode explained: checkpoints and readers"],
    )
    assert phrases[:3] == ["SQLite", "WAL mode", "checkpoints"]


def test_chinese_key_phrases_come_from_character_runs():
    phrases = key_phrases(
        "SQLite 的 WAL 模式如何处理检查点？",
        ["SQLite 预写日志 WAL 模式", "WAL 模式的检查点与读者", "检查点把页面写回数据库"],
    )
    assert phrases[:4] == ["检查点", "WAL", "模式", "SQLite"]


def test_mmr_leaves_out_an_item_that_repeats_a_kept_one():
    items = [["wal", "checkpoint"], ["wal", "checkpoint"], ["reader", "writer"]]
    kept = mmr(items, [3.0, 2.9, 1.0], jaccard, limit=3)
    assert kept == [["wal", "checkpoint"], ["reader", "writer"]]


def test_the_parts_a_question_asks_for_are_its_list_items_in_its_own_words():
    brief = (
        "Prepare a due-diligence brief on Kestrel: its funding history, current revenue, "
        "pricing, and any recent safety incident."
    )
    assert aspects(brief) == [
        "funding history",
        "current revenue",
        "pricing",
        "recent safety incident",
    ]
    assert subject_part(brief) == "Prepare a due-diligence brief on Kestrel"
    chinese = "请为青隼撰写简报：融资历史、当前收入、定价，以及近期的安全事故。"
    assert aspects(chinese) == ["融资历史", "当前收入", "定价", "近期的安全事故"]
    assert aspects("What are the costs, benefits and risks of heat pumps?") == [
        "costs",
        "benefits",
        "risks",
    ]
    assert aspects("电动汽车的续航、充电速度和价格如何？") == ["续航", "充电速度", "价格"]
    numbered = "Compare (1) battery range (2) charging speed (3) price of the Model 3"
    assert aspects(numbered) == ["battery range", "charging speed", "price"]
    dashed = "A rundown of Greenmere before our meeting — funding history, pipeline and risks."
    assert aspects(dashed) == ["funding history", "pipeline", "risks"]
    assert subject_part(dashed) == "A rundown of Greenmere before our meeting"
    assert subject_part("Arden — what was its population in 2024?") == (
        "Arden — what was its population in 2024?"
    )  # no list after the dash


def test_a_question_that_asks_for_one_thing_has_no_parts():
    assert aspects("How does SQLite WAL mode work?") == []
    assert aspects("How do readers and writers interact in WAL mode?") == []
    assert aspects("SQLite 的 WAL 模式如何工作？") == []
    long_parts = "What changed in Python 3.12, and why does it matter for code that uses threads?"
    assert aspects(long_parts) == []


def test_a_chinese_full_stop_before_a_digit_ends_a_sentence():
    text = (
        "募集资金用于偿还到期债务及老旧管网改造。7月草案中拟定的10亿元注册规模相应调整。"
        "许明哲表示：“订单增长了两倍多。2027年我们要把新工厂建起来。”"
    )
    assert [s.text for s in sentences(text)] == [
        "募集资金用于偿还到期债务及老旧管网改造。",
        "7月草案中拟定的10亿元注册规模相应调整。",
        "许明哲表示：“订单增长了两倍多。2027年我们要把新工厂建起来。”",  # one speaker's words
    ]


def test_a_units_full_stop_ends_a_sentence_that_a_quotation_keeps():
    text = (
        "The E-Scout 2 pairs an 8.1 kWh battery with an 11 kW motor and a top speed of 95 km/h. "
        "Around town you can expect up to 210 km between charges. "
        '"It reaches 95 km/h. Nothing in its class does," said the managing director.'
    )
    assert [s.text for s in sentences(text)] == [
        "The E-Scout 2 pairs an 8.1 kWh battery with an 11 kW motor and a top speed of 95 km/h.",
        "Around town you can expect up to 210 km between charges.",
        '"It reaches 95 km/h. Nothing in its class does," said the managing director.',
    ]


def test_a_sentence_that_refers_back_is_quoted_with_the_one_before():
    text = (
        "The Corran Narrows Bridge is a cable-stayed road bridge in western Scotland. It opened "
        "on 14 September 2024. Tolls were never charged on the crossing, by law.\n"
        "2025年临川港完成集装箱吞吐量1520万标箱。其中，外贸航线完成1098万标箱。其他港口增长较慢，全年仅增长一成。"
    )
    assert [s.text for s in sentences(text)] == [
        "The Corran Narrows Bridge is a cable-stayed road bridge in western Scotland. It opened "
        "on 14 September 2024.",
        "Tolls were never charged on the crossing, by law.",
        "2025年临川港完成集装箱吞吐量1520万标箱。其中，外贸航线完成1098万标箱。",
        "其他港口增长较慢，全年仅增长一成。",  # 其他 ("other") refers to nothing before
    ]


def test_a_list_items_bold_name_is_quoted_with_the_sentence_after_it_and_its_indented_lines():
    text = (
        "## Lumen 4.3 (November 2023)\n\n"
        "- **Dark mode.** Lumen now follows your operating system's light or dark setting, or\n"
        "  you can choose one in Profile > Appearance. Charts use a new palette for dark\n"
        "  backgrounds.\n"
        "- Maintenance release: upgraded the rendering engine and dropped support for Internet\n"
        "  Explorer 11.\n\n"
        "In brief. The release notes list every change made in the year.\n"
    )
    assert [s.text for s in sentences(text)] == [
        "Dark mode. Lumen now follows your operating system's light or dark setting, or you can "
        "choose one in Profile > Appearance.",
        "Charts use a new palette for dark backgrounds.",
        "Maintenance release: upgraded the rendering engine and dropped support for Internet "
        "Explorer 11.",
        "The release notes list every change made in the year.",  # a paragraph's "In brief."
    ]


def test_a_record_line_is_a_row_of_the_table_its_column_names_make_and_its_lead_in_is_kept():
    text = (
        "Prices from 1 January 2026 are as follows:\n\n| Tier | Price |\n|---|---|\n"
        "| First | 3.45 per m3 |\n| Second | 4.60 per m3 |\n\n"
        "Town: Ashcombe; Population: 48,200\nTown: Fernley; Population: 21,750\n"
    )
    found = sentences(text)
    rows = [s for s in found if s.header]
    assert [s.caption for s in rows] == ["Prices from 1 January 2026 are as follows:"] * 2
    records = [s for s in found if s.text.startswith("Town:")]
    assert [s.columns for s in records] == ["Town; Population"] * 2
    assert rows[0].columns == "Tier; Price"


def test_a_kept_row_brings_its_documents_table_whole_but_a_notes_sheet_only_its_matches():
    from research.pipeline.stages.summarize import _with_table_rows

    text = (
        "## Milestones\n\n| Milestone | When |\n|---|---|\n| K3 pilot | Q4 2026 |\n"
        "| Map 2.0 release | November 2026 |\n\n## Notes\n\n"
        "Item: Publisher; Detail: Tallowmere County Statistics Office\n"
        "Item: Method; Detail: Cohort-component method\n"
    )
    found = sentences(text)
    at = {s.text.split(";")[0]: k for k, s in enumerate(found)}
    pilot, publisher = at["K3 pilot"], at["Item: Publisher"]
    rows = _with_table_rows(found, [pilot, publisher], {pilot, publisher}, {"roadmap", "k3"})
    assert at["Map 2.0 release"] in rows  # the roadmap's table, whole
    assert at["Item: Method"] not in rows  # a notes sheet's other rows match nothing asked


def test_a_question_spanning_years_quotes_each_year_row_of_a_quoted_sheets_table():
    from research.pipeline.stages.summarize import _best_sentences

    years = [(2018, 13.9), (2019, 14.2), (2020, 6.1), (2021, 8.7), (2022, 11.9), (2023, 13.4)]
    records = "".join(
        f"Year: {y}; Passenger journeys (millions): {j}; Stops: 31\n" for y, j in years
    )
    text = f"## Passenger journeys\n\nElsmouth light rail statistics.\n\n{records}"
    question = "How has ridership on the Elsmouth Tramway changed from 2019 to 2024?"
    quotes = _best_sentences(question, question, sentences(text))
    quoted = [q.split(";")[0] for q in quotes if q.startswith("Year:")]
    assert quoted == [f"Year: {y}" for y in range(2019, 2024)]  # not 2018's, before the span
    from research.pipeline.stages.summarize import TABLE_ROWS

    long = "".join(f"Year: {y}; Passenger journeys (millions): 9.1\n" for y in range(1960, 2024))
    since = "How has ridership on the Elsmouth Tramway changed since 1960?"
    rows = _best_sentences(since, since, sentences(f"## Journeys\n\n{long}"))
    assert TABLE_ROWS <= len(rows) <= 2 * TABLE_ROWS  # a long series: a table's worth, not all


def test_a_sheets_rows_stand_under_their_sources_title_and_come_as_a_table():
    from research.pipeline.stages.summarize import _best_sentences

    records = "".join(
        f"Programme: {p}; Level: 6; Duration (months): 48\n"
        for p in ("Digital and Technology Solutions", "Chartered Manager", "Registered Nurse")
    )
    question = "Which degree apprenticeships does Quennock College offer for 2025-26?"
    title = "Quennock College programme list 2025-26, Degree apprenticeships, rows 1–3"
    quotes = _best_sentences(question, question, sentences(records), title)
    assert len(quotes) == 3  # the sheet's heading is in its title, not its rows
    assert _best_sentences(question, question, sentences(records)) == []


SHOP = """# Cookware

Made in our Sheffield works since 1954.

## Tarnhold cast iron

Pre-seasoned cast iron skillets, griddles and casseroles that last a lifetime. From £64.

## Ferrol Tri-Ply

Three-layer stainless steel with an aluminium core, for even heat on any hob.

## Embercoat non-stick

PFAS-free ceramic non-stick pans for everyday cooking.
"""


def test_a_page_of_items_is_quoted_under_each_items_heading_and_found_by_its_title():
    from research.pipeline.stages.summarize import _best_sentences
    from research.text.extractive.currency import Vintage
    from research.text.extractive.evidence import Known
    from research.text.extractive.items import item_headings

    found = sentences(SHOP)
    items = item_headings(found, SHOP, "Cookware")
    assert items == {"Tarnhold cast iron", "Ferrol Tri-Ply", "Embercoat non-stick"}
    question = "Which cookware ranges does Varrow Kitchenware sell?"
    quotes = _best_sentences(question, question, found, "Cookware", items)
    assert "PFAS-free ceramic non-stick pans for everyday cooking." in quotes
    alone = _best_sentences(question, question, found, "Cookware")  # by their own words
    assert "PFAS-free ceramic non-stick pans for everyday cooking." not in alone
    known = Known("https://varrow.example/cookware", "Cookware", SHOP, Vintage("", None), SHOP)
    assert known.lead("PFAS-free ceramic non-stick pans for everyday cooking.") == (
        "Embercoat non-stick"
    )
    # a procedure's steps are no items: "Validation", "After the decision"
    steps = SHOP.replace("Tarnhold cast iron", "Validation").replace("Ferrol", "After the")
    assert item_headings(sentences(steps), steps, "Cookware") == frozenset()


def test_a_sentence_wrapped_after_a_colon_is_one_sentence():
    text = (
        "Wyncote Academy was inspected in October 2024 and judged Good in every area:\n"
        "quality of education, behaviour, and leadership and management.\n\n"
        "Fees are as follows:\n\n| Item | Fee |\n|---|---|\n| Lunch | £2.40 |"
    )
    found = [s.text for s in sentences(text)]
    assert found[0].startswith("Wyncote Academy was inspected") and found[0].endswith("management.")
    assert "Lunch; £2.40" in found  # a lead-in before its table stays apart


def test_a_short_table_row_under_its_header_is_a_unit_to_quote():
    text = "| Particular | MV Selkie Dawn |\n|---|---|\n| Passengers | 620 |\n| Cars | 142 |\n"
    rows = [s.text for s in sentences(text) if s.header]
    assert rows == ["Passengers; 620", "Cars; 142"]


def test_asked_for_figures_a_page_quotes_the_lines_that_state_them_before_the_bare_ones():
    from research.pipeline.stages.summarize import _best_sentences

    text = (
        "# Auro Buds 3 – Technical specifications\n\n"
        "Auro Buds 3 are our most advanced true wireless earbuds yet, with adaptive noise "
        "cancelling that reduces background noise by up to 45 dB.\n\n## Battery\n\n"
        "- Listening time: up to 8.5 hours per charge with ANC on (up to 11 hours with ANC off)\n"
        "- With charging case: up to 34 hours in total\n"
        "- Fast charge: 10 minutes gives 2 hours of playback\n"
        "- Wireless charging: Qi compatible\n\n## Sound and noise cancelling\n\n"
        "- Adaptive active noise cancelling, up to 45 dB\n- Transparency mode with voice boost\n"
        "- Six microphones for calls\n- Companion app with equaliser\n- Ear-tip fit test\n"
    )
    question = "How do the Auro Buds 3 and Venn Air X compare on battery life and noise cancelling?"
    query = "Auro Buds 3 battery life, noise cancelling"
    quotes = _best_sentences(query, question, sentences(text))
    assert any(q.startswith("Listening time: up to 8.5 hours") for q in quotes)


def test_bare_figures_of_two_vintages_are_no_restatement_of_one_another():
    """Two statements with no words but their figures (a table's lone cells) cannot be told
    to measure one thing: neither supersedes the other, and nothing divides by zero."""
    from research.text.extractive.currency import Vintage, outdated

    older, newer = Vintage("", (2023, 1, 1)), Vintage("", (2024, 1, 1))
    assert outdated([("$45.", older), ("$50.", newer)], later=True) == {}
