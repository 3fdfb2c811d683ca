"""A report version as a briefing deck (python-pptx).

    title slide     the report's title; the question, the date and the version
    one per section each `## ` section of the text: 3 to 5 of its own sentences, as the claim
                    splitter cuts them (text/claims.py), cited ones first, each with its [n]
    Key figures     when the report shows charts or sources' figures: up to four, each with
                    its caption
    Sources         the References, eight to a slide

Nothing is written that the report does not say. The same version gives the same bytes
(office.py).
"""

from __future__ import annotations

import io
import math
import re
from dataclasses import dataclass

from PIL import Image
from pptx import Presentation
from pptx.util import Emu, Inches, Pt

from research.output import export, office
from research.text import claims

MIN_POINTS, MAX_POINTS = 3, 5
POINT_CHARS = 220  # a longer sentence is cut at a word, "…" marking the cut
SOURCES_PER_SLIDE = 8
MAX_FIGURES = 4
TITLE_SLIDE, TITLE_AND_CONTENT, TITLE_ONLY = 0, 1, 5
SECTION = re.compile(r"^##[ \t]+(.+?)[ \t#]*$", re.MULTILINE)
ENTRY = re.compile(r"^\[(\d{1,6})\][ \t]+(.+)$", re.MULTILINE)
URL = re.compile(r"<(https?://[^>\s]+)>|\]\((https?://[^)\s]+)\)")
BARE_URL = re.compile(r"<https?://[^>\s]+>")
LINK = re.compile(r"\[([^\]\n]*)\]\([^)\s]+\)")
ENDS = ".!?。！？"
# A figure's caption under its image: "*Figure 2: ... [3]. Image: ...*", a line in italics.
CAPTION = re.compile(r"^[ \t]*\*[^*\n].*\*[ \t]*$", re.MULTILINE)


@dataclass(frozen=True)
class Section:
    heading: str
    points: list[str]


def report_pptx(report, site: str = "") -> bytes:
    """The report as a .pptx briefing deck (see the module docstring)."""
    title, text = export.report_text(report, site)
    body, references = export.split_references(text)
    deck = Presentation()
    _title_slide(deck, report, title)
    for section in sections(body):
        _points_slide(deck, section)
    figures = office.figures_in_order(report, body)[:MAX_FIGURES]
    if figures:
        _figures_slide(deck, figures)
    entries = ENTRY.findall(references)
    for start in range(0, len(entries), SOURCES_PER_SLIDE):
        _sources_slide(deck, entries[start : start + SOURCES_PER_SLIDE], start > 0)
    office.stamp_core(deck.core_properties, report, title)
    out = io.BytesIO()
    deck.save(out)
    return office.repack(out.getvalue(), report)


def sections(body: str) -> list[Section]:
    """Each `## ` section of the body with its points."""
    matches = list(SECTION.finditer(body))
    found = []
    for index, match in enumerate(matches):
        end = matches[index + 1].start() if index + 1 < len(matches) else len(body)
        found.append(Section(_plain(match.group(1)), points(body[match.start() : end])))
    return found


def points(section: str) -> list[str]:
    """Up to five of the section's own sentences, in its order: the cited ones first, and
    uncited ones stating facts only to make three; each as a reader sees it, with its [n].
    Figures' captions are no points."""
    said = claims.split_claims(CAPTION.sub("", section))
    cited = [claim for claim in said if claim.citations][:MAX_POINTS]
    rest = [claim for claim in said if not claim.citations]
    chosen = cited + rest[: max(0, MIN_POINTS - len(cited))]
    return [_point(claim) for claim in sorted(chosen, key=lambda claim: claim.position)]


def _point(claim: claims.SplitClaim) -> str:
    """A claim's words, cut at POINT_CHARS, with its citations before its closing stop."""
    words = claims.plain(claim.sentence)
    if len(words) > POINT_CHARS:
        words = words[:POINT_CHARS].rsplit(" ", 1)[0].rstrip(",;:") + "…"
    stop = words[-1] if words and words[-1] in ENDS else ""
    markers = "".join(f"[{n}]" for n in claim.citations)
    if not markers:
        return words
    return f"{words[: len(words) - len(stop)]} {markers}{stop}"


def _plain(text: str) -> str:
    return " ".join(re.sub(r"[*_`]", "", text).split())


def _title_slide(deck, report, title: str) -> None:
    slide = deck.slides.add_slide(deck.slide_layouts[TITLE_SLIDE])
    slide.shapes.title.text = title
    subtitle = slide.placeholders[1].text_frame
    subtitle.text = " ".join(report.project.question.split())
    meta = subtitle.add_paragraph()
    meta.text = f"{export.report_date(report)} · version {report.version}"
    for paragraph in subtitle.paragraphs:
        for run in paragraph.runs:
            run.font.size = Pt(18 if paragraph is meta else 20)


def _points_slide(deck, section: Section) -> None:
    slide = deck.slides.add_slide(deck.slide_layouts[TITLE_AND_CONTENT])
    slide.shapes.title.text = section.heading
    frame = slide.placeholders[1].text_frame
    frame.word_wrap = True
    size = Pt(18 if sum(map(len, section.points)) < 600 else 14)
    for index, point in enumerate(section.points):
        paragraph = frame.paragraphs[0] if index == 0 else frame.add_paragraph()
        run = paragraph.add_run()
        run.text = point
        run.font.size = size


def _figures_slide(deck, figures: list[office.Picture]) -> None:
    """The figures in a grid (one, or two a row), each fitted to its cell, its caption under."""
    slide = deck.slides.add_slide(deck.slide_layouts[TITLE_ONLY])
    slide.shapes.title.text = "Key figures"
    columns = 1 if len(figures) == 1 else 2
    rows = math.ceil(len(figures) / columns)
    left, top = Inches(0.5), Inches(1.6)
    cell_w, cell_h = int((deck.slide_width - 2 * left) / columns), int(Inches(5.6) / rows)
    caption_h = Inches(0.5)
    for index, figure in enumerate(figures):
        x = left + (index % columns) * cell_w
        y = top + (index // columns) * cell_h
        pixels_w, pixels_h = Image.open(io.BytesIO(figure.data)).size
        box_w, box_h = cell_w - Inches(0.2), cell_h - caption_h - Inches(0.1)
        scale = min(box_w / pixels_w, box_h / pixels_h)
        width, height = int(pixels_w * scale), int(pixels_h * scale)
        picture = slide.shapes.add_picture(
            io.BytesIO(figure.data), Emu(x + (cell_w - width) // 2), Emu(y), Emu(width), Emu(height)
        )
        picture._element.nvPicPr.cNvPr.set("descr", figure.caption)
        caption = slide.shapes.add_textbox(
            Emu(x), Emu(y + height + Inches(0.05)), Emu(cell_w), caption_h
        ).text_frame
        caption.word_wrap = True
        caption.text = figure.caption
        caption.paragraphs[0].runs[0].font.size = Pt(11)


def _sources_slide(deck, entries: list[tuple[str, str]], continued: bool) -> None:
    slide = deck.slides.add_slide(deck.slide_layouts[TITLE_ONLY])
    slide.shapes.title.text = "Sources (continued)" if continued else "Sources"
    frame = slide.shapes.add_textbox(
        Inches(0.5), Inches(1.5), deck.slide_width - Inches(1), Inches(5.6)
    ).text_frame
    frame.word_wrap = True
    for index, (n, entry) in enumerate(entries):
        paragraph = frame.paragraphs[0] if index == 0 else frame.add_paragraph()
        found = URL.search(entry)
        url = (found.group(1) or found.group(2)) if found else ""
        words = _plain(LINK.sub(r"\1", BARE_URL.sub("", entry)))
        run = paragraph.add_run()
        run.text = f"[{n}] {words.rstrip(' .')}."
        run.font.size = Pt(12)
        if url:
            link = paragraph.add_run()
            link.text = f" {url}"
            link.font.size = Pt(12)
            link.hyperlink.address = url
