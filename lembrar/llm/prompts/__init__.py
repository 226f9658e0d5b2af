"""Prompts as data: one module per task, each with ``VERSION``, its template text, a
``render(...)`` returning chat messages, and ``RESPONSE``, the pydantic schema of the reply
(``None`` for free text).

    >>> from lembrar.llm.prompts import date_ranges
    >>> client.structured(date_ranges.render("what did I do last week?", today=today),
    ...                   date_ranges.RESPONSE)

Bump a module's ``VERSION`` whenever its text or schema changes.
"""

from lembrar.llm._deps import require

require("pydantic")

from lembrar.llm.prompts import (  # noqa: E402
    answer,
    date_ranges,
    graph_extract,
    hypothetical_memory,
    insight,
    memory_block,
    memory_record,
    relevance_filter,
    session_summary,
)

__all__ = [
    "answer",
    "date_ranges",
    "graph_extract",
    "hypothetical_memory",
    "insight",
    "memory_block",
    "memory_record",
    "relevance_filter",
    "session_summary",
]
