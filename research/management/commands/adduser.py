"""Create a team member: `manage.py adduser NAME [--password-stdin] [--admin]`."""

from __future__ import annotations

import getpass
import sys

from django.contrib.auth import get_user_model
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError


class Command(BaseCommand):
    help = "Create a team member who can sign in and use every project."

    def add_arguments(self, parser):
        parser.add_argument("username")
        parser.add_argument("--email", default="")
        parser.add_argument(
            "--password-stdin", action="store_true", help="Read the password from standard input."
        )
        parser.add_argument("--admin", action="store_true", help="Also allow the admin site.")

    def handle(self, *args, username: str, email: str, password_stdin: bool, admin: bool, **opts):
        User = get_user_model()
        if User.objects.filter(username=username).exists():
            raise CommandError(f"A member named {username!r} already exists.")
        password = self._read_password(password_stdin)
        user = User(username=username, email=email, is_staff=admin, is_superuser=admin)
        try:
            validate_password(password, user)
        except ValidationError as exc:
            raise CommandError(" ".join(exc.messages)) from None
        user.set_password(password)
        user.save()
        self.stdout.write(f"Created member {username!r}.")

    def _read_password(self, from_stdin: bool) -> str:
        if from_stdin:
            password = sys.stdin.readline().rstrip("\n")
        else:
            password = getpass.getpass("Password: ")
            if password != getpass.getpass("Password (again): "):
                raise CommandError("The two passwords differ.")
        if not password:
            raise CommandError("The password is empty.")
        return password
