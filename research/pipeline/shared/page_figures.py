"""A fetched page's figures kept for its source: what the fetch stage does after the text.

The page cache holds the figures its HTML showed (PageSnapshot.figures, providers/figures.py);
each becomes a Figure row of the source. One the HTML already said is no figure (a logo, an
icon, a tracker, too small by its attributes) is kept as skipped, with the reason. The first
FIGURE_MAX_PER_PAGE others are downloaded through the choke point within the project's domains
and re-encoded (providers/images.py): an image whose decoded size is under FIGURE_MIN_SIDE on a
side is skipped, one that cannot be downloaded or is no image Dossier keeps is refused, each
with its reason. The re-encoded bytes are stored once per content hash under DATA_DIR/figures.
An image another source kept within the page cache's lifetime is not downloaded again.
"""

from __future__ import annotations

import tempfile
from collections import Counter
from datetime import timedelta
from pathlib import Path
from urllib.parse import urlsplit

from django.conf import settings
from django.utils import timezone

from research.limits import HEADING_MAX
from research.models import Figure, FigureStatus, PageSnapshot, Source
from research.providers import http, images, slots
from research.providers.figures import Found
from research.text.scope import Scope

COPIED = ("status", "reason", "width", "height", "original_hash", "content_hash", "media_type")


def keep(source: Source, snapshot: PageSnapshot, scope: Scope) -> str:
    """The source's figures from its page (one already kept for it stays as it is); a short
    note of what became of them ("2 figures kept, 1 skipped"), or "" when the page has none."""
    found = [Found.from_json(item) for item in snapshot.figures or []]
    if not found:
        return ""
    known = set(source.figures.values_list("url", flat=True))
    budget = settings.FIGURE_MAX_PER_PAGE - source.figures.exclude(status="skipped").count()
    outcomes: Counter[str] = Counter()
    for position, item in enumerate(found):
        if item.url in known:
            continue
        fields = _described(item, position)
        if not item.skipped and budget <= 0:
            fields.update(status=FigureStatus.SKIPPED, reason=_past_cap())
        elif item.skipped:
            fields.update(status=FigureStatus.SKIPPED, reason=item.skipped)
        else:
            budget -= 1
            fields.update(fetched(item.url, scope))
        figure = Figure.objects.create(source=source, url=item.url, **fields)
        outcomes[figure.status] += 1
    return _said(outcomes)


def _described(item: Found, position: int) -> dict:
    return {
        "position": position,
        "alt": item.alt,
        "caption": item.caption,
        "heading": item.heading[:HEADING_MAX],
        "width": item.width,
        "height": item.height,
    }


def _past_cap() -> str:
    return (
        f"past the first {settings.FIGURE_MAX_PER_PAGE} figures of the page (FIGURE_MAX_PER_PAGE)"
    )


def fetched(url: str, scope: Scope) -> dict:
    """The image at `url` as a figure's fields: kept for another source lately, else downloaded
    and re-encoded now (an image search's results are taken the same way: image_search.py)."""
    return _kept_before(url) or _download(url, scope)


def _kept_before(url: str) -> dict | None:
    """What became of the same image for another source lately (the page cache's lifetime):
    its file, hashes and size, not downloaded again. Refusals are tried again."""
    since = timezone.now() - timedelta(hours=settings.FETCH_CACHE_TTL_HOURS)
    earlier = (
        Figure.objects.filter(url=url, created_at__gte=since, original_hash__gt="")
        .order_by("-created_at")
        .first()
    )
    if earlier is None:
        return None
    return {**{name: getattr(earlier, name) for name in COPIED}, "file": earlier.file.name}


def _download(url: str, scope: Scope) -> dict:
    """The image downloaded, re-encoded and stored: the figure's fields saying how it went."""
    try:
        with slots.fetch_slot(urlsplit(url).hostname or ""):
            body = images.download(url, scope=scope)
        picture = images.reencode(body)
    except http.FetchError as exc:
        return {"status": FigureStatus.REFUSED, "reason": f"the download failed: {exc.reason}"}
    except images.ImageRefused as exc:
        return {"status": FigureStatus.REFUSED, "reason": exc.reason}
    return taken(picture)


def taken(picture: images.Picture) -> dict:
    """A re-encoded image's fields: skipped under FIGURE_MIN_SIDE on a side, else kept and
    stored (a library document's images are taken the same way: document_figures.py)."""
    fields = {
        "width": picture.width,
        "height": picture.height,
        "original_hash": picture.original_hash,
        "content_hash": picture.content_hash,
        "media_type": picture.media_type,
    }
    least = settings.FIGURE_MIN_SIDE
    if min(picture.width, picture.height) < least:
        size = f"{picture.width}×{picture.height}"
        return {
            **fields,
            "status": FigureStatus.SKIPPED,
            "reason": f"{size}, under {least}×{least}",
        }
    return {**fields, "status": FigureStatus.KEPT, "reason": "", "file": store(picture)}


def store(picture: images.Picture) -> str:
    """The re-encoded image's file name under DATA_DIR/figures, written once per content hash
    (atomically: a second writer of the same bytes replaces it with the same)."""
    name = f"{picture.content_hash[:2]}/{picture.content_hash}.{picture.extension}"
    storage = Figure._meta.get_field("file").storage
    path = Path(storage.path(name))
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile(dir=path.parent, delete=False) as out:
            out.write(picture.data)
        Path(out.name).replace(path)
    return name


def _said(outcomes: Counter[str]) -> str:
    kept = outcomes[FigureStatus.KEPT]
    parts = [f"{kept} figure{'s' if kept != 1 else ''} kept"]
    parts += [
        f"{outcomes[s]} {s}" for s in (FigureStatus.SKIPPED, FigureStatus.REFUSED) if outcomes[s]
    ]
    return ", ".join(parts)
