"""The local model's OpenAI protocol, in-process and over HTTP, with llama.cpp stood in for.

The stand-in returns what ``llama_cpp.Llama.create_chat_completion`` returns and records the
options it was given, so these tests run without the runtime or a model file; the slow tier
(``test_local_model.py``) repeats the important ones against a real model.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from pydantic import BaseModel

from lembrar.llm import LLMBadRequestError, LLMClient, LLMConfig
from lembrar.llm.local.chat import DEFAULT_MAX_TOKENS, LocalChat, split_tool_calls
from lembrar.llm.local.transport import local_transport
from lembrar.testing import FakeOpenAIServer
from lembrar.testing.local_server import model_responder


class StandInLlama:
    """Answers ``create_chat_completion`` with queued texts, in llama-cpp-python's shape."""

    def __init__(self, *texts: str) -> None:
        self.texts = list(texts)
        self.calls: list[dict[str, Any]] = []

    def create_chat_completion(self, **options: Any) -> dict[str, Any]:
        self.calls.append(options)
        if len(json.dumps(options["messages"])) > 10_000:
            raise ValueError("Requested tokens (5000) exceed context window of 4096")
        text = self.texts.pop(0)
        return {
            "id": "chatcmpl-1",
            "object": "chat.completion",
            "created": 1,
            "model": "/m.gguf",
            "choices": [
                {
                    "index": 0,
                    "message": {"role": "assistant", "content": text},
                    "logprobs": None,
                    "finish_reason": "stop",
                }
            ],
            "usage": {"prompt_tokens": 12, "completion_tokens": 5, "total_tokens": 17},
        }


class Meeting(BaseModel):
    place: str
    day: str


def _client(llama: StandInLlama) -> LLMClient:
    chat = LocalChat(llama, "tiny", 4096)
    config = LLMConfig("http://local-model/v1", "tiny", max_retries=0)
    return LLMClient(config, transport=local_transport(chat))


@pytest.fixture
def llama() -> StandInLlama:
    return StandInLlama()


@pytest.fixture
def client(llama) -> Iterator[LLMClient]:
    with _client(llama) as llm:
        yield llm


def test_chat_returns_text_usage_and_model_name(client, llama):
    llama.texts.append("Hello!")
    result = client.chat([{"role": "user", "content": "hi"}])
    assert (result.text, result.model, result.finish_reason) == ("Hello!", "tiny", "stop")
    assert client.usage.total_tokens == 17
    assert llama.calls[0]["temperature"] == 0.0
    assert llama.calls[0]["max_tokens"] == DEFAULT_MAX_TOKENS


def test_structured_output_sends_the_schema_as_a_grammar(client, llama):
    llama.texts.append('{"place": "Lisbon", "day": "2024-05-19"}')
    meeting = client.structured([{"role": "user", "content": "where?"}], Meeting)
    assert meeting == Meeting(place="Lisbon", day="2024-05-19")
    sent = llama.calls[0]["response_format"]
    assert sent["type"] == "json_object"
    assert sent["schema"]["properties"].keys() == {"place", "day"}


def test_a_reply_off_the_schema_is_asked_again(client, llama):
    llama.texts += ['{"place": "Lisbon"}', '{"place": "Lisbon", "day": "Sunday"}']
    assert client.structured([{"role": "user", "content": "where?"}], Meeting).day == "Sunday"
    assert "day" in llama.calls[1]["messages"][-1]["content"]


def test_a_prompt_past_the_context_is_a_bad_request(client, llama):
    with pytest.raises(LLMBadRequestError, match="context window"):
        client.chat([{"role": "user", "content": "x" * 20_000}])


def test_tool_calls_written_in_tags_come_back_as_tool_calls(client, llama):
    llama.texts.append(
        'Let me look.\n<tool_call>\n{"name": "recall", "arguments": '
        '{"query": "trip"}}\n</tool_call>'
    )
    tools = [{"type": "function", "function": {"name": "recall", "parameters": {}}}]
    result = client.chat([{"role": "user", "content": "my trip?"}], tools=tools)
    assert [(c.name, c.arguments) for c in result.tool_calls] == [("recall", {"query": "trip"})]
    assert result.text == "Let me look." and result.finish_reason == "tool_calls"
    assert llama.calls[0]["tools"] == tools


def test_tool_choice_none_hides_the_tools(client, llama):
    llama.texts.append("plain")
    tools = [{"type": "function", "function": {"name": "recall", "parameters": {}}}]
    client.chat([{"role": "user", "content": "hi"}], tools=tools, tool_choice="none")
    assert "tools" not in llama.calls[0]


def test_stream_yields_the_text_and_the_usage(client, llama):
    llama.texts.append("one two three")
    with client.stream([{"role": "user", "content": "count"}]) as stream:
        pieces = list(stream)
    assert "".join(pieces) == "one two three" and len(pieces) == 3
    assert stream.result.usage.completion_tokens == 5


def test_models_lists_the_local_model(client):
    assert client.models() == ["tiny"]


@pytest.mark.parametrize(
    ("body", "problem"),
    [
        ({"model": "tiny"}, "messages"),
        ({"model": "tiny", "messages": []}, "empty"),
        ({"model": "tiny", "messages": [{"role": "robot", "content": "x"}]}, "role"),
        (
            {"model": "tiny", "messages": [{"role": "user", "content": "x"}], "temperature": -1},
            "temperature",
        ),
        (
            {
                "model": "tiny",
                "messages": [{"role": "user", "content": "x"}],
                "response_format": {"type": "yaml"},
            },
            "response_format",
        ),
    ],
)
def test_malformed_requests_get_a_400_naming_the_problem(llama, body, problem):
    response = httpx.Client(transport=local_transport(LocalChat(llama, "tiny", 4096))).post(
        "http://local-model/v1/chat/completions", json=body
    )
    assert response.status_code == 400
    assert problem in response.json()["error"]["message"]
    assert llama.calls == []


def test_split_tool_calls_skips_broken_blocks():
    text, calls = split_tool_calls('<tool_call>{"name": oops}</tool_call> hi')
    assert calls == [] and text == '<tool_call>{"name": oops}</tool_call> hi'


def test_the_http_endpoint_serves_the_same_answers(llama):
    llama.texts += ["Hello!", '{"place": "Porto", "day": "Monday"}', "a b"]
    chat = LocalChat(llama, "tiny", 4096)
    with (
        FakeOpenAIServer(models=["tiny"], default=model_responder(chat)) as server,
        LLMClient(server.config(max_retries=0)) as llm,
    ):
        assert llm.chat([{"role": "user", "content": "hi"}]).text == "Hello!"
        assert llm.structured([{"role": "user", "content": "?"}], Meeting).place == "Porto"
        with llm.stream([{"role": "user", "content": "x"}]) as stream:
            assert "".join(stream) == "a b"
        assert llm.usage.prompt_tokens == 36
        assert server.requests[1].body["response_format"]["type"] == "json_schema"
    assert llama.calls[1]["response_format"]["schema"]["required"] == ["place", "day"]


def test_the_http_endpoint_answers_bad_requests_with_400(llama):
    chat = LocalChat(llama, "tiny", 4096)
    with (
        FakeOpenAIServer(models=["tiny"], default=model_responder(chat)) as server,
        LLMClient(server.config(max_retries=0)) as llm,
        pytest.raises(LLMBadRequestError, match="context window"),
    ):
        llm.chat([{"role": "user", "content": "x" * 20_000}])
