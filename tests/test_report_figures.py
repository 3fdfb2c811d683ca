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

from research.models import ActivityEntry, Dataset, Figure, Project, ProjectStatus, Report
from research.output import package
from research.pipeline.shared import figures as report_figures
from research.text import figures as text_figures
from research.text.analysis import rules
from tests import figure_files
from tests.api_helpers import ApiClient
from tests.factories import make_project
from tests.figure_files import CAPTION
from tests.test_figures import researched_figures
from tests.test_pipeline_run import run_inline

pytestmark = pytest.mark.django_db(transaction=True)
pytest_plugins = ["tests.api_fixtures"]


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
    # Neither shown nor linked: the address stays only as text in the hand editor's textarea.
    assert not re.search(r"""(src|href)=["']?https://tracker\.example""", page)
    rendered = page.split('id="report-editor"', 1)[0]
    assert "tracker.example" not in rendered
    assert member_client.get(f"/projects/{project.pk}/figures/999.png").status_code == 404


def test_the_api_lists_the_figures_and_serves_their_images_to_members_only(world, member, api):
    figure_files.serve(world.web)
    project = researched_figures(world)
    chart = the_chart(project)
    listed = api.get(f"/api/projects/{project.pk}/figures").json()
    kept = Figure.objects.filter(source__project=project, status="kept")
    assert [row["id"] for row in listed] == list(
        kept.order_by("position").values_list("pk", flat=True)
    )
    row = next(row for row in listed if row["id"] == chart.pk)
    assert {k: v for k, v in row.items() if k != "heading"} == {
        "id": chart.pk,
        "source_id": chart.source_id,
        "n": chart.source.n,
        "caption": CAPTION,
        "alt": "Bar chart of installations",
        "width": 480,
        "height": 300,
        "image_url": f"/api/figures/{chart.pk}/image",
        "in_report": True,
        "choice": "",
    }
    image = api.get(row["image_url"])
    assert image.status_code == 200 and image["Content-Type"] == "image/png"
    assert image.content == Path(chart.file.path).read_bytes()
    assert ApiClient(None).get(row["image_url"]).status_code == 401
    refused = Figure.objects.get(source__project=project, url__endswith="diagram.svg")
    assert api.get(f"/api/figures/{refused.pk}/image").status_code == 404


def test_a_member_hides_figures_and_adds_one_back_each_a_new_version(
    world, member, api, member_client, settings
):
    settings.FIGURE_MAX_PER_PAGE = 5  # the photo, fifth, too
    figure_files.serve(world.web)
    project = researched_figures(world)
    chart = the_chart(project)
    photo = Figure.objects.get(source__project=project, url__endswith="/img/photo.jpg")
    first = project.reports.get(is_current=True)
    assert set(first.figures.all()) == {chart, photo}  # one in each section
    answers = []
    run_inline(lambda: answers.append(api.post(f"/api/figures/{chart.pk}/hide")), project)
    assert answers[0].status_code == 202 and answers[0].json()["choice"] == "hidden"
    second = project.reports.get(is_current=True)
    assert second.version == first.version + 1 and list(second.figures.all()) == [photo]
    assert f"figures/{chart.pk}.png" not in second.markdown
    listed = api.get(f"/api/projects/{project.pk}/figures").json()
    assert {r["id"]: (r["in_report"], r["choice"]) for r in listed} == {
        chart.pk: (False, "hidden"),
        photo.pk: (True, ""),
    }

    page = member_client.get(f"/projects/{project.pk}/report/").content.decode()
    hide, add = (
        f"/projects/{project.pk}/figures/{f.pk}/{verb}/"
        for f, verb in ((photo, "hide"), (chart, "add"))
    )
    assert f'action="{hide}"' in page and f'action="{add}"' in page
    run_inline(lambda: answers.append(member_client.post(hide)), project)
    run_inline(lambda: answers.append(member_client.post(add)), project)
    assert [a.status_code for a in answers[1:]] == [302, 302]
    latest = project.reports.get(is_current=True)
    assert latest.version == first.version + 3 and list(latest.figures.all()) == [chart]
    k = number_of(latest, chart)
    assert f"![Figure {k}: {CAPTION}](figures/{chart.pk}.png)" in latest.markdown
    assert f"figures/{photo.pk}.jpg" not in latest.markdown  # hidden, and stays so
    logged = ActivityEntry.objects.filter(project=project, action="figures_edited")
    assert [e.detail for e in logged.order_by("id")] == [
        f"Hid the figure “{CAPTION}” of [{chart.source.n}] from the report.",
        f"Hid the figure “An installer at work in Avalon” of [{photo.source.n}] from the report.",
        f"Added the figure “{CAPTION}” of [{chart.source.n}] to the report.",
    ]


def test_a_computation_of_no_rows_puts_no_figure_and_no_empty_table_in_the_report(member):
    project = make_project(member, status=ProjectStatus.DONE)
    for title, rows in (("Passengers (change)", []), ("Visitors (change)", [["Ellery", 4.0]])):
        Dataset.objects.create(
            project=project, title=title, computation=rules.CHANGE, sql=rules.SQL[rules.CHANGE],
            computed={"columns": ["entity", "percent_change"], "rows": rows},
        )  # fmt: skip
    body, _ = report_figures.insert(project, "# Q\n\n## Passengers\n\nA quote.")
    assert "Figure 1: Visitors (change)" in body
    assert "Passengers (change)" not in body and body.count("| Sources |") == 1
