"""One chat turn as a sequence of events: the reply's text as it comes, then the whole turn
(the memories the model was shown, the tools it ran: a fact remembered, something forgotten).

Events are ``(name, data)`` pairs: ``delta`` ``{"text"}``, then ``done`` (see
:func:`turn_summary`) or ``error`` ``{"code", "message"}``; nothing is stored for a turn
that ends in an error.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import asdict
from typing import TYPE_CHECKING, Any

from lembrar.errors import LembrarError

if TYPE_CHECKING:
    from lembrar.assistant import Assistant, Reply

__all__ = ["turn_events", "turn_summary"]

Event = tuple[str, dict[str, Any]]


def turn_events(assistant: Assistant, message: str) -> Iterator[Event]:
    """The events of one turn of ``assistant`` answering ``message``."""
    stream = assistant.stream(message)
    try:
        for text in stream:
            if text:
                yield "delta", {"text": text}
    except LembrarError as exc:
        yield "error", {"code": type(exc).__name__, "message": str(exc)}
        return
    finally:
        stream.close()
    yield "done", turn_summary(assistant, stream.reply)


def turn_summary(assistant: Assistant, reply: Reply) -> dict[str, Any]:
    """The finished turn: its text, session, stored episodes, memories used and tool runs."""
    return {
        "session_id": assistant.session_id,
        "text": reply.text,
        "episodes": [e.id for e in reply.episodes],
        "memories": [asdict(m) for m in reply.memories],
        "tool_calls": [
            {"name": r.name, "arguments": r.arguments, "result": r.result, "error": r.error}
            for r in reply.tool_calls
        ],
    }
