"""The loopback fakes speak their protocols well enough for real clients."""

from __future__ import annotations

import threading

import httpx
import openai
import pytest
import trafilatura
from openai.types.chat import ChatCompletionMessageParam

from tests.fakes import FakeLLM, FakeSearx, FakeWeb
from tests.fakes.llm import break_json, fake_embedding
from tests.fakes.web import INJECTION, article

QUESTION = "What is the capital of France? Answer in JSON."
MESSAGES: list[ChatCompletionMessageParam] = [{"role": "user", "content": QUESTION}]


@pytest.fixture
def llm():
    with FakeLLM() as fake:
        yield fake


@pytest.fixture
def web():
    with FakeWeb(huge_bytes=2 * 1024 * 1024) as fake:
        yield fake


def client(fake: FakeLLM, **options) -> openai.OpenAI:
    options = {"max_retries": 0, **options}
    return openai.OpenAI(base_url=f"{fake.url}/v1", api_key="test-key", **options)


def ask(fake: FakeLLM, **extra):
    return client(fake).chat.completions.create(model="big-model", messages=MESSAGES, **extra)


# --- FakeLLM ---------------------------------------------------------------------------------


def test_the_openai_client_gets_the_scripted_content_and_estimated_usage(llm):
    llm.responder = lambda request: '{"capital": "Paris"}'

    completion = ask(llm)

    assert completion.choices[0].message.content == '{"capital": "Paris"}'
    assert completion.choices[0].finish_reason == "stop"
    assert completion.model == "big-model"
    assert completion.usage.completion_tokens == len('{"capital": "Paris"}') // 4
    assert completion.usage.prompt_tokens == len(QUESTION) // 4
    assert completion.usage.total_tokens == (
        completion.usage.prompt_tokens + completion.usage.completion_tokens
    )


def test_it_records_each_request_body_for_assertions(llm):
    llm.responder = lambda request: "ok"
    schema = {"type": "json_schema", "json_schema": {"name": "a", "schema": {"type": "object"}}}

    ask(llm, response_format=schema)

    assert llm.calls == 1
    assert llm.requests[0]["model"] == "big-model"
    assert llm.requests[0]["messages"] == MESSAGES
    assert llm.requests[0]["response_format"] == schema


def test_the_path_without_v1_is_served_too(llm):
    llm.responder = lambda request: "hello"

    answer = httpx.post(f"{llm.url}/chat/completions", json={"model": "m", "messages": MESSAGES})

    assert answer.json()["choices"][0]["message"]["content"] == "hello"


def test_a_responder_dict_shapes_usage_and_finish_reason(llm):
    llm.responder = lambda request: {
        "content": "cut off",
        "usage": {"prompt_tokens": 1000, "completion_tokens": 20},
        "finish_reason": "length",
    }

    completion = ask(llm)

    assert completion.choices[0].finish_reason == "length"
    assert completion.usage.total_tokens == 1020


def test_a_responder_dict_with_a_status_answers_with_that_error(llm):
    llm.responder = lambda request: {"status": 503, "body": {"error": {"message": "overloaded"}}}

    with pytest.raises(openai.InternalServerError, match="overloaded"):
        ask(llm)


def test_without_a_responder_the_error_says_nobody_scripted_an_answer(llm):
    with pytest.raises(openai.BadRequestError, match="no responder was scripted"):
        ask(llm)


def test_a_responder_that_raises_gives_a_500_and_is_kept(llm):
    def broken(request):
        raise KeyError("oops")

    llm.responder = broken

    with pytest.raises(openai.InternalServerError, match="oops"):
        ask(llm)
    assert isinstance(llm.responder_errors[0], KeyError)


def test_fail_next_500_raises_internal_server_error_then_recovers(llm):
    llm.responder = lambda request: "fine"
    llm.fail_next(500)

    with pytest.raises(openai.InternalServerError):
        ask(llm)
    assert ask(llm).choices[0].message.content == "fine"
    assert llm.calls == 2


def test_fail_next_429_sends_retry_after_zero_and_the_client_retries(llm):
    llm.responder = lambda request: "after the retry"
    llm.fail_next(429, count=2)

    completion = client(llm, max_retries=2).chat.completions.create(model="m", messages=MESSAGES)

    assert completion.choices[0].message.content == "after the retry"
    assert llm.calls == 3


def test_hang_next_makes_the_client_time_out(llm):
    llm.responder = lambda request: "late"
    llm.hang_next(30)

    with pytest.raises(openai.APITimeoutError):
        client(llm, timeout=0.2).chat.completions.create(model="m", messages=MESSAGES)
    assert ask(llm).choices[0].message.content == "late"


@pytest.mark.parametrize("variant", ["truncated", "trailing_comma", "fenced", "prose"])
def test_broken_json_next_spoils_the_next_content_only(llm, variant):
    import json

    llm.responder = lambda request: '{"items": [1, 2, 3], "done": true}'
    llm.broken_json_next(variant=variant)

    broken = ask(llm).choices[0].message.content
    with pytest.raises(json.JSONDecodeError):
        json.loads(broken)
    assert json.loads(ask(llm).choices[0].message.content)["done"] is True


def test_embeddings_come_as_floats_or_base64_as_the_openai_client_asks(llm):
    as_floats = client(llm).embeddings.create(
        model="e", input=["a doctor", "a physician"], encoding_format="float"
    )
    as_base64 = client(llm).embeddings.create(model="e", input=["a doctor"])  # the SDK default
    assert [row.embedding for row in as_floats.data] == [fake_embedding("a doctor")] * 2
    assert as_base64.data[0].embedding == fake_embedding("a doctor")
    assert [request["input"] for request in llm.embedding_requests] == [
        ["a doctor", "a physician"],
        ["a doctor"],
    ]
    with pytest.raises(openai.BadRequestError, match="non-empty"):
        client(llm).embeddings.create(model="e", input=[""])


def test_break_json_never_returns_valid_json():
    import json

    for variant in ("truncated", "trailing_comma", "fenced", "prose"):
        for content in ("7", "{}", "[]", '"a"', "plain words"):
            with pytest.raises(ValueError):
                json.loads(break_json(content, variant))


def test_reject_json_schema_answers_400_like_endpoints_without_structured_output(llm):
    llm.reject_json_schema = True
    llm.responder = lambda request: "{}"
    schema = {"type": "json_schema", "json_schema": {"name": "a", "schema": {"type": "object"}}}

    with pytest.raises(openai.BadRequestError, match="'json_schema' is not supported") as caught:
        ask(llm, response_format=schema)
    body = caught.value.body
    assert isinstance(body, dict)
    assert body["type"] == "invalid_request_error"
    assert ask(llm, response_format={"type": "json_object"}).choices[0].message.content == "{}"


def test_peak_concurrency_counts_requests_handled_at_the_same_time():
    all_inside = threading.Barrier(3, timeout=10)

    def responder(request):
        all_inside.wait()  # returns only once three requests are being handled at once
        return "ok"

    with FakeLLM(responder) as llm:
        threads = [threading.Thread(target=ask, args=(llm,)) for _ in range(3)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()

    assert llm.calls == 3
    assert llm.peak_concurrency == 3
    assert llm.responder_errors == []


def test_stop_does_not_wait_for_a_hanging_request():
    llm = FakeLLM(lambda request: "x").start()
    llm.hang_next(60)
    worker = threading.Thread(target=lambda: httpx.post(f"{llm.url}/v1/chat/completions", json={}))
    worker.start()
    while llm.calls == 0:
        threading.Event().wait(0.01)

    llm.stop()
    worker.join(timeout=10)

    assert not worker.is_alive()


# --- FakeSearx -------------------------------------------------------------------------------


def test_searx_answers_searxng_json_with_six_results_on_the_page_base_url():
    with FakeSearx(page_base_url="http://pages.test") as searx:
        answer = httpx.get(
            f"{searx.url}/search", params={"q": "Solar power storage", "format": "json"}
        )

    data = answer.json()
    assert data["query"] == "Solar power storage"
    assert data["number_of_results"] == 6
    assert [r["url"] for r in data["results"]][:2] == [
        "http://pages.test/page/solar-power-storage-1",
        "http://pages.test/page/solar-power-storage-2",
    ]
    assert all("solar power storage" in r["content"] for r in data["results"])
    assert {"answers", "suggestions", "unresponsive_engines"} <= data.keys()


def test_searx_results_are_deterministic_and_scriptable():
    with FakeSearx() as searx:
        params = {"q": "tides", "format": "json", "time_range": "week", "language": "de"}
        first = httpx.get(f"{searx.url}/search", params=params).json()
        second = httpx.get(f"{searx.url}/search", params=params).json()
        searx.results_for = lambda query: [{"url": "https://a.example/", "title": query}]
        scripted = httpx.get(f"{searx.url}/search", params=params).json()

    assert first == second
    assert scripted["results"] == [{"url": "https://a.example/", "title": "tides"}]
    assert searx.requests[0] == params


def test_searx_without_format_json_is_forbidden_like_a_real_instance():
    with FakeSearx() as searx:
        answer = httpx.get(f"{searx.url}/search", params={"q": "tides"})

    assert answer.status_code == 403


def test_searx_fail_next_answers_the_error_status():
    with FakeSearx() as searx:
        searx.fail_next(502)
        params = {"q": "tides", "format": "json"}
        statuses = [httpx.get(f"{searx.url}/search", params=params).status_code for _ in "ab"]

    assert statuses == [502, 200]


# --- FakeWeb ---------------------------------------------------------------------------------


def test_a_page_is_an_article_an_extractor_finds_the_main_text_of(web):
    answer = httpx.get(web.page_url("ocean-acidification-2"))

    text = trafilatura.extract(answer.text)
    assert text is not None
    expected = article("ocean-acidification-2")
    assert answer.headers["content-type"] == "text/html; charset=utf-8"
    assert "ocean acidification" in text
    assert expected.paragraphs[0] in text
    assert 4 <= len(expected.paragraphs) <= 6
    assert f'<meta name="date" content="{expected.published.isoformat()}">' in answer.text
    assert f'<time datetime="{expected.published.isoformat()}">' in answer.text


def test_the_same_slug_always_renders_the_same_page(web):
    assert httpx.get(web.page_url("x-y")).text == httpx.get(web.page_url("x-y")).text
    assert article("x-y") != article("x-z")


def test_binary_png_is_an_image(web):
    answer = httpx.get(f"{web.url}/binary.png")

    assert answer.headers["content-type"] == "image/png"
    assert answer.content.startswith(b"\x89PNG\r\n\x1a\n")


def test_huge_streams_without_content_length_and_huge_declared_declares_it(web):
    with httpx.stream("GET", f"{web.url}/huge") as answer:
        size = sum(len(chunk) for chunk in answer.iter_bytes())
        assert "content-length" not in answer.headers
    declared = httpx.get(f"{web.url}/huge-declared")

    assert size == 2 * 1024 * 1024
    assert int(declared.headers["content-length"]) == len(declared.content) == size


def test_a_client_may_hang_up_on_huge_halfway(web):
    with httpx.stream("GET", f"{web.url}/huge") as answer:
        next(answer.iter_bytes())

    assert httpx.get(web.page_url("still-serving")).status_code == 200


def test_the_default_huge_page_is_fifty_megabytes():
    with FakeWeb() as fake:
        answer = httpx.head(f"{fake.url}/huge-declared")

    assert int(answer.headers["content-length"]) == 50 * 1024 * 1024


def test_wrong_charset_claims_utf8_but_is_not(web):
    answer = httpx.get(f"{web.url}/wrong-charset")

    assert "charset=utf-8" in answer.headers["content-type"]
    with pytest.raises(UnicodeDecodeError):
        answer.content.decode("utf-8")
    assert "Café" in answer.content.decode("cp1252")


def test_redirect_routes_point_where_they_say(web):
    loop = httpx.get(f"{web.url}/loop")
    private = httpx.get(f"{web.url}/redirect-private")
    good = httpx.get(f"{web.url}/redirect", follow_redirects=True)

    assert (loop.status_code, loop.headers["location"]) == (302, "/loop")
    assert (private.status_code, private.headers["location"]) == (302, "http://10.0.0.1/")
    assert good.status_code == 200 and "redirected article" in good.text.lower()
    with pytest.raises(httpx.TooManyRedirects):
        httpx.get(f"{web.url}/loop", follow_redirects=True)


def test_404_and_unknown_paths_are_not_found(web):
    assert httpx.get(f"{web.url}/404").status_code == 404
    assert httpx.get(f"{web.url}/nothing/here").status_code == 404


def test_injection_page_carries_the_injection_in_its_main_text(web):
    answer = httpx.get(f"{web.url}/injection")

    text = trafilatura.extract(answer.text)
    assert text is not None
    assert INJECTION in text


def test_custom_routes_and_request_records(web):
    web.add("/notes.txt", "plain notes", content_type="text/plain; charset=utf-8")

    answer = httpx.get(f"{web.url}/notes.txt?x=1", headers={"User-Agent": "Dossier-test"})

    assert answer.text == "plain notes"
    assert web.requests[-1].path == "/notes.txt"
    assert web.requests[-1].query == {"x": "1"}
    assert web.requests[-1].headers["user-agent"] == "Dossier-test"


def test_web_fail_next_and_url_before_start():
    fake = FakeWeb()
    with pytest.raises(RuntimeError, match="not started"):
        fake.url  # noqa: B018
    with fake:
        fake.fail_next(503)
        assert httpx.get(fake.page_url("a")).status_code == 503
        assert httpx.get(fake.page_url("a")).status_code == 200
