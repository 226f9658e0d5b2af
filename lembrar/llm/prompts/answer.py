"""Answer the user, with the relevant memories in the system prompt. The reply is free text."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from string import Template
from typing import Any

from lembrar.llm.prompts._common import fill, moment
from lembrar.llm.types import Message

__all__ = ["RESPONSE", "SYSTEM", "VERSION", "render"]

VERSION = "1"

SYSTEM = Template("""
You are a helpful assistant with a long-term memory of your conversations with the user.
It is now $now.

These memories may be relevant to the user's message; each says when it happened:
<memories>
$memories
</memories>

Use the memories when they help, and mention when something happened if it matters. If they
do not cover what the user asks, say so rather than guess; never invent a memory.
""")

RESPONSE = None
"""Free text: no schema (stream it with ``LLMClient.stream``)."""


def render(
    question: str,
    *,
    memories: Sequence[str] | str,
    now: datetime,
    history: Sequence[Mapping[str, Any]] = (),
) -> list[Message]:
    """The system prompt with ``memories`` (lines, or a ready block), ``history``, the question."""
    block = memories if isinstance(memories, str) else "\n".join(f"- {m.strip()}" for m in memories)
    system = fill(SYSTEM, now=moment(now), memories=block.strip() or "(no relevant memories)")
    return [
        {"role": "system", "content": system.strip()},
        *(dict(m) for m in history),
        {"role": "user", "content": question},
    ]
