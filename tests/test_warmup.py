"""The worker's warm-up: one-off start-up costs paid before the first step, without network."""

from __future__ import annotations

import gc
import socket

import pytest

from research.pipeline.engine import warmup


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
def test_warm_up_works_with_or_without_an_llm_and_no_network(settings, no_network, model):
    settings.LLM_MODEL = model
    warmup.warm_up.__wrapped__()


def test_warm_up_freezes_start_up_objects_out_of_full_collections(no_network):
    """A full collection walking them holds the GIL for about 120 ms: no step runs meanwhile."""
    gc.unfreeze()
    warmup.warm_up.__wrapped__()
    assert gc.get_freeze_count() > 10_000
