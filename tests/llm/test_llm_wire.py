"""Pure parts of the client: JSON repair, SSE parsing, retry timing, error mapping."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from lembrar.llm import LLMResponseError
from lembrar.llm.jsonrepair import repair_json
from lembrar.llm.protocol import StreamAccumulator, error_message, parse_completion
from lembrar.llm.retry import MAX_BACKOFF, backoff_delay, retry_after
from lembrar.llm.sse import iter_events


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ('{"a": 1}', {"a": 1}),
        ('```json\n{"a": [1, 2,],}\n```', {"a": [1, 2]}),
        ("```\n[1, 2]\n```", [1, 2]),
        ("{'a': 'it\\'s', 'b': True, 'c': None}", {"a": "it's", "b": True, "c": None}),
        ('Here you go: {"a": {"b": "x"}} Hope that helps!', {"a": {"b": "x"}}),
        ('{"a": {"b": [1, 2', {"a": {"b": [1, 2]}}),
        ('{"a": "cut here', {"a": "cut here"}),
        ('{"a": 1, "b"', {"a": 1}),
        ('{"a": 1, "b":', {"a": 1, "b": None}),
        ('{name: "x", ok: false}', {"name": "x", "ok": False}),
        ('{"t": "line1\nline2"}', {"t": "line1\nline2"}),
        ('{"a": [1, 2}', {"a": [1, 2]}),
        ('{"q": "say \\"hi\\" {not a brace}"}', {"q": 'say "hi" {not a brace}'}),
    ],
)
def test_repair_json(text, value):
    assert repair_json(text) == value


@pytest.mark.parametrize("text", ["no json at all", '{"a": }', ""])
def test_repair_json_gives_up(text):
    with pytest.raises(ValueError):
        repair_json(text)


def test_sse_events():
    lines = [
        ": keep-alive",
        "",
        'data: {"a": 1}',
        "",
        "event: message",
        'data: {"b":',
        "data: 2}",
        "",
        "data: [DONE]",
        "",
        'data: {"after": "done"}',
        "",
    ]
    assert list(iter_events(lines)) == [{"a": 1}, {"b": 2}]


def test_sse_event_that_is_not_json():
    with pytest.raises(LLMResponseError):
        list(iter_events(["data: {oops", ""]))


def test_stream_error_event():
    with pytest.raises(LLMResponseError, match="overloaded"):
        StreamAccumulator().feed({"error": {"message": "overloaded"}})


def test_stream_tool_call_without_index():
    accumulator = StreamAccumulator()
    accumulator.feed(
        {
            "choices": [
                {"delta": {"tool_calls": [{"function": {"name": "f", "arguments": {"x": 1}}}]}}
            ]
        }
    )
    assert accumulator.result().tool_calls[0].arguments == {"x": 1}


def test_completion_with_content_parts():
    data = {
        "choices": [
            {"message": {"content": [{"type": "text", "text": "a"}, {"type": "text", "text": "b"}]}}
        ]
    }
    assert parse_completion(data).text == "ab"


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ('{"error": {"message": "bad key", "type": "x"}}', "bad key"),
        ('{"error": "model not found"}', "model not found"),
        ('{"object": "error", "message": "vllm says no"}', "vllm says no"),
        ('{"detail": "fastapi says no"}', "fastapi says no"),
        ("plain text", "plain text"),
        ("", "(empty body)"),
    ],
)
def test_error_message(body, message):
    assert error_message(body) == message


def test_backoff_grows_with_jitter_and_is_capped():
    assert backoff_delay(0, 1.0, rng=lambda: 0.0) == 0.5
    assert backoff_delay(0, 1.0, rng=lambda: 1.0) == 1.0
    assert backoff_delay(3, 1.0, rng=lambda: 1.0) == 8.0
    assert backoff_delay(20, 1.0, rng=lambda: 1.0) == MAX_BACKOFF


def test_retry_after_headers():
    now = datetime(2024, 5, 14, 12, 0, 0, tzinfo=UTC)
    assert retry_after({"retry-after": "2"}) == 2.0
    assert retry_after({"retry-after": "0.5"}) == 0.5
    assert retry_after({"retry-after-ms": "250", "retry-after": "9"}) == 0.25
    assert retry_after({"retry-after": "Tue, 14 May 2024 12:00:30 GMT"}, now=now) == 30.0
    assert retry_after({"retry-after": "soon"}) is None
    assert retry_after({}) is None
