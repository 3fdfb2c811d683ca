"""Real files of every format the library reads, made here for tests and benchmarks."""

from __future__ import annotations

import datetime
import io
import zipfile


def pdf(pages: list[list[str]], *, title: str = "") -> bytes:
    """A PDF with a text layer, one page per list of paragraphs (WeasyPrint)."""
    from weasyprint import HTML

    body = "".join(
        '<section style="page-break-after: always">'
        + "".join(f"<p>{p}</p>" for p in page)
        + "</section>"
        for page in pages
    )
    head = f"<title>{title}</title>" if title else ""
    return HTML(string=f"<html><head>{head}</head><body>{body}</body></html>").write_pdf()


def with_pdf_metadata(pdf_bytes: bytes, **info: str) -> bytes:
    """The PDF with these Info entries ("Author", "CreationDate" as D:YYYYMMDDhhmmss...)."""
    from pypdf import PdfReader, PdfWriter

    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(pdf_bytes)))
    writer.add_metadata({f"/{key}": value for key, value in info.items()})
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def pdf_with_table(paragraph: str, rows: list[list[str]], after: str = "") -> bytes:
    """A one-page PDF: a paragraph, then a table with ruled cells (its first row the header),
    then the paragraph `after`, if any."""
    from weasyprint import HTML

    cell = 'style="border: 1px solid #000; padding: 2px"'
    lines = "".join(
        "<tr>" + "".join(f"<td {cell}>{value}</td>" for value in row) + "</tr>" for row in rows
    )
    table = f'<table style="border-collapse: collapse">{lines}</table>'
    tail = f"<p>{after}</p>" if after else ""
    return HTML(string=f"<html><body><p>{paragraph}</p>{table}{tail}</body></html>").write_pdf()


def pdf_with_list(heading: str, items: list[str], *, ordered: bool = False) -> bytes:
    """A one-page PDF: a heading, then a bulleted (or numbered) list, its markers drawn by
    WeasyPrint as texts of their own."""
    from weasyprint import HTML

    tag = "ol" if ordered else "ul"
    entries = "".join(f"<li>{item}</li>" for item in items)
    return HTML(
        string=f"<html><body><h2>{heading}</h2><{tag}>{entries}</{tag}></body></html>"
    ).write_pdf()


def scanned_pdf() -> bytes:
    """A PDF whose only page is an image: no text layer, as a scan."""
    import base64

    from PIL import Image
    from weasyprint import HTML

    picture = io.BytesIO()
    Image.new("RGB", (200, 100), (40, 40, 40)).save(picture, format="PNG")
    data = base64.b64encode(picture.getvalue()).decode()
    return HTML(
        string=f'<html><body><img src="data:image/png;base64,{data}"></body></html>'
    ).write_pdf()


def encrypted(pdf_bytes: bytes, password: str = "secret") -> bytes:
    import pypdf

    writer = pypdf.PdfWriter(clone_from=pypdf.PdfReader(io.BytesIO(pdf_bytes)))
    writer.encrypt(password)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def docx(
    parts: list[tuple[str, str]],
    *,
    table: list[list[str]] | None = None,
    author: str = "",
    created: datetime.datetime | None = None,
) -> bytes:
    """A Word file from (style, text) pairs: "Title", "Heading 1", "Heading 2", or "" for body;
    with `author` and `created` in its core properties (else python-docx's template's)."""
    import docx as python_docx

    document = python_docx.Document()
    if author:
        document.core_properties.author = author
    if created:
        document.core_properties.created = created
    for style, text in parts:
        if style == "Title":
            document.add_heading(text, level=0)
        elif style.startswith("Heading "):
            document.add_heading(text, level=int(style.split()[1]))
        else:
            document.add_paragraph(text)
    if table:
        grid = document.add_table(rows=len(table), cols=len(table[0]))
        for r, row in enumerate(table):
            for c, value in enumerate(row):
                grid.cell(r, c).text = value
    out = io.BytesIO()
    document.save(out)
    return out.getvalue()


def pptx(slides: list[tuple[str, str, str]]) -> bytes:
    """A PowerPoint file from (title, body, notes) per slide."""
    from pptx import Presentation
    from pptx.util import Inches

    deck = Presentation()
    for title, body, notes in slides:
        slide = deck.slides.add_slide(deck.slide_layouts[5])
        slide.shapes.title.text = title
        box = slide.shapes.add_textbox(Inches(0.5), Inches(1.5), Inches(9), Inches(5))
        box.text_frame.text = body
        if notes:
            slide.notes_slide.notes_text_frame.text = notes
    out = io.BytesIO()
    deck.save(out)
    return out.getvalue()


def xlsx(sheets: dict[str, list[list[object]]]) -> bytes:
    """An Excel workbook from its sheets' rows (the first row a header)."""
    from openpyxl import Workbook

    book = Workbook()
    book.remove(book.worksheets[0])  # the default sheet
    for name, rows in sheets.items():
        sheet = book.create_sheet(name)
        for row in rows:
            sheet.append(list(row))
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def epub(
    chapters: list[tuple[str, list[str]]],
    *,
    title: str = "Book",
    reverse: bool = False,
    encrypted: tuple[str, ...] = (),
) -> bytes:
    """An EPUB of XHTML chapters; `reverse` stores the files in the opposite order to the
    spine, so a reader that follows the files instead of the spine gets them backwards;
    `encrypted` lists the parts META-INF/encryption.xml says are encrypted (as DRM does)."""
    out = io.BytesIO()
    names = [f"c{i}.xhtml" for i in range(len(chapters))]
    with zipfile.ZipFile(out, "w") as book:
        book.writestr("mimetype", "application/epub+zip", compress_type=zipfile.ZIP_STORED)
        book.writestr(
            "META-INF/container.xml",
            '<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:'
            'xmlns:container"><rootfiles><rootfile full-path="OEBPS/content.opf" media-type='
            '"application/oebps-package+xml"/></rootfiles></container>',
        )
        items = "".join(
            f'<item id="c{i}" href="{name}" media-type="application/xhtml+xml"/>'
            for i, name in enumerate(names)
        )
        spine = "".join(f'<itemref idref="c{i}"/>' for i in range(len(chapters)))
        if encrypted:
            references = "".join(
                "<enc:EncryptedData><enc:CipherData><enc:CipherReference "
                f'URI="{uri}"/></enc:CipherData></enc:EncryptedData>'
                for uri in encrypted
            )
            book.writestr(
                "META-INF/encryption.xml",
                '<?xml version="1.0"?><encryption xmlns="urn:oasis:names:tc:opendocument:xmlns:'
                f'container" xmlns:enc="http://www.w3.org/2001/04/xmlenc#">{references}'
                "</encryption>",
            )
        book.writestr(
            "OEBPS/content.opf",
            '<?xml version="1.0"?><package xmlns="http://www.idpf.org/2007/opf" version="3.0">'
            f'<metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>{title}</dc:title>'
            f"</metadata><manifest>{items}</manifest><spine>{spine}</spine></package>",
        )
        order = list(enumerate(chapters))
        for i, (heading, paragraphs) in reversed(order) if reverse else order:
            body = "".join(f"<p>{p}</p>" for p in paragraphs)
            book.writestr(
                f"OEBPS/{names[i]}",
                '<?xml version="1.0" encoding="utf-8"?><html xmlns="http://www.w3.org/1999/xhtml">'
                f"<head><title>{heading}</title></head><body><h1>{heading}</h1>{body}</body></html>",
            )
    return out.getvalue()


def zip_bomb_docx(inflated_mb: int = 50) -> bytes:
    """A real Word file with one more part of `inflated_mb` MB of zeros, which compresses to
    almost nothing."""
    base = io.BytesIO(docx([("", "A small document.")]))
    out = io.BytesIO()
    with zipfile.ZipFile(base) as source, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as bomb:
        for info in source.infolist():
            bomb.writestr(info, source.read(info.filename))
        bomb.writestr("word/media/padding.bin", b"\0" * (inflated_mb * 1024 * 1024))
    return out.getvalue()


# --- Pictures of text, for OCR ----------------------------------------------------------------


def font(language: str = "en", size: int = 44):
    """The sans-serif font fontconfig picks for a language ("en", "zh-cn"), at `size` pixels."""
    import subprocess

    from PIL import ImageFont

    found = subprocess.run(
        ["fc-match", "-f", "%{file}|%{index}", f"sans-serif:lang={language}"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    path, index = found.rsplit("|", 1)
    return ImageFont.truetype(path, size, index=int(index or 0))


def page_picture(paragraphs: list[str], *, language: str = "en", width: int = 1240, size: int = 34):
    """A page of text as a scanner sees it, black on white: the paragraphs wrapped to the
    width (1240 pixels: A4 at 150 dpi), in letters of `size` pixels, a line apart; what does
    not fit on the page is left out."""
    from PIL import Image, ImageDraw

    face = font(language, size)
    cjk = language.startswith("zh")
    lines: list[str] = []
    for paragraph in paragraphs:
        words = list(paragraph) if cjk else paragraph.split()
        line = ""
        for word in words:
            longer = line + word if cjk or not line else f"{line} {word}"
            if face.getlength(longer) > width - 2 * (width // 12) and line:
                lines.append(line)
                line = word
            else:
                line = longer
        lines += [line, ""]
    picture = Image.new("L", (width, round(width * 1.414)), 255)
    draw = ImageDraw.Draw(picture)
    margin, spacing = width // 12, round(size * 1.5)
    for row, line in enumerate(lines):
        draw.text((margin, margin + row * spacing), line, font=face, fill=0)
    return picture


def text_image(paragraphs: list[str], *, language: str = "en", format: str = "PNG") -> bytes:
    """A photo of text: a page picture, saved as PNG, JPEG, TIFF or WebP."""
    out = io.BytesIO()
    page_picture(paragraphs, language=language).save(out, format=format)
    return out.getvalue()


def scanned_pages(pages: list[list[str]], *, language: str = "en", format: str = "PDF") -> bytes:
    """An image-only PDF, one A4 page picture per list of paragraphs (Pillow's PDF writer):
    no text layer at all, as a scanner makes; or a TIFF of as many frames (format="TIFF")."""
    pictures = [page_picture(page, language=language) for page in pages]
    out = io.BytesIO()
    pictures[0].save(out, format=format, save_all=True, append_images=pictures[1:], resolution=150)
    return out.getvalue()


def joined(*pdfs: bytes) -> bytes:
    """The pages of these PDFs, one after the other, in one PDF."""
    from pypdf import PdfReader, PdfWriter

    writer = PdfWriter()
    for body in pdfs:
        writer.append(PdfReader(io.BytesIO(body)))
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def docx_with_pictures(
    heading: str, paragraphs: list[str], pictures: list[tuple[bytes, str]]
) -> bytes:
    """A Word file: a heading, its paragraphs, then each picture (python-docx `add_picture`)
    followed by its caption in the Caption style ("" for none)."""
    import docx as python_docx

    document = python_docx.Document()
    document.add_heading(heading, level=1)
    for text in paragraphs:
        document.add_paragraph(text)
    for picture, caption in pictures:
        document.add_picture(io.BytesIO(picture))
        if caption:
            document.add_paragraph(caption, style="Caption")
    out = io.BytesIO()
    document.save(out)
    return out.getvalue()


def pdf_with_pictures(
    pages: list[list[str]], pictures: dict[int, list[tuple[bytes, str]]]
) -> bytes:
    """A PDF with a text layer (WeasyPrint), one page per list of paragraphs; `pictures` puts
    images on pages (by index), each followed by its caption line ("" for none)."""
    import base64

    from weasyprint import HTML

    def shown(picture: bytes, caption: str) -> str:
        data = base64.b64encode(picture).decode()
        line = f"<p>{caption}</p>" if caption else ""
        return f'<img src="data:image/png;base64,{data}">{line}'

    body = "".join(
        '<section style="page-break-after: always">'
        + "".join(f"<p>{p}</p>" for p in page)
        + "".join(shown(*item) for item in pictures.get(i, []))
        + "</section>"
        for i, page in enumerate(pages)
    )
    return HTML(string=f"<html><body>{body}</body></html>").write_pdf()


def epub_with_picture(heading: str, paragraphs: list[str], picture: bytes, caption: str) -> bytes:
    """A one-chapter EPUB whose chapter shows images/chart.png in a figure with `caption`."""
    book = io.BytesIO(epub([(heading, paragraphs)]))
    out = io.BytesIO()
    figure = (
        f'<figure><img src="images/chart.png" alt="chart"/><figcaption>{caption}</figcaption>'
        "</figure>"
    )
    with zipfile.ZipFile(book) as source, zipfile.ZipFile(out, "w") as copy:
        for info in source.infolist():
            data = source.read(info.filename)
            if info.filename == "OEBPS/c0.xhtml":
                data = data.replace(b"</body>", figure.encode() + b"</body>")
            copy.writestr(info, data)
        copy.writestr("OEBPS/images/chart.png", picture)
    return out.getvalue()
