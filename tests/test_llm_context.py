"""The context window: asked of the server, learnt from its refusals and from prompts it cut."""

from __future__ import annotations

import pytest

from research.models import ModelProfile
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


def _system_prompt(tokens: int) -> list[dict]:
    """A prompt whose system message comes first, as a cut from the front drops it."""
    return [
        {"role": "system", "content": "Follow the format. " * 40},
        {"role": "user", "content": "word " * (tokens * 4 // 5)},
    ]


def test_a_silent_cut_teaches_the_window_the_server_read_to_every_model_at_the_endpoint(fake, db):
    """A 2,048-token server behind two models (a fast one and a main one, as Ollama serves
    them): after the first cut, no request of either passes the window the server read, and
    the answer to the cut prompt is not kept. Other processes learn it from the database."""
    fake.serves, fake.model_context, fake.ollama_window = "ollama", 32768, 2048
    store = ModelProfile.objects
    fast, main = LLMClient("m-fast", profiles=store), LLMClient("m", profiles=store)
    fast.text(prompt(200))  # calibrates how the server counts
    with pytest.raises(ContextExceeded, match="read 2,0\\d\\d of about 2,"):
        fast.text(_system_prompt(2800), max_tokens=400)
    first_cut = len(fake.requests)
    assert fast.context_tokens <= 2048 and main.context_tokens <= 2048
    with pytest.raises(ContextExceeded, match="does not fit the context window of m "):
        main.text(_system_prompt(2200), max_tokens=700)  # the report's prompt: not sent
    assert main.text(_system_prompt(900), max_tokens=500).text == ANSWER
    after = fake.requests[first_cut:]
    assert after and all(estimate_tokens(prompt_text(body)) <= 2048 for body in after)
    PROFILES.forget()  # another process, which knows only the database
    assert LLMClient("m-other", profiles=store).context_tokens <= 2048


def test_a_model_that_read_a_longer_prompt_whole_keeps_its_own_window(fake):
    fake.serves, fake.model_context = "ollama", 32768
    big = LLMClient("m-big")
    big.profile.learn_window(8192, "LLM_CONTEXT_TOKENS of another day")
    big.profile.context_discovered = True
    big.text(prompt(200))
    big.text(prompt(3000), max_tokens=500)  # read whole: 3,000 tokens
    fake.ollama_window = 2048
    small = LLMClient("m-small")
    small.text(prompt(200))
    with pytest.raises(ContextExceeded, match="read 2,0"):
        small.text(prompt(2800), max_tokens=400)
    assert small.context_tokens <= 2048
    assert big.context_tokens == 8192  # it showed the server reads more of its prompts
