"""Who hears of a project's new report versions: watching members (by email) and a webhook."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from research.limits import URL_MAX
from research.models.projects import Project
from research.models.reports import Report

User = settings.AUTH_USER_MODEL


class Watch(models.Model):
    project = models.ForeignKey(Project, on_delete=models.CASCADE, related_name="watches")
    user = models.ForeignKey(User, on_delete=models.CASCADE, related_name="watches")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["project", "user"], name="watch_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.user_id} watches {self.project_id}"


class Webhook(models.Model):
    """Where a project's new versions are POSTed, signed with HMAC-SHA256 under `secret`."""

    project = models.OneToOneField(Project, on_delete=models.CASCADE, related_name="webhook")
    url = models.URLField(max_length=URL_MAX)
    secret = models.CharField(max_length=64)
    created_by = models.ForeignKey(User, on_delete=models.SET_NULL, null=True, related_name="+")
    created_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return self.url


class DeliveryChannel(models.TextChoices):
    EMAIL = "email", "Email"
    WEBHOOK = "webhook", "Webhook"


class DeliveryStatus(models.TextChoices):
    SENT = "sent", "Sent"
    FAILED = "failed", "Failed"


class Delivery(models.Model):
    """One notification of one report version to one address, with what happened."""

    report = models.ForeignKey(Report, on_delete=models.CASCADE, related_name="deliveries")
    channel = models.CharField(max_length=20, choices=DeliveryChannel.choices)
    target = models.CharField(max_length=URL_MAX)
    status = models.CharField(max_length=20, choices=DeliveryStatus.choices)
    attempts = models.PositiveSmallIntegerField(default=0)
    reason = models.TextField(blank=True)
    at = models.DateTimeField(auto_now=True)

    class Meta:
        verbose_name_plural = "deliveries"
        ordering = ["-at", "-id"]
        constraints = [
            models.UniqueConstraint(fields=["report", "channel", "target"], name="delivery_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.channel} to {self.target}: {self.status}"
