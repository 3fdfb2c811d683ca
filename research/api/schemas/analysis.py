"""The schemas of the analysis router: a project's datasets (their rows, each with its source
and verbatim quote, and what was computed over them) and their charts."""

from typing import Annotated, Any

from django.urls import reverse
from ninja import Field, Schema

from research.models import ChartKind, OneOf

COLUMNS = ["entity", "measure", "value", "unit", "period"]


class DatasetRowOut(Schema):
    id: int
    values: dict[str, Any] = Field(description="The row by column: entity, measure, value...")
    source_id: int
    n: int = Field(description="The source's citation number.")
    quote: str = Field(description="Verbatim from the source's stored text.")
    locator: str
    conversion: str = Field(description="What was done to the amount as written; or empty.")
    excluded: bool = Field(description="A member left it out of the computation.")
    superseded: str = Field(
        description="Why a newer source's figure replaces it (not computed with); or empty."
    )
    marked: str = Field(
        description="What its source calls itself (draft, archived, preliminary) when nothing "
        "current states the figure; or empty."
    )
    edited: bool = Field(description="A member changed its value (`values.value` is theirs).")

    @staticmethod
    def resolve_values(obj) -> dict[str, Any]:
        return {
            "entity": obj.entity,
            "measure": obj.measure,
            "value": obj.current,
            "unit": obj.unit,
            "period": obj.period,
        }

    @staticmethod
    def resolve_n(obj) -> int:
        return obj.source.n

    @staticmethod
    def resolve_edited(obj) -> bool:
        return obj.edited_value is not None


class ComputedOut(Schema):
    sql: str = Field(description="The one SELECT run over the rows.")
    columns: list[str]
    rows: list[list[Any]]


class DatasetOut(Schema):
    id: int
    title: str
    section: str | None = Field(description="The title of the section it analyses.")
    columns: list[str]
    rows: list[DatasetRowOut]
    computed: ComputedOut | None = Field(description="Null when nothing could be computed.")
    error: str = Field(description="Why nothing was computed; or empty.")

    @staticmethod
    def resolve_section(obj) -> str | None:
        return obj.section.title if obj.section else None

    @staticmethod
    def resolve_columns(obj) -> list[str]:
        return COLUMNS

    @staticmethod
    def resolve_computed(obj) -> dict | None:
        if obj.computed is None:
            return None
        return {"sql": obj.sql, **obj.computed}


class ChartOut(Schema):
    id: int
    title: str
    kind: Annotated[str, OneOf.of(ChartKind)]
    dataset_id: int
    spec: dict[str, Any] = Field(description="Vega-Lite, its data inline.")
    svg_url: str = Field(description="The chart as image/svg+xml, for members.")

    @staticmethod
    def resolve_kind(obj) -> str:
        return obj.chart_kind

    @staticmethod
    def resolve_dataset_id(obj) -> int:
        return obj.pk

    @staticmethod
    def resolve_spec(obj) -> dict:
        return obj.chart_spec or {}

    @staticmethod
    def resolve_svg_url(obj) -> str:
        return reverse("api:chart_svg", args=[obj.pk])
