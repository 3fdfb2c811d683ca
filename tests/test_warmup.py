"""The worker's warm-up: one-off start-up costs paid before the first step, without network."""

from __future__ import annotations

import gc
import socket

import pytest

from research.pipeline.engine import warmup
from research.prompts import PROMPTS, output_models
from research.providers import llm
from research.providers.llm import calls


@pytest.fixture(autouse=True)
def unfreeze():
    """The warm-up freezes the objects alive at that moment; in the test process that would
    keep garbage (a dead thread's database connection, say) from ever being collected."""
    yield
    gc.unfreeze()


@pytest.fixture
def no_network(monkeypatch):
    def refuse(*args, **kwargs):
        raise AssertionError("the warm-up must not open a connection")

    monkeypatch.setattr(socket, "create_connection", refuse)
    monkeypatch.setattr(socket.socket, "connect", refuse)


def test_warm_up_leaves_the_public_suffix_list_loaded(monkeypatch, no_network):
    """Pages on an IP address with a port make trafilatura load the public suffix list (about
    30 ms of CPU). Parallel first fetches would each load it again, so the worker loads it once
    before its first step."""
    import tld.utils

    monkeypatch.setattr(tld.utils, "tld_names", {})
    warmup.warm_up.__wrapped__()
    assert tld.utils.tld_names


@pytest.mark.parametrize("model", ["", "some-model"], ids=["no LLM configured", "an LLM"])
def test_warm_up_compiles_prompts_and_schemas_and_builds_the_llm_client_only_with_an_llm(
    settings, no_network, model
):
    """Without a network either way; the openai client is built only when a model is set."""
    settings.LLM_MODEL = model
    settings.LLM_BASE_URL = "http://127.0.0.1:9/v1"
    llm.json_schema.cache_clear()
    calls.openai_client.cache_clear()
    for prompt in PROMPTS.values():
        prompt.__dict__.pop("template", None)  # the cached compiled template
    warmup.warm_up.__wrapped__()
    assert all("template" in prompt.__dict__ for prompt in PROMPTS.values())
    assert llm.json_schema.cache_info().currsize == len(output_models())
    assert calls.openai_client.cache_info().currsize == (1 if model else 0)


def test_warm_up_freezes_start_up_objects_out_of_full_collections(no_network):
    """A full collection walking them holds the GIL for about 120 ms: no step runs meanwhile."""
    gc.unfreeze()
    warmup.warm_up.__wrapped__()
    assert gc.get_freeze_count() > 10_000
