"""A fetched body -> readable text, whatever its format: the web's formats (HTML, PDF, plain
text) by extract.py, and Word, Excel and PowerPoint files by the library's own readers
(documents/), so a report a site serves as .docx, or a spreadsheet as .xlsx, reads as it would
from the library: a sheet's rows as record lines under its header, a document's tables too.

An office file is known by its media type, or, served as a generic binary
(application/octet-stream, application/zip), by its address's suffix; its parts are held to the
library's bound on unpacked size, and the copy it is read from is deleted when read.
"""

from __future__ import annotations

import tempfile
from pathlib import Path, PurePosixPath
from urllib.parse import urlsplit

from django.conf import settings

from research.errors import DocumentUnreadable
from research.providers import extract
from research.providers.documents import extract_document
from research.providers.extract import Extracted, ExtractError

OFFICE_TYPES = {
    "application/vnd.openxmlformats-officedocument.wordprocessingml.document": ".docx",
    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": ".xlsx",
    "application/vnd.openxmlformats-officedocument.presentationml.presentation": ".pptx",
}
GENERIC_TYPES = frozenset({"application/octet-stream", "application/zip", "binary/octet-stream"})
OFFICE_SUFFIXES = frozenset(OFFICE_TYPES.values())


def read(body: bytes, content_type: str, charset: str | None, url: str) -> Extracted:
    """The body's text: an office file's by the library's readers, anything else's by
    extract.extract. ExtractError, with a reason for people, when it holds none."""
    suffix = office_suffix(content_type, url)
    if suffix is None:
        return extract.extract(body, content_type, charset, url)
    return _read_office(body, suffix, url)


def office_suffix(content_type: str, url: str) -> str | None:
    """ ".docx", ".xlsx" or ".pptx" when the body is one of those files; None otherwise."""
    media_type = content_type.split(";")[0].strip().lower()
    if media_type in OFFICE_TYPES:
        return OFFICE_TYPES[media_type]
    suffix = PurePosixPath(urlsplit(url).path).suffix.lower()
    if (media_type in GENERIC_TYPES or not media_type) and suffix in OFFICE_SUFFIXES:
        return suffix
    return None


def _read_office(body: bytes, suffix: str, url: str) -> Extracted:
    name = PurePosixPath(urlsplit(url).path).name or f"download{suffix}"
    with tempfile.TemporaryDirectory(prefix="dossier-page-") as folder:
        path = Path(folder) / f"page{suffix}"
        path.write_bytes(body)
        try:
            document = extract_document(
                path,
                filename=name,
                max_uncompressed=settings.LIBRARY_MAX_UNCOMPRESSED_MB * 1024 * 1024,
            )
        except DocumentUnreadable as exc:
            raise ExtractError(exc.reason) from None
    text = extract.normalise_text("\n\n".join(block.text for block in document.blocks))
    if not text:
        raise ExtractError(f"{name} holds no text to read")
    return Extracted(
        title=document.title,  # extract_document's: white space collapsed, 500 at most
        text=text,
        published=document.issued,
        extractor=document.kind,
    )
