"""Figures from sources in the report: a researched page's chart, with its caption, shown under
a section as "Figure k: caption [n]" by both engines, in the page (its image served to members
only), the Markdown export, the PDF and the evidence package."""

from __future__ import annotations

import io
import json
import re
import zipfile
from pathlib import Path

import pytest
from django.test import Client
from PIL import Image
from pypdf import PdfReader

from research.models import Figure, Project, Report
from research.output import package
from research.text import figures as text_figures
from tests import figure_files
from tests.figure_files import CAPTION
from tests.test_figures import researched_figures

pytestmark = pytest.mark.django_db(transaction=True)


def the_chart(project: Project) -> Figure:
    return Figure.objects.get(source__project=project, url__endswith="/img/installs.png")


def number_of(report: Report, figure: Figure) -> int:
    return text_figures.numbers(report.markdown)[("figure", figure.pk)]


def section_of(report: Report, figure: Figure) -> str:
    """The heading the figure's image stands under."""
    before = report.markdown.split(f"](figures/{figure.pk}.png)", 1)[0]
    headings = re.findall(r"^## (.+)$", before, re.M)
    return headings[-1] if headings else ""


@pytest.mark.parametrize("engine", ["extractive", "llm"])
def test_a_pages_chart_is_shown_under_a_section_with_its_caption_and_citation(
    world, member, member_client, engine
):
    figure_files.serve(world.web)
    world.llm.responder.headed = True
    project = researched_figures(world, engine)
    report = project.reports.get(is_current=True)
    chart = the_chart(project)
    k, n = number_of(report, chart), chart.source.n
    assert f"![Figure {k}: {CAPTION}](figures/{chart.pk}.png)" in report.markdown
    assert f"*Figure {k}: {CAPTION} [{n}]. Image: Heat pumps in Avalon, 127.0.0.1.*" in (
        report.markdown
    )
    assert section_of(report, chart) in set(project.sections.values_list("title", flat=True))
    assert chart in report.figures.all() and chart.source in report.cited_sources.all()
    if engine == "llm":
        assert "FigureChoices" in world.llm.responder.kinds
    page = member_client.get(f"/projects/{project.pk}/report/").content.decode()
    src = f"/projects/{project.pk}/figures/{chart.pk}.png"
    assert f'<img alt="Figure {k}: {CAPTION}" src="{src}">' in page
    assert re.search(rf"Figure {k}: {re.escape(CAPTION)} <a class=\"cite\"[^>]*>\[{n}\]</a>", page)
    image = member_client.get(src)
    assert image.status_code == 200 and image["Content-Type"] == "image/png"
    assert image.content == Path(chart.file.path).read_bytes()
    assert Client().get(src).status_code == 302  # not signed in: to the sign-in page
    assert member_client.get(f"/projects/{project.pk}/figures/{chart.pk}.jpg").status_code == 404


def test_the_figure_goes_into_the_markdown_the_pdf_and_the_evidence_package(world, member):
    figure_files.serve(world.web)
    project = researched_figures(world)
    report = project.reports.get(is_current=True)
    chart = the_chart(project)
    k, n = number_of(report, chart), chart.source.n
    stored = Path(chart.file.path).read_bytes()
    markdown = package.export_file(report, "md")[0].decode()
    assert f"![Figure {k}: {CAPTION}](figures/{k}.png)" in markdown
    assert f"*Figure {k}: {CAPTION} [{n}]." in markdown
    pdf = PdfReader(io.BytesIO(package.export_file(report, "pdf")[0]))
    text = " ".join(" ".join(page.extract_text().split()) for page in pdf.pages)
    assert f"Figure {k}: {CAPTION} [{n}]" in text
    sizes = [Image.open(io.BytesIO(i.data)).size for page in pdf.pages for i in page.images]
    assert (480, 300) in sizes  # the chart itself, embedded
    archive = zipfile.ZipFile(io.BytesIO(package.export_file(report, "zip")[0]))
    assert archive.read(f"figures/{k}.png") == stored
    assert f"figures/{k}.png" in json.loads(archive.read("manifest.json"))["files"]
    assert f"](figures/{k}.png)" in archive.read("report.md").decode()


def test_a_hidden_or_refused_figure_is_never_offered_and_an_outside_image_never_shown(
    world, member, member_client
):
    figure_files.serve(world.web)
    project = researched_figures(world)
    report = project.reports.get(is_current=True)
    shown = set(report.figures.values_list("url", flat=True))
    assert not any(url.endswith(("huge-map.png", "diagram.svg", "counter.png")) for url in shown)
    outside = "![a picture](https://tracker.example/p.png) ![ours](figures/999.png)"
    Report.objects.filter(pk=report.pk).update(markdown=report.markdown + "\n\n" + outside)
    page = member_client.get(f"/projects/{project.pk}/report/").content.decode()
    assert "tracker.example" not in page
    assert member_client.get(f"/projects/{project.pk}/figures/999.png").status_code == 404
