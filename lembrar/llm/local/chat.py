"""OpenAI chat-completion requests answered by a llama.cpp model: dicts in, dicts out.

What a request may ask and how it is served:

* ``response_format`` ``json_schema`` or ``json_object`` with a schema: the reply is
  constrained by a grammar built from the schema; ``json_object`` alone: any JSON object;
* ``tools``: shown to the model through its chat template; calls it writes as
  ``<tool_call>{"name": ..., "arguments": ...}</tool_call>`` (the Qwen / Hermes convention)
  come back as ``tool_calls``; a ``tool_choice`` naming a function forces that call;
* ``temperature`` defaults to 0 (greedy, so that runs repeat) and ``max_tokens`` to
  :data:`DEFAULT_MAX_TOKENS`;
* ``stream``: the reply is generated whole, then sent as chunks.

One call at a time per model (llama.cpp contexts are not thread-safe): concurrent requests
wait for each other.
"""

from __future__ import annotations

import json
import re
import threading
import time
import uuid
from collections.abc import Iterator, Mapping
from typing import Any

__all__ = ["DEFAULT_MAX_TOKENS", "BadChatRequest", "LocalChat"]

DEFAULT_MAX_TOKENS = 1024

_TOOL_CALL = re.compile(r"<tool_call>\s*(\{.*?\})\s*</tool_call>", re.DOTALL)
_SAMPLING = ("top_p", "stop", "seed", "presence_penalty", "frequency_penalty")


class BadChatRequest(ValueError):
    """A request the model cannot serve; answered with HTTP 400 and this message."""


class LocalChat:
    """One loaded llama.cpp model answering chat-completion bodies."""

    def __init__(self, llama: Any, name: str, context: int) -> None:
        self.llama = llama
        self.name = name
        self.context = context
        self._lock = threading.Lock()

    def complete(self, body: Any) -> dict[str, Any]:
        """The ``chat.completion`` object answering ``body``; BadChatRequest if it cannot."""
        options = self._options(body)
        started = time.perf_counter()
        with self._lock:
            try:
                raw = self.llama.create_chat_completion(**options)
            except ValueError as exc:  # prompt longer than the context, bad grammar...
                raise BadChatRequest(str(exc)) from exc
        return self._completion(raw, bool(options.get("tools")), time.perf_counter() - started)

    def chunks(self, body: Any) -> Iterator[dict[str, Any]]:
        """The ``chat.completion.chunk`` objects of the answer, usage last when asked for."""
        whole = self.complete(body)
        with_usage = bool((body.get("stream_options") or {}).get("include_usage"))
        return _chunks(whole, with_usage)

    def model_list(self) -> dict[str, Any]:
        return {
            "object": "list",
            "data": [{"id": self.name, "object": "model", "created": 0, "owned_by": "local"}],
        }

    def _options(self, body: Any) -> dict[str, Any]:
        if not isinstance(body, dict) or not isinstance(body.get("messages"), list):
            raise BadChatRequest("the body needs 'messages', a list of chat messages")
        if not body["messages"]:
            raise BadChatRequest("'messages' is empty")
        options: dict[str, Any] = {
            "messages": [_message(m) for m in body["messages"]],
            "temperature": _number(body, "temperature", 0.0),
            "max_tokens": int(_number(body, "max_tokens", DEFAULT_MAX_TOKENS)),
        }
        options.update({key: body[key] for key in _SAMPLING if body.get(key) is not None})
        response_format = _response_format(body.get("response_format"))
        if response_format is not None:
            options["response_format"] = response_format
        tools, choice = body.get("tools"), body.get("tool_choice")
        if tools and choice != "none":
            options["tools"] = tools
            if isinstance(choice, dict):
                options["tool_choice"] = choice
        return options

    def _completion(self, raw: dict[str, Any], tools: bool, seconds: float) -> dict[str, Any]:
        choice = raw["choices"][0]
        message = dict(choice["message"])
        finish = choice.get("finish_reason") or "stop"
        if tools and not message.get("tool_calls"):
            text, calls = split_tool_calls(message.get("content") or "")
            if calls:
                message = {"role": "assistant", "content": text or None, "tool_calls": calls}
                finish = "tool_calls"
        message.setdefault("role", "assistant")
        return {
            "id": raw.get("id") or f"chatcmpl-{uuid.uuid4().hex}",
            "object": "chat.completion",
            "created": int(raw.get("created") or time.time()),
            "model": self.name,
            "choices": [
                {"index": 0, "message": message, "logprobs": None, "finish_reason": finish}
            ],
            "usage": raw.get("usage") or {},
            "timings": {"seconds": round(seconds, 3)},
        }


def split_tool_calls(text: str) -> tuple[str, list[dict[str, Any]]]:
    """The text around ``<tool_call>`` blocks and the calls they hold, in the OpenAI shape."""
    calls = []
    for found in _TOOL_CALL.finditer(text):
        try:
            data = json.loads(found.group(1))
        except json.JSONDecodeError:
            continue
        if isinstance(data, dict) and isinstance(data.get("name"), str):
            arguments = data.get("arguments", {})
            calls.append(
                {
                    "id": f"call_{uuid.uuid4().hex[:12]}",
                    "type": "function",
                    "function": {"name": data["name"], "arguments": json.dumps(arguments)},
                }
            )
    rest = _TOOL_CALL.sub("", text).strip() if calls else text
    return rest, calls


def _message(raw: Any) -> dict[str, Any]:
    if not isinstance(raw, dict) or raw.get("role") not in ("system", "user", "assistant", "tool"):
        raise BadChatRequest(
            f"each message needs a role of system, user, assistant or tool: {raw!r:.120}"
        )
    message = dict(raw)
    content = message.get("content")
    if isinstance(content, list):  # text parts, as some clients send them
        message["content"] = "".join(p.get("text", "") for p in content if isinstance(p, dict))
    elif content is None:
        message["content"] = ""
    return message


def _number(body: Mapping[str, Any], key: str, default: float) -> float:
    value = body.get(key)
    if value is None:
        return default
    if isinstance(value, bool) or not isinstance(value, (int, float)) or value < 0:
        raise BadChatRequest(f"'{key}' must be a non-negative number, not {value!r}")
    return float(value)


def _response_format(raw: Any) -> dict[str, Any] | None:
    """OpenAI's ``response_format`` as llama-cpp-python spells it (schema inside json_object)."""
    if raw is None:
        return None
    kind = raw.get("type") if isinstance(raw, dict) else None
    if kind == "text":
        return None
    if kind == "json_object":
        return {"type": "json_object", **({"schema": raw["schema"]} if "schema" in raw else {})}
    if kind == "json_schema":
        schema = (raw.get("json_schema") or {}).get("schema")
        if not isinstance(schema, dict):
            raise BadChatRequest("response_format json_schema needs json_schema.schema, an object")
        return {"type": "json_object", "schema": schema}
    raise BadChatRequest(
        f"unknown response_format type {kind!r}: use text, json_object or json_schema"
    )


def _chunks(whole: dict[str, Any], with_usage: bool) -> Iterator[dict[str, Any]]:
    header = {key: whole[key] for key in ("id", "created", "model")}
    header["object"] = "chat.completion.chunk"
    choice = whole["choices"][0]
    message = choice["message"]

    def chunk(delta: dict[str, Any], finish: str | None = None) -> dict[str, Any]:
        return {**header, "choices": [{"index": 0, "delta": delta, "finish_reason": finish}]}

    yield chunk({"role": "assistant", "content": ""})
    for piece in re.findall(r"\s*\S+|\s+", message.get("content") or ""):
        yield chunk({"content": piece})
    for index, call in enumerate(message.get("tool_calls") or ()):
        yield chunk({"tool_calls": [{**call, "index": index}]})
    yield chunk({}, choice["finish_reason"])
    if with_usage:
        yield {**header, "choices": [], "usage": whole["usage"]}
