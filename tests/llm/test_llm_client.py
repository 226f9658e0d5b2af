from __future__ import annotations

import sys
import time

import pytest

from lembrar.errors import LLMError, MissingExtraError
from lembrar.llm import (
    ChatResult,
    LLMAuthError,
    LLMBadRequestError,
    LLMClient,
    LLMConfig,
    LLMConnectionError,
    LLMModelNotFoundError,
    LLMRateLimitError,
    LLMServerError,
    LLMTimeoutError,
    ToolCall,
    Usage,
)
from lembrar.testing import FakeOpenAIServer, RecordedRequest, Reply, ScriptedToolCall

REMEMBER_TOOL = {
    "type": "function",
    "function": {
        "name": "remember",
        "description": "Save a memory",
        "parameters": {
            "type": "object",
            "properties": {"label": {"type": "string"}, "description": {"type": "string"}},
            "required": ["label", "description"],
        },
    },
}


def test_chat_returns_the_text_and_sends_model_messages_and_key(client, server, user_hi):
    server.script(Reply(text="Hello! How can I help?"))
    result = client.chat(user_hi, temperature=0.2, max_tokens=50)
    assert result.text == "Hello! How can I help?"
    assert result.finish_reason == "stop"
    assert result.model == "fake-model"
    [sent] = server.requests
    assert sent.path == "/v1/chat/completions"
    assert sent.headers["authorization"] == "Bearer sk-test-key"
    assert sent.body == {
        "model": "fake-model",
        "messages": user_hi,
        "temperature": 0.2,
        "max_tokens": 50,
    }


def test_tool_call_arguments_are_parsed(client, server, user_hi):
    call = ScriptedToolCall(
        "remember", {"label": "lunch", "description": "Lunch with Ana."}, id="call_9"
    )
    server.script(Reply(tool_calls=[call]))
    result = client.chat(user_hi, tools=[REMEMBER_TOOL], tool_choice="auto")
    assert result.tool_calls == (
        ToolCall("remember", {"label": "lunch", "description": "Lunch with Ana."}, "call_9"),
    )
    assert result.finish_reason == "tool_calls"
    assert result.text == ""
    assert server.requests[0].body["tools"] == [REMEMBER_TOOL]
    assert server.requests[0].body["tool_choice"] == "auto"


def test_broken_tool_arguments_are_repaired(client, server, user_hi):
    server.script(Reply(tool_calls=[ScriptedToolCall("remember", "{'label': 'lunch', }")]))
    assert client.chat(user_hi).tool_calls[0].arguments == {"label": "lunch"}


def test_as_message_round_trips_tool_calls(client, server, user_hi):
    server.script(
        Reply(tool_calls=[ScriptedToolCall("remember", {"label": "x"})]), Reply(text="Saved.")
    )
    first = client.chat(user_hi, tools=[REMEMBER_TOOL])
    tool_result = {"role": "tool", "tool_call_id": first.tool_calls[0].id, "content": "ok"}
    assert client.chat([*user_hi, first.as_message(), tool_result]).text == "Saved."
    sent = server.requests[1].messages[1]
    assert sent["tool_calls"][0]["function"] == {"name": "remember", "arguments": '{"label": "x"}'}


def test_stream_yields_tokens_then_keeps_the_result(client, server, user_hi):
    server.script(Reply(text="It was on a Tuesday."))
    with client.stream(user_hi) as stream:
        tokens = list(stream)
    assert tokens == ["It", " was", " on", " a", " Tuesday."]
    assert stream.result.text == "It was on a Tuesday."
    assert stream.result.finish_reason == "stop"
    assert server.requests[0].body["stream"] is True
    assert server.requests[0].body["stream_options"] == {"include_usage": True}


def test_stream_assembles_tool_calls(client, server, user_hi):
    args = {"label": "trip planning", "description": "The user plans a trip to Porto in June."}
    server.script(Reply(tool_calls=[ScriptedToolCall("remember", args)]))
    stream = client.stream(user_hi, tools=[REMEMBER_TOOL])
    assert list(stream) == []
    assert stream.result.tool_calls[0].name == "remember"
    assert stream.result.tool_calls[0].arguments == args


def test_stream_result_before_the_end_is_an_error(client, server, user_hi):
    server.script(Reply(text="one two"))
    with client.stream(user_hi) as stream, pytest.raises(LLMError, match="read to the end"):
        _ = stream.result


def test_stream_errors_raise_when_it_is_opened(client, server, user_hi):
    server.script(Reply(status=400, error="context too long"))
    with pytest.raises(LLMBadRequestError, match="context too long"):
        client.stream(user_hi)


def test_stream_without_stream_options_support(server, user_hi):
    def refuse_stream_options(request: RecordedRequest) -> Reply:
        if "stream_options" in request.body:
            return Reply(status=400, error="Unrecognized request argument supplied: stream_options")
        return Reply(text="fine")

    server.default = refuse_stream_options
    with LLMClient(server.config(backoff=0.001)) as client:
        assert "".join(client.stream(user_hi)) == "fine"
        assert "".join(client.stream(user_hi)) == "fine"
    assert ["stream_options" in r.body for r in server.requests] == [True, False, False]


def test_usage_accumulates_over_chat_and_stream(client, server, user_hi):
    server.script(
        Reply(text="a", usage={"prompt_tokens": 10, "completion_tokens": 2, "total_tokens": 12}),
        Reply(text="b c", usage={"prompt_tokens": 5, "completion_tokens": 3, "total_tokens": 8}),
    )
    assert client.chat(user_hi).usage == Usage(10, 2, 12)
    list(client.stream(user_hi))
    assert client.usage == Usage(15, 5, 20)


def test_usage_counts_the_fake_servers_estimate(client, server, user_hi):
    server.script(Reply(text="Hello there, friend."))
    assert client.chat(user_hi).usage == Usage(prompt_tokens=1, completion_tokens=5, total_tokens=6)


def test_rate_limit_honours_retry_after_then_succeeds(client, server, user_hi):
    server.script(Reply(status=429, retry_after=0.2), Reply(text="ok"))
    started = time.monotonic()
    assert client.chat(user_hi).text == "ok"
    assert time.monotonic() - started >= 0.2
    assert len(server.requests) == 2


def test_rate_limit_with_a_long_retry_after_fails_at_once(client, server, user_hi):
    server.script(Reply(status=429, retry_after=3600), Reply(text="never"))
    with pytest.raises(LLMRateLimitError) as caught:
        client.chat(user_hi)
    assert caught.value.retry_after == 3600
    assert len(server.requests) == 1


def test_exhausted_quota_is_not_retried(client, server, user_hi):
    server.script(
        Reply(status=429, error="You exceeded your current quota", code="insufficient_quota")
    )
    with pytest.raises(LLMRateLimitError, match="quota"):
        client.chat(user_hi)
    assert len(server.requests) == 1


def test_server_error_is_retried(client, server, user_hi):
    server.script(Reply(status=500), Reply(text="recovered"))
    assert client.chat(user_hi).text == "recovered"
    assert len(server.requests) == 2


def test_retries_are_bounded(client, server, user_hi):
    server.script(Reply(status=503), Reply(status=502), Reply(status=500), Reply(text="too late"))
    with pytest.raises(LLMServerError) as caught:
        client.chat(user_hi)
    assert caught.value.status_code == 500
    assert len(server.requests) == 3  # the first attempt and max_retries=2


def test_timeout_is_retried(server, user_hi):
    server.script(Reply(text="slow", delay=1.0), Reply(text="fast"))
    with LLMClient(server.config(timeout=0.2, backoff=0.001)) as client:
        assert client.chat(user_hi).text == "fast"
    assert len(server.requests) == 2


def test_timeout_after_retries(server, user_hi):
    server.script(Reply(text="slow", delay=1.0), Reply(text="slow", delay=1.0))
    config = server.config(timeout=0.2, max_retries=1, backoff=0.001)
    with LLMClient(config) as client, pytest.raises(LLMTimeoutError, match="timeout") as caught:
        client.chat(user_hi)
    assert isinstance(caught.value, TimeoutError)


def test_unreachable_server_is_a_connection_error(user_hi):
    with FakeOpenAIServer() as gone:
        config = gone.config(max_retries=1, backoff=0.001)
    with LLMClient(config) as client, pytest.raises(LLMConnectionError, match="ollama serve"):
        client.chat(user_hi)


def test_wrong_key_is_an_auth_error_naming_the_variable(server, user_hi):
    config = LLMConfig(base_url=server.base_url, model="fake-model", api_key="wrong", backoff=0.001)
    with (
        LLMClient(config) as client,
        pytest.raises(LLMAuthError, match="LEMBRAR_LLM_API_KEY") as caught,
    ):
        client.chat(user_hi)
    assert caught.value.status_code == 401
    assert len(server.requests) == 1  # not retried


def test_missing_key_is_an_auth_error(server, user_hi):
    config = LLMConfig(base_url=server.base_url, model="fake-model")
    with LLMClient(config) as client, pytest.raises(LLMAuthError):
        client.chat(user_hi)
    assert "authorization" not in server.requests[0].headers


def test_unknown_model_names_the_model_and_url(server, user_hi):
    client = LLMClient(server.config(model="llama9"))
    with client, pytest.raises(LLMModelNotFoundError) as caught:
        client.chat(user_hi)
    message = str(caught.value)
    assert "'llama9'" in message and server.base_url in message and "ollama pull llama9" in message
    assert len(server.requests) == 1


def test_model_not_found_in_a_400_body(client, server, user_hi):
    server.script(Reply(status=400, error='model "llama9" not found, try pulling it first'))
    with pytest.raises(LLMModelNotFoundError):
        client.chat(user_hi)


def test_wrong_base_url_path_is_reported_as_not_found(server, user_hi):
    config = LLMConfig(
        base_url=server.base_url.removesuffix("/v1"), model="fake-model", api_key="sk-test-key"
    )
    with LLMClient(config) as client, pytest.raises(LLMModelNotFoundError, match="/v1"):
        client.chat(user_hi)


def test_malformed_completion_is_a_response_error(client, server, user_hi):
    from lembrar.llm import LLMResponseError

    server.script(Reply(body="<html>proxy error</html>"), Reply(body='{"choices": []}'))
    with pytest.raises(LLMResponseError, match="not JSON"):
        client.chat(user_hi)
    with pytest.raises(LLMResponseError, match="no choices"):
        client.chat(user_hi)


def test_models_lists_the_server_models(client):
    assert client.models() == ["fake-model"]


def test_works_through_an_httpx_transport():
    import httpx

    def handler(request: httpx.Request) -> httpx.Response:
        return httpx.Response(
            200, json={"choices": [{"message": {"content": "mocked"}, "finish_reason": "stop"}]}
        )

    config = LLMConfig(base_url="http://llm.invalid/v1", model="m")
    with LLMClient(config, transport=httpx.MockTransport(handler)) as client:
        assert client.chat([{"role": "user", "content": "hi"}]) == ChatResult(
            text="mocked", finish_reason="stop"
        )


def test_missing_httpx_names_the_extra(monkeypatch):
    monkeypatch.setitem(sys.modules, "httpx", None)
    with pytest.raises(MissingExtraError, match=r"lembrar\[llm\]"):
        LLMClient(LLMConfig(base_url="http://localhost:11434/v1", model="llama3.2"))


def test_repr_hides_the_key(client):
    assert "sk-test-key" not in repr(client) + repr(client.config)
