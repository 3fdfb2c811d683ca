"""Bytes -> text: HTML through trafilatura, PDF through pypdf, plain text as is."""

from __future__ import annotations

import datetime
import warnings

import pytest

from research.providers.extract import ExtractError, decode, extract
from tests.system import needs_pango

URL = "https://news.example.test/2024/03/story"

PARAGRAPH_ONE = "The city council approved the new cycling plan on Tuesday after a long debate."
PARAGRAPH_TWO = "Work on the first protected lanes starts in the spring and ends before winter."


def article(charset_meta: str = "utf-8", body: str = "") -> str:
    body = body or f"<p>{PARAGRAPH_ONE}</p><p>{PARAGRAPH_TWO}</p>"
    return (
        f"<!doctype html><html><head><meta charset='{charset_meta}'>"
        "<title>Council approves cycling plan | Example News</title>"
        "<meta property='article:published_time' content='2024-03-05T10:00:00Z'></head>"
        "<body><nav><a href='/'>Home</a> <a href='/about'>About</a></nav>"
        f"<article><h1>Council approves cycling plan</h1>{body}</article>"
        "<footer>Copyright Example News</footer></body></html>"
    )


def make_pdf(title: str, paragraphs: list[str]) -> bytes:
    with warnings.catch_warnings():  # weasyprint warns about an optional system library
        warnings.simplefilter("ignore", DeprecationWarning)
        import weasyprint

    body = "".join(f"<p>{p}</p>" for p in paragraphs)
    html = f"<html><head><title>{title}</title></head><body>{body}</body></html>"
    return weasyprint.HTML(string=html).write_pdf()


# --- HTML --------------------------------------------------------------------------------------


def test_it_extracts_title_text_and_date_from_an_article():
    page = extract(article().encode(), "text/html", "utf-8", URL)
    assert page.extractor == "trafilatura"
    assert page.title == "Council approves cycling plan"
    assert page.published == datetime.date(2024, 3, 5)
    assert PARAGRAPH_ONE in page.text
    assert PARAGRAPH_TWO in page.text
    assert "Copyright" not in page.text


def test_it_keeps_paragraphs_apart():
    page = extract(article().encode(), "text/html", "utf-8", URL)
    assert f"{PARAGRAPH_ONE}\n{PARAGRAPH_TWO}" in page.text


def test_it_accepts_xhtml():
    xhtml = '<?xml version="1.0" encoding="utf-8"?>' + article()
    page = extract(xhtml.encode(), "application/xhtml+xml", None, URL)
    assert PARAGRAPH_ONE in page.text


def test_a_wrong_declared_charset_falls_back_to_readable_text():
    body = article(charset_meta="windows-1252", body="<p>Le caf\u00e9 na\u00eff ouvre.</p>")
    page = extract(body.encode("cp1252"), "text/html", "utf-8", URL)
    assert "Le caf\u00e9 na\u00eff ouvre." in page.text


def test_a_wrong_declared_charset_without_a_meta_tag_still_reads():
    html = (
        "<html><body><article><p>Cr\u00e8me br\u00fbl\u00e9e at the caf\u00e9, "
        "written in Windows-1252 but served as UTF-8.</p></article></body></html>"
    )
    page = extract(html.encode("cp1252"), "text/html", "utf-8", URL)
    assert "Cr\u00e8me br\u00fbl\u00e9e at the caf\u00e9" in page.text


def test_a_gbk_page_declared_as_utf8_is_read_through_its_meta_charset():
    chinese = (
        "城市议会周二批准了新的自行车计划。"  # "The city council approved the new cycling plan."
    )
    page = extract(article("gbk", f"<p>{chinese}</p>").encode("gbk"), "text/html", "utf-8", URL)
    assert chinese in page.text


def test_an_unknown_charset_label_is_ignored():
    page = extract(article().encode(), "text/html", "x-no-such-charset", URL)
    assert PARAGRAPH_ONE in page.text


def test_a_page_without_readable_text_is_refused():
    html = b"<html><head><title>Empty</title><script>var a = 1;</script></head><body></body></html>"
    with pytest.raises(ExtractError, match="no readable text found"):
        extract(html, "text/html", "utf-8", URL)


def test_binary_declared_as_html_is_refused():
    png = bytes.fromhex("89504e470d0a1a0a0000000d49484452") + b"\x00" * 100
    with pytest.raises(ExtractError, match="binary"):
        extract(png, "text/html", None, URL)


def test_a_content_type_with_parameters_is_understood():
    page = extract(article().encode(), "Text/HTML; charset=UTF-8", None, URL)
    assert page.extractor == "trafilatura"


# --- PDF ---------------------------------------------------------------------------------------


@needs_pango()  # the PDF is made with WeasyPrint
def test_it_extracts_a_pdf_with_its_title():
    pdf = make_pdf("Cycling plan report", ["Revenue grew by 12 percent.", "Costs fell."])
    page = extract(pdf, "application/pdf", None, URL)
    assert page.extractor == "pypdf"
    assert page.title == "Cycling plan report"
    assert "Revenue grew by 12 percent." in page.text
    assert "Costs fell." in page.text
    assert page.published is None


@needs_pango()
def test_a_pdf_without_a_content_type_is_sniffed():
    pdf = make_pdf("Sniffed", ["Found by its magic bytes."])
    assert extract(pdf, "", None, URL).extractor == "pypdf"


def test_a_broken_pdf_is_an_extract_error():
    with pytest.raises(ExtractError, match="PDF"):
        extract(b"%PDF-1.7\nthis is not really a pdf", "application/pdf", None, URL)


def test_a_pdf_without_text_is_an_extract_error():
    import io

    from pypdf import PdfWriter

    writer = PdfWriter()
    writer.add_blank_page(width=200, height=200)
    buffer = io.BytesIO()
    writer.write(buffer)
    with pytest.raises(ExtractError, match="no readable text"):
        extract(buffer.getvalue(), "application/pdf", None, URL)


# --- Plain text --------------------------------------------------------------------------------


def test_plain_text_is_kept_as_is():
    body = "First line.\n\n  Indented second paragraph \u2014 with a dash.\n"
    page = extract(body.encode(), "text/plain", "utf-8", URL)
    assert page.extractor == "text"
    assert page.text == "First line.\n\n  Indented second paragraph \u2014 with a dash."
    assert page.title == "First line."


def test_plain_text_whitespace_is_normalised_lightly():
    body = b"One.  Two.\r\n\r\n\r\n\r\n\r\nThree.   \r\nFour."
    page = extract(body, "text/plain", None, URL)
    assert page.text == "One.  Two.\n\nThree.\nFour."


def test_plain_text_is_decoded_with_its_charset():
    page = extract("\u00e9t\u00e9".encode("latin-1"), "text/plain", "iso-8859-1", URL)
    assert page.text == "\u00e9t\u00e9"


def test_markdown_takes_its_title_from_the_first_heading():
    page = extract(b"# Release notes\n\nFixed things.", "text/markdown", None, URL)
    assert page.title == "Release notes"
    assert page.text == "# Release notes\n\nFixed things."


def test_csv_is_text_without_a_title():
    page = extract(b"year,value\n2024,12\n", "text/csv", None, URL)
    assert page.text == "year,value\n2024,12"
    assert page.title == ""


def test_empty_text_is_refused():
    with pytest.raises(ExtractError, match="no readable text"):
        extract(b" \n\n ", "text/plain", None, URL)


# --- Everything else ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "content_type",
    ["image/png", "application/octet-stream", "application/zip", "video/mp4", "font/woff2"],
)
def test_binary_and_unknown_types_are_refused(content_type):
    with pytest.raises(ExtractError, match=f"unsupported content type {content_type}"):
        extract(b"\x89PNG\r\n\x1a\n\x00\x00", content_type, None, URL)


def test_an_unlabelled_binary_body_is_refused():
    with pytest.raises(ExtractError, match="unsupported content type"):
        extract(b"\x00\x01\x02", "", None, URL)


# --- Decoding ----------------------------------------------------------------------------------


def test_decode_prefers_a_byte_order_mark_over_the_declared_charset():
    assert decode(b"\xef\xbb\xbfcaf\xc3\xa9", "iso-8859-1") == "caf\u00e9"


def test_decode_never_fails():
    assert decode(b"caf\xe9 \x81", "utf-8") == "caf\u00e9 \ufffd"


def test_each_thread_parses_html_with_its_own_parser():
    """An lxml parser used by two threads at once crashes the process natively."""
    import threading

    from research.providers.extract import html_parser

    seen = []
    threads = [threading.Thread(target=lambda: seen.append(html_parser())) for _ in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len({id(parser) for parser in seen}) == 3
    assert html_parser() is html_parser()
    assert all(parser is not html_parser() for parser in seen)


@needs_pango()
def test_a_fetched_pdfs_tables_are_kept_as_rows_under_their_header():
    from tests import library_files as files

    body = files.pdf_with_table(
        "Population by city, as the census reported it.",
        [["City", "2023", "2024"], ["Avalon", "120,000", "126,000"]],
    )
    extracted = extract(body, "application/pdf", None, "https://example.org/census.pdf")
    assert extracted.text.endswith("City: Avalon; 2023: 120,000; 2024: 126,000")
    assert "Avalon 120,000 126,000" not in extracted.text  # the row as printed: the record's


def test_a_fetched_pdfs_list_keeps_its_bullets_in_front_of_its_items():
    from tests import library_files as files

    items = ["Price: £1,749 (RRP)", "Battery: 418 Wh, removable", "Range: up to 90 km in eco mode"]
    body = files.pdf_with_list("Key specifications", items)
    extracted = extract(body, "application/pdf", None, "https://example.org/glide.pdf")
    assert extracted.text.endswith("\n".join(f"• {item}" for item in items))


def test_a_pages_own_tables_are_kept_as_rows_under_their_header_beside_its_text():
    html = (
        "<html><body><article><p>A page about cities and what their censuses say.</p></article>"
        "<aside><table><tr><th>City</th><th>2024</th></tr><tr><td>Avalon</td><td>126,000</td>"
        "</tr><tr><td>Dunmore <b>(city)</b></td><td>52,300<table><tr><td>x</td><td>y</td></tr>"
        "</table></td></tr></table><table><tr><td>one row</td><td>only</td></tr></table></aside>"
        "</body></html>"
    )
    page = extract(html.encode(), "text/html", "utf-8", URL)
    assert page.tables == "City: Avalon; 2024: 126,000\nCity: Dunmore (city); 2024: 52,300xy"


def test_a_line_that_looks_like_a_date_costs_no_search_through_every_locale():
    """trafilatura's extensive date search hands a line that looks like a date ("Average
    occupancy: 71.6% (2024: 69.8%)") to dateparser, whose first use compiles the patterns of
    all its 205 locales: about 10 s of CPU inside one fetch. The page's date comes from its
    markup and the common formats instead, and dateparser is never loaded."""
    import subprocess
    import sys

    script = (
        "import sys\n"
        "from research.providers import extract\n"
        "page = ('<html><head><title>Results</title></head><body><article><h1>Results</h1>'\n"
        "        '<p>Rooms in operation: 2,186 at year end.</p>'\n"
        "        '<p>Average occupancy: 71.6% (2024: 69.8%)</p>'\n"
        "        '</article></body></html>').encode()\n"
        "extract.extract(page, 'text/html', 'utf-8', 'http://127.0.0.1:8/results.html')\n"
        "print([m for m in sys.modules if m.startswith('dateparser')])\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=120, check=True
    )
    assert done.stdout.strip() == "[]"
