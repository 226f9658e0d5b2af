"""The OpenAI chat-completions wire format, written once for every compatible server.

Pure functions: request bodies in, results and errors out; no I/O.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from lembrar.llm.errors import (
    LLMAuthError,
    LLMBadRequestError,
    LLMModelNotFoundError,
    LLMRateLimitError,
    LLMResponseError,
    LLMServerError,
    LLMStatusError,
)
from lembrar.llm.jsonrepair import repair_json
from lembrar.llm.retry import is_retryable
from lembrar.llm.types import ChatResult, ToolCall, Usage

__all__ = [
    "StreamAccumulator",
    "chat_body",
    "error_message",
    "parse_completion",
    "parse_tool_call",
    "retryable",
    "status_error",
]

_MISSING_MODEL = re.compile(r"model[^.]{0,80}?(not found|does not exist)|model_not_found", re.I)


def chat_body(model: str, messages: Sequence[Mapping[str, Any]], **options: Any) -> dict[str, Any]:
    """The JSON body of ``POST /chat/completions``; options that are None are left out."""
    body: dict[str, Any] = {"model": model, "messages": [dict(m) for m in messages]}
    body.update({key: value for key, value in options.items() if value is not None})
    return body


def parse_completion(data: Any) -> ChatResult:
    """A non-streamed completion; LLMResponseError when it lacks what every server sends."""
    choice = _first_choice(data)
    message = choice.get("message")
    if not isinstance(message, dict):
        raise LLMResponseError(f"the completion has no message: {_preview(data)}")
    return ChatResult(
        text=_text(message.get("content")),
        tool_calls=tuple(parse_tool_call(raw) for raw in message.get("tool_calls") or ()),
        finish_reason=choice.get("finish_reason"),
        usage=Usage.from_wire(data.get("usage")),
        model=str(data.get("model") or ""),
    )


def _first_choice(data: Any) -> dict[str, Any]:
    if isinstance(data, dict) and isinstance(data.get("error"), (dict, str)):
        raise LLMResponseError(
            f"the server answered with an error: {error_message(json.dumps(data))}"
        )
    choices = data.get("choices") if isinstance(data, dict) else None
    if not choices or not isinstance(choices[0], dict):
        raise LLMResponseError(f"the completion has no choices: {_preview(data)}")
    return choices[0]


def _text(content: Any) -> str:
    """Message content: a string, or a list of ``{"type": "text", "text": ...}`` parts."""
    if isinstance(content, list):
        return "".join(part.get("text", "") for part in content if isinstance(part, dict))
    return content if isinstance(content, str) else ""


def parse_tool_call(raw: Any) -> ToolCall:
    """A tool call with its JSON arguments parsed (and repaired if the model garbled them)."""
    function = raw.get("function") if isinstance(raw, dict) else None
    if not isinstance(function, dict) or not function.get("name"):
        raise LLMResponseError(f"a tool call has no function name: {_preview(raw)}")
    return ToolCall(
        name=function["name"],
        arguments=_arguments(function["name"], function.get("arguments")),
        id=str(raw.get("id") or ""),
    )


def _arguments(name: str, raw: Any) -> Any:
    if not isinstance(raw, str):
        return raw if raw is not None else {}
    if not raw.strip():
        return {}
    try:
        return json.loads(raw)
    except json.JSONDecodeError:
        pass
    try:
        return repair_json(raw)
    except ValueError as exc:
        raise LLMResponseError(
            f"the arguments of tool call {name!r} are not JSON: {raw[:200]!r}"
        ) from exc


@dataclass
class _PartialCall:
    id: str = ""
    name: str = ""
    arguments: list[str] = field(default_factory=list)


class StreamAccumulator:
    """Assembles streamed chunks: ``feed`` returns each text delta, ``result`` the whole answer."""

    def __init__(self) -> None:
        self._text: list[str] = []
        self._calls: dict[int, _PartialCall] = {}
        self._finish: str | None = None
        self._usage = Usage()
        self._model = ""

    def feed(self, chunk: Any) -> str:
        if not isinstance(chunk, dict):
            raise LLMResponseError(
                f"the stream sent an event that is not an object: {_preview(chunk)}"
            )
        if chunk.get("error"):
            raise LLMResponseError(f"the stream failed: {error_message(json.dumps(chunk))}")
        self._model = self._model or str(chunk.get("model") or "")
        if chunk.get("usage"):
            self._usage = Usage.from_wire(chunk["usage"])
        choices = chunk.get("choices") or []
        return self._feed_choice(choices[0]) if choices and isinstance(choices[0], dict) else ""

    def _feed_choice(self, choice: dict[str, Any]) -> str:
        self._finish = choice.get("finish_reason") or self._finish
        delta = choice.get("delta") or {}
        for position, raw in enumerate(delta.get("tool_calls") or ()):
            self._feed_call(raw.get("index", position), raw)
        text = _text(delta.get("content"))
        self._text.append(text)
        return text

    def _feed_call(self, index: int, raw: dict[str, Any]) -> None:
        call = self._calls.setdefault(index, _PartialCall())
        function = raw.get("function") or {}
        call.id = call.id or str(raw.get("id") or "")
        call.name = call.name or str(function.get("name") or "")
        arguments = function.get("arguments")
        call.arguments.append(
            arguments if isinstance(arguments, str) else json.dumps(arguments or {})
        )

    def result(self) -> ChatResult:
        calls = [self._calls[i] for i in sorted(self._calls)]
        return ChatResult(
            text="".join(self._text),
            tool_calls=tuple(
                ToolCall(c.name, _arguments(c.name, "".join(c.arguments)), c.id) for c in calls
            ),
            finish_reason=self._finish,
            usage=self._usage,
            model=self._model,
        )


def error_message(body: str) -> str:
    """What an error body says, in the shapes servers use (OpenAI's, Ollama's, vLLM's, text)."""
    try:
        data = json.loads(body)
    except (json.JSONDecodeError, TypeError):
        return body.strip()[:500] or "(empty body)"
    if isinstance(data, dict):
        error = data.get("error", data)
        if isinstance(error, dict):
            error = error.get("message") or error.get("detail") or error
        message = error if isinstance(error, str) else data.get("message") or data.get("detail")
        if message:
            return str(message)[:500]
    return body.strip()[:500]


def retryable(status: int, body: str) -> bool:
    """Whether another attempt may succeed: not when the account is out of quota."""
    return is_retryable(status) and "insufficient_quota" not in body


def status_error(
    status: int, body: str, *, base_url: str, model: str, retry_after: float | None = None
) -> LLMStatusError:
    """The error for an HTTP error status, saying what to change."""
    said = error_message(body)
    if status in (401, 403):
        return LLMAuthError(
            f"{base_url} refused the API key ({status}: {said}); set LEMBRAR_LLM_API_KEY "
            "(or OPENAI_API_KEY for OpenAI) to a valid key",
            status_code=status,
            body=body,
        )
    if status == 404 or (400 <= status < 500 and _MISSING_MODEL.search(said)):
        return LLMModelNotFoundError(
            f"model {model!r} not found at {base_url} ({status}: {said}); check LEMBRAR_LLM_MODEL "
            f"and LEMBRAR_LLM_BASE_URL (which usually ends in /v1); with Ollama, run "
            f"`ollama pull {model}`",
            status_code=status,
            body=body,
        )
    if status == 429:
        return LLMRateLimitError(
            f"{base_url} is rate limiting requests (429: {said})",
            body=body,
            retry_after=retry_after,
        )
    kind = LLMServerError if status >= 500 else LLMBadRequestError
    return kind(f"{base_url} answered {status}: {said}", status_code=status, body=body)


def _preview(data: Any) -> str:
    return repr(data)[:200]
