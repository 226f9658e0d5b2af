"""Give a conversation a title and a summary."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from string import Template
from typing import Any

from pydantic import BaseModel, Field

from lembrar.llm.prompts._common import fill, messages, transcript
from lembrar.llm.types import Message

__all__ = ["RESPONSE", "SYSTEM", "USER", "VERSION", "SessionSummary", "render"]

VERSION = "1"

SYSTEM = """
You summarise a conversation between a user and an assistant, for the assistant's memory.

Write:
- title: a few words naming what the conversation was about (at most eight words);
- summary: a short paragraph in the third person of what was discussed, decided and learnt
  about the user, keeping names, numbers and dates.

Reply with JSON only: {"title": "...", "summary": "..."}
"""

USER = Template("""
Conversation:
$conversation
""")


class SessionSummary(BaseModel):
    title: str = Field(min_length=1)
    summary: str = Field(min_length=1)


RESPONSE = SessionSummary


def render(conversation: Sequence[Mapping[str, Any]]) -> list[Message]:
    """The messages asking for a summary of ``conversation`` (chat messages with roles)."""
    return messages(SYSTEM, fill(USER, conversation=transcript(conversation)))
