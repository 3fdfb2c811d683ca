"""Image search: each engine that documents one (SearXNG's images category, Brave's image
endpoint, Tavily's include_images) gives images with the page they came from, behind the one
SearchProvider interface; with IMAGE_SEARCH on, a section's image results become figures of their
pages' sources and a report shows one as "Figure k: caption [n]" citing the page.

SearXNG talks to the loopback FakeSearx, its images on FakeWeb; Brave and Tavily get an
httpx.MockTransport.
"""

from __future__ import annotations

import io
import re

import pytest
from PIL import Image, ImageDraw

from research.models import Figure, Project, QuerySource
from research.providers.search import get_provider
from research.providers.search.base import ImageResult
from research.text import figures as text_figures
from tests.figure_files import PARAGRAPHS, QUESTION
from tests.test_news_search import Answering
from tests.test_pipeline_run import research

pytest_plugins = ["tests.search_fixtures"]
pytestmark = pytest.mark.usefixtures("no_backoff")

MAP_CAPTION = "Map of the heat pumps installed across Avalon districts"
MAP_PAGE = "/articles/avalon-heat-pump-map"
MAP_IMAGE = "/media/avalon-heat-pump-map.png"


# --- each engine's image search ------------------------------------------------------------


def test_searxng_asks_the_images_category_and_gives_each_image_with_its_page(searx):
    found = get_provider("searxng").search_images("heat pump map", max_results=5, language="de")

    assert searx.requests == [
        {
            "q": "heat pump map",
            "format": "json",
            "pageno": "1",
            "categories": "images",
            "language": "de",
        }
    ]
    base = "https://pages.example"
    assert found == [
        ImageResult(
            f"{base}/img/heat-pump-map-{i}.png",
            f"{base}/page/image-heat-pump-map-{i}",
            f"Heat Pump Map: picture {i}",
            "searxng images",
        )
        for i in (1, 2)
    ]


def test_brave_asks_its_image_endpoint_and_maps_page_image_and_title(keys):
    answer = Answering(
        {
            "type": "images",
            "results": [
                {
                    "type": "image_result",
                    "title": "Heat pump map",
                    "url": "https://maps.example/avalon",
                    "source": "maps.example",
                    "thumbnail": {"src": "https://imgs.search.brave.com/t1"},
                    "properties": {"url": "https://maps.example/avalon.png"},
                },
                {
                    "title": "Only a thumbnail",
                    "url": "https://maps.example/other",
                    "thumbnail": {"src": "https://imgs.search.brave.com/t2"},
                },
                {"title": "No image at all", "url": "https://maps.example/none"},
            ],
        }
    )
    provider = get_provider("brave", transport=answer.transport)

    found = provider.search_images("heat pump map", max_results=4, language="en")

    request = answer.requests[0]
    assert request.url.path == "/res/v1/images/search"
    assert dict(request.url.params) == {"q": "heat pump map", "count": "4", "search_lang": "en"}
    assert request.headers["x-subscription-token"] == "brave-test"
    assert [(r.image, r.page, r.title) for r in found] == [
        ("https://maps.example/avalon.png", "https://maps.example/avalon", "Heat pump map"),
        ("https://imgs.search.brave.com/t2", "https://maps.example/other", "Only a thumbnail"),
    ]
    assert {r.engine for r in found} == {"brave images"}


def test_tavily_asks_include_images_and_its_images_have_no_page(keys):
    answer = Answering(
        {
            "results": [{"url": "https://t.example/a", "title": "A", "content": "c"}],
            "images": [
                {"url": "https://t.example/a.png", "description": "A map of heat pumps"},
                "https://t.example/b.png",
            ],
        }
    )
    provider = get_provider("tavily", transport=answer.transport)

    found = provider.search_images("heat pump map", max_results=3)

    body = answer.body()
    assert (body["include_images"], body["include_image_descriptions"]) == (True, True)
    assert (body["query"], body["max_results"], body["topic"]) == ("heat pump map", 3, "general")
    assert [(r.image, r.page, r.title) for r in found] == [
        ("https://t.example/a.png", "", "A map of heat pumps"),
        ("https://t.example/b.png", "", ""),
    ]


@pytest.mark.parametrize("name", ["serper", "duckduckgo"])
def test_an_engine_without_image_search_has_none_and_asks_nothing(keys, name):
    answer = Answering({})
    provider = get_provider(name, transport=answer.transport)

    assert not provider.image_search
    assert provider.search_images("heat pump map") == []
    assert answer.requests == []


# --- in a research run ---------------------------------------------------------------------


def map_png() -> bytes:
    """A 420×320 map drawn with Pillow: districts as coloured blocks, heat pumps as dots."""
    image = Image.new("RGB", (420, 320), (235, 240, 230))
    draw = ImageDraw.Draw(image)
    for i, colour in enumerate([(120, 170, 90), (90, 140, 190), (200, 160, 80)]):
        draw.rectangle((20 + i * 130, 30, 140 + i * 130, 290), fill=colour)
        for j in range(6):
            draw.ellipse((40 + i * 130 + j * 12, 60 + j * 35, 50 + i * 130 + j * 12, 70 + j * 35))
    out = io.BytesIO()
    image.save(out, "PNG")
    return out.getvalue()


def serve_map(web) -> None:
    """The map's page (its text about heat pumps in Avalon, the map not on it) and the map."""
    text = "\n".join(f"<p>{p}</p>" for p in PARAGRAPHS)
    web.add(
        MAP_PAGE,
        f"""<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>Where Avalon's heat pumps are</title></head><body><main><article>
<h1>Where Avalon's heat pumps are</h1>{text}</article></main></body></html>""",
    )
    web.add(MAP_IMAGE, map_png(), content_type="image/png")


def researched(world) -> Project:
    """QUESTION researched by the extractive engine, the map as every image search's answer."""
    serve_map(world.web)
    world.searx.images_for = lambda query: [
        {
            "url": world.web.url_for(MAP_PAGE),
            "img_src": world.web.url_for(MAP_IMAGE),
            "thumbnail_src": world.web.url_for(MAP_IMAGE),
            "title": MAP_CAPTION,
            "engine": "bing images",
            "template": "images.html",
        }
    ]
    result, code = research(
        QUESTION, "--engine", "extractive", "--queries", "2", "--reflections", "0"
    )
    assert code == 0, result
    return Project.objects.get(pk=result["project_id"])


@pytest.mark.django_db(transaction=True)
def test_with_image_search_a_sections_image_is_a_figure_of_its_page_cited_in_the_report(
    world, member, settings
):

    settings.IMAGE_SEARCH = True
    project = researched(world)

    sections = project.sections.count()
    assert len(world.searx.image_requests()) == sections  # once a section: its first query
    figure = Figure.objects.get(source__project=project, url=world.web.url_for(MAP_IMAGE))
    page = figure.source
    assert page.url == world.web.url_for(MAP_PAGE) and page.fetch_status == "fetched"
    assert (figure.status, figure.caption, figure.width, figure.height) == (
        "kept",
        MAP_CAPTION,
        420,
        320,
    )
    assert QuerySource.objects.filter(source=page, engine="searxng images").exists()
    assert [r.path for r in world.web.requests].count(MAP_IMAGE) == 1  # once per hash
    report = project.reports.get(is_current=True)
    k = text_figures.numbers(report.markdown)[("figure", figure.pk)]
    assert f"![Figure {k}: {MAP_CAPTION}](figures/{figure.pk}.png)" in report.markdown
    cited = re.search(rf"^\[(\d+)\] .*<{re.escape(page.url)}>$", report.markdown, re.M)
    assert cited, "the page is in the references"  # as the report numbers its citations
    n = cited.group(1)
    assert (
        f"*Figure {k}: {MAP_CAPTION} [{n}]. Image: Where Avalon's heat pumps are, 127.0.0.1.*"
        in (report.markdown)
    )
    assert figure in report.figures.all() and page in report.cited_sources.all()


@pytest.mark.django_db(transaction=True)
def test_without_image_search_no_images_request_reaches_the_engine(world, member, settings):
    assert not settings.IMAGE_SEARCH  # off by default
    project = researched(world)

    assert world.searx.requests and world.searx.image_requests() == []
    assert not project.sources.filter(url=world.web.url_for(MAP_PAGE)).exists()
    assert not Figure.objects.filter(source__project=project).exists()
