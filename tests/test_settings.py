import os
import re
import secrets
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.exceptions import ImproperlyConfigured

from research_site import settings as site_settings

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("raw,expected", [("1", True), ("yes", True), ("off", False), ("", False)])
def test_envbool_parses_the_usual_spellings(monkeypatch, raw, expected):
    monkeypatch.setenv("SOME_FLAG", raw)
    assert site_settings.envbool("SOME_FLAG", not expected) is expected


def test_envbool_rejects_a_bad_value_and_names_the_variable(monkeypatch):
    monkeypatch.setenv("SOME_FLAG", "maybe")
    with pytest.raises(ImproperlyConfigured, match="SOME_FLAG"):
        site_settings.envbool("SOME_FLAG", False)


def test_envint_rejects_a_bad_value_and_names_the_variable(monkeypatch):
    monkeypatch.setenv("SOME_COUNT", "four")
    with pytest.raises(ImproperlyConfigured, match="SOME_COUNT"):
        site_settings.envint("SOME_COUNT", 4)


def test_envint_enforces_bounds(monkeypatch):
    monkeypatch.setenv("SOME_COUNT", "0")
    with pytest.raises(ImproperlyConfigured, match="SOME_COUNT must be at least 1"):
        site_settings.envint("SOME_COUNT", 4, minimum=1)


def test_envhosts_rejects_a_bad_cidr(monkeypatch):
    monkeypatch.setenv("FETCH_ALLOW_HOSTS", "example.com,10.0.0.0/33")
    with pytest.raises(ImproperlyConfigured, match="FETCH_ALLOW_HOSTS"):
        site_settings.envhosts("FETCH_ALLOW_HOSTS")


def _start_up(tmp_path, **env) -> subprocess.CompletedProcess:
    full_env = {**os.environ, "DOSSIER_DATA_DIR": str(tmp_path), **env}
    return subprocess.run(
        [sys.executable, "manage.py", "check"],
        cwd=ROOT,
        env=full_env,
        capture_output=True,
        text=True,
        timeout=60,
    )


@pytest.mark.parametrize(
    "variable,value",
    [
        ("DEBUG", "maybe"),
        ("WORKER_PROCESSES", "many"),
        ("SEARCH_PROVIDER", "altavista"),
        ("LLM_BASE_URL", "ftp://x"),
        ("DATABASE_URL", "nosuchdb://x"),
        ("TRASH_DAYS", "0"),
        ("WEB_WORKERS", "0"),
        ("HTTPS", "maybe"),
        ("TRUST_PROXY", "sometimes"),
        ("EMBEDDING_BASE_URL", "ftp://x"),
        ("EMBEDDING_BATCH", "0"),
        ("LIBRARY_OCR_LANGUAGES", "eng chi_sim"),
        ("LIBRARY_OCR_MAX_PAGES", "0"),
    ],
)
def test_a_bad_value_stops_start_up_and_names_the_variable(tmp_path, variable, value):
    result = _start_up(tmp_path, **{variable: value})
    assert result.returncode != 0
    assert variable in result.stderr


def _clean_env(data_dir: Path, **extra: str) -> dict[str, str]:
    """The environment of a user who set nothing: no SECRET_KEY, no DEBUG, no HTTPS."""
    unset = {"SECRET_KEY", "DEBUG", "HTTPS", "TRUST_PROXY", "DATABASE_URL"}
    env = {k: v for k, v in os.environ.items() if k not in unset and not k.startswith("HSTS_")}
    return {**env, "DOSSIER_DATA_DIR": str(data_dir), **extra}


def _run(env: dict[str, str], *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60
    )


def test_without_secret_key_or_key_file_and_debug_off_the_error_names_both(tmp_path):
    result = _run(_clean_env(tmp_path), "manage.py", "check")
    assert result.returncode != 0
    assert "SECRET_KEY must be set when DEBUG is off" in result.stderr
    assert str(tmp_path / "secret_key") in result.stderr and "make run" in result.stderr
    assert not (tmp_path / "secret_key").exists()


def test_commands_outside_make_use_the_generated_key_file_with_nothing_set(tmp_path):
    env = _clean_env(tmp_path)
    made = _run(env, "-m", "research_site.keyfile")  # what `make run` does first
    assert made.returncode == 0 and "Generated a secret key" in made.stdout, made.stderr
    key_file = tmp_path / "secret_key"
    key = key_file.read_text()
    assert len(key) >= 50 and oct(key_file.stat().st_mode & 0o777) == "0o600"
    again = _run(env, "-m", "research_site.keyfile")
    assert again.returncode == 0 and again.stdout == "" and key_file.read_text() == key
    for args in (["check"], ["adduser", "--help"]):
        result = _run(env, "manage.py", *args)
        assert result.returncode == 0, result.stderr
    code = "from django.conf import settings as s; print(s.DEBUG, s.SECRET_KEY)"
    shown = _run(env, "manage.py", "shell", "-v", "0", "-c", code)
    assert shown.stdout.split() == ["False", key], shown.stderr


def _deploy_check(tmp_path, **env: str) -> tuple[set[str], str]:
    """`manage.py check --deploy` with production settings: the warning ids and the output."""
    production = _clean_env(tmp_path, DEBUG="0", SECRET_KEY=secrets.token_urlsafe(50), **env)
    result = _run(production, "manage.py", "check", "--deploy")
    output = result.stdout + result.stderr
    assert result.returncode == 0, output
    return set(re.findall(r"\((\w+\.[WE]\d+)\)", output)), output


def test_the_deploy_check_warns_about_https_until_it_is_on(tmp_path):
    warnings, _ = _deploy_check(tmp_path)
    assert warnings == {"security.W004", "security.W008", "security.W012", "security.W016"}


def test_the_deploy_check_has_no_warning_with_https_on(tmp_path):
    warnings, output = _deploy_check(tmp_path, HTTPS="1")
    assert warnings == set()
    assert "System check identified no issues (0 silenced)." in output


def test_hsts_preload_can_be_turned_off_and_the_deploy_check_says_so(tmp_path):
    warnings, _ = _deploy_check(tmp_path, HTTPS="1", HSTS_PRELOAD="0")
    assert warnings == {"security.W021"}


def test_development_secret_key_is_generated_once_and_kept(tmp_path):
    env = {k: v for k, v in os.environ.items() if k != "SECRET_KEY"}
    env.update(DEBUG="1", DOSSIER_DATA_DIR=str(tmp_path))
    for _ in range(2):
        result = subprocess.run(
            [sys.executable, "manage.py", "check"],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert result.returncode == 0, result.stderr
    key_file = tmp_path / "secret_key"
    assert len(key_file.read_text()) > 40
    assert oct(key_file.stat().st_mode & 0o777) == "0o600"


def test_sqlite_runs_in_wal_mode_with_immediate_transactions(db):
    from django.db import connection

    if connection.vendor != "sqlite":
        pytest.skip("DATABASE_URL points at another database")

    with connection.cursor() as cursor:
        cursor.execute("PRAGMA journal_mode")
        assert cursor.fetchone()[0].lower() == "wal"
    assert connection.settings_dict["OPTIONS"]["transaction_mode"] == "IMMEDIATE"
    assert connection.settings_dict["OPTIONS"]["timeout"] >= 1


def test_database_url_switches_to_postgres(monkeypatch):
    monkeypatch.setenv("DATABASE_URL", "postgres://u:p@db.internal:5432/dossier")
    config = site_settings._database(Path("/tmp"))
    assert config["ENGINE"] == "django.db.backends.postgresql"
    assert config["NAME"] == "dossier"


def test_the_worker_times_out_before_redelivery():
    from django.conf import settings

    timeout, retry = settings.Q_CLUSTER["timeout"], settings.Q_CLUSTER["retry"]
    assert isinstance(timeout, int) and isinstance(retry, int)
    assert timeout < retry
    assert settings.Q_CLUSTER["max_attempts"] == 3
    assert settings.Q_CLUSTER["ack_failures"] is True


def _printed_settings(tmp_path, names: list[str], **env: str) -> list[str]:
    """The repr of each setting, as a fresh process with no LLM_, OPENAI_ or EMBEDDING_
    variables but `env` sees it."""
    full_env = {
        k: v for k, v in os.environ.items() if not k.startswith(("LLM_", "OPENAI_", "EMBEDDING_"))
    }
    full_env.update(DOSSIER_DATA_DIR=str(tmp_path), **env)
    code = "from django.conf import settings as s; "
    code += "print(*(repr(getattr(s, name)) for name in " + repr(names) + "), sep='\\n')"
    result = subprocess.run(
        [sys.executable, "manage.py", "shell", "-v", "0", "-c", code],
        cwd=ROOT,
        env=full_env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    return result.stdout.splitlines() or [result.stderr]


def test_openai_variables_work_when_the_llm_ones_are_unset(tmp_path):
    printed = _printed_settings(
        tmp_path,
        ["LLM_API_KEY", "LLM_BASE_URL", "LLM_FAST_MODEL"],
        OPENAI_API_KEY="sk-test",
        OPENAI_BASE_URL="http://x/v1",
        LLM_MODEL="m",
    )
    assert printed == ["'sk-test'", "'http://x/v1'", "'m'"]


def test_embeddings_use_the_llm_endpoint_and_key_unless_told_otherwise(tmp_path):
    names = ["EMBEDDING_MODEL", "EMBEDDING_API_KEY", "EMBEDDING_BASE_URL", "EMBEDDING_BATCH"]
    printed = _printed_settings(tmp_path, names, LLM_API_KEY="sk-llm", LLM_BASE_URL="http://x/v1")
    assert printed == ["''", "'sk-llm'", "'http://x/v1'", "64"]
