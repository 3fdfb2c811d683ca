"""Sign-in that resists guessing: repeated failures from one address lock that member out from
there (not elsewhere), an admin can unlock, and bad API tokens end in 429s."""

from __future__ import annotations

import pytest
from axes.models import AccessAttempt
from django.contrib.auth import get_user_model
from django.test import Client

from research.models import ActivityAction, ActivityEntry
from research.services.api_tokens import create_token

pytest_plugins = ["tests.api_fixtures"]
pytestmark = pytest.mark.usefixtures("fast_passwords")

PASSWORD = "correct horse battery"


def sign_in(client: Client, password: str, address: str, **headers):
    return client.post(
        "/accounts/login/",
        {"username": "alice", "password": password},
        REMOTE_ADDR=address,
        **headers,
    )


def signed_in(response) -> bool:
    return response.status_code == 302 and "_auth_user_id" in response.client.session


def test_an_eleventh_guess_from_one_address_is_refused_even_with_the_right_password(
    member, settings
):
    client = Client()
    for _ in range(settings.LOGIN_MAX_FAILURES - 1):
        assert sign_in(client, "wrong", "10.0.0.1").status_code == 200  # the form again
    assert sign_in(client, "wrong", "10.0.0.1").status_code == 429  # the tenth: locked now
    locked = sign_in(client, PASSWORD, "10.0.0.1")
    assert locked.status_code == 429
    assert "Sign-in locked" in locked.content.decode() and not signed_in(locked)
    assert signed_in(sign_in(Client(), PASSWORD, "10.0.0.2"))  # another address still works
    (entry,) = ActivityEntry.objects.filter(action=ActivityAction.LOCKED_OUT)
    assert entry.actor == member and "from 10.0.0.1" in entry.detail


def test_an_admin_unlocks_a_member_from_the_admin(member, settings):
    for _ in range(settings.LOGIN_MAX_FAILURES):
        sign_in(Client(), "wrong", "10.0.0.1")
    assert sign_in(Client(), PASSWORD, "10.0.0.1").status_code == 429
    admin = Client()
    admin.force_login(get_user_model().objects.create_superuser("root", password="x" * 12))
    attempt = AccessAttempt.objects.get(username="alice", ip_address="10.0.0.1")
    assert "alice" in admin.get("/admin/axes/accessattempt/").content.decode()
    admin.post(f"/admin/axes/accessattempt/{attempt.pk}/delete/", {"post": "yes"})
    assert signed_in(sign_in(Client(), PASSWORD, "10.0.0.1"))


def test_behind_a_trusted_proxy_the_clients_own_address_is_counted(member, settings):
    settings.TRUST_PROXY = True
    for _ in range(settings.LOGIN_MAX_FAILURES):
        sign_in(Client(), "wrong", "127.0.0.1", HTTP_X_FORWARDED_FOR="203.0.113.9")
    assert (
        sign_in(Client(), PASSWORD, "127.0.0.1", HTTP_X_FORWARDED_FOR="203.0.113.9").status_code
        == 429
    )
    other = sign_in(Client(), PASSWORD, "127.0.0.1", HTTP_X_FORWARDED_FOR="198.51.100.4")
    assert signed_in(other)  # the proxy's own address is not what is locked


def test_a_hundred_bad_tokens_from_one_address_end_in_429s(member, settings):
    client = Client()
    answers = [
        client.get("/api/me", HTTP_AUTHORIZATION=f"Bearer dsr_guess{n}", REMOTE_ADDR="10.0.0.7")
        for n in range(100)
    ]
    statuses = [answer.status_code for answer in answers]
    limit = settings.LOGIN_MAX_FAILURES
    assert statuses[: limit - 1] == [401] * (limit - 1)
    assert set(statuses[limit - 1 :]) == {429}
    assert int(answers[-1]["Retry-After"]) == settings.LOGIN_COOLOFF_MINUTES * 60
    assert "Too many failed attempts" in answers[-1].json()["detail"]
    good = create_token(user=member)[1]
    from_elsewhere = client.get(
        "/api/me", HTTP_AUTHORIZATION=f"Bearer {good}", REMOTE_ADDR="10.0.0.8"
    )
    assert from_elsewhere.json() == {"username": "alice"}
