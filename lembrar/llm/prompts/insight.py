"""State one lasting thing about the user, from a cluster of their messages."""

from __future__ import annotations

from collections.abc import Sequence
from string import Template

from pydantic import BaseModel, Field

from lembrar.llm.prompts._common import fill, messages, numbered
from lembrar.llm.types import Message

__all__ = ["RESPONSE", "SYSTEM", "USER", "VERSION", "Insight", "render"]

VERSION = "1"

SYSTEM = """
You read messages a user wrote to an assistant at different times, on related topics, and
state one lasting thing they reveal about the user: a preference, habit, trait, relationship or
circumstance.

Write one sentence beginning with "The user". State only what the messages support.

Reply with JSON only: {"statement": "The user ..."}
"""

USER = Template("""
Messages:
$messages
""")


class Insight(BaseModel):
    statement: str = Field(min_length=1)


RESPONSE = Insight


def render(user_messages: Sequence[str]) -> list[Message]:
    return messages(SYSTEM, fill(USER, messages=numbered(user_messages)))
