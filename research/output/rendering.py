"""Markdown from the LLM or the web, and extracted page text, as safe HTML.

Everything goes through two layers:

1. Python-Markdown with its raw-HTML handling removed, so `<script>` in the input is text, not
   markup (it comes out escaped);
2. nh3 (ammonia) with an allow-list of tags and attributes, links limited to http, https and
   mailto, and `rel="nofollow noopener noreferrer"` on every link. nh3 is the last step of every
   public function here, so whatever Markdown does, the output is allow-listed HTML.

Citation links in a report are the only relative URLs let through, and only the exact hrefs this
module inserted (see `render_report`).
"""

from __future__ import annotations

import html
import re
import xml.etree.ElementTree as ET
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from urllib.parse import urlsplit

import markdown as markdown_lib
import nh3
from markdown.extensions import Extension
from markdown.extensions.tables import TableExtension
from markdown.treeprocessors import Treeprocessor

from research.text.citations import REFERENCES_HEADING
from research.text.plain import locate

__all__ = ["best_passage", "highlight", "render_markdown", "render_report"]

# A citation's target: its address, or its address and the quote it lands on (shown on hover).
SourceLink = Callable[[int, str], "str | tuple[str, str] | None"]

# --- The allow-list ----------------------------------------------------------------------

TAGS = {
    "h1", "h2", "h3", "h4", "h5", "h6",
    "p", "br", "hr", "ul", "ol", "li",
    "strong", "em", "b", "i", "code", "pre", "blockquote",
    "table", "thead", "tbody", "tr", "th", "td",
    "a", "sup",
}  # fmt: skip
ATTRIBUTES = {"a": {"href", "title"}, "ol": {"start"}}
ALIGN = {"align": {"left", "center", "right"}}
TAG_ATTRIBUTE_VALUES = {"th": ALIGN, "td": ALIGN}
# Dropped with their content, not just unwrapped (only reachable if raw HTML ever got through).
CLEAN_CONTENT_TAGS = {"script", "style", "template", "noscript", "iframe", "object", "title"}
URL_SCHEMES = {"http", "https", "mailto"}
LINK_REL = "nofollow noopener noreferrer"
REF_ID = re.compile(r"ref-\d{1,6}")


def _attribute_filter(element: str, attribute: str, value: str) -> str | None:
    if attribute == "start":
        return value if value.isascii() and value.isdigit() and len(value) < 7 else None
    if attribute == "id":
        return value if REF_ID.fullmatch(value) else None
    return value


def _cleaner(
    *,
    report: bool = False,
    relative: frozenset[str] = frozenset(),
    own: tuple[str, ...] = (),
    images: bool = False,
) -> nh3.Cleaner:
    """The allow-list; a report also keeps `ref-n` ids, `a.cite`, the `relative` hrefs, the
    site's own pages under the `own` paths, and with `images` its charts (`_Images` dropped
    every other image before)."""
    attributes = {**ATTRIBUTES, "p": {"id"}} if report else ATTRIBUTES
    return nh3.Cleaner(
        tags=TAGS | {"img"} if images else TAGS,
        clean_content_tags=CLEAN_CONTENT_TAGS,
        attributes={**attributes, "img": {"src", "alt"}} if images else attributes,
        attribute_filter=_attribute_filter,
        tag_attribute_values=TAG_ATTRIBUTE_VALUES,
        allowed_classes={"a": {"cite"}} if report else None,
        url_schemes=URL_SCHEMES,
        link_rel=LINK_REL,
        strip_comments=True,
        # Relative URLs: none from the input; in a report, only the citation links we made
        # and the site's pages under `own`.
        url_relative=(lambda url: url if url in relative or _own(url, own) else None)
        if report
        else "deny",
    )


def _own(url: str, own: tuple[str, ...]) -> bool:
    return bool(own) and url.startswith(own) and ".." not in url and _safe_href(url) == url


_PLAIN_CLEANER = _cleaner()


# --- Markdown ----------------------------------------------------------------------------


def _markdown(extra: Sequence[Extension] = ()) -> markdown_lib.Markdown:
    """A fresh converter (they are not thread-safe) that treats raw HTML as text."""
    extensions: list[str | Extension] = [
        TableExtension(use_align_attribute=True),
        "fenced_code",
        "sane_lists",
        *extra,
    ]
    md = markdown_lib.Markdown(
        extensions=extensions,
        output_format="html",
    )
    md.preprocessors.deregister("html_block")
    md.inlinePatterns.deregister("html")
    return md


def render_markdown(text: str) -> str:
    """Markdown as allow-listed HTML: no raw HTML, no relative links, links get rel=nofollow."""
    return _PLAIN_CLEANER.clean(_markdown().convert(text or ""))


# --- Reports: citations become links -----------------------------------------------------

CITE = re.compile(r"\[(\d{1,4})\]")
# A sentence ends at . ! ? followed by space (with any citations that trail it), or at a CJK
# full stop, whether or not a space follows.
SENTENCE_END = re.compile(
    r"[.!?]+[\"'”’)]*(?:\s*\[\d{1,4}\])*(?=\s|$)|[。！？]+[”’」』）]*(?:\s*\[\d{1,4}\])*"
)
INLINE_TAGS = {"a", "em", "strong", "b", "i", "code", "sup", "sub", "span", "del", "br", "img"}
NO_LINK_TAGS = {"a", "code", "pre"}
HEADINGS = {"h1", "h2", "h3", "h4", "h5", "h6"}


@dataclass
class _Segment:
    block: int
    owner: ET.Element
    slot: str  # "text" or "tail"
    value: str
    skip: bool
    start: int = 0  # offset in the block's text


def _safe_href(url: object) -> str | None:
    """A citation target the caller gave us: a site-relative path, an http(s) URL, or the
    report's own reference ("#ref-3", in a PDF)."""
    if not isinstance(url, str) or not url or any(ord(c) < 0x21 or c == "\x7f" for c in url):
        return None
    if url.startswith("#") and REF_ID.fullmatch(url[1:]):
        return url
    if url.startswith("/") and not url.startswith(("//", "/\\")):
        return url
    if urlsplit(url).scheme.lower() in {"http", "https"}:
        return url
    return None


def sentence_at(text: str, start: int, end: int) -> str:
    """The plain text of the sentence around text[start:end], citations removed."""
    begin = 0
    for match in SENTENCE_END.finditer(text):
        if match.end() <= start:
            begin = match.end()
            continue
        if match.start() >= end or match.end() >= end:
            finish = match.end()
            break
    else:
        finish = len(text)
    sentence = " ".join(CITE.sub("", text[begin:finish]).split())
    return re.sub(r" (?=[.,;:!?。，；：！？])", "", sentence)


class _CitationLinker(Treeprocessor):
    def __init__(self, md, source_link: SourceLink, inserted: set[str]):
        super().__init__(md)
        self.source_link = source_link
        self.inserted = inserted

    def run(self, root: ET.Element) -> None:
        skipped = self._mark_references(root)
        segments: list[_Segment] = []
        counter = iter(range(1_000_000))

        def walk(elem: ET.Element, block: int, skip: bool) -> None:
            mine = block if elem.tag in INLINE_TAGS else next(counter)
            quiet = skip or elem.tag in NO_LINK_TAGS or elem in skipped
            if elem.text:
                segments.append(_Segment(mine, elem, "text", elem.text, quiet))
            for child in elem:
                walk(child, mine, quiet)
                if child.tail:
                    segments.append(_Segment(mine, child, "tail", child.tail, quiet))

        walk(root, next(counter), False)
        blocks: dict[int, list[str]] = {}
        for segment in segments:
            parts = blocks.setdefault(segment.block, [])
            segment.start = sum(map(len, parts))
            parts.append(segment.value)
        parents = {child: parent for parent in root.iter() for child in parent}
        for segment in segments:
            if not segment.skip and CITE.search(segment.value):
                self._link(segment, "".join(blocks[segment.block]), parents)

    def _mark_references(self, root: ET.Element) -> set[ET.Element]:
        """Give `[n] ...` entries after the References heading an id; don't link them."""
        skipped: set[ET.Element] = set()
        in_references = False
        for child in root:
            if child.tag in HEADINGS:
                heading = "".join(child.itertext()).strip()
                in_references = bool(REFERENCES_HEADING.fullmatch(f"# {heading}"))
                continue
            if in_references:
                skipped.add(child)
                match = re.match(r"\s*\[(\d{1,6})\]", child.text or "")
                if child.tag == "p" and match:
                    child.set("id", f"ref-{match.group(1)}")
        return skipped

    def _link(self, segment: _Segment, block_text: str, parents: dict) -> None:
        pieces: list[ET.Element] = []
        lead: str | None = None
        position = 0
        value = segment.value
        for match in CITE.finditer(value):
            start = segment.start + match.start()
            sentence = sentence_at(block_text, start, start + len(match.group(0)))
            target = self.source_link(int(match.group(1)), sentence)
            href, hover = target if isinstance(target, tuple) else (target, "")
            href = _safe_href(href)
            if href is None:
                continue
            before = value[position : match.start()]
            if pieces:
                pieces[-1].tail = before
            else:
                lead = before
            link = ET.Element("a", {"class": "cite", "href": href})
            if hover:
                link.set("title", f"“{' '.join(hover.split())[:300]}”")
            link.text = match.group(0)
            pieces.append(link)
            self.inserted.add(href)
            position = match.end()
        if not pieces:
            return
        pieces[-1].tail = value[position:]
        if segment.slot == "text":
            segment.owner.text = lead
            for index, piece in enumerate(pieces):
                segment.owner.insert(index, piece)
        else:
            segment.owner.tail = lead
            parent = parents[segment.owner]
            at = list(parent).index(segment.owner) + 1
            for index, piece in enumerate(pieces):
                parent.insert(at + index, piece)


class _CitationExtension(markdown_lib.Extension):
    def __init__(self, source_link: SourceLink, inserted: set[str]):
        super().__init__()
        self.source_link = source_link
        self.inserted = inserted

    def extendMarkdown(self, md) -> None:  # noqa: N802 - Python-Markdown's name
        # After "inline" (20) and "unescape" (0): the text nodes are final.
        md.treeprocessors.register(
            _CitationLinker(md, self.source_link, self.inserted), "dossier_citations", -10
        )


def render_report(
    markdown: str,
    *,
    source_link: SourceLink,
    own_paths: tuple[str, ...] = (),
    charts: tuple[str, ...] = (),
) -> str:
    """A report as safe HTML; each `[n]` becomes `<a class="cite" href=...>[n]</a>`.

    `source_link(n, sentence)` gives the href for citation n, `sentence` being the plain text
    (citations removed) of the sentence the citation sits in; None leaves `[n]` as text. The
    href must be a site-relative path ("/...") or an http(s) URL, else it is ignored. Citations
    inside code or links are left alone; entries after the References heading get `id="ref-n"`.
    Other site-relative links are dropped, but those to pages under `own_paths` (the library
    passages the references cite, the claims "What changed" lists); images are dropped (their
    alt text stays), but the charts under `charts`.
    """
    inserted: set[str] = set()
    extensions = [_CitationExtension(source_link, inserted), _ImagesExtension(charts)]
    raw = _markdown(extensions).convert(markdown or "")
    cleaner = _cleaner(
        report=True, relative=frozenset(inserted), own=(*own_paths, *charts), images=bool(charts)
    )
    return cleaner.clean(raw)


class _Images(Treeprocessor):
    """Every image whose address is not under one of `charts` becomes its alt text: a report
    shows its own charts, never a tracker's pixel or a page's picture."""

    def __init__(self, md, charts: tuple[str, ...]):
        super().__init__(md)
        self.charts = charts

    def run(self, root: ET.Element) -> None:
        for image in root.iter("img"):
            src = image.get("src", "")
            if self.charts and src.startswith(self.charts) and _safe_href(src) == src:
                continue
            alt = image.get("alt", "")
            image.attrib.clear()
            image.tag, image.text = "span", alt


class _ImagesExtension(markdown_lib.Extension):
    def __init__(self, charts: tuple[str, ...]):
        super().__init__()
        self.charts = charts

    def extendMarkdown(self, md) -> None:  # noqa: N802 - Python-Markdown's name
        md.treeprocessors.register(_Images(md, self.charts), "dossier_images", -20)


# --- Picking the passage behind a sentence -----------------------------------------------

_CJK = "\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af"
TOKEN = re.compile(rf"[{_CJK}]+|(?:(?![{_CJK}])[^\W_])+")
MIN_WORD = 3


def _tokens(text: str) -> set[str]:
    found: set[str] = set()
    for match in TOKEN.finditer(text.casefold()):
        run = match.group(0)
        if re.match(rf"[{_CJK}]", run):
            found.update(run[i : i + 2] for i in range(len(run) - 1))
        elif len(run) >= MIN_WORD:
            found.add(run)
    return found


def best_passage(sentence: str, quotes: list[str]) -> int | None:
    """Index of the quote sharing the most words with `sentence` (CJK: character bigrams).

    Words shorter than three letters don't count. Ties go to the shorter quote, then the
    earlier one; with no overlap at all that is still a quote (the caller links somewhere on
    the source). None only when there are no quotes.
    """
    if not quotes:
        return None
    wanted = _tokens(sentence)

    def score(index: int) -> tuple[int, int, int]:
        quote = quotes[index] or ""
        return (len(wanted & _tokens(quote)), -len(quote), -index)

    return max(range(len(quotes)), key=score)


# --- Source text with quotes highlighted -------------------------------------------------

PARAGRAPH_BREAK = re.compile(r"\n[ \t\r\f\v]*\n\s*")
_MARK_CLEANER = nh3.Cleaner(
    tags={"p", "mark"},
    clean_content_tags={"script", "style"},
    attributes={"mark": {"id"}},
    url_schemes=set(),
    link_rel=None,
)


def _attr(value: str) -> str:
    return html.escape(value, quote=True)


def _locate(text: str, quotes: list[tuple[str, str]]):
    """Marked ranges (start, end, anchor), outer before inner, and (offset, anchor) for quotes
    that cross one already marked. A quote inside another, or the same, is marked inside it:
    `<mark id=a><mark id=b>…</mark></mark>`, so a link to either lands on its words lit."""
    spans: list[tuple[int, int, str]] = []
    points: list[tuple[int, str]] = []
    used: set[str] = set()
    for anchor, quote in quotes:
        found = locate(quote, text) if quote and quote.strip() and anchor not in used else None
        if found is None:
            continue
        start, end = found
        used.add(anchor)
        if any(start < e and s < end and not _nested(start, end, s, e) for s, e, _ in spans):
            points.append((start, anchor))
        else:
            spans.append((start, end, anchor))
    return sorted(spans, key=lambda span: (span[0], -span[1])), points


def _nested(start: int, end: int, other_start: int, other_end: int) -> bool:
    return other_start <= start and end <= other_end or start <= other_start and other_end <= end


def _paragraphs(text: str) -> list[tuple[int, int]]:
    paragraphs = [(0, len(text))]
    for match in PARAGRAPH_BREAK.finditer(text):
        paragraphs[-1] = (paragraphs[-1][0], match.start())
        paragraphs.append((match.end(), len(text)))
    return [(s, e) for s, e in paragraphs if text[s:e].strip()] or [(0, len(text))]


def _paragraph(text: str, start: int, end: int, pieces, points) -> str:
    """One `<p>`: pieces are (start, end, anchor or "") marks, outer before inner (they nest),
    points are empty anchor marks."""
    cuts = sorted(
        {start, end, *(o for s, e, _ in pieces for o in (s, e)), *(at for at, _ in points)}
    )
    out = ["<p>"]
    for index, offset in enumerate(cuts):
        out.extend("</mark>" for _, e, _ in pieces if e == offset)
        out.extend(f'<mark id="{_attr(anchor)}"></mark>' for at, anchor in points if at == offset)
        out.extend(
            f'<mark id="{_attr(anchor)}">' if anchor else "<mark>"
            for s, _, anchor in pieces
            if s == offset
        )
        if index + 1 < len(cuts):
            out.append(html.escape(text[offset : cuts[index + 1]], quote=False))
    out.append("</p>")
    return "".join(out)


def highlight(text: str, quotes: list[tuple[str, str]]) -> str:
    """Plain text as escaped `<p>` paragraphs, each quote's first occurrence in `<mark id>`.

    `quotes` are (anchor id, exact substring of text). A quote inside one already marked, or
    repeating it, is marked inside it; one crossing it gets an empty `<mark id>` at its start,
    so links to its anchor still land.
    A quote spanning paragraphs is marked in each; only the first part carries the id.
    """
    text = text or ""
    spans, points = _locate(text, quotes)
    paragraphs = _paragraphs(text)
    out: list[str] = []
    with_id: set[str] = set()
    for number, (p_start, p_end) in enumerate(paragraphs):
        pieces = []  # this paragraph's part of each marked span: (start, end, anchor or "")
        for start, end, anchor in spans:
            start, end = max(start, p_start), min(end, p_end)
            if start < end:
                pieces.append((start, end, "" if anchor in with_id else anchor))
                with_id.add(anchor)
        # An anchor we could not mark lands where its quote starts (clamped to a paragraph).
        next_start = paragraphs[number + 1][0] if number + 1 < len(paragraphs) else len(text) + 1
        here = [
            (min(max(at, p_start), p_end), anchor)
            for at, anchor in points
            if (at >= p_start or number == 0) and at < next_start
        ]
        out.append(_paragraph(text, p_start, p_end, pieces, here))
    return _MARK_CLEANER.clean("".join(out))


def marked_snippet(snippet: str, start: str, end: str) -> str:
    """A search snippet as HTML: the text escaped, the runs between `start` and `end` in <mark>."""
    escaped = html.escape(snippet, quote=False)
    return escaped.replace(start, "<mark>").replace(end, "</mark>")
