"""`manage.py mcp --user NAME`: Dossier's MCP server over stdio, for desktop clients that start a
command. Every tool acts as the named member. Standard output carries the protocol alone; logs
go to standard error."""

import anyio
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from research.api.mcp.server import build


class Command(BaseCommand):
    help = "Serve Dossier's MCP tools over stdio, acting as one member (for desktop clients)."
    requires_system_checks: list[str] = []  # nothing may reach stdout before the protocol

    def add_arguments(self, parser):
        parser.add_argument("--user", required=True, help="the member every call acts as")

    def handle(self, *args, user: str, **opts):
        member = get_user_model().objects.filter(username=user).first()
        if member is None or not member.is_active:
            raise CommandError(
                f"No active member named {user!r}: name one who signs in to Dossier, or add "
                "one with `manage.py adduser`."
            )
        anyio.run(build(stdio_user=member.pk).run_stdio_async)
