"""Imagine the memory record that would answer a question, to search for memories like it."""

from __future__ import annotations

import datetime as dt
from string import Template
from typing import Literal

from pydantic import BaseModel

from lembrar.llm.prompts._common import day, fill, messages
from lembrar.llm.types import Message

__all__ = ["RESPONSE", "SYSTEM", "USER", "VERSION", "HypotheticalMemory", "render"]

VERSION = "1"

SYSTEM = """
You help search the memories an assistant keeps of its user's life and conversations.

Given the user's question, imagine the memory record that would answer it, written when the
event happened:
- date: the day the event most likely happened, as YYYY-MM-DD, when the question points to
  one ("yesterday", "last Friday", "on the 3rd"); otherwise null;
- period: "morning", "afternoon", "evening" or "night" when the question points to a time of
  day; otherwise null;
- label: a short lowercase name for the kind of moment, one or two words ("lunch", "dentist");
- description: one sentence in the third person, as the memory would say it ("The user had
  lunch with Ana at the harbour.").

Reply with JSON only:
{"date": "YYYY-MM-DD" or null, "period": "..." or null, "label": "...", "description": "..."}
"""

USER = Template("""
Today is $today.

Question: $question
""")


class HypotheticalMemory(BaseModel):
    """A memory record as it might exist; the date and period are estimates."""

    date: dt.date | None = None
    period: Literal["morning", "afternoon", "evening", "night"] | None = None
    label: str = ""
    description: str


RESPONSE = HypotheticalMemory


def render(question: str, *, today: dt.date) -> list[Message]:
    return messages(SYSTEM, fill(USER, today=day(today), question=question))
