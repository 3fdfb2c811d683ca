"""Word, Excel and PowerPoint files served on the web read as they do from the library."""

from __future__ import annotations

import tempfile

import pytest

from research.providers import fetched
from research.providers.extract import ExtractError
from tests.library_files import docx, xlsx

XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document"


def _portfolio() -> bytes:
    return xlsx(
        {
            "Properties": [
                ["Property", "Rooms", "Occupancy 2025 (%)"],
                ["Quayside Wharf House", 212, 86.4],
                ["Total", 1054, 83.1],
            ]
        }
    )


def test_a_spreadsheet_served_on_the_web_reads_as_its_rows_under_their_header():
    page = fetched.read(_portfolio(), XLSX, None, "https://example.org/portfolio-2025.xlsx")
    assert "Property: Total; Rooms: 1054; Occupancy 2025 (%): 83.1" in page.text
    assert page.extractor == "xlsx"


def test_an_office_file_served_as_a_generic_binary_is_known_by_its_address():
    page = fetched.read(
        _portfolio(), "application/octet-stream", None, "https://example.org/files/p.xlsx?v=2"
    )
    assert "Quayside Wharf House" in page.text
    with pytest.raises(ExtractError, match="unsupported content type"):
        fetched.read(_portfolio(), "application/octet-stream", None, "https://example.org/p")


def test_a_word_document_served_on_the_web_reads_as_its_paragraphs():
    body = docx([("Title", "Annual report 2025"), ("", "Revenue rose to $418.6 million in 2025.")])
    page = fetched.read(body, DOCX, None, "https://example.org/annual-report.docx")
    assert "Revenue rose to $418.6 million in 2025." in page.text


def test_a_damaged_office_file_fails_with_a_reason_and_leaves_no_copy_behind(tmp_path):
    before = tempfile.tempdir
    tempfile.tempdir = str(tmp_path)
    try:
        with pytest.raises(ExtractError, match="damaged"):
            fetched.read(b"PK\x03\x04 not a zip", XLSX, None, "https://example.org/broken.xlsx")
    finally:
        tempfile.tempdir = before
    assert list(tmp_path.iterdir()) == []
