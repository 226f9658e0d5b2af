"""What a chat call returns: plain frozen data, no I/O."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

__all__ = ["ChatResult", "Message", "ToolCall", "Usage"]

Message = dict[str, Any]
"""A chat message as the OpenAI protocol spells it: ``{"role": "user", "content": "..."}``."""


@dataclass(frozen=True)
class Usage:
    """Token counts; ``a + b`` adds them up."""

    prompt_tokens: int = 0
    completion_tokens: int = 0
    total_tokens: int = 0

    def __add__(self, other: Usage) -> Usage:
        return Usage(
            self.prompt_tokens + other.prompt_tokens,
            self.completion_tokens + other.completion_tokens,
            self.total_tokens + other.total_tokens,
        )

    @classmethod
    def from_wire(cls, data: Any) -> Usage:
        """The ``usage`` object of a response; missing or malformed counts are 0."""
        if not isinstance(data, dict):
            return cls()
        prompt = _count(data.get("prompt_tokens"))
        completion = _count(data.get("completion_tokens"))
        total = _count(data.get("total_tokens")) or prompt + completion
        return cls(prompt, completion, total)


def _count(value: Any) -> int:
    return value if isinstance(value, int) and value >= 0 else 0


@dataclass(frozen=True)
class ToolCall:
    """A function the model asked to call; ``arguments`` is the parsed JSON object."""

    name: str
    arguments: Any
    id: str = ""

    def as_wire(self) -> dict[str, Any]:
        """The call as it goes back to the server in the assistant message."""
        return {
            "id": self.id,
            "type": "function",
            "function": {"name": self.name, "arguments": json.dumps(self.arguments)},
        }


@dataclass(frozen=True)
class ChatResult:
    """One completion: the text, the tool calls, why it stopped and what it cost."""

    text: str
    tool_calls: tuple[ToolCall, ...] = ()
    finish_reason: str | None = None
    usage: Usage = field(default_factory=Usage)
    model: str = ""

    def as_message(self) -> Message:
        """The assistant message to append to the conversation before sending tool results."""
        message: Message = {"role": "assistant", "content": self.text or None}
        if self.tool_calls:
            message["tool_calls"] = [call.as_wire() for call in self.tool_calls]
        return message
