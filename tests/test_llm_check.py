"""`manage.py llm_check` and the LLM page: tiny probes, the profile, speed and warnings."""

from __future__ import annotations

import json
from io import StringIO

from django.core.management import call_command

from research.models import ModelProfile
from tests.fakes.behaviours import Behaving


def llm_check(*args: str) -> tuple[str, int | str | None]:
    out = StringIO()
    code: int | str | None = 0
    try:
        call_command("llm_check", *args, stdout=out)
    except SystemExit as exc:
        code = exc.code
    return out.getvalue(), code


def test_it_probes_both_models_and_prints_how_each_is_asked(world, db):
    world.llm.responder = _prober
    out, code = llm_check()
    assert code == 0
    assert "main model fake-model: ok" in out and "fast model fake-fast-model: ok" in out
    assert "structured output: json_schema" in out and "tokens/s" in out
    assert ModelProfile.objects.count() == 2


def test_a_small_window_and_a_thinking_model_are_warned_about_naming_the_settings(world, db):
    world.llm.serves, world.llm.context = "vllm", 4096
    world.llm.responder = Behaving(_prober, think="tags")
    out, code = llm_check("--json")
    checks = json.loads(out)
    warnings = " ".join(w for c in checks for w in c["warnings"])
    assert code == 0 and "LLM_CONTEXT_TOKENS" in warnings and "LLM_MAX_OUTPUT_TOKENS" in warnings
    assert checks[0]["profile"]["context_tokens"] == 4096


def test_a_model_that_fails_makes_the_check_fail_with_the_reason(world, db):
    world.llm.responder = lambda request: {
        "status": 404,
        "body": {"error": {"message": "no such model"}},
    }
    out, code = llm_check("--brief")
    assert (
        code == 1
        and out.startswith("LLM: main model fake-model: FAILED")
        and "no such model" in out
    )


def test_without_an_llm_it_says_which_setting_to_set(settings, db):
    settings.LLM_MODEL = ""
    out, code = llm_check()
    assert code == 1 and "set LLM_MODEL" in out
    out, code = llm_check("--brief")  # make run's one line: no model is no failure
    assert code == 0 and "set LLM_MODEL" in out and "extractive engine" in out


def test_the_llm_page_runs_the_check_for_members(world, member_client):
    world.llm.responder = Behaving(_prober)
    page = member_client.post("/llm/").content.decode()
    assert "fake-fast-model" in page and "Works" in page
    assert "structured output: json_schema" in member_client.get("/llm/").content.decode()


def _prober(request: dict) -> str:
    """Answers the check's two probes: the JSON one and the counting one."""
    if request.get("response_format"):
        return '{"ok": true}'
    return " ".join(map(str, range(1, 41)))


def test_the_llm_page_says_in_plain_words_what_each_setting_means():
    from research.providers.llm.profile import Profile

    assert "not known yet (the server does not say; set LLM_CONTEXT_TOKENS" in (
        Profile().describe()
    )
    assert (
        "8,192 tokens (the server)"
        in Profile(context_tokens=8192, context_source="the server").describe()
    )


def test_the_llm_page_explains_its_columns(world, member_client):
    world.llm.responder = Behaving(_prober)
    member_client.post("/llm/")
    page = member_client.get("/llm/").content.decode()
    assert "<em>Structured output</em>: how a JSON answer is requested" in page
