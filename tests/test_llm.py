"""The LLM provider against FakeLLM: structured output, repair, retry, faults, budget."""

from __future__ import annotations

import json
import threading
import time
from typing import Any

import pytest
from pydantic import BaseModel

from research.errors import BudgetSpent
from research.providers import pacing
from research.providers.llm import LLMClient, LLMError, LLMNotConfigured
from research.providers.llm import client as provider
from research.providers.llm.profile import PROFILES
from research.text.tokens import estimate_tokens
from tests.fakes import FakeLLM


class Answer(BaseModel):
    city: str
    population: int


GOOD = json.dumps({"city": "Lyon", "population": 522000})
MESSAGES = [{"role": "user", "content": "Which city? Answer in JSON."}]


@pytest.fixture
def llm(settings):
    with FakeLLM(responder=lambda request: GOOD) as fake:
        settings.LLM_BASE_URL = f"{fake.url}/v1"
        settings.LLM_API_KEY = "k"
        settings.LLM_MODEL = "m"
        settings.LLM_MAX_RETRIES = 2
        settings.LLM_TIMEOUT = 2
        PROFILES.forget()
        yield fake


def client(**kwargs) -> LLMClient:
    return LLMClient("m", **kwargs)


def test_it_asks_for_a_json_schema_and_validates_the_answer(llm):
    answer = client().structured(MESSAGES, Answer)
    assert answer == Answer(city="Lyon", population=522000)
    response_format = llm.requests[0]["response_format"]
    assert response_format["type"] == "json_schema"
    assert response_format["json_schema"]["schema"]["required"] == ["city", "population"]


@pytest.mark.parametrize("variant", ["trailing_comma", "fenced", "prose"])
def test_it_repairs_broken_json_once_without_asking_again(llm, variant):
    llm.broken_json_next(1, variant=variant)
    assert client().structured(MESSAGES, Answer).city == "Lyon"
    assert len(llm.requests) == 1


def test_a_truncated_answer_that_repair_cannot_complete_is_asked_again(llm):
    llm.broken_json_next(1, variant="truncated")
    assert client().structured(MESSAGES, Answer).population == 522000
    assert len(llm.requests) == 2


def test_it_retries_once_showing_the_validation_error(llm):
    answers = iter([json.dumps({"city": "Lyon"}), GOOD])
    llm.responder = lambda request: next(answers)
    assert client().structured(MESSAGES, Answer).population == 522000
    assert len(llm.requests) == 2
    retry_prompt = llm.requests[1]["messages"][-1]["content"]
    assert "population" in retry_prompt and "Field required" in retry_prompt


def test_it_fails_visibly_after_one_repair_and_one_retry(llm):
    llm.responder = lambda request: "I am sorry, I cannot answer in JSON."
    with pytest.raises(LLMError, match="did not match the Answer format"):
        client().structured(MESSAGES, Answer)
    assert len(llm.requests) == 2


def test_an_endpoint_without_json_schema_gets_json_object_and_the_schema_in_the_prompt(llm):
    llm.reject_json_schema = True
    assert client().structured(MESSAGES, Answer).city == "Lyon"
    assert client().structured(MESSAGES, Answer).city == "Lyon"
    assert len(llm.requests) == 3  # one refusal, remembered, then two calls a rung down
    assert llm.requests[2]["response_format"] == {"type": "json_object"}
    assert "JSON schema" in llm.requests[2]["messages"][-1]["content"]


def test_an_endpoint_without_any_response_format_gets_the_schema_in_the_prompt_alone(llm):
    llm.response_formats = frozenset()
    assert client().structured(MESSAGES, Answer).city == "Lyon"
    assert [r.get("response_format", {}).get("type") for r in llm.requests] == [
        "json_schema",
        "json_object",
        None,
    ]
    assert PROFILES.get(client().endpoint, "m", None).rung == "prompt"


def test_a_model_that_wants_max_completion_tokens_gets_it(llm):
    llm.token_param = "max_completion_tokens"
    assert client().structured(MESSAGES, Answer).city == "Lyon"
    assert "max_tokens" not in llm.requests[-1] and llm.requests[-1]["max_completion_tokens"]


def test_a_model_without_a_system_role_gets_the_instructions_in_the_user_message(llm):
    llm.system_role = False
    asked = [{"role": "system", "content": "Be brief."}, *MESSAGES]
    assert client().structured(asked, Answer).city == "Lyon"
    first = llm.requests[-1]["messages"][0]
    assert first["role"] == "user" and first["content"].startswith("Be brief.\n\nWhich city?")


def test_what_one_worker_learnt_is_what_the_others_start_from(llm, db):
    from research.models import ModelProfile

    llm.token_param, llm.system_role = "max_completion_tokens", False
    asked = [{"role": "system", "content": "Be brief."}, *MESSAGES]
    LLMClient("m", profiles=ModelProfile.objects).structured(asked, Answer)
    PROFILES.forget()  # another process: nothing in memory, the database remembers
    before = len(llm.requests)
    LLMClient("m", profiles=ModelProfile.objects).structured(asked, Answer)
    assert len(llm.requests) == before + 1  # no refusal to learn from again
    stored = ModelProfile.objects.get(model="m")
    assert stored.data["token_param"] == "max_completion_tokens"
    assert stored.data["system_role"] is False and stored.data["learnt"]


def test_a_500_is_retried_with_backoff_then_fails_with_the_status(llm):
    llm.fail_next(500, count=3)
    with pytest.raises(LLMError, match="HTTP 500 after 2 retries"):
        client().structured(MESSAGES, Answer)
    assert llm.calls == 3


def test_a_500_that_clears_up_is_retried_to_success(llm):
    llm.fail_next(500, count=1)
    assert client().structured(MESSAGES, Answer).city == "Lyon"
    assert llm.calls == 2


def test_a_429_that_outlasts_the_retry_time_fails_naming_the_settings(llm, settings):
    settings.LLM_RETRY_MAX_SECONDS = 1
    llm.fail_next(429, count=9, headers={"Retry-After": "0.4", "retry-after-ms": "400"})
    with pytest.raises(LLMError, match="rate-limiting.*LLM_MAX_CONCURRENCY.*LLM_RETRY_MAX_SECONDS"):
        client().structured(MESSAGES, Answer)
    assert llm.calls == 3  # waited 0.4 s twice; a third wait would pass the 1 s cap


def test_a_rate_limit_storm_longer_than_the_retry_count_is_waited_out(llm):
    """LLM_MAX_RETRIES is 2, but a 429 is retried for as long as the server asks to wait."""
    llm.fail_next(429, count=3, headers={"Retry-After": "0.2"})  # by count: no clock to race
    assert client().structured(MESSAGES, Answer).city == "Lyon"
    assert llm.calls == 4


def test_retry_after_in_milliseconds_seconds_or_a_date_is_read():
    from email.utils import formatdate

    assert pacing.retry_after({"retry-after-ms": "250"}) == 0.25
    assert pacing.retry_after({"Retry-After": "20"}) == 20.0
    in_a_minute = pacing.retry_after({"Retry-After": formatdate(time.time() + 60, usegmt=True)})
    assert in_a_minute is not None and 55 < in_a_minute <= 60
    assert pacing.retry_after({"Retry-After": "soon"}) is None


def test_an_endpoint_that_rate_limits_gets_fewer_calls_at_once_then_more_again():
    pace = pacing.Pace(16)
    pace.slow_down()
    pace.slow_down()
    assert pace.limit == 4
    for _ in range(20):
        pace.speed_up()
    assert pace.limit == 16


def test_calls_wait_for_a_slot_when_the_limit_is_reached():
    pace = pacing.Pace(1)
    order: list[str] = []
    with pace.slot():
        waiter = threading.Thread(target=lambda: _enter(pace, order))
        waiter.start()
        time.sleep(0.1)
        order.append("first leaves")
    waiter.join(timeout=5)
    assert order == ["first leaves", "second enters"]


def _enter(pace: pacing.Pace, order: list[str]) -> None:
    with pace.slot():
        order.append("second enters")


def test_a_hung_endpoint_times_out_with_a_clear_reason_and_gets_fewer_calls_at_once(llm, settings):
    """A local server that answers one request at a time queues the rest until they time out."""
    settings.LLM_TIMEOUT = 1
    settings.LLM_MAX_RETRIES = 0
    llm.hang_next(5, count=1)
    with pytest.raises(LLMError, match="did not answer within 1 s"):
        client().structured(MESSAGES, Answer)
    pace = pacing.pace_for(client().endpoint, settings.LLM_MAX_CONCURRENCY)
    assert pace.limit == settings.LLM_MAX_CONCURRENCY // 2


def test_an_overloaded_503_halves_the_calls_at_once_and_each_answer_adds_one_back(llm, settings):
    llm.fail_next(503, count=1)
    assert client().structured(MESSAGES, Answer).city == "Lyon"  # retried
    pace = pacing.pace_for(client().endpoint, settings.LLM_MAX_CONCURRENCY)
    assert pace.limit == settings.LLM_MAX_CONCURRENCY // 2 + 1
    llm.fail_next(500, count=1)  # a server error, not an overload
    assert client().structured(MESSAGES, Answer).city == "Lyon"
    assert pace.limit == settings.LLM_MAX_CONCURRENCY // 2 + 2


class RecordingMeter:
    def __init__(self, refuse: bool = False):
        self.refuse = refuse
        self.events: list[tuple[Any, ...]] = []

    def reserve(self, tokens):
        if self.refuse:
            raise BudgetSpent("Token budget exhausted")
        self.events.append(("reserve", tokens))

    def record(self, reserved, usage):
        self.events.append(("record", reserved, usage))


def test_each_call_reserves_tokens_first_and_records_its_usage(llm):
    meter = RecordingMeter()
    client(meter=meter).structured(MESSAGES, Answer)
    (_, reserved), (_, released, usage) = meter.events
    assert reserved == released and reserved > provider.DEFAULT_ANSWER_TOKENS
    assert usage.prompt_tokens > 0 and usage.completion_tokens > 0 and not usage.estimated
    assert llm.requests[0]["max_tokens"] == provider.DEFAULT_ANSWER_TOKENS


def test_a_meter_can_refuse_a_call_before_it_is_made(llm):
    with pytest.raises(BudgetSpent):
        client(meter=RecordingMeter(refuse=True)).structured(MESSAGES, Answer)
    assert llm.calls == 0


def test_a_failed_call_releases_its_reservation(llm):
    llm.fail_next(500, count=3)
    meter = RecordingMeter()
    with pytest.raises(LLMError):
        client(meter=meter).structured(MESSAGES, Answer)
    assert meter.events[-1][0] == "record" and meter.events[-1][2] is None


def test_missing_usage_is_estimated(llm):
    llm.responder = lambda request: {"content": GOOD, "usage": None}
    meter = RecordingMeter()
    client(meter=meter).structured(MESSAGES, Answer)
    usage = meter.events[-1][2]
    assert usage.estimated and usage.prompt_tokens > 0


def test_no_model_configured_names_the_variables_to_set(settings):
    settings.LLM_MODEL = ""
    with pytest.raises(LLMNotConfigured, match="LLM_MODEL"):
        LLMClient("")


def test_cjk_text_counts_one_token_per_character():
    assert estimate_tokens("研究报告") == 4
    assert estimate_tokens("a" * 40) == 10
