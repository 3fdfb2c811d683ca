"""The OCR process: run by ocr.py as `python -m research.providers.ocr_page SPEC`, never imported.

SPEC (JSON) names a file, its kind ("pdf" or "image"), the page indexes to read (null: every
image frame), Tesseract's languages and the resolution. The process writes JSON lines to stdout:
first `{"pages": N}` (the file's pages or frames), then for each page read
`{"page": i, "text": ..., "words": n, "confidence": mean}`, or `{"error": reason}` and exits 1.

Rendering a PDF page (pypdfium2) and decoding an image (Pillow) happen here, not in the worker:
a page that renders to gigabytes, or a decoder that crashes, ends this process only. A page is
rendered at DPI unless that passes MAX_PIXELS, and then smaller; an image past MAX_PIXELS is
refused as a decompression bomb. The process's address space is capped at MEMORY_BYTES.
"""

from __future__ import annotations

import contextlib
import ctypes
import json
import math
import os
import resource
import signal
import sys
import tempfile
import warnings
from collections import deque
from collections.abc import Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from PIL.Image import Image

PR_SET_PDEATHSIG = 1  # prctl(2)
MEMORY_BYTES = 3 * 2**30
MAX_PIXELS = 60_000_000  # an A4 page at 300 dpi is 8.7 million; A0 at 300 dpi is 139 million
SMALL_IMAGE = 1200  # an image whose longer side is shorter (a screenshot) is enlarged twice
# Tesseract runs single-threaded (its OpenMP threads spin against each other: five times slower
# on a busy machine); two pages are read at once instead.
PARALLEL_PAGES = 2


def main(argv: list[str]) -> int:
    spec = json.loads(argv[1])
    _die_with(spec["parent"])
    try:
        resource.setrlimit(resource.RLIMIT_AS, (MEMORY_BYTES, MEMORY_BYTES))
    except (ValueError, OSError):  # a lower hard limit is already set: keep it
        pass
    try:
        for record in _read(spec):
            print(json.dumps(record, ensure_ascii=False), flush=True)
    except MemoryError:
        return _fail(f"it needed more than {MEMORY_BYTES // 2**30} GB of memory")
    except Exception as exc:  # the reason goes back to the worker, which fails the document
        return _fail(f"{type(exc).__name__}: {exc}"[:500])
    return 0


def _die_with(parent: int) -> None:
    """This process is killed when the worker that started it dies (Linux), so that a worker
    stopped by its queue's timeout leaves no OCR running; a Tesseract already reading a page
    finishes that page."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
    except (OSError, AttributeError):  # not Linux: the worker's kill of the group must do
        return
    if os.getppid() != parent:  # it died before the prctl
        os._exit(1)


def _fail(reason: str) -> int:
    print(json.dumps({"error": reason}), flush=True)
    return 1


def _read(spec: dict) -> Iterator[dict]:
    """The page count, then each page's record in page order. Pages are rendered one at a time
    (PDFium is not thread-safe) and read by up to PARALLEL_PAGES Tesseract processes at once."""
    path, pages, dpi = Path(spec["path"]), spec["pages"], spec["dpi"]
    opener = _pdf_pages if spec["kind"] == "pdf" else _image_frames
    with (
        tempfile.TemporaryDirectory(prefix="dossier-ocr-") as scratch,
        ThreadPoolExecutor(PARALLEL_PAGES) as pool,
        opener(path, pages, dpi) as opened,
    ):
        yield {"pages": opened.total}
        reading: deque[Future[dict]] = deque()
        for index, image in opened.pictures:
            picture = Path(scratch) / f"{index}.pnm"  # written and read fast, unlike PNG
            image.save(picture)
            reading.append(pool.submit(_page, index, picture, spec))
            if len(reading) >= PARALLEL_PAGES:
                yield reading.popleft().result()
        while reading:
            yield reading.popleft().result()


def _page(index: int, picture: Path, spec: dict) -> dict:
    try:
        return {"page": index, **_tesseract(picture, spec["languages"], spec["tesseract"])}
    finally:
        picture.unlink()


@dataclass
class Opened:
    total: int  # the file's pages, or the image's frames
    pictures: Iterator[tuple[int, Image]]  # those asked for, by index, in shades of grey


@contextlib.contextmanager
def _pdf_pages(path: Path, pages: list[int], dpi: int) -> Iterator[Opened]:
    """The pages asked for, rendered at `dpi` (or less, to stay within MAX_PIXELS)."""
    import pypdfium2

    pdf = pypdfium2.PdfDocument(path)

    def render() -> Iterator[tuple[int, Image]]:
        for index in pages:
            page = pdf[index]
            width, height = page.get_size()  # points, 1/72 inch
            scale = min(dpi / 72, math.sqrt(MAX_PIXELS / max(width * height, 1.0)))
            yield index, page.render(scale=scale, grayscale=True).to_pil()
            page.close()

    try:
        yield Opened(len(pdf), render())
    finally:
        pdf.close()


@contextlib.contextmanager
def _image_frames(path: Path, pages: list[int] | None, dpi: int) -> Iterator[Opened]:
    """The frames asked for (None: all; a TIFF may hold several pages); an image past
    MAX_PIXELS is refused as a decompression bomb."""
    from PIL import Image as PIL
    from PIL import ImageOps, ImageSequence

    PIL.MAX_IMAGE_PIXELS = MAX_PIXELS
    warnings.simplefilter("error", PIL.DecompressionBombWarning)
    with PIL.open(path) as image:
        frames = (
            (index, _gray(ImageOps.exif_transpose(frame)))
            for index, frame in enumerate(ImageSequence.Iterator(image))
            if pages is None or index in pages
        )
        yield Opened(getattr(image, "n_frames", 1), frames)


def _gray(image: Image) -> Image:
    """The image in shades of grey on white (a transparent background is white), enlarged when
    it is small, as Tesseract reads best."""
    from PIL import Image

    if image.mode in ("RGBA", "LA", "PA") or "transparency" in image.info:
        rgba = image.convert("RGBA")
        image = Image.alpha_composite(Image.new("RGBA", rgba.size, "white"), rgba)
    gray = image.convert("L")
    if max(gray.size) < SMALL_IMAGE:
        gray = gray.resize((gray.width * 2, gray.height * 2), Image.Resampling.LANCZOS)
    return gray


def _tesseract(picture: Path, languages: str, command: str) -> dict:
    """The page's text, lines and paragraphs as Tesseract found them, its words and their mean
    confidence (0 to 100)."""
    import pytesseract

    pytesseract.pytesseract.tesseract_cmd = command
    data = pytesseract.image_to_data(
        str(picture), lang=languages, output_type=pytesseract.Output.DICT
    )
    paragraphs: dict[tuple[int, int], dict[int, list[str]]] = {}
    confidences = []
    for i, word in enumerate(data["text"]):
        word = (word or "").strip()
        confidence = float(data["conf"][i])
        if not word or confidence < 0:
            continue
        confidences.append(confidence)
        lines = paragraphs.setdefault((data["block_num"][i], data["par_num"][i]), {})
        lines.setdefault(data["line_num"][i], []).append(word)
    text = "\n\n".join(
        "\n".join(_join(words) for words in lines.values()) for lines in paragraphs.values()
    )
    mean = sum(confidences) / len(confidences) if confidences else None
    return {"text": text, "words": len(confidences), "confidence": mean}


def _join(words: list[str]) -> str:
    """A line's words with spaces between them, but none between two Chinese, Japanese or
    Korean characters or their punctuation (Tesseract gives each its own word), so the text
    reads as written."""
    line = ""
    for word in words:
        glue = "" if not line or (_wide(line[-1]) and _wide(word[0])) else " "
        line += glue + word
    return line


def _wide(char: str) -> bool:
    from research.text.writing import is_cjk

    return is_cjk(char) or "\u3000" <= char <= "\u303f" or "\uff00" <= char <= "\uffef"


if __name__ == "__main__":
    sys.exit(main(sys.argv))
