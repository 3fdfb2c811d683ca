"""Import throughput for bench/library.py: real files of every format, stored and read.

Files are made here, each of about `PAGES` pages of text: PDF by WeasyPrint, DOCX by python-docx,
PPTX by python-pptx, EPUB as a zip of XHTML chapters, and HTML, Markdown, plain text and CSV
as text. Making them is not timed; storing (`library.add_document`) and reading
(`library.extract`, what the worker runs) are.
"""

from __future__ import annotations

import io
import random
import time
import zipfile
from collections import defaultdict
from pathlib import Path

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
    from weasyprint import HTML

    pages = [paragraphs[i : i + 3] for i in range(0, len(paragraphs), 3)]
    body = "".join(
        '<section style="page-break-after: always">'
        + "".join(f"<p>{p}</p>" for p in page)
        + "</section>"
        for page in pages
    )
    return HTML(string=f"<html><body>{body}</body></html>").write_pdf()


def _docx(paragraphs: list[str]) -> bytes:
    import docx

    document = docx.Document()
    document.add_heading("Bench document", level=0)
    for i, text in enumerate(paragraphs):
        if i % 3 == 0:
            document.add_heading(f"Part {i // 3 + 1}", level=1)
        document.add_paragraph(text)
    out = io.BytesIO()
    document.save(out)
    return out.getvalue()


def _pptx(paragraphs: list[str]) -> bytes:
    from pptx import Presentation
    from pptx.util import Inches

    deck = Presentation()
    for i in range(0, len(paragraphs), 3):
        slide = deck.slides.add_slide(deck.slide_layouts[1])
        slide.shapes.title.text = f"Slide {i // 3 + 1}"
        box = slide.shapes.add_textbox(Inches(0.5), Inches(1.5), Inches(9), Inches(5))
        box.text_frame.text = "\n".join(paragraphs[i : i + 3])
    out = io.BytesIO()
    deck.save(out)
    return out.getvalue()


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
    out = io.BytesIO()
    chapters = [paragraphs[i : i + 3] for i in range(0, len(paragraphs), 3)]
    with zipfile.ZipFile(out, "w") as book:
        book.writestr("mimetype", "application/epub+zip", compress_type=zipfile.ZIP_STORED)
        book.writestr(
            "META-INF/container.xml",
            '<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:'
            'xmlns:container"><rootfiles><rootfile full-path="OEBPS/content.opf" media-type='
            '"application/oebps-package+xml"/></rootfiles></container>',
        )
        items = "".join(
            f'<item id="c{i}" href="c{i}.xhtml" media-type="application/xhtml+xml"/>'
            for i in range(len(chapters))
        )
        spine = "".join(f'<itemref idref="c{i}"/>' for i in range(len(chapters)))
        book.writestr(
            "OEBPS/content.opf",
            '<?xml version="1.0"?><package xmlns="http://www.idpf.org/2007/opf" version="3.0">'
            '<metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>Bench</dc:title>'
            f"</metadata><manifest>{items}</manifest><spine>{spine}</spine></package>",
        )
        for i, chapter in enumerate(chapters):
            body = "".join(f"<p>{p}</p>" for p in chapter)
            book.writestr(
                f"OEBPS/c{i}.xhtml",
                '<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml"><head><title>'
                f"Chapter {i + 1}</title></head><body><h1>Chapter {i + 1}</h1>{body}</body></html>",
            )
    return out.getvalue()


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
    from research import library
    from research.models import Document, DocumentStatus

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
