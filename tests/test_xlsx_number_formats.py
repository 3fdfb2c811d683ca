"""A spreadsheet's numbers are read as the sheet shows them, so a quote says "48,200" where the
workbook shows 48,200, and a rate its percent sign."""

from __future__ import annotations

from pathlib import Path

from openpyxl import Workbook

from research.providers.documents.office import read_xlsx


def test_numbers_are_read_with_the_sheet_s_thousands_separators_decimals_and_percent_signs(
    tmp_path: Path,
):
    book = Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.title = "Towns"
    sheet.append(["Town", "Population", "Change", "Area (km²)", "Code"])
    sheet.append(["Ashcombe", 48200, 0.012, 31.5, 7])
    sheet["B2"].number_format = "#,##0"
    sheet["C2"].number_format = "0.0%"
    sheet["D2"].number_format = "0.00"
    path = tmp_path / "towns.xlsx"
    book.save(path)
    text = "\n".join(block.text for block in read_xlsx(path, "towns.xlsx", 10_000_000).blocks)
    assert "Population: 48,200" in text
    assert "Change: 1.2%" in text
    assert "Area (km²): 31.50" in text
    assert "Code: 7" in text  # no format set: the number as stored


def test_a_title_row_above_a_sheets_table_is_its_title_not_its_header(tmp_path: Path):
    book = Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.title = "Ridership"
    sheet.append(["Linmouth Tram annual boardings and farebox recovery, calendar years."])
    sheet.append(["Source: Linmouth City Council."])
    sheet.append(["Year", "Boardings (million)", "Farebox recovery (%)"])
    sheet.append([2024, 14.87, 39.2])
    path = tmp_path / "trams.xlsx"
    book.save(path)
    name, title, rows = read_xlsx(path, "trams.xlsx", 10_000_000).blocks
    assert name.text == "Ridership"
    assert title.text == (
        "Linmouth Tram annual boardings and farebox recovery, calendar years.\n"
        "Source: Linmouth City Council."
    )
    assert rows.text == "Year: 2024; Boardings (million): 14.87; Farebox recovery (%): 39.2"
