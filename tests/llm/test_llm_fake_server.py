"""The test double itself: it must answer like the real OpenAI API."""

from __future__ import annotations

import json

import httpx
import pytest

from lembrar.testing import FakeOpenAIServer, RecordedRequest, Reply, ScriptedToolCall

CHAT = {"model": "fake-model", "messages": [{"role": "user", "content": "hi"}]}


@pytest.fixture
def http(server):
    with httpx.Client(
        base_url=server.base_url + "/", headers={"Authorization": f"Bearer {server.api_key}"}
    ) as client:
        yield client


def test_base_url_is_local(server):
    assert server.base_url.startswith("http://127.0.0.1:") and server.base_url.endswith("/v1")


def test_completion_shape(http, server):
    server.script(Reply(text="hello"))
    data = http.post("chat/completions", json=CHAT).json()
    assert data["object"] == "chat.completion"
    assert data["choices"][0]["message"] == {
        "role": "assistant",
        "content": "hello",
        "refusal": None,
    }
    assert data["choices"][0]["finish_reason"] == "stop"
    assert set(data["usage"]) == {"prompt_tokens", "completion_tokens", "total_tokens"}


def test_stream_shape(http, server):
    server.script(Reply(text="a b", tool_calls=[ScriptedToolCall("f", {"x": 1})]))
    body = {**CHAT, "stream": True, "stream_options": {"include_usage": True}}
    with http.stream("POST", "chat/completions", json=body) as response:
        assert response.headers["content-type"] == "text/event-stream"
        lines = [line for line in response.iter_lines() if line]
    assert lines[-1] == "data: [DONE]"
    events = [json.loads(line.removeprefix("data: ")) for line in lines[:-1]]
    assert all(e["object"] == "chat.completion.chunk" for e in events)
    assert events[0]["choices"][0]["delta"] == {"role": "assistant", "content": ""}
    assert events[-2]["choices"][0]["finish_reason"] == "tool_calls"
    assert events[-1]["choices"] == [] and events[-1]["usage"]["completion_tokens"] > 0
    arguments = "".join(
        call["function"]["arguments"]
        for e in events[:-1]
        for call in e["choices"][0]["delta"].get("tool_calls", [])
    )
    assert json.loads(arguments) == {"x": 1}


def test_stream_without_usage_has_no_usage_chunk(http, server):
    server.script(Reply(text="a"))
    with http.stream("POST", "chat/completions", json={**CHAT, "stream": True}) as response:
        events = [line for line in response.iter_lines() if line.startswith("data: {")]
    assert all("usage" not in json.loads(e.removeprefix("data: ")) for e in events)


def test_models(http):
    data = http.get("models").json()
    assert data["object"] == "list" and [m["id"] for m in data["data"]] == ["fake-model"]


def test_wrong_key_gets_openai_401(server):
    response = httpx.post(
        server.base_url + "/chat/completions", json=CHAT, headers={"Authorization": "Bearer no"}
    )
    assert response.status_code == 401
    assert response.json()["error"]["code"] == "invalid_api_key"


def test_unknown_model_gets_openai_404(http):
    response = http.post("chat/completions", json={**CHAT, "model": "gpt-9"})
    assert response.status_code == 404
    error = response.json()["error"]
    assert error["code"] == "model_not_found" and "gpt-9" in error["message"]


@pytest.mark.parametrize(
    ("body", "problem"),
    [
        ({"messages": [{"role": "user", "content": "hi"}]}, "model"),
        ({"model": "fake-model", "messages": []}, "messages"),
        ({"model": "fake-model", "messages": [{"role": "wizard", "content": "x"}]}, "role"),
        ({**CHAT, "response_format": {"type": "json_object"}}, "json"),
        (
            {**CHAT, "response_format": {"type": "json_schema", "json_schema": {"name": "x"}}},
            "schema",
        ),
        ({**CHAT, "response_format": {"type": "yaml"}}, "not supported"),
    ],
)
def test_bad_requests_get_400(http, server, body, problem):
    server.script(Reply(text="unused"))
    response = http.post("chat/completions", json=body)
    assert response.status_code == 400
    assert problem in response.json()["error"]["message"]
    assert server.pending == 1  # checks come before the script


def test_unknown_path_gets_404(http):
    assert http.post("completions", json=CHAT).status_code == 404


def test_scripted_error_with_retry_after(http, server):
    server.script(Reply(status=429, retry_after=2))
    response = http.post("chat/completions", json=CHAT)
    assert response.status_code == 429
    assert response.headers["retry-after"] == "2"
    assert response.json()["error"]["type"] == "requests"


def test_raw_body(http, server):
    server.script(Reply(body="{not json", status=200))
    assert http.post("chat/completions", json=CHAT).text == "{not json"


def test_no_script_left_is_a_loud_500(http):
    response = http.post("chat/completions", json=CHAT)
    assert response.status_code == 500
    assert "no scripted reply" in response.json()["error"]["message"]


def test_callable_default_sees_the_request():
    def echo(request: RecordedRequest) -> Reply:
        return Reply(text=request.messages[-1]["content"].upper())

    with FakeOpenAIServer(default=echo, models=None) as server:
        response = httpx.post(
            server.base_url + "/chat/completions", json={**CHAT, "model": "anything"}
        )
    assert response.json()["choices"][0]["message"]["content"] == "HI"


def test_requests_are_recorded(http, server):
    server.script(Reply(text="x"))
    http.post("chat/completions", json=CHAT)
    [request] = server.requests
    assert (request.method, request.path, request.model, request.stream) == (
        "POST",
        "/v1/chat/completions",
        "fake-model",
        False,
    )
    assert request.body == CHAT and json.loads(request.raw) == CHAT


def test_base_url_needs_a_running_server():
    with pytest.raises(RuntimeError, match="not running"):
        _ = FakeOpenAIServer().base_url
