"""The sources' figures a report shows, as files: their re-encoded images (never the outside
address) served to members, and named figures/k.<ext> in the exports, k the figure's number
(text/figures.numbers: with the analyses' charts, in the order the report shows them)."""

from __future__ import annotations

from django.http import HttpResponse

from research.errors import NotFound
from research.models import Figure
from research.text import figures as text_figures

# An image opened on its own runs nothing and loads nothing.
IMAGE_POLICY = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'"


def shown(markdown: str, project_id: int) -> list[tuple[int, Figure]]:
    """The figures a report links, each with its number k, in the order it shows them."""
    numbers = text_figures.numbers(markdown)
    ids = [key for kind, key in numbers if kind == "figure"]
    rows = Figure.objects.kept().filter(source__project_id=project_id, pk__in=ids)
    found = {figure.pk: figure for figure in rows.select_related("source")}
    return [(numbers[("figure", pk)], found[pk]) for pk in ids if pk in found]


def numbered(markdown: str, path: str = "figures/") -> str:
    """The report's figure links as a file's: `path` + k.<ext>, k the figure's number."""
    numbers = text_figures.numbers(markdown)
    return text_figures.FIGURE_LINK.sub(
        lambda m: f"]({path}{numbers.get(('figure', int(m.group(1))), m.group(1))}.{m.group(2)})",
        markdown,
    )


def files(markdown: str, project_id: int, path: str = "figures/") -> dict[str, bytes]:
    """The shown figures' images by their file name in an export (`path` + k.<ext>)."""
    return {
        f"{path}{k}.{figure.extension}": image_of(figure)
        for k, figure in shown(markdown, project_id)
    }


def image_of(figure: Figure) -> bytes:
    """The stored, re-encoded image; NotFound when the file is gone."""
    try:
        with figure.file.open("rb") as stored:
            return stored.read()
    except (OSError, ValueError):
        raise NotFound(f"Figure {figure.pk}'s image is no longer stored.") from None


def response(figure: Figure) -> HttpResponse:
    """The image as stored, for members: private, never sniffed as anything else."""
    answer = HttpResponse(image_of(figure), content_type=figure.media_type or "image/png")
    answer["Content-Security-Policy"] = IMAGE_POLICY
    answer["X-Content-Type-Options"] = "nosniff"
    answer["Cache-Control"] = "private, max-age=86400"
    return answer
