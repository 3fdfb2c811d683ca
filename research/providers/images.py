"""Images from the web, made safe to keep and to show.

    body = images.download(url, scope=scope)   # the choke point: SSRF guard, scope, size cap
    picture = images.reencode(body)            # or ImageRefused, saying why

`download` goes through http.fetch like every page (each hop checked, the project's domains
held), no larger than FIGURE_MAX_BYTES. `reencode` trusts the bytes, never the Content-Type: it
sniffs what they are and refuses SVG (which can carry script: one that does is named so) and
anything but PNG, JPEG, GIF and WebP; Pillow reads only the header first, and an image of more
than FIGURE_MAX_PIXELS pixels (a decompression bomb: a few kilobytes that decode to gigabytes)
is refused before a pixel is decoded. The pixels are then copied into a fresh image and saved
again, so nothing of the file is kept but its picture: no EXIF, no text chunks, no ICC profile,
no comments (EXIF's orientation is applied first). JPEGs stay JPEG; the rest become PNG.
"""

from __future__ import annotations

import hashlib
import io
import re
import warnings
from dataclasses import dataclass

from django.conf import settings
from PIL import Image, ImageOps, UnidentifiedImageError

from research.errors import ProviderFailed
from research.providers import http
from research.text.scope import NO_SCOPE, Scope

ACCEPT = "image/avif,image/webp,image/png,image/jpeg,image/gif;q=0.9,*/*;q=0.5"
KEPT = {"PNG": "png", "JPEG": "jpeg", "GIF": "gif", "WEBP": "webp"}  # Pillow's name: ours
MAGIC = (
    (b"\x89PNG\r\n\x1a\n", "png"),
    (b"\xff\xd8\xff", "jpeg"),
    (b"GIF87a", "gif"),
    (b"GIF89a", "gif"),
)
SVG = re.compile(rb"<svg[\s>]", re.I)
SVG_SCRIPT = re.compile(rb"<script|\son[a-z]+\s*=|javascript:", re.I)
JPEG_QUALITY = 88


class ImageRefused(ProviderFailed):
    """The bytes are no image Dossier keeps; `reason` says what they are or why not."""


@dataclass(frozen=True)
class Picture:
    data: bytes  # re-encoded
    media_type: str  # image/png or image/jpeg
    extension: str  # png or jpg
    width: int
    height: int
    original_hash: str  # sha256 of the bytes downloaded
    content_hash: str  # sha256 of `data`


def download(url: str, *, scope: Scope = NO_SCOPE) -> bytes:
    """The image's bytes, through the choke point, no more than FIGURE_MAX_BYTES
    (http.FetchError saying why not)."""
    return http.fetch(url, scope=scope, accept=ACCEPT, max_bytes=settings.FIGURE_MAX_BYTES).body


def sniff(body: bytes) -> str:
    """What the bytes are, by their first ones: png, jpeg, gif, webp, svg, or ""."""
    for magic, kind in MAGIC:
        if body.startswith(magic):
            return kind
    if body[:4] == b"RIFF" and body[8:12] == b"WEBP":
        return "webp"
    head = body[:4096].lstrip()
    if head.startswith((b"<?xml", b"<svg", b"<!DOCTYPE svg", b"<!--")) and SVG.search(head):
        return "svg"
    return ""


def reencode(body: bytes) -> Picture:
    """The image decoded and saved again without anything but its pixels (see the module
    docstring); ImageRefused saying why it cannot be."""
    kind = sniff(body)
    if kind == "svg":
        if SVG_SCRIPT.search(body):
            raise ImageRefused("an SVG image with a script in it: SVG is not kept")
        raise ImageRefused("an SVG image: SVG is not kept (it can carry script)")
    if not kind:
        raise ImageRefused("not an image Dossier keeps (PNG, JPEG, GIF or WebP), by its bytes")
    image = _opened(body, kind)
    picture = _fresh(image)
    out = io.BytesIO()
    if kind == "jpeg":
        picture.convert("RGB").save(out, "JPEG", quality=JPEG_QUALITY, optimize=True)
        media_type, extension = "image/jpeg", "jpg"
    else:
        picture.save(out, "PNG", optimize=True)
        media_type, extension = "image/png", "png"
    data = out.getvalue()
    return Picture(
        data=data,
        media_type=media_type,
        extension=extension,
        width=picture.width,
        height=picture.height,
        original_hash=hashlib.sha256(body).hexdigest(),
        content_hash=hashlib.sha256(data).hexdigest(),
    )


def _opened(body: bytes, kind: str) -> Image.Image:
    """The image, its header read and its size checked before its pixels are decoded."""
    cap = settings.FIGURE_MAX_PIXELS
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            image = Image.open(io.BytesIO(body), formats=[name for name in KEPT])
            if KEPT.get(image.format or "") != kind:
                raise ImageRefused(f"its bytes begin as {kind} but do not read as one")
            if image.width * image.height > cap:
                raise ImageRefused(_bomb(image.width, image.height, cap))
            image.verify()  # a PNG's checksums: WeasyPrint lets Pillow load truncated images
            image = Image.open(io.BytesIO(body), formats=[name for name in KEPT])
            image.load()
    except (Image.DecompressionBombError, Image.DecompressionBombWarning) as exc:
        raise ImageRefused(f"a decompression bomb, by Pillow: {exc}") from None
    except (UnidentifiedImageError, OSError, ValueError, SyntaxError) as exc:
        raise ImageRefused(f"a broken {kind.upper()} image: {exc}") from None
    return image


def _bomb(width: int, height: int, cap: int) -> str:
    return (
        f"{width}×{height} pixels, more than FIGURE_MAX_PIXELS ({cap:,}): a decompression bomb "
        "or too large to show; not decoded"
    )


def _fresh(image: Image.Image) -> Image.Image:
    """Its pixels alone (EXIF's orientation applied), in a new image with no metadata."""
    image = ImageOps.exif_transpose(image) or image
    alpha = image.mode in ("RGBA", "LA", "PA") or "transparency" in image.info
    mode = ("RGBA" if alpha else "RGB") if image.mode not in ("L", "1") else "L"
    converted = image.convert(mode)
    return Image.frombytes(mode, converted.size, converted.tobytes())
