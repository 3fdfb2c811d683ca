"""The images a PDF, Word file or EPUB holds, with what the document says around them.

Each reader hands its images over as `Embedded`: the image's bytes as stored in the file, its
caption (a "Figure 3: ..." line, a Word paragraph in the Caption style, an EPUB figcaption), or
else the text nearest it; its alt text where the format has one; the heading it stands under;
and its page or locator, the same as the text around it has. Nothing is decoded here but a
PDF image, and only once its declared size is within FIGURE_MAX_PIXELS: the bytes are decoded
and re-encoded with the web's figures (providers/images.py), once the document is read.

An image that cannot be taken out of its file is kept as `skipped` with the reason, never
failing the document; the same bytes shown again (a logo on every page) are taken once.
"""

from __future__ import annotations

import hashlib
import logging
import posixpath
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any
from urllib.parse import unquote

from django.conf import settings

from research.providers.figures import NOT_FIGURES, meaningful

logger = logging.getLogger(__name__)
MAX_PER_DOCUMENT = 60  # images looked at in one document, skipped ones included
NEARBY_CHARS = 200
CAPTION = re.compile(r"^\s*(?:figure|fig\.?|chart|diagram|photo|image|图|圖)\s*\d+[.:：\s]", re.I)
DRAWN = re.compile(rb"(/[^\s/\[\]()<>{}%]+)\s+Do\b")
_A = "{http://schemas.openxmlformats.org/drawingml/2006/main}"
_WP = "{http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing}"
_R = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}"


@dataclass(frozen=True)
class Embedded:
    data: bytes  # as stored in the file; b"" when skipped
    position: int  # its order in the document
    caption: str = ""  # its caption, else the text nearest it
    alt: str = ""
    heading: str = ""
    locator: str = ""  # as its text's: "p. 3", "Results › Costs", a chapter's heading
    page: int | None = None
    width: int | None = None  # as the file declares, when it does
    height: int | None = None
    skipped: str = ""  # why it is not taken; "" to re-encode it


def numbered(found: Iterable[Embedded]) -> tuple[Embedded, ...]:
    """The images in order, each numbered, MAX_PER_DOCUMENT at most; bytes seen already are
    skipped as a repeat."""
    seen: dict[str, str] = {}
    out: list[Embedded] = []
    for position, item in enumerate(found):
        if position >= MAX_PER_DOCUMENT:
            break
        skipped = item.skipped
        if item.data and not skipped:
            digest = hashlib.sha256(item.data).hexdigest()
            if digest in seen:
                skipped = f"the same image as before ({seen[digest] or 'earlier'}), taken once"
            seen.setdefault(digest, item.locator)
        out.append(_with(item, position=position, skipped=skipped))
    return tuple(out)


def _with(item: Embedded, **changes) -> Embedded:
    return Embedded(**{**item.__dict__, **changes})


def words(text: str, limit: int = NEARBY_CHARS) -> str:
    said = " ".join((text or "").split())
    return said if len(said) <= limit else said[: limit - 1].rsplit(" ", 1)[0] + "…"


def _too_large(width: int, height: int) -> str:
    cap = settings.FIGURE_MAX_PIXELS
    if width * height > cap:
        return (
            f"{width}×{height} pixels, more than FIGURE_MAX_PIXELS ({cap:,}): a decompression "
            "bomb or too large to show; not decoded"
        )
    return ""


# --- PDF ------------------------------------------------------------------------------------


def pdf_images(pages, labels: list[str], texts: list[str]) -> Iterator[Embedded]:
    """Each page's image XObjects, captioned by the page's "Figure n: ..." lines in order (or
    its first lines), under its first short line as the heading."""
    for i, page in enumerate(pages):
        try:
            names = _image_names(page)
        except Exception as exc:  # a damaged resource dictionary: the page's text is kept
            logger.info("pdf page %d images: %r", i + 1, exc)
            continue
        if not names:
            continue
        lines = [line.strip() for line in texts[i].splitlines() if line.strip()]
        captions = [line for line in lines if CAPTION.match(line)]
        heading = next((line for line in lines if len(line.split()) <= 12), "")
        nearby = words(" ".join(line for line in lines if line != heading))
        for k, (name, width, height) in enumerate(names):
            where = {"locator": f"p. {labels[i]}", "page": i + 1, "heading": words(heading, 300)}
            caption = captions[k] if k < len(captions) else nearby
            yield _pdf_image(page, name, (width, height), caption=words(caption), **where)


def _image_names(page) -> list[tuple[str, int, int]]:
    """The page's image XObjects that its content draws (a resource dictionary may be shared
    by every page), in the order it draws them, with the sizes they declare."""
    resources = page.get("/Resources")
    xobjects = resources.get_object().get("/XObject") if resources else None
    contents = page.get_contents()
    drawn = DRAWN.findall(contents.get_data()) if contents is not None else []
    order = {name.decode("latin-1"): i for i, name in reversed(list(enumerate(drawn)))}
    found = []
    for name, ref in sorted((xobjects.get_object() if xobjects else {}).items(),
                            key=lambda pair: order.get(str(pair[0]), len(order))):  # fmt: skip
        item = ref.get_object()
        if str(name) in order and item.get("/Subtype") == "/Image":
            found.append((str(name), int(item.get("/Width", 0)), int(item.get("/Height", 0))))
    return found


def _pdf_image(pdf_page, name: str, size: tuple[int, int], **where) -> Embedded:
    width, height = size
    least = settings.FIGURE_MIN_SIDE
    described = {"width": width, "height": height, **where}
    if min(width, height) < least:
        return Embedded(b"", 0, skipped=f"{width}×{height}, under {least}×{least}", **described)
    refused = _too_large(width, height)
    if refused:
        return Embedded(b"", 0, skipped=refused, **described)
    try:
        data = pdf_page.images[name].data
    except Exception as exc:  # pypdf raises many types on a filter it cannot undo
        return Embedded(b"", 0, skipped=f"an image the PDF reader cannot take out: {exc}"[:300],
                        **described)  # fmt: skip
    return Embedded(data, 0, **described)


# --- Word -----------------------------------------------------------------------------------


def docx_images(document, paragraphs: list[tuple[object, str]]) -> Iterator[Embedded]:
    """The pictures in the document's paragraphs (`paragraphs`: each with the heading path it
    stands under), captioned by a Caption-style or "Figure n" paragraph next to it, or else
    the nearest text; alt text from the picture's description."""
    texts = [paragraph.text.strip() for paragraph, _ in paragraphs]  # type: ignore[attr-defined]
    for i, (paragraph, locator) in enumerate(paragraphs):
        for drawing in paragraph._p.iter(f"{_WP}inline", f"{_WP}anchor"):  # type: ignore[attr-defined]
            properties = drawing.find(f"{_WP}docPr")
            alt = words((properties.get("descr") or "") if properties is not None else "")
            name = (properties.get("name") or "") if properties is not None else ""
            heading = locator.rsplit(" › ", 1)[-1]
            caption = _docx_caption(paragraphs, texts, i)
            where: dict[str, Any] = {
                "caption": caption, "alt": alt, "heading": heading, "locator": locator
            }  # fmt: skip
            if NOT_FIGURES.search(f"{name} {alt}".lower()) and not meaningful(alt):
                yield Embedded(b"", 0, skipped=f"named {name!r}: not a figure", **where)
                continue
            yield _docx_blob(document, drawing, where)


def _docx_caption(paragraphs, texts: list[str], i: int) -> str:
    around = [j for j in (i + 1, i - 1) if 0 <= j < len(texts)]
    for j in around:
        style = paragraphs[j][0].style
        if (style is not None and style.name == "Caption") or CAPTION.match(texts[j]):
            return words(texts[j], 300)
    return words(texts[i] or next((texts[j] for j in around if texts[j]), ""))


def _docx_blob(document, drawing, where: dict) -> Embedded:
    blip = next(drawing.iter(f"{_A}blip"), None)
    rid = blip.get(f"{_R}embed") if blip is not None else None
    try:
        part = document.part.related_parts[rid]
        return Embedded(part.blob, 0, **where)
    except (KeyError, AttributeError):
        return Embedded(b"", 0, skipped="a picture linked from outside the file, or missing",
                        **where)  # fmt: skip


# --- EPUB -----------------------------------------------------------------------------------


def epub_images(book, name: str, root, chapter_heading: str) -> Iterator[Embedded]:
    """A chapter's `<img>`s, each read from the book (its path relative to the chapter's),
    captioned by its figure's figcaption, or its alt text, or the paragraph before it."""
    heading, before = chapter_heading, ""
    for element in root.iter():
        tag = element.tag.rsplit("}", 1)[-1] if isinstance(element.tag, str) else ""
        if tag in ("h1", "h2", "h3", "h4", "h5", "h6"):
            heading = words(element.text_content(), 300) or heading
        elif tag == "p":
            before = element.text_content()
        elif tag == "img":
            yield _epub_image(book, name, element, heading, before, chapter_heading)


def _epub_image(book, name: str, image, heading: str, before: str, locator: str) -> Embedded:
    src = unquote((image.get("src") or "").split("#", 1)[0])
    alt = words(image.get("alt") or "")
    figure = next((a for a in image.iterancestors() if str(a.tag).endswith("figure")), None)
    captions = [c for c in (figure.iter() if figure is not None else ())
                if str(c.tag).endswith("figcaption")]  # fmt: skip
    caption = words(captions[0].text_content(), 300) if captions else ""
    if not caption and not meaningful(alt):
        caption = words(before)
    where: dict[str, Any] = {"caption": caption, "alt": alt, "heading": heading, "locator": locator}
    if NOT_FIGURES.search(f"{src} {image.get('class', '')}".lower()):
        return Embedded(b"", 0, skipped=f"{posixpath.basename(src)}: an icon or logo by its name",
                        **where)  # fmt: skip
    path = posixpath.normpath(posixpath.join(posixpath.dirname(name), src))
    if not src or src.startswith(("http:", "https:", "data:")):
        return Embedded(b"", 0, skipped="not an image inside the book", **where)
    try:
        return Embedded(book.read(path), 0, **where)
    except KeyError:
        return Embedded(b"", 0, skipped=f"{path} is missing from the book", **where)
