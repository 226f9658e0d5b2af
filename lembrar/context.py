"""Prompt-ready memory blocks: sections of lines within token budgets, plus a structured form."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from lembrar.model.episode import Episode
from lembrar.model.hits import SearchHit
from lembrar.model.text import count_tokens, truncate_to_tokens


@dataclass(frozen=True)
class ContextBudget:
    """Token budget per section, in assembly order; ``retrieved`` gets what the others leave."""

    total: int = 1500
    saved: int = 250
    insights: int = 200
    recent: int = 250
    facts: int = 200


@dataclass(frozen=True)
class ContextSection:
    name: str
    title: str
    lines: tuple[str, ...]
    items: tuple[dict[str, Any], ...] = ()

    @property
    def tokens(self) -> int:
        return count_tokens(self.render()) if self.lines else 0

    def render(self) -> str:
        return f"## {self.title}\n" + "\n".join(self.lines)


@dataclass(frozen=True)
class ContextBlock:
    """What goes into the prompt (``text``) and the same content for programs (``sections``)."""

    text: str
    sections: tuple[ContextSection, ...]
    now: datetime
    tokens: int = field(default=0)

    def as_dict(self) -> dict[str, Any]:
        return {
            "text": self.text,
            "tokens": self.tokens,
            "now": self.now.isoformat(),
            "sections": [
                {"name": s.name, "title": s.title, "lines": list(s.lines), "items": list(s.items)}
                for s in self.sections
            ],
        }


def relative_age(then: datetime, now: datetime) -> str:
    """'today', 'yesterday', '3 days ago', '2 weeks ago', '5 months ago', '2 years ago', or 'in …'."""
    days = (now.astimezone(then.tzinfo).date() - then.date()).days
    if days < 0:
        return "in the future"
    if days == 0:
        return "today"
    if days == 1:
        return "yesterday"
    for size, unit in ((365, "year"), (30, "month"), (7, "week"), (1, "day")):
        if days >= size * (2 if unit != "day" else 1) or unit == "day":
            count = days // size
            return f"{count} {unit}{'s' if count != 1 else ''} ago"
    return f"{days} days ago"


def fit(lines: Sequence[str], budget: int, header_tokens: int = 0) -> tuple[str, ...]:
    """The leading lines that fit in ``budget`` tokens; the first one that overflows is cut short."""
    kept, used = [], header_tokens
    for line in lines:
        cost = count_tokens(line) + 1
        if used + cost <= budget:
            kept.append(line)
            used += cost
            continue
        room = budget - used - 1
        if room >= 12 and not line.startswith("### "):
            kept.append(truncate_to_tokens(line, room))
        break
    while kept and kept[-1].startswith("### "):
        kept.pop()
    return tuple(kept)


def _speaker(hit: SearchHit) -> str:
    e = hit.episode
    if e.kind == "message":
        return f"{e.speaker} ({e.role})" if e.speaker else str(e.role)
    return e.kind


def _heading(hit: SearchHit, now: datetime) -> str:
    t = hit.episode.tags
    session = f"Conversation {hit.episode.session_id}" if hit.episode.session_id else "Note"
    day = f"{t.weekday.capitalize()} {t.local_date.isoformat()}"
    return f"### {session} — {day}, {t.period} ({relative_age(t.local, now)})"


def _hit_line(hit: SearchHit, episode: Episode | None = None) -> str:
    e = episode or hit.episode
    who = (
        _speaker(hit)
        if episode is None
        else (f"{e.speaker} ({e.role})" if e.speaker else str(e.role or e.kind))
    )
    text = hit.text if episode is None else e.content
    return f"- [{e.tags.local:%H:%M}] {who}: {' '.join(text.split())}"


def memories_section(
    hits: Sequence[SearchHit],
    now: datetime,
    budget: int,
    title: str = "Relevant past conversations",
) -> ContextSection:
    """Hits grouped by session and date, most relevant group first, turns in time order."""
    groups: dict[str, list[SearchHit]] = {}
    for hit in hits:
        key = f"{hit.episode.session_id or hit.episode.id}|{hit.episode.tags.local_date}"
        groups.setdefault(key, []).append(hit)
    lines: list[str] = []
    for group in groups.values():
        lines.append(_heading(group[0], now))
        for hit in sorted(group, key=lambda h: h.episode.at):
            lines += [
                _hit_line(hit, e)
                for e in hit.context
                if e.id != hit.episode.id and e.at <= hit.episode.at
            ]
            lines.append(_hit_line(hit))
            lines += [
                _hit_line(hit, e)
                for e in hit.context
                if e.id != hit.episode.id and e.at > hit.episode.at
            ]
    items = tuple(_hit_item(h, now) for h in hits)
    return ContextSection(
        "retrieved", title, fit(_dedupe(lines), budget, count_tokens(title) + 3), items
    )


def _dedupe(lines: list[str]) -> list[str]:
    seen: set[str] = set()
    kept: list[str] = []
    for line in lines:
        if not line.startswith("### "):
            if line in seen:
                continue
            seen.add(line)
        kept.append(line)
    return kept


def _hit_item(hit: SearchHit, now: datetime) -> dict[str, Any]:
    t = hit.episode.tags
    return {
        "episode_id": hit.episode.id,
        "session_id": hit.episode.session_id,
        "text": hit.text,
        "score": hit.score,
        "signals": hit.signals,
        "speaker": hit.episode.speaker,
        "role": hit.episode.role,
        "local_date": t.local_date.isoformat(),
        "local_time": f"{t.local:%H:%M}",
        "weekday": t.weekday,
        "period": t.period,
        "age": relative_age(t.local, now),
    }


SECTION_GAP = 2  # tokens of the blank line between two sections


def remaining(total: int, sections: Sequence[ContextSection]) -> int:
    """The tokens of ``total`` that ``sections`` leave for what comes after them."""
    return max(total - sum(s.tokens + SECTION_GAP for s in sections if s.lines), 0)


def assemble(sections: Sequence[ContextSection], now: datetime) -> ContextBlock:
    """Join the non-empty sections in order into one block."""
    present = tuple(s for s in sections if s.lines)
    text = "\n\n".join(s.render() for s in present)
    return ContextBlock(text, present, now, count_tokens(text) if text else 0)
