"""The memory block the memory proxy adds to a caller's system message (or as one).

The caller's own instructions come first and stay as they were; the block follows them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from string import Template
from typing import Any

from lembrar.llm.prompts._common import fill, moment

__all__ = ["RESPONSE", "SYSTEM", "VERSION", "render"]

VERSION = "1"

SYSTEM = Template("""
You have a long-term memory of earlier conversations with this user. It is now $now.
These memories may be relevant to the user's latest message; each says when it happened:
<memories>
$memories
</memories>
Use them when they help and mention when something happened if it matters. If they do not
cover what the user asks, say so rather than guess; never invent a memory.
""")

RESPONSE = None
"""The upstream model's reply is whatever the caller asked for: no schema."""


def render(
    messages: Sequence[Mapping[str, Any]], *, memories: str, now: datetime
) -> list[dict[str, Any]]:
    """``messages`` with the block appended to the leading system (or developer) message, or
    with a system message holding the block put first."""
    block = fill(SYSTEM, now=moment(now), memories=memories.strip()).strip()
    out = [dict(m) for m in messages]
    if out and out[0].get("role") in ("system", "developer"):
        out[0]["content"] = _appended(out[0].get("content"), block)
        return out
    return [{"role": "system", "content": block}, *out]


def _appended(content: Any, block: str) -> Any:
    if isinstance(content, list):  # content parts: add one text part
        return [*content, {"type": "text", "text": block}]
    text = content if isinstance(content, str) else ""
    return f"{text.rstrip()}\n\n{block}" if text.strip() else block
