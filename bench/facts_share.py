"""The document share of bench/facts.py: its files made (PDF by WeasyPrint, DOCX by
python-docx, Markdown and HTML), stored and read into a team library as the app does, served as
web pages through the loopback fakes, and one research run over them."""

from __future__ import annotations

import io
import re
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

ROOT = Path(__file__).resolve().parent.parent
# The project first, and not this folder: run as a script, bench/ would come first on the path,
# and bench/mcp.py would hide the mcp SDK that research/ imports.
sys.path[:] = [str(ROOT), *(p for p in sys.path if Path(p or ".").resolve() != ROOT / "bench")]

from bench.facts_corpus import Corpus, Doc  # noqa: E402

if TYPE_CHECKING:
    from research.models import Project

HEADING = re.compile(r"^(#{1,6})\s+(.*)$", re.MULTILINE)
LIST_ITEM = re.compile(r"^(?:([-*+])|\d+[.)])\s+(.*)$")
BOLD = re.compile(r"\*\*(.+?)\*\*")
LINK = re.compile(r"\[([^\]]+)\]\([^)]*\)")
PAGE_CSS = (
    "body { font-family: 'Noto Sans CJK SC', 'Noto Serif CJK SC', sans-serif; font-size: 11pt }"
    "h2 { page-break-before: always } h2:first-of-type { page-break-before: auto }"
    "table { border-collapse: collapse } td, th { border: 1px solid #888; padding: 2pt 6pt }"
)

Block = tuple[str, str, list[list[str]]]  # kind (h1..h6, p, ul, ol, table), text, table rows


def title_of(doc: Doc) -> str:
    return next((m[2] for line in doc.text.splitlines() if (m := HEADING.match(line))), "")


def plain(text: str) -> str:
    """Inline Markdown as text: bold marks and link targets dropped, italics' underscores too."""
    text = LINK.sub(r"\1", BOLD.sub(r"\1", text))
    return text[1:-1] if len(text) > 1 and text[0] == text[-1] == "_" else text


def html_fragment(doc: Doc) -> str:
    import markdown

    return markdown.markdown(doc.text, extensions=["tables"])


def html_page(doc: Doc, lang: str) -> bytes:
    """An intranet page: the document inside a navigation bar and a footer to strip."""
    return (
        f'<!doctype html><html lang="{lang}"><head><meta charset="utf-8">'
        f"<title>{plain(title_of(doc))}</title></head><body>"
        "<header><nav><a href='/'>Kestrel intranet</a> · <a href='/docs'>Documents</a> · "
        "<a href='/people'>People</a></nav></header>"
        f"<main><article>{html_fragment(doc)}</article></main>"
        "<footer>Kestrel Robotics, internal. Do not forward.</footer></body></html>"
    ).encode()


def pdf_file(doc: Doc) -> bytes:
    """A PDF with a text layer, each second-level section on a new page (WeasyPrint)."""
    from weasyprint import HTML

    page = (
        f"<html><head><meta charset='utf-8'><title>{plain(title_of(doc))}</title>"
        f"<style>{PAGE_CSS}</style></head><body>{html_fragment(doc)}</body></html>"
    )
    return HTML(string=page).write_pdf()


def markdown_blocks(text: str) -> list[Block]:
    """The Markdown's blocks; a wrapped line joins its paragraph or list item."""
    blocks: list[Block] = []
    for line in text.splitlines():
        stripped = line.strip()
        heading, item = HEADING.match(stripped), LIST_ITEM.match(stripped)
        if not stripped:
            blocks.append(("", "", []))
        elif heading:
            blocks.append((f"h{len(heading[1])}", heading[2], []))
        elif stripped.startswith("|"):
            _table_row(blocks, [cell.strip() for cell in stripped.strip("|").split("|")])
        elif item:
            blocks.append(("ul" if item[1] else "ol", item[2], []))
        elif blocks and blocks[-1][0] in ("p", "ul", "ol"):
            kind, joined, rows = blocks[-1]
            blocks[-1] = (kind, f"{joined} {stripped}", rows)
        else:
            blocks.append(("p", stripped, []))
    return [block for block in blocks if block[0]]


def _table_row(blocks: list[Block], cells: list[str]) -> None:
    if all(set(cell) <= set("-: ") for cell in cells):  # the header's rule
        return
    if blocks and blocks[-1][0] == "table":
        blocks[-1][2].append(cells)
    else:
        blocks.append(("table", "", [cells]))


def docx_file(doc: Doc) -> bytes:
    """A Word file: headings as Word headings ("#" the title), lists in list styles, bold runs,
    tables as Word tables, in the Markdown's order."""
    import docx

    document = docx.Document()
    document.core_properties.title = plain(title_of(doc))
    for kind, text, rows in markdown_blocks(doc.text):
        if kind.startswith("h"):
            document.add_heading(plain(text), level=int(kind[1]) - 1)
        elif kind == "table":
            grid = document.add_table(rows=len(rows), cols=len(rows[0]))
            for r, row in enumerate(rows):
                for c, value in enumerate(row):
                    grid.cell(r, c).text = plain(value)
        else:
            style = {"ul": "List Bullet", "ol": "List Number"}.get(kind)
            paragraph = document.add_paragraph(style=style)
            for i, part in enumerate(BOLD.split(LINK.sub(r"\1", text))):
                paragraph.add_run(plain(part) if i % 2 == 0 else part).bold = i % 2 == 1
    out = io.BytesIO()
    document.save(out)
    return out.getvalue()


def xlsx_file(doc: Doc) -> bytes:
    """An Excel workbook: a sheet per heading, named by it, holding the tables under it (a
    figure that reads as a plain number is stored as one); a title heading that opens the
    document is the workbook's title, as an author sets it, not a sheet of its own."""
    from openpyxl import Workbook

    book = Workbook()
    for first in book.worksheets:  # the empty sheet a new workbook has
        book.remove(first)
    sheet = None
    for kind, text, rows in markdown_blocks(doc.text):
        if kind == "h1" and sheet is None and not book.properties.title:
            book.properties.title = plain(text)
            continue
        if kind.startswith("h") or sheet is None:
            name = re.sub(r"[\\/*?:\[\]]", " ", plain(text) if kind.startswith("h") else "Sheet1")
            sheet = book.create_sheet(name[:31].strip() or f"Sheet{len(book.sheetnames) + 1}")
        if kind == "table":
            for row in rows:
                sheet.append([_cell(plain(value)) for value in row])
                for cell, value in zip(sheet[sheet.max_row], row, strict=False):
                    cell.number_format = _number_format(plain(value))
        elif kind in ("p", "ul", "ol"):
            sheet.append([plain(text)])
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def _number_format(value: str) -> str:
    """The format that shows a stored number as the document writes it ("48,200", "1.20")."""
    if not re.fullmatch(r"-?[\d,]+(?:\.\d+)?", value):
        return "General"
    decimals = len(value.partition(".")[2])
    return ("#,##0" if "," in value else "0") + ("." + "0" * decimals if decimals else "")


def _cell(value: str) -> str | int | float:
    if re.fullmatch(r"-?\d{1,3}(?:,\d{3})+|-?\d+", value):
        return int(value.replace(",", ""))
    if re.fullmatch(r"-?\d+\.\d+", value):
        return float(value)
    return value


def file_bytes(doc: Doc, lang: str) -> bytes:
    suffix = Path(doc.path).suffix
    if suffix == ".pdf":
        return pdf_file(doc)
    if suffix == ".xlsx":
        return xlsx_file(doc)
    if suffix == ".docx":
        return docx_file(doc)
    if suffix == ".html":
        return html_page(doc, lang)
    return doc.text.encode()


def build_share(documents: Sequence[Doc], lang: str, root: Path) -> dict[str, Path]:
    """Every document written under `root` at its path, in its format."""
    files = {}
    for doc in documents:
        path = root / doc.path
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(file_bytes(doc, lang))
        files[doc.path] = path
    return files


# --- Loading and running ----------------------------------------------------------------------


def load_library(
    files: dict[str, Path], owner: Any, name: str = "Kestrel share"
) -> tuple[int, int, list[str]]:
    """The share in a new collection, each file stored and read as the worker reads it: the
    collection's id, its passages, and the files that failed to read."""
    import logging

    from research.models import Document, DocumentStatus, Passage
    from research.services import library

    logging.getLogger("django-q").setLevel(logging.WARNING)  # each upload queues a task too
    collection = library.create_collection(name=name, user=owner)
    for relative, path in files.items():
        with path.open("rb") as stream:
            added = library.add_document(collection, stream=stream, filename=relative, user=owner)
        library.extract(added.document.pk)
    documents = Document.objects.filter(collection=collection)
    failed = [f"{d.filename}: {d.error}" for d in documents.exclude(status=DocumentStatus.READY)]
    passages = Passage.objects.filter(document__collection=collection).count()
    return collection.pk, passages, failed


def research(corpus: Corpus, options: dict, owner: Any) -> tuple[Project, float]:
    """One project over the question, run to its end in this process; and its wall time."""
    from bench.pipeline import timed
    from research.models import ProjectStatus
    from research.pipeline.engine.warmup import warm_up
    from research.services import runs
    from tests.factories import make_project

    warm_up()
    project = make_project(
        owner, status=ProjectStatus.DRAFT, question=corpus.question, options=options
    )
    wall = timed(lambda: runs.start(project, user=owner), project, "run")
    return project, wall


def serve_share(
    documents: Sequence[Doc], lang: str, web: Any, searx: Any, prefix: str = "/share/"
) -> None:
    """Each document as a page of `web` under `prefix` (a Word file as its HTML), and a search
    engine that returns the six pages that best match a query (BM25 over their text, ties in
    share order), each with its title, first paragraph and date."""
    from research.text.extractive.scoring import bm25
    from research.text.extractive.terms import terms

    types = {
        ".pdf": "application/pdf",
        ".md": "text/markdown; charset=utf-8",
        ".xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    }
    results = []
    for doc in documents:
        path = prefix + doc.path.replace(".docx", ".html")
        body = html_page(doc, lang) if doc.path.endswith(".docx") else file_bytes(doc, lang)
        web.add(path, body, content_type=types.get(Path(path).suffix, "text/html; charset=utf-8"))
        first = next((text for kind, text, _ in markdown_blocks(doc.text) if kind == "p"), "")
        results.append(
            {
                "url": web.url_for(path),
                "title": plain(title_of(doc)),
                "content": plain(first)[:300],
                "engine": "duckduckgo",
                "publishedDate": f"{doc.date}T09:00:00",
            }
        )
    indexed = [terms(doc.text) for doc in documents]

    def results_for(query: str) -> list[dict]:
        scores = bm25(terms(query), indexed)
        best = sorted((i for i in range(len(results)) if scores[i] > 0), key=lambda i: -scores[i])
        return [results[i] | {"score": round(scores[i], 4)} for i in best[:6]]

    searx.results_for = results_for
