"""What the fake server is told to answer, and what it records: plain data."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

__all__ = ["RecordedRequest", "Reply", "Responder", "ScriptedToolCall"]


@dataclass(frozen=True)
class ScriptedToolCall:
    """A tool call in a scripted reply; ``arguments``: an object, or a raw (maybe broken) string."""

    name: str
    arguments: Mapping[str, Any] | str = field(default_factory=dict)
    id: str | None = None

    def arguments_json(self) -> str:
        return self.arguments if isinstance(self.arguments, str) else json.dumps(self.arguments)


@dataclass(frozen=True)
class Reply:
    """One scripted answer of the fake server.

    * ``text`` and ``tool_calls``: the assistant message (streamed when the request asks);
    * ``status`` >= 400 with ``error`` (and ``code``): an error in OpenAI's shape;
    * ``body``: sent as it is instead (malformed JSON, a proxy's HTML page...);
    * ``delay``: seconds to wait before answering (longer than the client timeout = a timeout);
    * ``retry_after``: a ``Retry-After`` header, in seconds;
    * ``finish_reason`` and ``usage``: override the ones derived from the reply.
    """

    text: str | None = None
    tool_calls: Sequence[ScriptedToolCall] = ()
    status: int = 200
    error: str | None = None
    code: str | None = None
    body: str | bytes | None = None
    delay: float = 0.0
    retry_after: float | None = None
    finish_reason: str | None = None
    usage: Mapping[str, int] | None = None
    headers: Mapping[str, str] = field(default_factory=dict)

    @classmethod
    def json(cls, value: Any, **kwargs: Any) -> Reply:
        """A reply whose text is ``value`` as JSON (a structured-output answer)."""
        return cls(text=json.dumps(value), **kwargs)


@dataclass(frozen=True)
class RecordedRequest:
    """A request the fake server received: lower-case ``headers``, ``body`` as parsed JSON."""

    method: str
    path: str
    headers: Mapping[str, str]
    body: Any
    raw: bytes = b""

    @property
    def messages(self) -> list[dict[str, Any]]:
        return list(self.body.get("messages") or []) if isinstance(self.body, dict) else []

    @property
    def model(self) -> str | None:
        return self.body.get("model") if isinstance(self.body, dict) else None

    @property
    def stream(self) -> bool:
        return bool(self.body.get("stream")) if isinstance(self.body, dict) else False


Responder = Reply | Callable[[RecordedRequest], Reply]
"""A scripted reply, or a function computing one from the request."""
