"""OCR: scanned PDF pages and photos of text read by Tesseract, in the library and on the web.

The files are made here: text drawn with a real font (Pillow), saved as images or as an
image-only PDF (Pillow's PDF writer), so Tesseract reads what a scanner would have given it.
"""

from __future__ import annotations

from io import BytesIO
from pathlib import Path

import pytest

from research.models import Collection, Document, DocumentStatus, Source
from research.providers.documents import detect_kind
from research.providers.extract import ExtractError, extract
from research.services import library
from research.text.legible import legible
from tests import library_files as files
from tests.system import needs_cjk_font, needs_pango, needs_tesseract

pytest_plugins = ["tests.api_fixtures"]

OCR = needs_tesseract("images and scanned PDF pages cannot be read by OCR")
COVER = ["Harbour survey of Port Avalon, volume one.", "Prepared for the harbour board."]
DREDGING = [
    "The dredging contract was awarded to Kestrel Marine in March.",
    "Dredgers removed forty thousand cubic metres of silt from the eastern basin.",
]
CARGO = ["Cargo volumes rose by twelve percent after the channel reopened to larger vessels."]
CHINESE = ["固态电池的能量密度比锂离子电池更高。", "研究人员在实验室中测试了新的电解质。"]


@pytest.fixture(autouse=True)
def library_dir(settings, tmp_path):
    settings.DATA_DIR = tmp_path


@pytest.fixture
def shelf(db, member) -> Collection:
    return Collection.objects.create(name="Scans", created_by=member)


def read(shelf: Collection, name: str, body: bytes) -> Document:
    """The file added to the library and read here, as the worker reads it."""
    added = library.add_document(shelf, stream=BytesIO(body), filename=name, user=shelf.created_by)
    library.extract(added.document.pk)
    return Document.objects.get(pk=added.document.pk)


def locators(document: Document) -> list[str]:
    return list(document.passages.values_list("locator", flat=True))


@OCR
def test_an_image_only_pdf_of_three_pages_is_read_page_by_page_and_found_on_page_two(
    shelf, api, member_client
):
    scan = read(shelf, "survey.pdf", files.scanned_pages([COVER, DREDGING, CARGO]))
    assert scan.status == DocumentStatus.READY, scan.error
    assert (scan.kind, scan.pages, scan.ocr_pages) == ("pdf", 3, 3)
    assert scan.ocr_confidence is not None and scan.ocr_confidence > 80
    assert locators(scan) == ["p. 1", "p. 2", "p. 3"]
    assert "Kestrel Marine" in scan.passages.get(locator="p. 2").text
    [best, *_] = api.get("/api/library/search", {"q": "dredging contract Kestrel"}).json()
    assert (best["document_id"], best["locator"]) == (scan.pk, "p. 2")
    shown = api.get(f"/api/library/documents/{scan.pk}").json()
    assert (shown["ocr_pages"], shown["ocr_confidence"]) == (3, scan.ocr_confidence)
    page = member_client.get(f"/library/documents/{scan.pk}/").content.decode()
    assert "Read by OCR" in page and "3 pages of 3, mean confidence" in page


@OCR
def test_a_photo_of_english_text_is_read_as_an_image_and_searchable(shelf, api):
    photo = read(shelf, "whiteboard.png", files.text_image(DREDGING))
    assert photo.status == DocumentStatus.READY, photo.error
    assert (photo.kind, photo.ocr_pages, photo.pages) == ("image", 1, None)
    [hit] = api.get("/api/library/search", {"q": "forty thousand cubic metres"}).json()
    assert (hit["document_id"], hit["kind"], hit["locator"]) == (photo.pk, "image", "")
    assert "eastern basin" in hit["snippet"]


@OCR
@needs_cjk_font("Chinese text cannot be drawn for OCR to read")
def test_a_photo_of_chinese_text_is_read_as_written_and_searchable(shelf, api):
    photo = read(shelf, "实验记录.png", files.text_image(CHINESE, language="zh-cn"))
    assert photo.status == DocumentStatus.READY, photo.error
    assert "研究人员在实验室中测试了新的电解质" in photo.passages.get().text  # no spaces inside
    [hit] = api.get("/api/library/search", {"q": "电解质"}).json()
    assert hit["document_id"] == photo.pk


@pytest.mark.parametrize("format", ["PNG", "JPEG", "TIFF", "WEBP"])
def test_images_are_told_by_their_bytes_whatever_their_name(tmp_path, format):
    path = tmp_path / "notes.txt"
    path.write_bytes(files.text_image(["A line."], format=format))
    assert detect_kind(path, "notes.txt") == "image"


@OCR
def test_a_tiffs_frames_are_its_pages(shelf):
    tiff = read(shelf, "fax.tif", files.scanned_pages([DREDGING, CARGO], format="TIFF"))
    assert tiff.status == DocumentStatus.READY, tiff.error
    assert (tiff.kind, tiff.pages, tiff.ocr_pages, locators(tiff)) == (
        "image",
        2,
        2,
        ["p. 1", "p. 2"],
    )


@OCR
@needs_pango()
def test_a_page_with_a_good_text_layer_keeps_it_and_only_the_scanned_page_is_read_by_ocr(
    shelf,
):
    typed = "The harbour board met on Tuesday and approved the survey."
    mixed = files.joined(files.pdf([[typed]]), files.scanned_pages([CARGO]))
    document = read(shelf, "minutes.pdf", mixed)
    assert document.status == DocumentStatus.READY, document.error
    assert (document.pages, document.ocr_pages) == (2, 1)
    assert document.passages.get(locator="p. 1").text == typed  # the text layer, as it is
    assert "twelve percent" in document.passages.get(locator="p. 2").text
    text_only = read(shelf, "typed.pdf", files.pdf([[typed]]))
    assert (text_only.ocr_pages, text_only.ocr_confidence) == (0, None)


def test_a_text_layer_of_replacement_characters_or_no_letters_is_not_legible():
    assert legible("The survey was approved.")
    assert legible("Table 3: 2023 2024 1,200 1,350 Revenue")
    assert legible("固态电池")
    assert not legible("")
    assert not legible("  \n 12 \n")  # a page number alone
    assert not legible("\ufffd\ufffd\ufffd \ufffd\ufffd a\ufffd")
    assert not legible("\ue000\ue001\ue002\ue003 ab")  # private-use glyph codes


@OCR
def test_more_pages_to_read_than_the_cap_fail_the_document_naming_it_and_keep_the_file(
    shelf, settings
):
    settings.LIBRARY_OCR_MAX_PAGES = 2
    scan = read(shelf, "survey.pdf", files.scanned_pages([COVER, DREDGING, CARGO]))
    tiff = read(shelf, "fax.tif", files.scanned_pages([COVER, DREDGING, CARGO], format="TIFF"))
    for document in (scan, tiff):
        assert document.status == DocumentStatus.FAILED
        assert "3 pages to read by OCR, more than LIBRARY_OCR_MAX_PAGES (2)" in document.error
        assert "The file is kept" in document.error
        assert Path(document.file.path).is_file() and not document.passages.exists()


@OCR
def test_a_page_past_the_time_limit_fails_the_document_naming_it_and_keeps_the_file(
    shelf, settings
):
    settings.LIBRARY_OCR_PAGE_SECONDS = 0
    scan = read(shelf, "survey.pdf", files.scanned_pages([COVER, DREDGING]))
    assert scan.status == DocumentStatus.FAILED
    assert "OCR of page 1 took longer than LIBRARY_OCR_PAGE_SECONDS (0 s)" in scan.error
    assert Path(scan.file.path).is_file() and not scan.passages.exists()
    settings.LIBRARY_OCR_PAGE_SECONDS = 60
    library.extract_again(scan)
    library.extract(scan.pk)  # the limit raised, it is read
    scan.refresh_from_db()
    assert (scan.status, locators(scan)) == (DocumentStatus.READY, ["p. 1", "p. 2"])


@OCR
def test_an_image_past_the_pixel_limit_is_refused_as_a_decompression_bomb(shelf):
    from PIL import Image

    huge = BytesIO()
    Image.new("1", (10_000, 7_000), 1).save(huge, format="PNG")  # 70 million pixels
    bomb = read(shelf, "bomb.png", huge.getvalue())
    assert bomb.status == DocumentStatus.FAILED
    assert "decompression bomb" in bomb.error and "The file is kept" in bomb.error


def test_without_tesseract_a_scan_says_which_debian_packages_to_install(
    shelf, monkeypatch, tmp_path
):
    scan, picture = files.scanned_pages([COVER]), files.text_image(CARGO)
    monkeypatch.setenv("PATH", str(tmp_path / "empty"))  # no tesseract on this PATH
    document = read(shelf, "survey.pdf", scan)
    photo = read(shelf, "photo.png", picture)
    install = "apt-get install tesseract-ocr tesseract-ocr-eng tesseract-ocr-chi-sim"
    assert document.status == photo.status == DocumentStatus.FAILED
    assert '"survey.pdf" has no text layer (a scan?), and OCR is not available' in document.error
    assert '"photo.png" is an image, and OCR is not available' in photo.error
    assert install in document.error and install in photo.error
    assert "the file is kept" in document.error


@OCR
def test_a_missing_language_names_its_package(shelf, settings):
    settings.LIBRARY_OCR_LANGUAGES = "eng+zzz_test"
    photo = read(shelf, "photo.png", files.text_image(CARGO))
    assert "OCR is not available in zzz_test (LIBRARY_OCR_LANGUAGES)" in photo.error
    assert "apt-get install tesseract-ocr-zzz-test" in photo.error


# --- On the web -------------------------------------------------------------------------------


@OCR
def test_a_fetched_scan_past_the_page_cap_fails_naming_it(settings):
    settings.LIBRARY_OCR_MAX_PAGES = 1
    with pytest.raises(ExtractError) as failed:
        extract(files.scanned_pages([COVER, CARGO]), "application/pdf", None, "https://x.org/a.pdf")
    assert "more than LIBRARY_OCR_MAX_PAGES (1)" in failed.value.reason


@OCR
@pytest.mark.django_db(transaction=True)
def test_a_scanned_pdf_on_the_web_is_read_by_ocr_when_researched(world, member):
    from tests.test_pipeline_run import research

    world.web.add(
        "/reports/harbour-survey.pdf",
        files.scanned_pages([COVER, DREDGING]),
        content_type="application/pdf",
    )
    url = world.web.url_for("/reports/harbour-survey.pdf")
    defaults = world.searx.default_results

    def results_for(query):
        survey = {"url": url, "title": "Harbour survey: dredging contract", "content": query}
        return [survey, *defaults(query)]

    world.searx.results_for = results_for
    result, code = research(
        "Who won the dredging contract in the harbour survey?", "--engine", "extractive"
    )
    assert code == 0, result
    source = Source.objects.get(project_id=result["project_id"], url=url)
    assert source.snapshot is not None, source.fetch_reason
    assert source.snapshot.extractor == "pypdf+tesseract"
    assert "awarded to Kestrel Marine" in source.snapshot.text
