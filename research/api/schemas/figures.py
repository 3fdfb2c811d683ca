"""The schemas of the figures router: the pictures a project's sources show, kept re-encoded,
and whether the current report version shows each."""

from typing import Annotated

from django.urls import reverse
from ninja import Field, Schema

from research.models import FigureChoice, OneOf


class FigureOut(Schema):
    id: int
    source_id: int
    n: int = Field(description="The source's citation number.")
    caption: str = Field(description="Its caption on the page (its figcaption); or empty.")
    alt: str = Field(description="Its alt text on the page; or empty.")
    heading: str = Field(description="The nearest heading above it on the page.")
    width: int | None = Field(description="In pixels, as re-encoded.")
    height: int | None
    image_url: str = Field(description="The re-encoded image (PNG or JPEG), for members.")
    in_report: bool = Field(description="The current report version shows it.")
    choice: Annotated[str, OneOf.of(FigureChoice)] = Field(
        description="A member's say: hidden from the report, added to it, or empty (the report "
        "chooses)."
    )

    @staticmethod
    def resolve_n(obj) -> int:
        return obj.source.n

    @staticmethod
    def resolve_image_url(obj) -> str:
        return reverse("api:figure_image", args=[obj.pk])

    @staticmethod
    def resolve_in_report(obj) -> bool:
        return bool(getattr(obj, "in_report", False))
