"""The schemas of the watching router: watching a project, its webhook, its deliveries."""

from datetime import datetime
from typing import Any

from ninja import Field, Schema

from research.api.schemas.common import InSchema
from research.limits import URL_MAX


class WatchOut(Schema):
    watching: bool


class WebhookIn(InSchema):
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
