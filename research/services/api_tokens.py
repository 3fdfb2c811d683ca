"""API tokens: shown once at creation, stored as a SHA-256 hash, revocable."""

from __future__ import annotations

import hashlib
import secrets

from django.utils import timezone

from research.errors import NotFound
from research.models import ApiToken

PREFIX = "dsr_"


def _hash(raw: str) -> str:
    return hashlib.sha256(raw.encode()).hexdigest()


def create_token(*, user, name: str = "") -> tuple[ApiToken, str]:
    """A new token for `user`; the raw token is returned here and never again."""
    raw = PREFIX + secrets.token_urlsafe(32)
    token = ApiToken.objects.create(
        user=user, name=(name or "API token").strip()[:100], prefix=raw[:10], key_hash=_hash(raw)
    )
    return token, raw


def authenticate(raw: str):
    """The active user owning this token, or None. Records when the token was last used."""
    if not raw or not raw.startswith(PREFIX):
        return None
    token = ApiToken.objects.active().select_related("user").filter(key_hash=_hash(raw)).first()
    if token is None or not token.user.is_active:
        return None
    ApiToken.objects.filter(pk=token.pk).update(last_used_at=timezone.now())
    return token.user


def revoke(token_id: int, *, user) -> ApiToken:
    """Revoke one of the member's own tokens; another member's is not found."""
    token = ApiToken.objects.filter(pk=token_id, user=user).first()
    if token is None:
        raise NotFound(f"You have no API token with id {token_id}.")
    ApiToken.objects.filter(pk=token.pk, revoked_at__isnull=True).update(revoked_at=timezone.now())
    return token
