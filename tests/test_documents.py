"""Reading library files into blocks and passages, with real files of every format."""

from __future__ import annotations

from pathlib import Path

import pytest

from research.errors import DocumentUnreadable
from research.providers.documents import Block, extract_document, split_passages
from tests import library_files as files
from tests.system import needs_tesseract

MB = 1024 * 1024
LONG = " ".join(
    f"Sentence {i} says that the write-ahead log grows until a checkpoint." for i in range(300)
)


def read(tmp_path: Path, name: str, body: bytes, cap: int = 100 * MB):
    path = tmp_path / name
    path.write_bytes(body)
    return extract_document(path, filename=name, max_uncompressed=cap)


def refusal(tmp_path: Path, name: str, body: bytes, cap: int = 100 * MB) -> str:
    with pytest.raises(DocumentUnreadable) as refused:
        read(tmp_path, name, body, cap)
    return refused.value.reason


def test_a_pdf_keeps_its_page_numbers(tmp_path):
    body = files.pdf(
        [["Alpha page text."], ["Bravo page text."], ["Charlie page text."]], title="Plan"
    )
    doc = read(tmp_path, "plan.pdf", body)
    assert (doc.kind, doc.title, doc.pages) == ("pdf", "Plan", 3)
    assert [(b.locator, b.page) for b in doc.blocks] == [("p. 1", 1), ("p. 2", 2), ("p. 3", 3)]
    assert "Bravo" in doc.blocks[1].text and "Bravo" not in doc.blocks[0].text


def test_an_encrypted_pdf_says_to_upload_a_copy_without_a_password(tmp_path):
    body = files.encrypted(files.pdf([["Secret plans."]]))
    assert "encrypted PDF" in refusal(tmp_path, "locked.pdf", body)


def test_a_pdf_with_only_an_owner_password_is_read(tmp_path):
    body = files.encrypted(files.pdf([["Open to read."]]), password="")
    assert "Open to read." in read(tmp_path, "open.pdf", body).blocks[0].text


@needs_tesseract("a scan's pages cannot be read by OCR")
def test_a_scan_in_which_ocr_finds_no_text_says_so_and_the_file_is_kept(tmp_path):
    reason = refusal(tmp_path, "scan.pdf", files.scanned_pdf())  # a grey rectangle
    assert "no text layer" in reason and "OCR found no text" in reason and "kept" in reason


def test_a_damaged_pdf_is_refused_as_one(tmp_path):
    body = files.pdf([["Whole."]])
    assert "damaged PDF" in refusal(tmp_path, "cut.pdf", body[: len(body) // 3])


def test_a_word_file_keeps_its_heading_path_and_tables(tmp_path):
    body = files.docx(
        [
            ("Title", "Annual report"),
            ("Heading 1", "Results"),
            ("", "Revenue grew."),
            ("Heading 2", "Costs"),
            ("", "Costs fell."),
            ("Heading 1", "Outlook"),
            ("", "Growth ahead."),
        ],
        table=[["Year", "Revenue"], ["2025", "12"]],
    )
    doc = read(tmp_path, "report.docx", body)
    assert (doc.kind, doc.title) == ("docx", "Annual report")
    located = {b.locator: b.text for b in doc.blocks}
    assert "Costs fell." in located["Results › Costs"]
    assert "Revenue grew." in located["Results"]
    assert "Year: 2025; Revenue: 12" in located["Outlook"]  # a row under its header, as in Excel


def test_a_slide_deck_keeps_slide_numbers_and_notes(tmp_path):
    body = files.pptx([("Intro", "Why we met", ""), ("Plan", "Three steps", "Say it slowly")])
    doc = read(tmp_path, "deck.pptx", body)
    assert (doc.kind, doc.pages) == ("pptx", 2)
    assert [(b.locator, b.page) for b in doc.blocks] == [("slide 1", 1), ("slide 2", 2)]
    assert "Three steps" in doc.blocks[1].text and "Notes: Say it slowly" in doc.blocks[1].text


def test_html_goes_through_the_web_page_reader(tmp_path):
    page = (
        b"<html><head><title>Minutes</title></head><body><nav>Menu</nav><article>"
        b"<h1>Minutes</h1><p>The board approved the budget for the next year after a long "
        b"discussion.</p></article></body></html>"
    )
    doc = read(tmp_path, "minutes.html", page)
    assert doc.kind == "html" and "approved the budget" in doc.blocks[-1].text
    assert doc.blocks[-1].locator == "Minutes"


def test_html_passages_carry_their_heading_path_and_paragraph(tmp_path):
    body = "".join(
        f"<p>Paragraph {i} of the cold-chain models says something long enough to keep.</p>"
        for i in range(1, 4)
    )
    page = (
        "<html><head><title>Kestrel pricing</title></head><body><article>"
        "<h1>Kestrel pricing</h1><p>Our prices in one page, for every merchant we serve.</p>"
        "<h2>Pricing</h2><p>Pay per delivery costs $1.45 within 3 km.</p>"
        "<h3>Cold-chain models</h3>"
        f"{body}</article></body></html>"
    ).encode()
    doc = read(tmp_path, "pricing.html", page)
    assert [b.locator for b in doc.blocks] == [
        "Kestrel pricing",
        "Kestrel pricing › Pricing",
        "Kestrel pricing › Pricing › Cold-chain models",
    ]
    drafts = split_passages(doc.blocks, min_words=5, max_words=15)
    assert drafts[-1].locator.startswith("Kestrel pricing › Pricing › Cold-chain models, ¶ ")
    assert len({d.locator for d in drafts}) == len(drafts)  # no two passages read the same


def test_markdown_is_cut_at_its_headings(tmp_path):
    text = "# Guide\n\nIntro.\n\n## Install\n\nRun make.\n\n### Linux\n\nUse apt.\n\n"
    text += "## Use\n\nOpen it.\n"
    doc = read(tmp_path, "guide.md", text.encode())
    assert doc.title == "Guide"
    assert [b.locator for b in doc.blocks] == [
        "Guide",
        "Guide › Install",
        "Guide › Install › Linux",
        "Guide › Use",
    ]


def test_csv_rows_become_labelled_lines_in_runs_of_rows(tmp_path):
    rows = "name;city\n" + "".join(f"person {i};town {i}\n" for i in range(45))
    doc = read(tmp_path, "people.csv", rows.encode())
    assert [b.locator for b in doc.blocks] == ["rows 1–40", "rows 41–45"]
    assert doc.blocks[0].text.splitlines()[0] == "name: person 0; city: town 0"


def test_an_epub_whose_chapters_are_encrypted_is_refused_as_drm_protected(tmp_path):
    body = files.epub([("One", ["Secret words."])], encrypted=("OEBPS/c0.xhtml",))
    assert "protected by DRM" in refusal(tmp_path, "locked.epub", body)


def test_an_epub_with_only_obfuscated_fonts_is_read(tmp_path):
    body = files.epub([("One", ["Open words."])], encrypted=("OEBPS/fonts/serif.otf",))
    assert "Open words." in read(tmp_path, "fonts.epub", body).blocks[0].text


def test_html_after_a_byte_order_mark_is_told_by_its_content(tmp_path):
    styles = "<style>" + "p { margin: 0 }\n" * 400 + "</style>"  # <body> starts after 4 KiB
    page = f"\ufeff<!DOCTYPE html><html><head><title>Minutes</title>{styles}</head><body><article>"
    page += "<p>The board met on Tuesday and agreed the budget for the coming year.</p>" * 3
    doc = read(tmp_path, "minutes", (page + "</article></body></html>").encode())
    assert doc.kind == "html" and "<p>" not in doc.blocks[0].text


def test_an_epub_is_read_in_spine_order(tmp_path):
    body = files.epub([("Opening", ["First words."]), ("Ending", ["Last words."])], reverse=True)
    doc = read(tmp_path, "book.epub", body)
    assert doc.kind == "epub" and doc.title == "Book"
    assert [b.locator for b in doc.blocks] == ["Opening", "Ending"]
    assert "First words." in doc.blocks[0].text


def test_plain_text_in_a_legacy_encoding_is_decoded(tmp_path):
    doc = read(tmp_path, "notes.txt", "Café prices rose.".encode("cp1252"))
    assert doc.kind == "text" and "Café" in doc.blocks[0].text


def test_an_empty_file_says_so(tmp_path):
    assert "is empty" in refusal(tmp_path, "empty.pdf", b"")


def test_a_file_is_read_by_its_content_not_its_name(tmp_path):
    doc = read(tmp_path, "really-a-pdf.docx", files.pdf([["Hidden PDF."]]))
    assert doc.kind == "pdf"


def test_a_binary_file_named_as_text_is_refused_naming_the_formats(tmp_path):
    import io

    from PIL import Image

    picture = io.BytesIO()
    Image.new("RGB", (20, 20)).save(picture, format="GIF")
    reason = refusal(tmp_path, "photo.txt", picture.getvalue())
    assert "not a text file" in reason and "PDF" in reason and "PNG, JPEG, TIFF" in reason


def test_random_bytes_named_docx_are_refused(tmp_path):
    assert "not a text file" in refusal(tmp_path, "broken.docx", bytes(range(256)) * 10)


def test_a_damaged_zip_is_refused_as_damaged(tmp_path):
    body = files.docx([("", "Text.")])
    assert "damaged" in refusal(tmp_path, "cut.docx", body[: len(body) // 2])


def test_a_zip_bomb_is_refused_before_it_is_unpacked_naming_the_cap(tmp_path):
    reason = refusal(tmp_path, "bomb.docx", files.zip_bomb_docx(50), cap=10 * MB)
    assert "LIBRARY_MAX_UNCOMPRESSED_MB" in reason and "51 MB" in reason and "10 MB" in reason


def test_passages_stay_within_bounds_and_are_verbatim(tmp_path):
    blocks = [
        Block(LONG, "p. 1", 1),
        Block("Short one.", "p. 1", 1),
        Block("Short two.", "p. 1", 1),
    ]
    drafts = split_passages(blocks)
    assert all(d.words <= 400 for d in drafts)
    assert all(d.words >= 150 for d in drafts[:-1])
    joined = "\n\n".join(b.text for b in blocks)
    assert all(d.text in joined for d in drafts)
    assert [d.position for d in drafts] == list(range(len(drafts)))
    assert drafts[0].locator == "p. 1"


def test_small_pages_stay_apart_so_a_citation_names_one_page():
    blocks = [Block(f"Page {n} has a little text.", f"p. {n}", n) for n in (3, 4, 5)]
    drafts = split_passages(blocks)
    assert [(d.locator, d.page) for d in drafts] == [("p. 3", 3), ("p. 4", 4), ("p. 5", 5)]


def test_small_sections_are_merged_under_the_first_heading():
    blocks = [Block("Intro text.", "Guide", None), Block("Install text.", "Guide › Install", None)]
    [draft] = split_passages(blocks)
    assert (draft.locator, draft.text) == ("Guide", "Intro text.\n\nInstall text.")


def test_chinese_text_without_spaces_is_cut_into_passages():
    text = "固态电池的能量密度更高。" * 200
    drafts = split_passages([Block(text, "第一章", None)])
    assert len(drafts) > 1
    assert all(d.words <= 400 and d.text in text for d in drafts)


def test_a_sentence_longer_than_a_passage_is_cut_between_words():
    text = " ".join(["word"] * 1000)
    drafts = split_passages([Block(text, "", None)])
    assert [d.words for d in drafts] == [400, 400, 200]


def test_a_pdf_page_reads_as_whole_sentences_not_as_printed_lines(tmp_path):
    sentence = (
        "In WAL mode SQLite writes every change to a separate write-ahead log file, not to the "
        "database file, and readers keep reading the database file with the log's committed frames."
    )
    doc = read(tmp_path, "wrapped.pdf", files.pdf([[sentence, "A second paragraph starts here."]]))
    assert sentence in doc.blocks[0].text
    assert "\nA second paragraph starts here." in doc.blocks[0].text


SAFETY = [
    "Blue spot warning light projected 3 m ahead and behind",
    "Seat-belt interlock: the truck will not drive unless the belt is fastened",
    "Load weight indicator on the dashboard",
    "Automatic speed reduction when cornering",
]


def test_a_pdf_lists_items_keep_their_bullets_and_each_is_a_unit_to_quote(tmp_path):
    from research.text.extractive.sentences import sentences

    (block,) = read(tmp_path, "brochure.pdf", files.pdf_with_list("Safety", SAFETY)).blocks
    assert block.text == "Safety\n" + "\n".join(f"• {item}" for item in SAFETY)
    assert [s.text for s in sentences(block.text)] == SAFETY


def test_a_pdf_numbered_lists_items_keep_their_numbers(tmp_path):
    body = files.pdf_with_list("Safety", SAFETY[:3], ordered=True)
    (block,) = read(tmp_path, "steps.pdf", body).blocks
    assert block.text == "Safety\n" + "\n".join(
        f"{n}. {item}" for n, item in enumerate(SAFETY[:3], start=1)
    )


def test_a_pdf_heading_keeps_its_own_line_and_is_not_glued_to_the_sentence_after_it(tmp_path):
    sentence = (
        "In February 2026 Kestrel closed a $42 million Series B led by Harbor Ventures, with "
        "participation from Northgate Capital and Lumen Seed, its earlier investors."
    )
    doc = read(tmp_path, "report.pdf", files.pdf([["Funding", sentence]]))
    assert f"Funding\n{sentence}" in doc.blocks[0].text


def test_an_excel_workbook_is_read_sheet_by_sheet_as_rows_under_their_header(tmp_path):
    from research.text.analysis.rows import rows_in_record
    from research.text.records import record_pairs

    body = files.xlsx(
        {
            "Populations": [
                ["City", "Year", "Population"],
                ["Avalon", 2023, 120000.0],
                ["Avalon", 2024, 126000],
            ],
            "Empty": [],
        }
    )
    document = read(tmp_path, "cities.xlsx", body)
    assert (document.kind, document.title) == ("xlsx", "cities")
    name, block = document.blocks  # a sheet its author named opens with its name
    assert (name.text, name.locator) == ("Populations", "Populations")
    assert block.locator == "Populations, rows 1–2"
    assert block.text.splitlines() == [
        "City: Avalon; Year: 2023; Population: 120000",
        "City: Avalon; Year: 2024; Population: 126000",
    ]
    line = block.text.splitlines()[1]
    (row,) = rows_in_record(record_pairs(line) or [], line)
    assert (row.entity, row.measure, row.value, row.period) == (
        "Avalon",
        "population",
        126_000.0,
        "2024",
    )


def test_a_sheet_a_program_named_is_read_without_its_name(tmp_path):
    body = files.xlsx({"Sheet1": [["City", "Population"], ["Avalon", 120000]]})
    (block,) = read(tmp_path, "cities.xlsx", body).blocks
    assert block.text == "City: Avalon; Population: 120000"


def test_a_damaged_excel_file_is_refused_saying_so(tmp_path):
    import zipfile

    out = tmp_path / "broken.zip"
    with zipfile.ZipFile(out, "w") as archive:
        archive.writestr("xl/workbook.xml", "<not a workbook")
    assert "is a damaged Excel file" in refusal(tmp_path, "broken.xlsx", out.read_bytes())


def test_a_pdf_tables_rows_follow_its_page_text_as_records_with_their_figures(tmp_path):
    from research.text.analysis.owners import Whose
    from research.text.analysis.texts import rows_of

    body = files.pdf_with_table(
        "The census gives each city's population.",
        [
            ["City", "2023", "2024"],
            ["Avalon", "120,000", "126,000"],
            ["Dunmore", "52,300", "52,300"],
        ],
    )
    (block,) = read(tmp_path, "census.pdf", body).blocks
    assert block.text.startswith("The census gives each city's population.")
    assert block.text.endswith(
        "City: Avalon; 2023: 120,000; 2024: 126,000\nCity: Dunmore; 2023: 52,300; 2024: 52,300"
    )
    figures = {(row.entity, row.period, row.value) for row, _ in rows_of(block.text, Whose())}
    assert figures == {
        ("Avalon", "2023", 120_000.0),
        ("Avalon", "2024", 126_000.0),
        ("Dunmore", "2023", 52_300.0),
        ("Dunmore", "2024", 52_300.0),
    }


def test_a_pdf_tables_printed_rows_give_way_to_its_records_and_run_into_no_sentence(tmp_path):
    from research.text.extractive.sentences import sentences

    after = (
        "Cold brewing gives no heat kill step, so cold holding during the steep and "
        "high-pressure processing are the controls for Listeria."
    )
    body = files.pdf_with_table(
        "The plan has four critical control points.",
        [
            ["CCP", "Step", "Critical limit"],
            ["CCP1", "Steeping", "Product below 5 °C throughout"],
            ["CCP3", "HPP", "600 MPa held 3 minutes"],
        ],
        after=after,
    )
    (block,) = read(tmp_path, "haccp.pdf", body).blocks
    assert "CCP1 Steeping Product below 5 °C throughout" not in block.text  # the printed row
    assert "CCP: CCP1; Step: Steeping; Critical limit: Product below 5 °C throughout" in block.text
    assert after in [s.text for s in sentences(block.text)]  # whole, no table glued before it


def test_a_pdf_spec_sheet_of_a_label_and_one_figure_a_row_is_read_as_a_table(tmp_path):
    body = files.pdf_with_table(
        "The Orlay Strait Bridge is a three-tower cable-stayed bridge carrying a dual two-lane "
        "carriageway across the Orlay Strait, with approach viaducts on both shores.",
        [
            ["Element", "Value"],
            ["Main span", "1,140 metres"],
            ["Tower height", "214 metres"],
            ["Deck width", "31.5 metres"],
        ],
    )
    (block,) = read(tmp_path, "bridge.pdf", body).blocks
    assert "Main span 1,140 metres" not in block.text  # the printed row, run into nothing
    assert "Element: Main span; Value: 1,140 metres" in block.text
    assert "Element: Deck width; Value: 31.5 metres" in block.text


def test_a_pdf_heading_after_a_line_that_ends_no_sentence_is_glued_to_neither(tmp_path):
    sentence = (
        "This was the year the Board grew again: Upper Dray joined on 1 July 2025, fifteen "
        "months after Hollins Cross left us, and we are once more a board of six member towns."
    )
    byline = "Year ended 31 March 2026 · presented to the member towns, April 2026"
    doc = read(tmp_path, "annual.pdf", files.pdf([[byline, "Chair's foreword", sentence]]))
    assert f"{byline}\nChair's foreword\n{sentence}" in doc.blocks[0].text


def test_a_number_sign_at_a_pdf_lines_end_goes_on_with_its_number(tmp_path):
    sentence = (
        "The plant food safety system is audited every year under certificate no. 4471, which "
        "the auditors renewed in November 2024 for three more years."
    )
    doc = read(tmp_path, "cert.pdf", files.pdf([[sentence]]))  # printed "...certificate no.\n4471,"
    assert sentence in doc.blocks[0].text


def test_an_excel_sheet_in_chinese_is_quoted_row_by_row_with_its_header(tmp_path):
    from research.text.extractive.sentences import sentences

    body = files.xlsx(
        {
            "年度吞吐量": [
                ["年份", "集装箱吞吐量（万标箱）", "同比"],
                [2019, 612, "—"],
                [2020, 587, "-4.1%"],
                [2021, 655, "+11.6%"],
            ]
        }
    )
    block = read(tmp_path, "throughput.xlsx", body).blocks[-1]
    assert [s.text for s in sentences(block.text)] == [
        "年份: 2019; 集装箱吞吐量（万标箱）: 612; 同比: —",
        "年份: 2020; 集装箱吞吐量（万标箱）: 587; 同比: -4.1%",
        "年份: 2021; 集装箱吞吐量（万标箱）: 655; 同比: +11.6%",
    ]  # a row that ends in a dash or a Chinese character runs into no other


def test_a_passage_never_ends_inside_a_record_line():
    lines = [f"线路: {n}号线; 起讫站: 西港—东湖公园; 运营里程: {20 + n}.6公里" for n in range(1, 8)]
    drafts = split_passages([Block("\n".join(lines), "rows 1–7", None)], min_words=5, max_words=40)
    assert len(drafts) > 1
    assert all(line in lines for d in drafts for line in d.text.split("\n"))


def test_a_files_metadata_names_its_authors_and_day_and_a_generators_stamp_names_neither(
    tmp_path,
):
    import datetime

    made = datetime.datetime(2023, 4, 5, 9, 0)
    word = files.docx([("", "Body.")], author="Jane Smith; Kim Lee", created=made)
    assert read(tmp_path, "a.docx", word).authors == ("Jane Smith", "Kim Lee")
    assert read(tmp_path, "a.docx", word).issued == datetime.date(2023, 4, 5)
    stamped = read(tmp_path, "b.docx", files.docx([("", "Body.")]))  # python-docx's template
    assert (stamped.authors, stamped.issued) == ((), None)
    pdf = files.with_pdf_metadata(
        files.pdf([["Text."]]), Author="Acme Research Group", CreationDate="D:20220131120000Z"
    )
    read_pdf = read(tmp_path, "c.pdf", pdf)
    assert (read_pdf.authors, read_pdf.issued) == (
        ("Acme Research Group",),
        datetime.date(2022, 1, 31),
    )
    anonymous = files.with_pdf_metadata(files.pdf([["Text."]]), Author="Administrator")
    assert read(tmp_path, "d.pdf", anonymous).authors == ()


def test_each_sheet_of_a_workbook_counts_in_the_unit_its_name_gives(tmp_path):
    from research.text.analysis.owners import Whose
    from research.text.analysis.texts import rows_of

    body = files.xlsx(
        {
            "风电发电量（亿千瓦时）": [["地区", "2022", "2023"], ["嵩北地区", 281.5, 312.6]],
            "风电装机容量（万千瓦）": [["地区", "2022", "2023"], ["嵩北地区", 1150, 1310]],
            "弃风率（%）": [["地区", "2022", "2023"], ["嵩北地区", 4.1, 3.6]],
        }
    )
    text = "\n\n".join(block.text for block in read(tmp_path, "energy.xlsx", body).blocks)
    found = [(r.measure, r.period, r.value, r.unit) for r, _ in rows_of(text, Whose())]
    assert found == [
        ("风电发电量", "2022", 28_150_000_000.0, ""),
        ("风电发电量", "2023", 31_260_000_000.0, ""),
        ("风电装机容量", "2022", 11_500_000.0, ""),
        ("风电装机容量", "2023", 13_100_000.0, ""),
        ("弃风率", "2022", 4.1, "percent"),
        ("弃风率", "2023", 3.6, "percent"),
    ]


def test_a_chinese_name_wrapped_inside_a_pdf_cell_is_read_whole():
    from research.text.records import record_lines

    table: list[list[str | None]] = [
        ["医院", "2023年门急诊人次（万\n人次）"],
        ["江城市第一人\n民医院", "386.2"],
        ["Big\nCo", "1"],
    ]
    assert record_lines(table) == [
        "医院: 江城市第一人民医院; 2023年门急诊人次（万人次）: 386.2",
        "医院: Big Co; 2023年门急诊人次（万人次）: 1",
    ]
