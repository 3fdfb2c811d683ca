"""Make sure an admin account exists; on first run create one and say how to sign in."""

from __future__ import annotations

import os
import secrets

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand


class Command(BaseCommand):
    help = "Create the 'admin' account if no superuser exists (password: DOSSIER_ADMIN_PASSWORD)."

    def handle(self, *args, **opts):
        User = get_user_model()
        if User.objects.filter(is_superuser=True).exists():
            return
        password = os.environ.get("DOSSIER_ADMIN_PASSWORD") or secrets.token_urlsafe(12)
        User.objects.create_superuser("admin", "", password)
        shown = (
            "(from DOSSIER_ADMIN_PASSWORD)"
            if os.environ.get("DOSSIER_ADMIN_PASSWORD")
            else password
        )
        self.stdout.write(
            self.style.SUCCESS(f"Created the admin account. Sign in as: admin / {shown}")
        )
