"""OCR: images and scanned PDF pages read by Tesseract, in a process of their own.

    result = ocr.read(path, kind="pdf", pages=[0, 2])  # or kind="image", pages=None
    result.pages  # [OcrPage(index=0, text=..., words=..., confidence=...), ...]

The library's readers (documents/readers.py) and the web's PDF extraction (extract.py) call it
for an image and for the pages whose text layer is not text (text/legible.py). Each call starts
one process (ocr_page.py) that renders the pages, or decodes the image, and runs Tesseract
(pytesseract) on each: whatever a page does to memory, or however it crashes, the worker lives.
Each page must be read within LIBRARY_OCR_PAGE_SECONDS, else the process and its Tesseract are
stopped; a file with more pages to read than LIBRARY_OCR_MAX_PAGES is refused before any is.
Every failure is an `OcrError` whose reason names the setting or the Debian package to install.
"""

from __future__ import annotations

import json
import os
import selectors
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from research.errors import ProviderFailed

DPI = 300
PROJECT_ROOT = Path(__file__).resolve().parents[2]
PACKAGE = "tesseract-ocr"


class OcrError(ProviderFailed):
    """The OCR could not read the file; `reason` is a clause for people ("OCR of page 3 took
    longer than ..."), which callers put after the file's name."""


class OcrUnavailable(OcrError):
    """Tesseract, or its data for one of the languages, is not installed on this machine."""


@dataclass(frozen=True)
class Limits:
    languages: str = "eng+chi_sim"
    page_seconds: float = 60.0
    max_pages: int = 100


def configured() -> Limits:
    """The limits the settings give (LIBRARY_OCR_LANGUAGES, _PAGE_SECONDS, _MAX_PAGES)."""
    from django.conf import settings

    return Limits(
        settings.LIBRARY_OCR_LANGUAGES,
        settings.LIBRARY_OCR_PAGE_SECONDS,
        settings.LIBRARY_OCR_MAX_PAGES,
    )


@dataclass(frozen=True)
class OcrPage:
    index: int  # the page's (or the image frame's) index, from 0
    text: str  # lines as Tesseract found them, paragraphs apart by a blank line
    words: int
    confidence: float | None  # the mean of its words' confidences, 0 to 100; None: no words


@dataclass(frozen=True)
class OcrResult:
    total: int  # the file's pages, or the image's frames
    pages: list[OcrPage]

    @property
    def confidence(self) -> float | None:
        """The mean confidence of every word read, 0 to 100."""
        words = sum(page.words for page in self.pages if page.confidence is not None)
        if not words:
            return None
        weighted = sum(page.words * (page.confidence or 0.0) for page in self.pages)
        return round(weighted / words, 1)


def read(
    path: Path, *, kind: str, pages: Sequence[int] | None, limits: Limits | None = None
) -> OcrResult:
    """The pages `pages` (indexes; None: every frame of an image) read by OCR."""
    limits = limits or configured()
    command = check_available(limits.languages)
    if pages is not None and len(pages) > limits.max_pages:
        raise OcrError(too_many(len(pages), limits))
    spec = {
        "path": str(path),
        "kind": kind,
        "pages": None if pages is None else list(pages),
        "languages": limits.languages,
        "dpi": DPI,
        "tesseract": command,
        "parent": os.getpid(),
    }
    with _Process(spec) as (process, stderr):
        return _collect(_records(process, limits.page_seconds), spec, limits, stderr)


def read_bytes(body: bytes, *, kind: str, pages: Sequence[int] | None) -> OcrResult:
    """The same, for a file held in memory (a fetched PDF)."""
    with tempfile.NamedTemporaryFile(prefix="dossier-ocr-", suffix=f".{kind}") as file:
        file.write(body)
        file.flush()
        return read(Path(file.name), kind=kind, pages=pages)


def too_many(count: int, limits: Limits) -> str:
    return (
        f"it has {count} pages to read by OCR, more than LIBRARY_OCR_MAX_PAGES "
        f"({limits.max_pages}) allows"
    )


def _collect(records: Iterator[dict], spec: dict, limits: Limits, stderr) -> OcrResult:
    total, found = 0, []
    try:
        for record in records:
            if "error" in record:
                raise OcrError(f"the OCR process failed: {record['error']}")
            if "pages" in record:
                total = int(record["pages"])
                if spec["pages"] is None and total > limits.max_pages:
                    raise OcrError(too_many(total, limits))
                continue
            found.append(
                OcrPage(record["page"], record["text"], record["words"], record["confidence"])
            )
    except TimeoutError:
        late = len(found) if spec["pages"] is None else spec["pages"][len(found)]
        raise OcrError(
            f"OCR of page {late + 1} took longer than LIBRARY_OCR_PAGE_SECONDS "
            f"({limits.page_seconds:g} s) allows"
        ) from None
    wanted = total if spec["pages"] is None else len(spec["pages"])
    if len(found) < wanted:
        stderr.seek(0)
        detail = stderr.read().decode("utf-8", "replace").strip().splitlines()[-1:] or ["none"]
        raise OcrError(f"the OCR process stopped before the end (its last words: {detail[0]})")
    return OcrResult(total, found)


class _Process:
    """The OCR process, started in a session of its own so that stopping it stops its
    Tesseract too."""

    def __init__(self, spec: dict) -> None:
        self.stderr = tempfile.TemporaryFile()
        environment = {
            **os.environ,
            "OMP_THREAD_LIMIT": "1",  # Tesseract's OpenMP threads fight each other: 5x slower
            "PYTHONPATH": os.pathsep.join(
                p for p in (str(PROJECT_ROOT), os.environ.get("PYTHONPATH", "")) if p
            ),
        }
        self.popen = subprocess.Popen(
            [sys.executable, "-m", "research.providers.ocr_page", json.dumps(spec)],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=self.stderr,
            env=environment,
            start_new_session=True,
        )

    def __enter__(self):
        return self.popen, self.stderr

    def __exit__(self, *exc_info) -> None:
        if self.popen.poll() is None:
            try:
                os.killpg(self.popen.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        self.popen.wait()
        if self.popen.stdout is not None:
            self.popen.stdout.close()
        self.stderr.close()


def _records(process: subprocess.Popen, seconds: float) -> Iterator[dict]:
    """The process's JSON lines, each within `seconds` of the one before (the first within
    `seconds` of the start), else TimeoutError."""
    assert process.stdout is not None
    stream = process.stdout.fileno()
    watch = selectors.DefaultSelector()
    watch.register(stream, selectors.EVENT_READ)
    buffer, deadline = b"", time.monotonic() + seconds
    try:
        while True:
            remaining = deadline - time.monotonic()
            if remaining <= 0 or not watch.select(remaining):
                raise TimeoutError
            chunk = os.read(stream, 1 << 16)
            if not chunk:
                return
            buffer += chunk
            while b"\n" in buffer:
                line, buffer = buffer.split(b"\n", 1)
                deadline = time.monotonic() + seconds
                yield json.loads(line)
    finally:
        watch.close()


def check_available(languages: str) -> str:
    """Tesseract's command; OcrUnavailable naming the Debian package to install, when
    Tesseract or the data of one of `languages` is missing."""
    command = shutil.which("tesseract")
    if command is None:
        packages = " ".join([PACKAGE, *(package_of(code) for code in languages.split("+"))])
        raise OcrUnavailable(
            f"OCR is not available: Tesseract is not installed on this machine "
            f"(apt-get install {packages})"
        )
    missing = [code for code in languages.split("+") if code not in installed_languages(command)]
    if missing:
        raise OcrUnavailable(
            f"OCR is not available in {', '.join(missing)} (LIBRARY_OCR_LANGUAGES): Tesseract "
            f"has no data for it on this machine "
            f"(apt-get install {' '.join(package_of(code) for code in missing)})"
        )
    return command


def package_of(code: str) -> str:
    """The Debian package of a Tesseract language ("chi_sim": tesseract-ocr-chi-sim)."""
    return f"{PACKAGE}-{code.lower().replace('_', '-')}"


def installed_languages(command: str) -> frozenset[str]:
    """Asked each time (a few milliseconds): a language installed while the worker runs is
    there for the next document."""
    import pytesseract

    pytesseract.pytesseract.tesseract_cmd = command
    try:
        return frozenset(pytesseract.get_languages())
    except (pytesseract.TesseractNotFoundError, OSError):
        return frozenset()
