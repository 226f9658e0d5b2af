"""The assistant's answer prompt, asking for a short phrase: how benchmarks score answers.

The system message is :mod:`lembrar.llm.prompts.answer`'s, memories and all; the user message is
the question under LoCoMo's own QA instruction (``task_eval/gpt_utils.py``), so that token F1
and containment compare a phrase with a phrase. The reply is free text.
"""

from __future__ import annotations

from datetime import datetime
from string import Template

from lembrar.llm.prompts import answer
from lembrar.llm.prompts._common import fill
from lembrar.llm.types import Message

__all__ = ["RESPONSE", "USER", "VERSION", "render"]

VERSION = "1"

USER = Template(
    "Based on the above context, write an answer in the form of a short phrase for the "
    "following question. Answer with exact words from the context whenever possible.\n\n"
    "Question: $question Short answer:"
)

RESPONSE = None
"""Free text: a short phrase."""


def render(question: str, *, memories: str, now: datetime) -> list[Message]:
    """The answer prompt's system message with ``memories``, then the question to answer."""
    system = answer.render(question, memories=memories, now=now)[0]
    return [system, {"role": "user", "content": fill(USER, question=question.strip())}]
