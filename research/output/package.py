"""The evidence package: one report version as a ZIP to hand over, with what it stands on.

    report.md, report.pdf,    the same bytes as the Markdown, PDF, Word, PowerPoint and HTML
      .docx, .pptx, .html     exports of that version
    sources/NN-slug.txt       each cited source's stored text under a header: its URL (or its
                              library document and locator), fetch time and the text's sha256
    sources.csv               one row per cited source
    claims.json, claims.csv   the claim ledger's rows (export.claim_rows)
    notes.json                the members' notes on the project and its parts
    references.bib, .ris,     the cited sources as BibTeX, RIS and CSL-JSON (bibliography.py)
      .json
    charts/k.svg              Figure k's chart, as the report shows it
    figures/k.png, .jpg       Figure k's image, when it is a source's figure (re-encoded)
    datasets/k.csv            Figure k's rows: each figure with its source (number, URL or
                              document), verbatim quote and locator, and members' edits
    manifest.json             {"files": {path: sha256}, "project": {question, options},
                              "version": N}

The same version gives the same bytes: entries sorted, each stamped with the version's creation
time and fixed permissions, JSON with sorted keys, CSV with "\\n" line ends, a deterministic PDF.
"""

from __future__ import annotations

import hashlib
import io
import json
import zipfile
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

from django.db.models import TextChoices
from django.utils.text import slugify

from research.models import Dataset, Note, Report, Source
from research.output import (
    bibliography,
    charts,
    docx_export,
    export,
    html_export,
    pptx_export,
    source_figures,
)
from research.output.office import FILE_MODE, zip_time
from research.output.tables import to_csv

SOURCE_COLUMNS = ("n", "title", "url", "document_id", "locator", "fetched_at", "sha256", "file")
DATASET_COLUMNS = (
    "entity", "measure", "value", "unit", "period", "n", "url", "document_id", "quote",
    "locator", "conversion", "excluded", "edited_value", "edit_note",
)  # fmt: skip


def sha256(data: bytes | str) -> str:
    return hashlib.sha256(data.encode() if isinstance(data, str) else data).hexdigest()


def to_json(value: Any) -> bytes:
    return (json.dumps(value, sort_keys=True, ensure_ascii=False, indent=2) + "\n").encode()


def _iso(moment: datetime | None) -> str:
    return moment.astimezone(UTC).isoformat().replace("+00:00", "Z") if moment else ""


# --- Sources ---------------------------------------------------------------------------------


def cited_sources(report: Report) -> list[Source]:
    rows = report.cited_sources.select_related("snapshot", "document__collection")
    return list(rows.order_by("n"))


def source_path(source: Source, width: int) -> str:
    """`sources/NN-slug.txt`: NN the citation number, zero-padded to `width` digits."""
    slug = slugify(source.title)[:50].strip("-") or slugify(source.domain)[:50] or "source"
    return f"sources/{source.n:0{width}d}-{slug}.txt"


def source_header(source: Source, text: str) -> str:
    """Where the text came from and its hash; a library source names its document."""
    snapshot = source.snapshot if source.snapshot_id else None
    lines = [f"Source [{source.n}]: {' '.join(source.title.split()) or source.url}"]
    if source.document_id and source.document is not None:
        lines.append(f"Document: {source.document} (library document {source.document_id})")
        lines.append(f"Locator: {source.locator or '-'}")
    else:
        lines.append(f"URL: {source.final_url or source.url}")
        if source.locator:  # an MCP server's document: the server, tool and arguments
            lines.append(f"Locator: {source.locator}")
    lines.append(f"Fetched: {_iso(snapshot.fetched_at) if snapshot else 'never'}")
    lines.append(f"SHA-256 of the text below: {sha256(text)}")
    return "\n".join(lines) + "\n\n"


def source_files(sources: list[Source]) -> tuple[dict[str, bytes], list[dict]]:
    """The text files of the cited sources, and sources.csv's rows."""
    width = max(2, len(str(max((s.n for s in sources), default=0))))
    files: dict[str, bytes] = {}
    rows = []
    for source in sources:
        text, path = source.text, source_path(source, width)
        files[path] = (source_header(source, text) + text).encode()
        snapshot = source.snapshot if source.snapshot_id else None
        rows.append(
            {
                "n": source.n,
                "title": source.title,
                "url": source.final_url or source.url,
                "document_id": source.document_id or "",
                "locator": source.locator,
                "fetched_at": _iso(snapshot.fetched_at) if snapshot else "",
                "sha256": sha256(text),
                "file": path,
            }
        )
    return files, rows


# --- Notes, manifest, the ZIP ----------------------------------------------------------------


def notes_rows(report: Report) -> list[dict]:
    notes = Note.objects.filter(project_id=report.project_id).select_related("author")
    return [
        {
            "id": note.pk,
            "target": note.target,
            "author": note.author.get_username(),
            "text": note.text,
            "created_at": _iso(note.created_at),
            "edited_at": _iso(note.edited_at) or None,
        }
        for note in notes.order_by("created_at", "id")
    ]


def package_files(report: Report, site: str = "") -> dict[str, bytes]:
    """Every file of the package but the manifest, by path."""
    sources = cited_sources(report)
    files, rows = source_files(sources)
    for path, write in REFERENCE_FILES.values():
        files[path] = write(sources).encode()
    claims = export.claim_rows(report)
    files.update(
        {
            "report.md": export.report_markdown(report, site).encode(),
            "report.pdf": export.report_pdf(report, site),
            "report.docx": docx_export.report_docx(report, site),
            "report.pptx": pptx_export.report_pptx(report, site),
            "report.html": html_export.report_file(report, site),
            "sources.csv": to_csv(SOURCE_COLUMNS, rows),
            "claims.json": to_json(claims),
            "claims.csv": to_csv(export.CLAIM_COLUMNS, claims),
            "notes.json": to_json(notes_rows(report)),
        }
    )
    for k, dataset in charts.shown(report.markdown, report.project_id):
        files[f"charts/{k}.svg"] = charts.svg_of(dataset).encode()
        files[f"datasets/{k}.csv"] = to_csv(DATASET_COLUMNS, dataset_rows(dataset))
    files.update(source_figures.files(report.markdown, report.project_id))
    return files


def dataset_rows(dataset: Dataset) -> list[dict]:
    return [
        {
            "entity": row.entity,
            "measure": row.measure,
            "value": row.value,
            "unit": row.unit,
            "period": row.period,
            "n": row.source.n,
            "url": row.source.url,
            "document_id": row.source.document_id or "",
            "quote": row.quote,
            "locator": row.locator,
            "conversion": row.conversion,
            "excluded": row.excluded,
            "edited_value": "" if row.edited_value is None else row.edited_value,
            "edit_note": row.edit_note,
        }
        for row in dataset.rows.select_related("source").order_by("position", "id")
    ]


def manifest(report: Report, files: dict[str, bytes]) -> bytes:
    project = report.project
    return to_json(
        {
            "files": {path: sha256(data) for path, data in files.items()},
            "project": {
                "question": project.question,
                "options": project.opts.model_dump(mode="json"),
            },
            "version": report.version,
        }
    )


def evidence_zip(report: Report, site: str = "") -> bytes:
    """The evidence package of a report version (see the module docstring)."""
    files = package_files(report, site)
    files["manifest.json"] = manifest(report, files)
    stamp = zip_time(report)
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for path in sorted(files):
            info = zipfile.ZipInfo(path, date_time=stamp)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = FILE_MODE << 16
            info.create_system = 3  # Unix, whatever the machine: the mode bits mean the same
            archive.writestr(info, files[path])
    return out.getvalue()


class ExportFormat(TextChoices):
    """What a report version downloads as."""

    MD = "md", "Markdown"
    PDF = "pdf", "PDF"
    ZIP = "zip", "Evidence package (ZIP)"
    DOCX = "docx", "Word"
    PPTX = "pptx", "PowerPoint"
    HTML = "html", "HTML"
    BIBTEX = "bibtex", "BibTeX"
    RIS = "ris", "RIS"
    CSL_JSON = "csl-json", "CSL-JSON"


CONTENT_TYPES: dict[str, str] = {
    ExportFormat.MD: "text/markdown; charset=utf-8",
    ExportFormat.PDF: "application/pdf",
    ExportFormat.ZIP: "application/zip",
    ExportFormat.DOCX: ("application/vnd.openxmlformats-officedocument.wordprocessingml.document"),
    ExportFormat.PPTX: (
        "application/vnd.openxmlformats-officedocument.presentationml.presentation"
    ),
    ExportFormat.HTML: "text/html; charset=utf-8",
    ExportFormat.BIBTEX: "application/x-bibtex; charset=utf-8",
    ExportFormat.RIS: "application/x-research-info-systems; charset=utf-8",
    ExportFormat.CSL_JSON: "application/vnd.citationstyles.csl+json; charset=utf-8",
}
# The file name extension of each export whose format name is not its extension.
EXTENSIONS: dict[str, str] = {ExportFormat.BIBTEX: "bib", ExportFormat.CSL_JSON: "json"}
# The cited sources as reference files, in the package and as exports of their own.
REFERENCE_FILES: dict[str, tuple[str, Callable[[list[Source]], str]]] = {
    ExportFormat.BIBTEX: ("references.bib", bibliography.bibtex),
    ExportFormat.RIS: ("references.ris", bibliography.ris),
    ExportFormat.CSL_JSON: ("references.json", bibliography.csl_json),
}


# The report itself as a file, by format (Markdown is the default).
DOCUMENTS: dict[str, Callable[[Report, str], bytes]] = {
    ExportFormat.PDF: export.report_pdf,
    ExportFormat.DOCX: docx_export.report_docx,
    ExportFormat.PPTX: pptx_export.report_pptx,
    ExportFormat.HTML: html_export.report_file,
}


def extension(fmt: str) -> str:
    """The file name extension of an export in `fmt`."""
    return EXTENSIONS.get(fmt, fmt)


def export_file(report: Report, fmt: str, site: str = "") -> tuple[bytes, str]:
    """A report version as `fmt` (an ExportFormat): its bytes and content type; links to this
    site start with `site` (or SITE_URL)."""
    if fmt in REFERENCE_FILES:
        body = REFERENCE_FILES[fmt][1](cited_sources(report)).encode()
    elif fmt == ExportFormat.ZIP:
        body = evidence_zip(report, site)
    elif fmt in DOCUMENTS:
        body = DOCUMENTS[fmt](report, site)
    else:
        body = export.report_markdown(report, site).encode()
    return body, CONTENT_TYPES.get(fmt, CONTENT_TYPES[ExportFormat.MD])
