"""A report version as a Word document (python-docx), from the same safe HTML as the PDF.

The report's HTML parts (export.report_parts: sanitised by nh3) are walked block by block:
headings, paragraphs, lists, quotes, code, tables; bold, italic, code and links inline. Each
citation `[n]` is a superscript internal hyperlink to the bookmark `ref_n` on the n-th entry of
the References; charts (drawn as PNG) and sources' figures are pictures with their alt text,
their caption under them. The same version gives the same bytes (office.py).
"""

from __future__ import annotations

import io
import re

from docx import Document
from docx.enum.text import WD_ALIGN_PARAGRAPH
from docx.opc.constants import RELATIONSHIP_TYPE
from docx.oxml import OxmlElement
from docx.oxml.ns import qn
from docx.shared import Inches, RGBColor
from lxml import html as lxml_html

from research.output import export, office

MAX_WIDTH = Inches(6)
LINK_COLOUR = RGBColor(0x25, 0x53, 0xA5)
CODE_FONT = "Courier New"
REFERENCE = re.compile(r"#ref-(\d{1,6})")
LISTS = {"ul", "ol"}
ALIGN = {
    "left": WD_ALIGN_PARAGRAPH.LEFT,
    "center": WD_ALIGN_PARAGRAPH.CENTER,
    "right": WD_ALIGN_PARAGRAPH.RIGHT,
}
STYLES = {"strong": "bold", "b": "bold", "em": "italic", "i": "italic", "code": "code"}


def bookmark_name(n: int) -> str:
    return f"ref_{n}"


def report_docx(report, site: str = "") -> bytes:
    """The report as a .docx: a cover (title, date and version, the question), the text, the
    References with a bookmark on each entry."""
    parts = export.report_parts(report, site)
    document = Document()
    writer = _Writer(document, office.pictures(report))
    writer.cover(parts)
    writer.blocks(str(parts["body"]))
    writer.blocks(str(parts["references"]))
    office.stamp_core(document.core_properties, report, parts["title"])
    out = io.BytesIO()
    document.save(out)
    return office.repack(out.getvalue(), report)


def _text(value: str | None) -> str:
    return re.sub(r"\s+", " ", value or "")


class _Writer:
    def __init__(self, document, pictures: dict[str, bytes]):
        self.document = document
        self.pictures = pictures
        self.after_picture = False

    def cover(self, parts: dict) -> None:
        self.document.add_heading(parts["title"], 0)
        meta = f"{parts['date']} · version {parts['version']}"
        self.document.add_paragraph(meta + (f" · {parts['style']}" if parts["style"] else ""))
        question = self.document.add_paragraph(style="Intense Quote")
        question.add_run("Question").bold = True
        for line in parts["question"].splitlines():
            question.add_run().add_break()
            question.add_run(line)
        if not parts["complete"]:
            self.document.add_paragraph().add_run(
                export.INCOMPLETE[2:].replace("**", "")
            ).bold = True

    def blocks(self, html: str) -> None:
        if not html.strip():
            return
        for element in lxml_html.fragments_fromstring(html):
            if isinstance(element, str):
                self.document.add_paragraph(_text(element).strip())
            else:
                self.block(element)

    def block(self, element, style: str | None = None) -> None:
        tag = element.tag
        picture_before, self.after_picture = self.after_picture, False
        if tag in {"h1", "h2", "h3", "h4", "h5", "h6"}:
            self.inline(self.document.add_heading(level=max(1, int(tag[1]) - 1)), element)
        elif tag in LISTS:
            self.list(element, 1)
        elif tag == "blockquote":
            for child in element:
                self.block(child, "Quote")
        elif tag == "pre":
            run = self.document.add_paragraph(style=style).add_run(element.text_content())
            run.font.name = CODE_FONT
        elif tag == "table":
            self.table(element)
        elif tag == "hr":
            return
        elif _only_image(element):
            self.picture(element.find("img"))
        else:
            caption = picture_before and _only_italic(element)
            self.paragraph(element, "Caption" if caption else style)

    def paragraph(self, element, style: str | None) -> None:
        paragraph = self.document.add_paragraph(style=style)
        found = REFERENCE.fullmatch("#" + element.get("id", ""))
        if found:  # a References entry: the target of its citations
            n = int(found.group(1))
            start = OxmlElement("w:bookmarkStart")
            start.set(qn("w:id"), str(n))
            start.set(qn("w:name"), bookmark_name(n))
            paragraph._p.append(start)
        self.inline(paragraph, element)
        if found:
            end = OxmlElement("w:bookmarkEnd")
            end.set(qn("w:id"), str(found.group(1)))
            paragraph._p.append(end)

    def list(self, element, depth: int) -> None:
        kind = "List Number" if element.tag == "ol" else "List Bullet"
        style = kind if depth == 1 else f"{kind} {min(depth, 3)}"
        for item in element.iterchildren("li"):
            paragraph = self.document.add_paragraph(style=style)
            self.inline(paragraph, item, skip=LISTS)
            for inner in item.iterchildren(*LISTS):
                self.list(inner, depth + 1)

    def table(self, element) -> None:
        rows = element.findall(".//tr")
        columns = max((len(row.findall("./*")) for row in rows), default=0)
        if not rows or not columns:
            return
        table = self.document.add_table(rows=len(rows), cols=columns)
        table.style = "Table Grid"
        for r, row in enumerate(rows):
            for c, cell in enumerate(row.findall("./*")):
                paragraph = table.cell(r, c).paragraphs[0]
                paragraph.alignment = ALIGN.get(cell.get("align", ""))
                self.inline(paragraph, cell, {"bold"} if cell.tag == "th" else set())
        self.document.add_paragraph()

    def inline(self, paragraph, element, marks: set[str] | None = None, skip=frozenset()):
        marks = marks or set()
        self.run(paragraph, element.text, marks)
        for child in element:
            tag = child.tag
            if tag in skip:
                continue
            if tag == "a":
                self.link(paragraph, child, marks)
            elif tag == "br":
                paragraph.add_run().add_break()
            elif tag == "img":
                self.picture(child, paragraph)
            elif tag == "sup":
                self.inline(paragraph, child, marks | {"sup"})
            else:
                self.inline(paragraph, child, marks | {STYLES.get(tag, "")})
            self.run(paragraph, child.tail, marks)

    def run(self, paragraph, value: str | None, marks: set[str]):
        text = _text(value)
        if not paragraph.runs and not paragraph._p.xpath("./w:hyperlink"):
            text = text.lstrip()
        if not text:
            return None
        run = paragraph.add_run(text)
        run.bold = "bold" in marks or None
        run.italic = "italic" in marks or None
        if "sup" in marks:
            run.font.superscript = True
        if "code" in marks:
            run.font.name = CODE_FONT
        if "link" in marks:
            run.font.color.rgb = LINK_COLOUR
            run.font.underline = "sup" not in marks
        return run

    def link(self, paragraph, anchor, marks: set[str]) -> None:
        href = anchor.get("href", "")
        cited = REFERENCE.fullmatch(href)
        link = OxmlElement("w:hyperlink")
        if cited:  # a citation: superscript, to the reference's bookmark
            link.set(qn("w:anchor"), bookmark_name(int(cited.group(1))))
            marks = marks | {"sup", "link"}
        elif href.startswith(("http://", "https://", "mailto:")):
            part = paragraph.part
            link.set(qn("r:id"), part.relate_to(href, RELATIONSHIP_TYPE.HYPERLINK, True))
            marks = marks | {"link"}
        else:
            self.inline(paragraph, anchor, marks)
            return
        before = len(paragraph._p.r_lst)
        self.inline(paragraph, anchor, marks)
        for run in paragraph._p.r_lst[before:]:
            link.append(run)
        paragraph._p.append(link)

    def picture(self, image, paragraph=None) -> None:
        data = self.pictures.get(image.get("src", ""))
        alt = _text(image.get("alt")).strip()
        if data is None:  # not one of the report's own: its alt text
            (paragraph or self.document.add_paragraph()).add_run(alt)
            return
        if paragraph is None:
            paragraph = self.document.add_paragraph()
            paragraph.alignment = WD_ALIGN_PARAGRAPH.CENTER
        shape = paragraph.add_run().add_picture(io.BytesIO(data))
        if shape.width > MAX_WIDTH:
            shape.height = int(shape.height * MAX_WIDTH / shape.width)
            shape.width = MAX_WIDTH
        shape._inline.docPr.set("descr", alt)
        self.after_picture = True


def _only_image(element) -> bool:
    children = list(element)
    return (
        element.tag == "p"
        and len(children) == 1
        and children[0].tag == "img"
        and not (element.text or "").strip()
        and not (children[0].tail or "").strip()
    )


def _only_italic(element) -> bool:
    children = list(element)
    return (
        element.tag == "p"
        and len(children) == 1
        and children[0].tag == "em"
        and not (element.text or "").strip()
        and not (children[0].tail or "").strip()
    )
