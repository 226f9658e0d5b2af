"""Keep the memories that help answer a question."""

from __future__ import annotations

from collections.abc import Sequence
from string import Template
from typing import TypeVar

from pydantic import BaseModel, field_validator

from lembrar.llm.prompts._common import fill, messages, numbered
from lembrar.llm.types import Message

__all__ = ["RESPONSE", "SYSTEM", "USER", "VERSION", "RelevantMemories", "pick", "render"]

VERSION = "1"

T = TypeVar("T")

SYSTEM = """
You select which of an assistant's memories about its user help answer the user's question.

The memories are numbered. A memory is relevant if it contains information needed to answer
the question, or that changes the answer. Leave out memories that are merely on a similar
topic.

Reply with JSON only: {"ids": [3, 1]}, the numbers of the relevant memories, most relevant
first; {"ids": []} if none is relevant.
"""

USER = Template("""
Question: $question

Memories:
$memories
""")


class RelevantMemories(BaseModel):
    ids: list[int] = []

    @field_validator("ids")
    @classmethod
    def _unique(cls, value: list[int]) -> list[int]:
        return list(dict.fromkeys(value))


RESPONSE = RelevantMemories


def render(question: str, memories: Sequence[str]) -> list[Message]:
    """The messages asking about ``memories``, shown numbered from 1."""
    return messages(SYSTEM, fill(USER, question=question, memories=numbered(memories) or "(none)"))


def pick(reply: RelevantMemories, memories: Sequence[T]) -> list[T]:
    """The memories whose numbers the reply gave, in its order; unknown numbers are ignored."""
    return [memories[i - 1] for i in reply.ids if 1 <= i <= len(memories)]
