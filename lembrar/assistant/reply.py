"""What one assistant turn returns: plain frozen data, and the stream that ends with it."""

from __future__ import annotations

from collections.abc import Generator, Iterator
from dataclasses import dataclass, field
from typing import Any

from lembrar.context import ContextBlock
from lembrar.llm.types import Usage
from lembrar.model.episode import Episode

__all__ = ["Reply", "ReplyStream", "ToolRun", "UsedMemory"]


@dataclass(frozen=True)
class UsedMemory:
    """A memory the model was shown: from the context block (``via="context"``) or a tool.

    ``kind`` is the context section (``retrieved``, ``saved``, ``insights``, ``recent``...) or
    ``recall``; ``id`` is the episode's or saved memory's id when it has one.
    """

    kind: str
    text: str
    id: str | None = None
    when: str | None = None
    score: float | None = None
    via: str = "context"


@dataclass(frozen=True)
class ToolRun:
    """One tool call the model made and what it got back (``error`` set when it failed)."""

    name: str
    arguments: Any
    result: Any
    error: str | None = None
    id: str = ""


@dataclass(frozen=True)
class Reply:
    """The assistant's answer to one message.

    ``episodes`` are what the turn stored: the user's message, the reply and, with capture on,
    a memory record. ``memories`` are those shown to the model, in the order it saw them.
    """

    text: str
    memories: tuple[UsedMemory, ...] = ()
    tool_calls: tuple[ToolRun, ...] = ()
    episodes: tuple[Episode, ...] = ()
    context: ContextBlock | None = None
    usage: Usage = field(default_factory=Usage)


class ReplyStream(Iterator[str]):
    """Iterate for the reply's text as it is generated; then ``reply`` holds the whole turn.

    The turn is stored once the stream has been read to the end; closing it early stores
    nothing.
    """

    def __init__(self, turn: Generator[str, None, Reply]) -> None:
        self._turn = turn
        self._reply: Reply | None = None

    def __iter__(self) -> ReplyStream:
        return self

    def __next__(self) -> str:
        if self._reply is not None:
            raise StopIteration
        try:
            return next(self._turn)
        except StopIteration as done:
            self._reply = done.value
            raise

    @property
    def reply(self) -> Reply:
        if self._reply is None:
            raise RuntimeError("the reply is not complete; iterate the stream to the end first")
        return self._reply

    def close(self) -> None:
        self._turn.close()

    def __enter__(self) -> ReplyStream:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
