"""One proxied exchange against a user's memory: the context before, the turns stored.

``begin`` reads the context for the latest user message (before storing it, so the message is
not its own memory), then stores that message at once: if the upstream then fails, the user's
turn is kept and nothing else is. ``Exchange.finish`` stores the reply.

A request that sends again a turn that got no reply (a client's retry after an error or a
timeout, the OpenAI SDKs' automatic retries, a "regenerate") does not store it twice: when the
conversation's latest stored message is that same user text, it is the turn of this exchange.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from lembrar.llm.prompts import memory_block
from lembrar.memory import Memory
from lembrar.model.episode import Episode
from lembrar.model.query import Filters
from lembrar.proxy.options import ProxyOptions, message_text

__all__ = ["Exchange", "begin"]


@dataclass
class Exchange:
    memory: Memory
    options: ProxyOptions
    messages: list[dict[str, Any]]
    """What goes upstream: the caller's messages, with the memory block when it reads."""
    context_lines: int = 0
    turn: Episode | None = None

    def finish(self, reply: str) -> Episode | None:
        """Store the model's reply (nothing when memory is off or the reply has no text)."""
        if not self.options.writes or not reply.strip():
            return None
        [stored] = self.memory.add(
            {"role": "assistant", "content": reply},
            self.options.user_id,
            session_id=self.options.session_id,
        )
        return stored


def begin(memory: Memory, options: ProxyOptions, messages: list[dict[str, Any]]) -> Exchange:
    latest = _latest_user_text(messages)
    exchange = Exchange(memory, options, messages)
    now = memory.now()
    if options.reads and latest:
        block = memory.context(
            latest,
            options.user_id,
            budget_tokens=options.budget_tokens,
            now=now,
            preset=options.preset,
            session_id=options.session_id,
        )
        if block.text.strip():
            exchange.messages = memory_block.render(messages, memories=block.text, now=now)
            exchange.context_lines = sum(len(s.lines) for s in block.sections)
    if options.writes and messages[-1].get("role") == "user" and latest:
        exchange.turn = _unanswered(memory, options, latest) or _store_turn(
            memory, options, latest, now
        )
    return exchange


def _unanswered(memory: Memory, options: ProxyOptions, text: str) -> Episode | None:
    """The conversation's latest stored message, if it is this user text (sent before, with no
    reply stored after it)."""
    page = memory.get_all(
        options.user_id, Filters(session_id=options.session_id), order="desc", limit=1
    )
    last = page.items[0] if page.items else None
    if last is not None and last.role == "user" and last.content.strip() == text:
        return last
    return None


def _store_turn(memory: Memory, options: ProxyOptions, text: str, now: datetime) -> Episode:
    [turn] = memory.add(
        {"role": "user", "content": text}, options.user_id, session_id=options.session_id, at=now
    )
    return turn


def _latest_user_text(messages: list[dict[str, Any]]) -> str:
    for message in reversed(messages):
        if message.get("role") == "user":
            return message_text(message).strip()
    return ""
