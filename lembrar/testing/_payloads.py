"""The JSON the fake server sends, in the shapes OpenAI's API uses. Pure functions."""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from lembrar.testing._script import RecordedRequest, Reply

_ERROR_TYPES = {401: "invalid_request_error", 429: "requests", 404: "invalid_request_error"}
_ERROR_MESSAGES = {
    400: "Bad request.",
    401: "Incorrect API key provided.",
    403: "You are not allowed to sample from this model.",
    404: "Not found.",
    429: "Rate limit reached for requests. Please try again later.",
    500: "The server had an error while processing your request. Sorry about that!",
    503: "The engine is currently overloaded, please try again later.",
}


def error_body(status: int, message: str | None = None, code: str | None = None) -> dict[str, Any]:
    """``{"error": {message, type, param, code}}`` as OpenAI sends it."""
    kind = "server_error" if status >= 500 else _ERROR_TYPES.get(status, "invalid_request_error")
    text = message or _ERROR_MESSAGES.get(status, f"Error {status}.")
    return {"error": {"message": text, "type": kind, "param": None, "code": code}}


def tokens(text: str) -> int:
    """A rough, deterministic token count: words and punctuation marks."""
    return len(re.findall(r"\w+|[^\w\s]", text))


def usage(request: RecordedRequest, reply: Reply) -> dict[str, int]:
    if reply.usage is not None:
        return dict(reply.usage)
    prompt = sum(
        tokens(str(m.get("content") or "")) for m in request.messages if isinstance(m, dict)
    )
    completion = tokens(reply.text or "") + sum(
        tokens(c.arguments_json()) for c in reply.tool_calls
    )
    return {
        "prompt_tokens": prompt,
        "completion_tokens": completion,
        "total_tokens": prompt + completion,
    }


def finish_reason(reply: Reply) -> str:
    return reply.finish_reason or ("tool_calls" if reply.tool_calls else "stop")


def _call_id(reply: Reply, index: int) -> str:
    return reply.tool_calls[index].id or f"call_{index}"


def completion(request: RecordedRequest, reply: Reply, number: int) -> dict[str, Any]:
    """A ``chat.completion`` object."""
    message: dict[str, Any] = {"role": "assistant", "content": reply.text, "refusal": None}
    if reply.tool_calls:
        message["tool_calls"] = [
            {
                "id": _call_id(reply, i),
                "type": "function",
                "function": {"name": call.name, "arguments": call.arguments_json()},
            }
            for i, call in enumerate(reply.tool_calls)
        ]
    return {
        **_header(request, number, "chat.completion"),
        "choices": [
            {
                "index": 0,
                "message": message,
                "logprobs": None,
                "finish_reason": finish_reason(reply),
            }
        ],
        "usage": usage(request, reply),
    }


def chunks(request: RecordedRequest, reply: Reply, number: int) -> Iterator[dict[str, Any]]:
    """The ``chat.completion.chunk`` objects of a streamed reply, usage last if asked for."""
    with_usage = bool((request.body.get("stream_options") or {}).get("include_usage"))
    header = {
        **_header(request, number, "chat.completion.chunk"),
        **({"usage": None} if with_usage else {}),
    }

    def chunk(delta: Mapping[str, Any], finish: str | None = None) -> dict[str, Any]:
        return {
            **header,
            "choices": [
                {"index": 0, "delta": dict(delta), "logprobs": None, "finish_reason": finish}
            ],
        }

    yield chunk({"role": "assistant", "content": ""})
    for piece in re.findall(r"\s*\S+|\s+", reply.text or ""):
        yield chunk({"content": piece})
    for index, call in enumerate(reply.tool_calls):
        for delta in _call_deltas(index, _call_id(reply, index), call.name, call.arguments_json()):
            yield chunk({"tool_calls": [delta]})
    yield chunk({}, finish_reason(reply))
    if with_usage:
        yield {**header, "choices": [], "usage": usage(request, reply)}


def _call_deltas(index: int, call_id: str, name: str, arguments: str) -> Iterator[dict[str, Any]]:
    yield {
        "index": index,
        "id": call_id,
        "type": "function",
        "function": {"name": name, "arguments": ""},
    }
    for start in range(0, len(arguments), 8):
        yield {"index": index, "function": {"arguments": arguments[start : start + 8]}}


def _header(request: RecordedRequest, number: int, kind: str) -> dict[str, Any]:
    return {
        "id": f"chatcmpl-fake-{number}",
        "object": kind,
        "created": int(time.time()),
        "model": request.model,
        "system_fingerprint": "fp_fake",
    }


def model_list(models: Sequence[str]) -> dict[str, Any]:
    return {
        "object": "list",
        "data": [{"id": m, "object": "model", "created": 0, "owned_by": "lembrar"} for m in models],
    }


def request_problem(body: Any, formats: Sequence[str]) -> str | None:
    """Why a chat request would be refused with 400, as OpenAI checks it; None if it is fine."""
    if not isinstance(body, dict):
        return "We could not parse the JSON body of your request."
    if not body.get("model"):
        return "you must provide a model parameter"
    messages = body.get("messages")
    if not isinstance(messages, list) or not messages:
        return "[] is too short - 'messages'"
    if not all(isinstance(m, dict) and m.get("role") in _ROLES for m in messages):
        return "Invalid value for 'messages': each message needs a role in " + ", ".join(_ROLES)
    return _format_problem(body.get("response_format"), messages, formats)


_ROLES = ("system", "developer", "user", "assistant", "tool")


def _format_problem(
    response_format: Any, messages: list[dict[str, Any]], formats: Sequence[str]
) -> str | None:
    if response_format is None:
        return None
    kind = response_format.get("type") if isinstance(response_format, dict) else None
    if kind not in formats:
        return f"Invalid parameter: 'response_format' of type '{kind}' is not supported."
    if kind == "json_schema" and not isinstance(
        (response_format.get("json_schema") or {}).get("schema"), dict
    ):
        return "Missing required parameter: 'response_format.json_schema.schema'."
    if kind == "json_object" and "json" not in json.dumps(messages).lower():
        return (
            "'messages' must contain the word 'json' in some form, to use 'response_format' of "
            "type 'json_object'."
        )
    return None
