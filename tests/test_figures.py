"""Figures from sources: a page's figures found in its HTML, their images downloaded through the
choke point, re-encoded without metadata (or skipped, or refused, saying why) and kept once per
content hash, for the fetch of a researched page."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from PIL import Image

from research.models import Figure, Project, StepRun
from research.providers import extract, images
from research.services import backup
from tests import figure_files
from tests.figure_files import CAPTION, QUESTION, SECRET, SLUG
from tests.test_pipeline_run import research


def test_a_pages_figures_are_found_with_their_caption_alt_heading_and_size(settings):
    page = figure_files.figure_page().encode()
    found = extract.extract(page, "text/html", "utf-8", "https://news.example/a/b").figures
    by_path = {f.url.removeprefix("https://news.example"): f for f in found}
    assert list(by_path) == [
        "/img/installs.png", "/img/counter.png", "/img/share.png", "/img/huge-map.png",
        "/img/diagram.svg", "/img/photo.jpg",
    ]  # fmt: skip  # the header's logo and the footer's badge are the page's chrome
    chart = by_path["/img/installs.png"]
    assert (chart.caption, chart.alt) == (CAPTION, "Bar chart of installations")
    assert chart.heading == "Installations by year" and not chart.skipped
    assert by_path["/img/share.png"].skipped == "64×64 by its attributes, under 200×200"
    assert not by_path["/img/counter.png"].skipped  # its decoded size tells


def test_an_image_without_a_meaningful_alt_outside_a_figure_and_a_logo_are_no_figures(settings):
    page = b"""<html><body><article><p>Text about heat pumps and their installers here.</p>
    <img src="/a.png" alt="chart"><img src="/b.png" alt="IMG_2041.jpg">
    <figure><img src="/brand/logo.png"><figcaption>Our company since 1990</figcaption></figure>
    <figure><img src="//cdn.example/p.png" class="tracking-pixel"><figcaption>x</figcaption>
    </figure>
    </article></body></html>"""
    found = extract.extract(page, "text/html", "utf-8", "https://news.example/").figures
    assert [(f.url, f.skipped) for f in found] == [
        ("https://news.example/brand/logo.png", "a logo by its address, not a figure"),
        ("https://cdn.example/p.png", "a tracker by its class, not a figure"),
    ]


@pytest.mark.parametrize("original", [figure_files.chart_png(), figure_files.photo_jpeg()])
def test_an_image_is_re_encoded_and_keeps_no_metadata(settings, original):
    assert SECRET.encode() in original
    picture = images.reencode(original)
    assert picture.content_hash != figure_files.sha256(original)
    assert picture.original_hash == figure_files.sha256(original)
    assert picture.content_hash == figure_files.sha256(picture.data)
    assert SECRET.encode() not in picture.data
    reread = Image.open(io.BytesIO(picture.data))
    assert not reread.getexif() and "Comment" not in reread.info and "exif" not in reread.info
    assert (picture.width, picture.height) == Image.open(io.BytesIO(original)).size


def test_a_decompression_bomb_and_an_svg_with_a_script_are_refused_with_reasons(settings):
    with pytest.raises(images.ImageRefused, match=r"^a decompression bomb, by Pillow: Image size"):
        images.reencode(figure_files.bomb_png())  # 900 million pixels: Pillow's own limit
    with pytest.raises(images.ImageRefused, match=r"^8000×8000 pixels, more than FIGURE_MAX_PIX"):
        images.reencode(figure_files.bomb_png(8000))  # under Pillow's limit, over ours
    with pytest.raises(images.ImageRefused, match="an SVG image with a script in it"):
        images.reencode(figure_files.SCRIPTED_SVG)
    with pytest.raises(images.ImageRefused, match=r"not an image Dossier keeps \(PNG, JPEG"):
        images.reencode(b"GIF88a not quite an image")


def researched_figures(world, engine: str = "extractive") -> Project:
    """QUESTION researched with the heat pump article as every query's first result."""
    url = world.web.url_for(SLUG)
    world.searx.results_for = lambda query: [
        {"url": url, "title": "Heat pumps in Avalon", "content": "Heat pumps installed in Avalon"},
        *world.searx.default_results(query)[:2],
    ]
    result, code = research(QUESTION, "--engine", engine, "--queries", "2", "--reflections", "0")
    assert code == 0, result
    return Project.objects.get(pk=result["project_id"])


@pytest.mark.django_db(transaction=True)
def test_a_fetched_pages_figures_are_kept_skipped_or_refused_each_with_its_reason(
    world, member, settings
):
    settings.FIGURE_MAX_PER_PAGE = 5  # the page's five figures to download
    originals = figure_files.serve(world.web)
    project = researched_figures(world)
    figures = {f.url.rsplit("/", 1)[1]: f for f in Figure.objects.filter(source__project=project)}
    assert set(figures) == {
        "installs.png", "counter.png", "share.png", "huge-map.png", "diagram.svg", "photo.jpg",
    }  # fmt: skip
    said = {name: (f.status, f.reason) for name, f in figures.items()}
    assert said["counter.png"] == ("skipped", "1×1, under 200×200")
    assert said["share.png"] == ("skipped", "64×64 by its attributes, under 200×200")
    assert said["huge-map.png"][0] == "refused" and "decompression bomb" in said["huge-map.png"][1]
    assert said["diagram.svg"] == ("refused", "an SVG image with a script in it: SVG is not kept")
    chart, photo = figures["installs.png"], figures["photo.jpg"]
    assert (chart.status, photo.status) == ("kept", "kept")
    assert (chart.caption, chart.heading, chart.width, chart.height) == (
        CAPTION, "Installations by year", 480, 300,
    )  # fmt: skip
    stored = Path(chart.file.path).read_bytes()
    assert chart.file.name == f"{chart.content_hash[:2]}/{chart.content_hash}.png"
    assert figure_files.sha256(stored) == chart.content_hash
    assert chart.original_hash == figure_files.sha256(originals["/img/installs.png"])
    assert chart.content_hash != chart.original_hash and SECRET.encode() not in stored
    assert photo.file.name.endswith(".jpg") and photo.media_type == "image/jpeg"
    requested = [r.path for r in world.web.requests]
    assert "/img/share.png" not in requested and "/img/site-logo.png" not in requested
    assert requested.count("/img/installs.png") == 1  # once for the project's one source
    step = StepRun.objects.get(project=project, stage="fetch", source=chart.source)
    assert "2 figures kept, 2 skipped, 2 refused" in step.detail


def test_a_backup_names_the_stored_figures_among_what_to_keep(settings, tmp_path):
    settings.DATA_DIR = tmp_path
    assert not any("figures" in line for line in backup.also_keep())
    stored = tmp_path / "figures" / "ab" / "abcd.png"
    stored.parent.mkdir(parents=True)
    stored.write_bytes(figure_files.plain_png(200, 200))
    assert f"{tmp_path / 'figures'}/: the sources' figures, re-encoded, which the reports show" in (
        backup.also_keep()
    )
