"""What the workers last learnt of each configured MCP server (settings.MCP_SERVERS): the tools
it listed and its last failure, which the LLM page shows. Written by the pipeline's MCP sources
(research/pipeline/shared/mcp.py) and the page's "List the tools now"; one row per server name.
"""

from __future__ import annotations

from django.db import IntegrityError, models, transaction
from django.utils import timezone


class McpServerStateQuerySet(models.QuerySet):
    def heard(self, name: str, tools: list[dict] | None, error: str) -> None:
        """Record a call's outcome: the tools it listed, or (tools None) why it failed."""
        now = timezone.now()
        if tools is None:
            values: dict = {"last_error": error, "error_at": now}
        else:
            values = {"tools": tools, "listed_at": now}
        if self.filter(name=name).update(**values):
            return
        try:
            with transaction.atomic():
                self.create(name=name, **values)
        except IntegrityError:  # another worker created it between our update and our insert
            self.filter(name=name).update(**values)


class McpServerState(models.Model):
    name = models.CharField(max_length=40, unique=True, help_text="Its name in MCP_SERVERS.")
    tools = models.JSONField(
        default=list, help_text="Its tools as last listed: name, description, search tool."
    )
    listed_at = models.DateTimeField(null=True, blank=True)
    last_error = models.TextField(blank=True)
    error_at = models.DateTimeField(null=True, blank=True)

    objects = McpServerStateQuerySet.as_manager()

    def __str__(self) -> str:
        return f"MCP server {self.name}"
