"""Import throughput for bench/library.py: real files of every format, stored and read.

Files are made with tests/library_files.py, each of about `PAGES` pages of text: PDF by
WeasyPrint, DOCX by python-docx, PPTX by python-pptx, EPUB as a zip of XHTML chapters, and HTML,
Markdown, plain text and CSV as text. Making them is not timed; storing
(`library.add_document`) and reading (`library.extract`, what the worker runs) are.
"""

from __future__ import annotations

import io
import logging
import random
import time
from collections import defaultdict
from pathlib import Path

from tests import library_files as files

WORDS = (
    "the library keeps reports papers contracts minutes and slide decks so a team can research "
    "its own material beside the open web every passage keeps a locator page slide or heading "
    "budget revenue growth forecast risk schedule supplier contract clause renewal term notice "
    "battery density charge cycle cathode anode electrolyte safety cost production capacity"
).split()
PAGES = 4
FORMATS = ("pdf", "docx", "pptx", "html", "md", "txt", "csv", "epub")


def paragraph(rng: random.Random, words: int = 120) -> str:
    text = " ".join(rng.choice(WORDS) for _ in range(words))
    return text[0].upper() + text[1:] + "."


def make(kind: str, rng: random.Random, n: int) -> bytes:
    paragraphs = [paragraph(rng) for _ in range(PAGES * 3)]
    paragraphs[0] = f"Document number {n} ({kind}). " + paragraphs[0]
    return MAKERS[kind](paragraphs)


def _pdf(paragraphs: list[str]) -> bytes:
    return files.pdf([paragraphs[i : i + 3] for i in range(0, len(paragraphs), 3)])


def _docx(paragraphs: list[str]) -> bytes:
    parts = [("Title", "Bench document")]
    for i, text in enumerate(paragraphs):
        if i % 3 == 0:
            parts.append(("Heading 1", f"Part {i // 3 + 1}"))
        parts.append(("", text))
    return files.docx(parts)


def _pptx(paragraphs: list[str]) -> bytes:
    slides = [
        (f"Slide {i // 3 + 1}", "\n".join(paragraphs[i : i + 3]), "")
        for i in range(0, len(paragraphs), 3)
    ]
    return files.pptx(slides)


def _html(paragraphs: list[str]) -> bytes:
    body = "".join(f"<h2>Part {i}</h2><p>{p}</p>" for i, p in enumerate(paragraphs))
    page = f"<html><head><title>Bench</title></head><body><article>{body}</article></body></html>"
    return page.encode()


def _md(paragraphs: list[str]) -> bytes:
    return "\n\n".join(f"## Part {i}\n\n{p}" for i, p in enumerate(paragraphs)).encode()


def _txt(paragraphs: list[str]) -> bytes:
    return "\n\n".join(paragraphs).encode()


def _csv(paragraphs: list[str]) -> bytes:
    rows = ["id,topic,note"] + [f'{i},part {i},"{p}"' for i, p in enumerate(paragraphs)]
    return "\n".join(rows).encode()


def _epub(paragraphs: list[str]) -> bytes:
    chapters = [
        (f"Chapter {i // 3 + 1}", paragraphs[i : i + 3]) for i in range(0, len(paragraphs), 3)
    ]
    return files.epub(chapters)


MAKERS = {
    "pdf": _pdf,
    "docx": _docx,
    "pptx": _pptx,
    "html": _html,
    "md": _md,
    "txt": _txt,
    "csv": _csv,
    "epub": _epub,
}


def import_bench(count: int, data_dir: Path) -> None:
    """`count` documents, the formats in turn: per format and in all, documents and MB per s."""
    from research.models import Document, DocumentStatus
    from research.services import library

    logging.getLogger("django-q").setLevel(logging.WARNING)  # each upload queues a task too
    rng = random.Random(11)
    files = [
        (FORMATS[i % len(FORMATS)], make(FORMATS[i % len(FORMATS)], rng, i)) for i in range(count)
    ]
    collection = library.create_collection(name=f"import bench {time.time()}", user=None)
    seconds: dict[str, float] = defaultdict(float)
    sizes: dict[str, int] = defaultdict(int)
    counts: dict[str, int] = defaultdict(int)
    started = time.perf_counter()
    for n, (kind, body) in enumerate(files):
        began = time.perf_counter()
        added = library.add_document(
            collection, stream=io.BytesIO(body), filename=f"doc{n}.{kind}", user=None
        )
        library.extract(added.document.pk)
        seconds[kind] += time.perf_counter() - began
        sizes[kind] += len(body)
        counts[kind] += 1
    total = time.perf_counter() - started
    ready = Document.objects.filter(collection=collection, status=DocumentStatus.READY).count()
    print(f"import: {count} documents in {total:.1f} s ({count / total:.1f} per s), {ready} ready")
    print(f"{'format':<6} {'docs':>5} {'docs/s':>8} {'MB/s':>7} {'KB/doc':>7}")
    for kind in FORMATS:
        if counts[kind]:
            rate = counts[kind] / seconds[kind]
            mb = sizes[kind] / 1024 / 1024 / seconds[kind]
            kb = sizes[kind] / counts[kind] / 1024
            print(f"{kind:<6} {counts[kind]:>5} {rate:>8.1f} {mb:>7.2f} {kb:>7.1f}")
    failed = Document.objects.filter(collection=collection, status=DocumentStatus.FAILED)
    for document in failed[:5]:
        print(f"  failed: {document.filename}: {document.error}")
