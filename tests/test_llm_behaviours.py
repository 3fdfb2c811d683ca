"""The LLM client against models that misbehave the way real ones do (tests/fakes/behaviours.py).

Each test scripts one habit: reasoning in tags or fields, wrapped JSON, an echoed schema, an
answer cut off at its output limit. The answer that comes back is clean, or the call fails with
a reason that names the setting to change.
"""

from __future__ import annotations

import json

import pytest

from research.prompts.outputs import PlanOutput, RankOutput, ReflectOutput
from research.providers.llm import ContextExceeded, LLMClient, LLMError
from research.providers.llm import client as provider
from research.providers.llm.profile import PROFILES, Profile
from research.providers.llm.reasoning import split
from tests.fakes import FakeLLM
from tests.fakes.behaviours import Behaving
from tests.fakes.researcher import Researcher

PLAN = [
    {"role": "system", "content": "Use 4 search queries in all."},
    {"role": "user", "content": "Research question:\n<question>\nHow does WAL work?\n</question>"},
]
REFLECT = [
    {"role": "system", "content": "Review the section."},
    {"role": "user", "content": "Section: Background\nAlready searched:\n- wal\nFindings:\n"},
]
RANK = [
    {"role": "system", "content": "Judge the results."},
    {"role": "user", "content": '<result id="1">\n</result>\n<result id="2">\n</result>'},
]
REPORT = [
    {"role": "system", "content": "Write the report."},
    {"role": "user", "content": '<source n="3" title="WAL">\n</source>'},
]


@pytest.fixture
def fake(settings):
    with FakeLLM(responder=Researcher()) as llm:
        settings.LLM_BASE_URL = f"{llm.url}/v1"
        settings.LLM_API_KEY = "k"
        settings.LLM_MODEL = "thinker"
        settings.LLM_MAX_RETRIES = 0
        settings.LLM_TIMEOUT = 5
        PROFILES.forget()
        yield llm


def behave(fake: FakeLLM, **habits) -> Behaving:
    fake.responder = behaving = Behaving(Researcher(), **habits)
    return behaving


# --- Reasoning -----------------------------------------------------------------------------


@pytest.mark.parametrize("think", ["tags", "closing_only", "reasoning_content", "reasoning"])
def test_reasoning_never_reaches_a_structured_answer(fake, think):
    behave(fake, think=think)
    plan = LLMClient("thinker").structured(PLAN, PlanOutput)
    assert plan.title == "Research: How does WAL work" and len(fake.requests) == 1


@pytest.mark.parametrize("think", ["tags", "closing_only", "reasoning_content", "reasoning"])
def test_reasoning_never_reaches_a_report(fake, think):
    behave(fake, think=think)
    written = LLMClient("thinker").text(REPORT)
    assert written.complete and written.text.startswith("# Report")
    assert "think" not in written.text.lower() and "[7]" not in written.text


def test_an_answer_found_only_in_the_reasoning_is_used_when_it_validates(fake):
    behave(fake, think="field_only")
    assert LLMClient("thinker").structured(PLAN, PlanOutput).sections


def test_a_report_given_only_as_reasoning_fails_naming_the_settings(fake):
    behave(fake, think="field_only")
    with pytest.raises(LLMError, match="LLM_MAX_OUTPUT_TOKENS.*thinking off"):
        LLMClient("thinker").text(REPORT)


@pytest.mark.parametrize(
    "content, answer",
    [
        ("<think>a [1]</think>B", "B"),
        ("<THINKING>\na\n</THINKING>\n\nB", "B"),
        ("a [1]\n</think>\nB", "B"),
        ("B <reasoning>a</reasoning> C", "B  C"),
        ("B\n<think>started thinking and ran out", "B"),
        ("<think>x</think><think>y</think>B", "B"),
    ],
)
def test_every_form_of_thinking_is_split_from_the_answer(content, answer):
    assert split(content).answer == answer


# --- Shapes --------------------------------------------------------------------------------


@pytest.mark.parametrize("wrap", ["result", "schema"])
def test_an_answer_wrapped_in_one_object_is_unwrapped(fake, wrap):
    behave(fake, wrap=wrap)
    reflection = LLMClient("thinker").structured(REFLECT, ReflectOutput)
    assert reflection.query == "Background latest findings"  # not an empty ReflectOutput
    assert len(fake.requests) == 1


def test_a_schema_echo_is_retried_once_with_plain_words_then_fails_naming_the_setting(fake):
    behave(fake, echo_schema=True)
    with pytest.raises(LLMError, match=r"JSON schema of ReflectOutput .*LLM_MODEL"):
        LLMClient("thinker").structured(REFLECT, ReflectOutput)
    assert len(fake.requests) == 2
    assert "Do not write the schema" in fake.requests[1]["messages"][-1]["content"]


def test_a_schema_echo_once_then_a_real_answer_succeeds(fake):
    behaving = behave(fake)
    echoes = iter([True, False])

    def once(request):
        behaving.echo_schema = next(echoes)
        return behaving(request)

    fake.responder = once
    assert LLMClient("thinker").structured(RANK, RankOutput).judgements


# --- Cut off -------------------------------------------------------------------------------


def test_a_json_answer_cut_off_is_asked_again_with_more_room_never_repaired(fake):
    behaving = behave(fake, think="tags", thinking_tokens=1900, output_limit=True)
    plan = LLMClient("thinker").structured(PLAN, PlanOutput)
    assert plan.sections and len(plan.sections[0].queries) == 2
    limits = [request["max_tokens"] for request in fake.requests]
    assert limits == [2000, 4000]
    with pytest.raises(json.JSONDecodeError):
        json.loads(behaving.answers[0].split("</think>")[-1])  # the first answer really was cut


def test_an_answer_that_never_fits_fails_naming_the_setting(fake, settings):
    settings.LLM_MAX_OUTPUT_TOKENS = 3000
    behave(fake, think="reasoning_content", thinking_tokens=5000, output_limit=True)
    with pytest.raises(LLMError, match="LLM_MAX_OUTPUT_TOKENS"):
        LLMClient("thinker").structured(PLAN, PlanOutput)
    assert [request["max_tokens"] for request in fake.requests] == [2000, 3000]


def test_a_report_cut_off_is_continued_to_its_end(fake):
    parts = iter(["# Report\n\nThe first half", " and the second half [3]."])
    finishes = iter(["length", "stop"])
    fake.responder = lambda request: {"content": next(parts), "finish_reason": next(finishes)}
    written = LLMClient("thinker").text(REPORT, max_tokens=100)
    assert written.complete
    assert written.text == "# Report\n\nThe first half and the second half [3]."
    assert fake.requests[1]["messages"][-2] == {
        "role": "assistant",
        "content": "# Report\n\nThe first half",
    }


def test_a_report_that_never_ends_comes_back_marked_incomplete(fake):
    fake.responder = lambda request: {"content": "More words", "finish_reason": "length"}
    written = LLMClient("thinker").text(REPORT, max_tokens=100)
    assert not written.complete and written.text.startswith("More words")
    assert len(fake.requests) == 1 + provider.CONTINUATIONS


def test_a_bare_list_is_read_as_the_one_list_the_schema_has(fake):
    judgements = [{"id": 1, "score": 8, "reason": "fine"}, {"id": 2, "score": 3, "reason": "meh"}]
    fake.responder = lambda request: "Here you go:\n" + json.dumps(judgements)
    ranking = LLMClient("thinker").structured(RANK, RankOutput)
    assert [j.id for j in ranking.judgements] == [1, 2] and len(fake.requests) == 1


def test_kimis_thinking_marks_are_taken_out_too():
    assert split("◁think▷a [1]◁/think▷B").answer == "B"


@pytest.mark.parametrize(
    "refusal",
    [
        "Unsupported value: 'messages[0].role' does not support 'system' with this model.",
        "System role not supported",
        "Conversation roles must alternate user/assistant/user/assistant/...",
        "Only user and assistant roles are supported!",
    ],
)
def test_every_way_servers_refuse_a_system_role_is_understood(refusal):
    profile = Profile()
    assert profile.learn_from_rejection(refusal, profile.asked_with())
    assert not profile.system_role and profile.rung == "json_schema"


@pytest.mark.parametrize(
    "refusal, window",
    [
        ("This model's maximum context length is 4096 tokens. However, you requested 6000", 4096),
        ("the request exceeds the available context size, try increasing it", None),
        ("The model is loaded with context length of only 8192 tokens", 8192),
        ("Input validation error: `inputs` tokens + `max_new_tokens` must be <= 4096.", 4096),
    ],
)
def test_every_way_servers_refuse_a_long_prompt_teaches_a_smaller_window(fake, refusal, window):
    fake.responder = lambda request: {"status": 400, "body": {"error": {"message": refusal}}}
    client = LLMClient("thinker")
    with pytest.raises(ContextExceeded):
        client.text([{"role": "user", "content": "word " * 8000}], max_tokens=2000)
    learnt = client.profile.context_tokens
    assert learnt is not None and learnt < 14000  # what was sent, by our estimate
    if window:
        assert learnt == window


def test_a_model_that_needed_more_room_once_gets_it_from_the_start_next_time(fake):
    behave(fake, think="tags", thinking_tokens=1900, output_limit=True)
    client = LLMClient("thinker")
    client.structured(PLAN, PlanOutput)
    client.structured(PLAN, PlanOutput)
    assert [request["max_tokens"] for request in fake.requests] == [2000, 4000, 4000]
    assert client.profile.answer_tokens == 4000
