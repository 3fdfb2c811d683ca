"""A page's figures, as its HTML has them, before any extraction keeps or drops them.

A figure is an image in a `<figure>` (its `<figcaption>` the caption) or an image whose alt
text says something (three words or more, not a file name). Each keeps its address (made
absolute against the page's, or its `<base href>`), alt text, caption, the nearest heading
above it and the width and height its attributes give. Images in the page's navigation,
header, footer or asides are not looked at.

What is found but is no figure is kept with the reason (`Found.skipped`), so the fetch can say
why: an inline `data:` image, a logo, icon, avatar or tracker (by its address, class or id, or
a tracker's host), or an image whose attributes make it smaller than FIGURE_MIN_SIDE on a side.
The size the image really has is checked again once it is decoded (images.py).
"""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass
from urllib.parse import urljoin, urlsplit

from django.conf import settings

MAX_FOUND = 20  # figures looked at on one page, skipped ones included
CHROME = frozenset({"nav", "header", "footer", "aside", "noscript", "template"})
HEADINGS = frozenset({"h1", "h2", "h3", "h4", "h5", "h6"})
NOT_FIGURES = re.compile(
    r"(?<![a-z])(logo|icon|favicon|sprite|avatar|gravatar|badge|pixel|tracker|tracking|"
    r"beacon|spacer|emoji|button|advert|ads?)s?(?![a-z])"
)
TRACKER_HOSTS = (
    "doubleclick.net", "google-analytics.com", "googletagmanager.com", "scorecardresearch.com",
    "quantserve.com", "facebook.com", "bat.bing.com", "pixel.wp.com", "stats.wp.com",
)  # fmt: skip
NOUNS = {"tracking": "tracker", "beacon": "tracker", "pixel": "tracking pixel", "ad": "advert"}
FILE_NAME = re.compile(r"\S+\.(?:png|jpe?g|gif|webp|svg|avif|bmp)$", re.I)
MIN_ALT_WORDS = 3


@dataclass(frozen=True)
class Found:
    url: str  # absolute
    alt: str = ""
    caption: str = ""
    heading: str = ""
    width: int | None = None  # as its attributes say
    height: int | None = None
    skipped: str = ""  # why it is no figure, by its HTML; "" to download it

    def as_json(self) -> dict:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict) -> Found:
        known = cls.__dataclass_fields__.keys()
        return cls(**{k: v for k, v in data.items() if k in known})


def found(tree, page_url: str) -> list[Found]:
    """The page's figures in the order it shows them, each image once, MAX_FOUND at most."""
    base = _base(tree, page_url)
    heading, seen, figures = "", set(), []
    for element in tree.iter():
        tag = element.tag if isinstance(element.tag, str) else ""
        if tag in HEADINGS:
            heading = _words(element.text_content())
        if tag != "img" or _in_chrome(element):
            continue
        figure = next(element.iterancestors("figure"), None)
        candidate = _candidate(element, figure, base, heading)
        if candidate is None or candidate.url in seen:
            continue
        seen.add(candidate.url)
        figures.append(candidate)
        if len(figures) >= MAX_FOUND:
            break
    return figures


def _candidate(image, figure, base: str, heading: str) -> Found | None:
    alt = _words(image.get("alt", ""))
    caption = _caption(figure) if figure is not None else ""
    if figure is None and not meaningful(alt):
        return None
    src = _src(image)
    if not src:
        return None
    url = urljoin(base, src) if not src.startswith("data:") else src[:80]
    width, height = _size(image.get("width")), _size(image.get("height"))
    item = Found(url, alt, caption, heading[:300], width, height)
    return Found(**{**item.as_json(), "skipped": _skipped(image, item)})


def meaningful(alt: str) -> bool:
    """Alt text that says what the picture shows: three words or more, not a file name."""
    return len(alt.split()) >= MIN_ALT_WORDS and not FILE_NAME.fullmatch(alt)


def _skipped(image, item: Found) -> str:
    """Why the image is no figure, by its HTML alone; "" when it may be one."""
    parts = urlsplit(item.url)
    if parts.scheme not in ("http", "https"):
        return "an inline image, not an address to download"
    host = (parts.hostname or "").lower()
    if any(host == t or host.endswith("." + t) for t in TRACKER_HOSTS):
        return f"a tracker's image ({host})"
    for where, said in (
        ("address", parts.path.lower()),
        ("class", image.get("class", "").lower()),
        ("id", image.get("id", "").lower()),
    ):
        match = NOT_FIGURES.search(said)
        if match:
            word = match.group(1)
            noun = NOUNS.get(word, "advert" if word == "ads" else word)
            return f"{'an' if noun[0] in 'aeiou' else 'a'} {noun} by its {where}, not a figure"
    least = settings.FIGURE_MIN_SIDE
    sides = [side for side in (item.width, item.height) if side is not None]
    if sides and min(sides) < least:
        shown = f"{item.width or '?'}×{item.height or '?'}"
        return f"{shown} by its attributes, under {least}×{least}"
    return ""


def _src(image) -> str:
    """The image's address: src, or a lazy loader's data-src, or srcset's first."""
    for name in ("src", "data-src", "data-original", "data-lazy-src"):
        value = (image.get(name) or "").strip()
        if value and not (value.startswith("data:") and image.get("data-src")):
            return value
    srcset = (image.get("srcset") or "").strip()
    return srcset.split(",")[0].split()[0] if srcset else ""


def _caption(figure) -> str:
    caption = next(figure.iter("figcaption"), None)
    return _words(caption.text_content()) if caption is not None else ""


def _size(value: str | None) -> int | None:
    match = re.fullmatch(r"\s*(\d{1,6})(?:\.\d+)?\s*(?:px)?\s*", value or "")
    return int(match.group(1)) if match else None


def _in_chrome(element) -> bool:
    return any(
        isinstance(a.tag, str) and (a.tag in CHROME or a.get("role") == "navigation")
        for a in element.iterancestors()
    )


def _base(tree, page_url: str) -> str:
    base = next(tree.iter("base"), None)
    href = (base.get("href") or "").strip() if base is not None else ""
    return urljoin(page_url, href) if href else page_url


def _words(text: str) -> str:
    return " ".join((text or "").split())
