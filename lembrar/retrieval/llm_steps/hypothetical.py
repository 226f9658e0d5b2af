"""``hypothetical_query``: search with the memory the model imagines would answer the question.

The model writes a memory record for the question (an estimated date and period, a label, a
description); the record is rendered the way stored records are and embedded, and its nearest
memories join the fusion as one more dense ranking, ``hypothetical``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from datetime import date
from typing import TYPE_CHECKING

import numpy as np
from numpy.typing import NDArray

from lembrar.llm.steps import StepReport, attempt
from lembrar.model.episode import record_text
from lembrar.model.timetags import WEEKDAYS

if TYPE_CHECKING:
    from lembrar.llm.client import LLMClient
    from lembrar.llm.prompts.hypothetical_memory import HypotheticalMemory

__all__ = ["NAME", "hypothetical_record", "hypothetical_text", "hypothetical_vector"]

NAME = "hypothetical"
"""The name of the extra dense ranking (its weight: ``SearchConfig.weights["hypothetical"]``)."""

EmbedFn = Callable[[Sequence[str]], NDArray[np.float32]]


def hypothetical_record(memory: HypotheticalMemory) -> dict[str, str]:
    """The imagined memory with the keys of a captured record, in the same order."""
    record: dict[str, str] = {}
    if memory.date is not None:
        record["date"] = memory.date.isoformat()
    if memory.period:
        record["period"] = memory.period
    if memory.date is not None:
        record["weekday"] = WEEKDAYS[memory.date.weekday()]
    if memory.label.strip():
        record["session"] = " ".join(memory.label.lower().split())
    record["description"] = memory.description.strip()
    return record


def hypothetical_text(
    llm: LLMClient | None, question: str, today: date
) -> tuple[str | None, StepReport]:
    """The imagined memory as record text (None after a fallback) and the step's report."""
    from lembrar.llm.prompts import hypothetical_memory

    messages = hypothetical_memory.render(question, today=today)
    memory, step = attempt(
        "hypothetical_query", llm, lambda c: c.structured(messages, hypothetical_memory.RESPONSE)
    )
    if memory is None:
        return None, step
    if not memory.description.strip():
        return None, replace(step, outcome="fallback", detail="the model gave an empty description")
    text = record_text(hypothetical_record(memory))
    return text, replace(step, detail=text)


def hypothetical_vector(
    llm: LLMClient | None, embed: EmbedFn, question: str, today: date
) -> tuple[NDArray[np.float32] | None, StepReport]:
    """The embedding of the imagined memory (None after a fallback) and the step's report."""
    text, step = hypothetical_text(llm, question, today)
    return (embed([text])[0] if text is not None else None), step
