"""A library document's embedded images as figures, and a library source's share of them.

`prepare` runs in the worker when a document is read, before its passages are written: each
image the reader took out of a PDF, Word file or EPUB (providers/documents/embedded.py) is
decoded and re-encoded as a web page's figure is (providers/images.py: no metadata kept,
decompression bombs and formats Dossier does not keep refused, each with its reason), an image
under FIGURE_MIN_SIDE on a side is skipped, and the rest are stored once per content hash
(page_figures.store); FIGURE_MAX_PER_PAGE at most on a page (or under one locator). `replace`
writes them as the document's own Figure rows (a document, no source), in place of an earlier
reading's. No image ever fails its document.

`offer` is the fetch of a library source: the source gets a copy of each of its document's
figures on the passage's page (in a document without pages, under the passage's locator), so
the report's figure choice offers them like a web page's, cited as the passage.
"""

from __future__ import annotations

import logging
from collections import Counter
from collections.abc import Sequence

from django.conf import settings

from research.limits import HEADING_MAX, LOCATOR_MAX
from research.models import Document, Figure, FigureStatus, Source
from research.pipeline.shared import page_figures
from research.providers import images
from research.providers.documents.embedded import Embedded

logger = logging.getLogger(__name__)
COPIED = (
    "position", "alt", "caption", "heading", "width", "height", "status", "reason",
    "original_hash", "content_hash", "media_type", "file", "page", "locator", "url",
)  # fmt: skip


def prepare(found: Sequence[Embedded]) -> list[dict]:
    """Each image's Figure fields: kept (re-encoded and stored), skipped or refused, and why."""
    rows: list[dict] = []
    taken: Counter[tuple] = Counter()
    for item in found:
        fields = _described(item)
        where = (item.page, item.locator)
        if item.skipped:
            fields.update(status=FigureStatus.SKIPPED, reason=item.skipped)
        elif taken[where] >= settings.FIGURE_MAX_PER_PAGE:
            fields.update(status=FigureStatus.SKIPPED, reason=_past_cap())
        else:
            taken[where] += 1
            fields.update(_reencoded(item.data))
        rows.append(fields)
    return rows


def _described(item: Embedded) -> dict:
    return {
        "position": item.position,
        "alt": item.alt,
        "caption": item.caption,
        "heading": item.heading[:HEADING_MAX],
        "locator": item.locator[:LOCATOR_MAX],
        "page": item.page,
        "width": item.width,
        "height": item.height,
    }


def _reencoded(data: bytes) -> dict:
    try:
        picture = images.reencode(data)
    except images.ImageRefused as exc:
        return {"status": FigureStatus.REFUSED, "reason": exc.reason}
    except Exception as exc:  # Pillow on a file it half-knows: the document is read all the same
        logger.exception("re-encoding a document's image")
        return {"status": FigureStatus.REFUSED, "reason": f"the image could not be read: {exc}"}
    return page_figures.taken(picture)


def _past_cap() -> str:
    return (
        f"past the first {settings.FIGURE_MAX_PER_PAGE} figures of the page (FIGURE_MAX_PER_PAGE)"
    )


def replace(document: Document, rows: list[dict]) -> None:
    """The document's own figures are now `rows` (within the caller's transaction)."""
    Figure.objects.filter(document=document, source__isnull=True).delete()
    Figure.objects.bulk_create(
        Figure(
            document=document,
            url=f"/library/documents/{document.pk}/#figure-{row['position']}",
            **row,
        )  # fmt: skip
        for row in rows
    )


def kept_note(rows: list[dict]) -> str:
    """ ", 2 figures kept, 1 skipped" for the worker's log; "" without images."""
    if not rows:
        return ""
    said = Counter(row["status"] for row in rows)
    kept = said[FigureStatus.KEPT]
    parts = [f"{kept} figure{'s' if kept != 1 else ''} kept"]
    parts += [f"{said[s]} {s}" for s in (FigureStatus.SKIPPED, FigureStatus.REFUSED) if said[s]]
    return ", " + ", ".join(parts)


def offer(source: Source) -> str:
    """The source's copies of its document's figures on its passage's page (or under its
    locator); a note ("1 figure of its page"), or "" when there are none."""
    passage = source.passage
    if passage is None or source.document_id is None:
        return ""
    own = Figure.objects.filter(document_id=source.document_id, source__isnull=True)
    if passage.page is not None:
        own = own.filter(page=passage.page)
    else:
        own = own.filter(locator=passage.locator.rpartition(", ¶ ")[0] or passage.locator)
    known = set(source.figures.values_list("url", flat=True))
    copies = [
        Figure(
            source=source,
            document_id=source.document_id,
            **{name: getattr(figure, name) for name in COPIED},
        )  # fmt: skip
        for figure in own.order_by("position")
        if figure.url not in known
    ]
    Figure.objects.bulk_create(copies)
    kept = sum(1 for figure in copies if figure.status == FigureStatus.KEPT)
    return f"{kept} figure{'s' if kept != 1 else ''} of its document kept" if kept else ""
