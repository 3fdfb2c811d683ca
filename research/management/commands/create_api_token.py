"""`manage.py create_api_token USERNAME [--name NAME]`: prints a new token once."""

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from research.services.api_tokens import create_token


class Command(BaseCommand):
    help = "Create an API token for a member and print it (it is shown only this once)."

    def add_arguments(self, parser):
        parser.add_argument("username")
        parser.add_argument("--name", default="command line")

    def handle(self, *args, username: str, name: str, **opts):
        User = get_user_model()
        try:
            user = User.objects.get(username=username)
        except User.DoesNotExist:
            raise CommandError(f"No member named {username!r}.") from None
        _, raw = create_token(user=user, name=name)
        self.stdout.write(raw)
