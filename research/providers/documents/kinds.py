"""What a file is: by its content first, by its name for the text formats."""

from __future__ import annotations

import zipfile
from pathlib import Path

from research.errors import DocumentUnreadable

SUPPORTED = (
    "PDF, Word (.docx), PowerPoint (.pptx), Excel (.xlsx), HTML, Markdown, plain text, CSV, EPUB, "
    "and PNG, JPEG, TIFF and WebP images (read by OCR)"
)
# An image's first bytes, by format: the library reads these by OCR.
IMAGE_SIGNATURES = (
    b"\x89PNG\r\n\x1a\n",
    b"\xff\xd8\xff",  # JPEG
    b"II*\x00",  # TIFF, little-endian
    b"MM\x00*",  # TIFF, big-endian
)
TEXT_SUFFIXES = {
    ".md": "markdown",
    ".markdown": "markdown",
    ".txt": "text",
    ".text": "text",
    ".csv": "csv",
    ".tsv": "csv",
    ".html": "html",
    ".htm": "html",
    ".xhtml": "html",
}
SNIFF = 4096


def detect_kind(path: Path, filename: str) -> str:
    """The DocumentKind value the file's bytes show, or DocumentUnreadable saying why not."""
    with path.open("rb") as stream:
        head = stream.read(SNIFF)
    if not head:
        raise DocumentUnreadable(f'"{filename}" is empty: there is nothing to read.')
    if head.lstrip()[:5] == b"%PDF-":
        return "pdf"
    if head.startswith(b"PK\x03\x04"):
        return _zip_kind(path, filename)
    if head.startswith(IMAGE_SIGNATURES) or (head[:4] == b"RIFF" and head[8:12] == b"WEBP"):
        return "image"
    suffix = Path(filename).suffix.lower()
    if _binary(head):
        raise DocumentUnreadable(
            f'"{filename}" is not a text file, and not one of the formats the library reads '
            f"({SUPPORTED})."
        )
    if suffix in TEXT_SUFFIXES:
        return TEXT_SUFFIXES[suffix]
    lowered = head.removeprefix(b"\xef\xbb\xbf").lstrip().lower()  # after a UTF-8 BOM
    if lowered.startswith((b"<!doctype html", b"<html")) or b"<body" in lowered:
        return "html"
    return "text"


def _zip_kind(path: Path, filename: str) -> str:
    try:
        with zipfile.ZipFile(path) as archive:
            names = set(archive.namelist())
            mimetype = archive.read("mimetype")[:40] if "mimetype" in names else b""
    except (zipfile.BadZipFile, OSError, KeyError):
        raise DocumentUnreadable(
            f'"{filename}" looks like a zip archive (Word, PowerPoint, Excel and EPUB files '
            "are) but it is damaged and cannot be opened."
        ) from None
    if mimetype.startswith(b"application/epub+zip"):
        return "epub"
    if "word/document.xml" in names:
        return "docx"
    if "ppt/presentation.xml" in names:
        return "pptx"
    if "xl/workbook.xml" in names:
        return "xlsx"
    raise DocumentUnreadable(
        f'"{filename}" is a zip archive, but not a Word, PowerPoint, Excel or EPUB file; the '
        f"library reads {SUPPORTED}."
    )


def _binary(head: bytes) -> bool:
    """NUL bytes, or mostly control characters, outside UTF-16 (which has a byte-order mark)."""
    if head.startswith((b"\xff\xfe", b"\xfe\xff")):
        return False
    if b"\x00" in head:
        return True
    controls = sum(1 for byte in head if byte < 9 or 13 < byte < 32)
    return controls > len(head) // 20
