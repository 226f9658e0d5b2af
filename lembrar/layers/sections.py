"""The layers' sections of the context block, each within its own budget (pure formatting).

Order in the block: saved memories, insights, recent history, then the retrieved turns and the
retrieved summaries (which share what is left).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from lembrar.context import ContextSection, fit, memories_section, relative_age
from lembrar.layers.summary_search import is_summary_hit
from lembrar.model.episode import Episode
from lembrar.model.hits import SearchHit
from lembrar.model.layers import Insight, SavedMemory
from lembrar.model.text import count_tokens

__all__ = [
    "insights_section",
    "recent_section",
    "retrieved_sections",
    "saved_section",
    "summaries_section",
    "time_span",
]


def _flat(text: str) -> str:
    return " ".join(text.split())


def _section(
    name: str, title: str, lines: Sequence[str], items: Sequence[dict[str, Any]], budget: int
) -> ContextSection:
    kept = fit(lines, budget, count_tokens(title) + 3)
    return ContextSection(name, title, kept, tuple(items[: len(kept)]))


def saved_section(memories: Sequence[SavedMemory], budget: int) -> ContextSection:
    """Facts the user asked to be remembered, in the order they were saved."""
    lines = [f"- {_flat(m.text)}" for m in memories]
    items = [{"id": m.id, "text": m.text, "saved_at": m.created_at.isoformat()} for m in memories]
    return _section("saved", "What the user asked you to remember", lines, items, budget)


def time_span(first: datetime, last: datetime) -> str:
    """``May 2024``, or ``Nov 2024 to Feb 2025``."""
    a, b = f"{first:%b %Y}", f"{last:%b %Y}"
    return a if a == b else f"{a} to {b}"


def insights_section(insights: Sequence[Insight], budget: int) -> ContextSection:
    """Most confident first: ``Often talks about: … — Nov 2024 to Feb 2025, confidence high``."""
    lines = [
        f"- {_flat(i.statement)} — {time_span(i.first_at, i.last_at)}, confidence {i.label}"
        for i in insights
    ]
    items = [
        {
            "id": i.id,
            "statement": i.statement,
            "first_at": i.first_at.isoformat(),
            "last_at": i.last_at.isoformat(),
            "confidence": i.confidence,
            "label": i.label,
            "messages": i.size,
        }
        for i in insights
    ]
    return _section("insights", "About the user (from their past messages)", lines, items, budget)


def recent_section(messages: Sequence[Episode], now: datetime, budget: int) -> ContextSection:
    """The user's latest messages in other conversations, newest first."""
    lines = [
        f"- [{e.tags.weekday[:3].capitalize()} {e.tags.local:%Y-%m-%d %H:%M}, {relative_age(e.tags.local, now)}]"
        f" ({e.session_id or 'no conversation'}) {_flat(e.content)}"
        for e in messages
    ]
    items = [
        {"episode_id": e.id, "session_id": e.session_id, "text": e.content, "at": e.at.isoformat()}
        for e in messages
    ]
    return _section(
        "recent", "Recent messages from the user's other conversations", lines, items, budget
    )


def summaries_section(hits: Sequence[SearchHit], now: datetime, budget: int) -> ContextSection:
    """Retrieved summaries of older conversations, best first."""
    lines, items = [], []
    for hit in hits:
        details = hit.episode.metadata.get("summary", {})
        first = datetime.fromisoformat(
            details.get("first_at", hit.episode.at.isoformat())
        ).astimezone(hit.episode.at.tzinfo)
        lines.append(
            f"- Conversation {hit.episode.session_id}, {first:%Y-%m-%d} ({relative_age(first, now)}),"
            f" {details.get('turns', '?')} turns — {_flat(hit.text)}"
        )
        items.append(
            {
                "summary_id": hit.episode.id,
                "session_id": hit.episode.session_id,
                "text": hit.text,
                "score": hit.score,
                "first_at": details.get("first_at"),
                "last_at": details.get("last_at"),
            }
        )
    return _section("summaries", "Summaries of older conversations", lines, items, budget)


def retrieved_sections(
    hits: Sequence[SearchHit], now: datetime, budget: int
) -> list[ContextSection]:
    """Retrieved turns, then retrieved summaries, sharing ``budget`` in proportion to their hits."""
    raw = [h for h in hits if not is_summary_hit(h)]
    summaries = [h for h in hits if is_summary_hit(h)]
    if not summaries:
        return [memories_section(raw, now, budget)]
    share = budget * len(summaries) // len(hits) if raw else budget
    first = memories_section(raw, now, budget - share)
    left = budget - share - (first.tokens + 2 if first.lines else 0)
    return [first, summaries_section(summaries, now, share + max(left, 0))]
