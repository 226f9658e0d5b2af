"""The tools the assistant offers the model, from the shared catalogue (``lembrar.tools``):
``remember``, ``recall`` and ``forget``, and ``facts`` and ``entities`` where the store keeps a
knowledge graph.

Each tool answers with a JSON object; a bad call (unknown tool, bad arguments, unknown id)
answers ``{"error": "..."}`` so the model can correct itself, and never raises.
"""

from __future__ import annotations

import json
from datetime import datetime
from typing import TYPE_CHECKING, Any

from lembrar.assistant.reply import ToolRun, UsedMemory
from lembrar.errors import LembrarError, ValidationError
from lembrar.llm.types import ToolCall
from lembrar.model.episode import Episode
from lembrar.tools import ToolRunner, openai_tool

if TYPE_CHECKING:
    from lembrar.memory import Memory

__all__ = [
    "ASSISTANT_TOOLS",
    "FORGET",
    "GRAPH_TOOLS",
    "RECALL",
    "REMEMBER",
    "Toolbox",
    "result_content",
]

ASSISTANT_TOOLS = ("remember", "recall", "forget")
GRAPH_TOOLS = ("facts", "entities")  # offered where the store keeps a knowledge graph
REMEMBER: dict[str, Any] = openai_tool("remember")
RECALL: dict[str, Any] = openai_tool("recall")
FORGET: dict[str, Any] = openai_tool("forget")


class Toolbox:
    """Runs the model's tool calls for one user against a ``Memory``."""

    def __init__(self, memory: Memory, user_id: str, turn: Episode | None = None) -> None:
        self.runner = ToolRunner(memory, user_id, turn=turn)
        self.names = ASSISTANT_TOOLS + (GRAPH_TOOLS if memory.graph.available else ())
        self.schemas = [openai_tool(name) for name in self.names]

    @property
    def recalled(self) -> list[UsedMemory]:
        """What ``recall`` returned so far, as memories shown to the model."""
        return [_used(episode, score) for episode, score in self.runner.recalled]

    def run(self, call: ToolCall, now: datetime) -> ToolRun:
        """The call's result, or its error as the model will read it."""
        try:
            if call.name not in self.names:
                raise ValidationError(
                    "name", f"unknown tool {call.name!r}; use {sorted(self.names)}"
                )
            result = self.runner.call(call.name, call.arguments, now)
        except LembrarError as exc:
            return ToolRun(call.name, call.arguments, {"error": str(exc)}, str(exc), call.id)
        return ToolRun(call.name, call.arguments, result, None, call.id)


def result_content(run: ToolRun) -> str:
    """The tool message's content: the result as JSON."""
    return json.dumps(run.result, ensure_ascii=False, default=str)


def _used(episode: Episode, score: float | None) -> UsedMemory:
    tags = episode.tags
    return UsedMemory(
        "recall", episode.content, episode.id, f"{tags.local:%Y-%m-%d %H:%M}", score, via="recall"
    )
