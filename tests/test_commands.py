"""Management commands: adduser and ensure_admin."""

import io

import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command


def test_adduser_reads_the_password_from_stdin(db, monkeypatch):
    monkeypatch.setattr("sys.stdin", io.StringIO("a long enough password\n"))
    call_command("adduser", "carol", "--password-stdin", stdout=io.StringIO())
    user = get_user_model().objects.get(username="carol")
    assert user.check_password("a long enough password")
    assert not user.is_staff


def test_adduser_refuses_a_weak_password(db, monkeypatch):
    monkeypatch.setattr("sys.stdin", io.StringIO("123\n"))
    with pytest.raises(CommandError, match="too short"):
        call_command("adduser", "carol", "--password-stdin", stdout=io.StringIO())
    assert not get_user_model().objects.filter(username="carol").exists()


def test_adduser_refuses_an_existing_name(member, monkeypatch):
    monkeypatch.setattr("sys.stdin", io.StringIO("a long enough password\n"))
    with pytest.raises(CommandError, match="already exists"):
        call_command("adduser", "alice", "--password-stdin", stdout=io.StringIO())


def test_ensure_admin_creates_one_admin_once_and_prints_the_password(db):
    out = io.StringIO()
    call_command("ensure_admin", stdout=out)
    password = out.getvalue().strip().rsplit(" ", 1)[-1]
    admin = get_user_model().objects.get(username="admin")
    assert admin.is_superuser and admin.check_password(password)
    again = io.StringIO()
    call_command("ensure_admin", stdout=again)
    assert again.getvalue() == ""


def test_ensure_admin_takes_the_password_from_the_environment(db, monkeypatch):
    monkeypatch.setenv("DOSSIER_ADMIN_PASSWORD", "chosen-password-1")
    out = io.StringIO()
    call_command("ensure_admin", stdout=out)
    assert "chosen-password-1" not in out.getvalue()
    assert get_user_model().objects.get(username="admin").check_password("chosen-password-1")
