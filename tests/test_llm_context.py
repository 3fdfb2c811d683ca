"""The context window: asked of the server, learnt from its refusals and from prompts it cut."""

from __future__ import annotations

import pytest

from research.providers.llm import ContextExceeded, LLMClient
from research.providers.llm.profile import PROFILES
from tests.fakes import FakeLLM
from tests.fakes.llm import estimate_tokens, prompt_text

ANSWER = '{"ok": true}'


@pytest.fixture
def fake(settings):
    with FakeLLM(responder=lambda request: ANSWER, model="m") as llm:
        settings.LLM_BASE_URL = f"{llm.url}/v1"
        settings.LLM_API_KEY = "k"
        settings.LLM_MODEL = "m"
        settings.LLM_MAX_RETRIES = 0
        settings.LLM_CONTEXT_TOKENS = 0
        PROFILES.forget()
        yield llm


def prompt(tokens: int) -> list[dict]:
    return [{"role": "user", "content": "word " * (tokens * 4 // 5)}]


@pytest.mark.parametrize(
    "serves, source",
    [
        ("vllm", "max_model_len"),
        ("openrouter", "context_length"),
        ("llamacpp", "llama.cpp: n_ctx"),
    ],
)
def test_the_window_is_asked_of_the_server(fake, serves, source):
    fake.serves, fake.context = serves, 8192
    client = LLMClient("m")
    assert client.context_tokens == 8192
    assert source in client.profile.context_source


def test_ollama_is_taken_at_its_default_window_not_the_models_own(fake):
    fake.serves, fake.model_context = "ollama", 16384
    client = LLMClient("m")
    assert client.context_tokens == 4096 and client.profile.num_ctx
    assert "Ollama's default num_ctx" in client.profile.context_source
    client.text(prompt(100))
    assert fake.requests[-1]["options"] == {"num_ctx": 4096}


def test_an_ollama_model_made_with_num_ctx_is_taken_at_it(fake):
    fake.serves, fake.ollama_parameters = "ollama", "temperature 0.6\nnum_ctx 16384"
    assert LLMClient("m").context_tokens == 16384


def test_a_server_that_tells_nothing_is_assumed_to_have_the_default_window(fake):
    assert LLMClient("m").context_tokens == 32000


def test_llm_context_tokens_overrides_what_the_server_says(fake, settings):
    fake.serves, fake.context = "vllm", 8192
    settings.LLM_CONTEXT_TOKENS = 6000
    assert LLMClient("m").context_tokens == 6000


def test_a_refusal_for_length_teaches_the_window_and_the_answer_limit_is_cut_to_fit(fake):
    fake.context = 4096
    client = LLMClient("m")
    written = client.text(prompt(2500), max_tokens=2000)
    assert written.text == ANSWER
    assert client.context_tokens == 4096
    first, second = fake.requests
    assert first["max_tokens"] == 2000 and second["max_tokens"] < 4096 - 2500


def test_a_prompt_larger_than_the_window_is_not_sent(fake):
    fake.serves, fake.context = "vllm", 4096
    with pytest.raises(ContextExceeded, match="does not fit the context window of m"):
        LLMClient("m").text(prompt(5000))
    assert fake.requests == []


def test_a_prompt_ollama_cut_silently_is_noticed_and_its_window_learnt(fake):
    fake.serves, fake.model_context, fake.ollama_window = "ollama", 32768, 1024
    client = LLMClient("m")
    with pytest.raises(ContextExceeded, match="read 1,02\\d of about"):
        client.text(prompt(3000), max_tokens=500)
    assert client.context_tokens < 3000
    assert client.profile.context_source == "the server cut a longer prompt"


def test_once_a_short_prompt_shows_how_the_server_counts_a_smaller_cut_is_noticed(fake):
    fake.serves, fake.model_context, fake.ollama_window = "ollama", 32768, 2048
    client = LLMClient("m")
    client.text(prompt(200))  # a short prompt: read whole, it calibrates
    with pytest.raises(ContextExceeded):
        client.text(prompt(3000), max_tokens=500)  # 2,048 of 3,000 read


def test_a_server_that_counts_fewer_tokens_than_we_estimate_is_not_taken_for_cutting(fake):
    def thrifty(request: dict) -> dict:
        counted = int(estimate_tokens(prompt_text(request)) * 0.7)
        return {"content": ANSWER, "usage": {"prompt_tokens": counted}}

    fake.responder = thrifty
    client = LLMClient("m")
    client.text(prompt(200))
    assert client.text(prompt(5000)).text == ANSWER
    assert client.context_tokens == 32000
