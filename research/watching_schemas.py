"""The API's schemas for changing options, watching a project and its webhook."""

from datetime import datetime
from typing import Any

from ninja import Field, Schema

from research.limits import URL_MAX


class ProjectPatchIn(Schema):
    options: dict[str, Any] = Field(
        description='Options to change, e.g. {"refresh": "weekly"}: any option of a draft, '
        "only `refresh` once the project has started."
    )


class WatchOut(Schema):
    watching: bool


class WebhookIn(Schema):
    url: str = Field(..., min_length=1, max_length=URL_MAX)


class WebhookOut(Schema):
    url: str
    secret: str = Field(description="Shown only here: the HMAC-SHA256 key of the signatures.")


class DeliveryOut(Schema):
    version: int
    channel: str
    target: str
    status: str
    attempts: int
    reason: str
    at: datetime

    @staticmethod
    def resolve_version(obj: Any) -> int:
        return obj.report.version
