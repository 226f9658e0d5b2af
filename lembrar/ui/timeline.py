"""A month of a user's memory: how much was said each day, and the conversations of that month.

The month is read in the user's timezone (UTC when they have none), one page of episodes at
a time, so a user with years of messages costs only the month that is shown.
"""

from __future__ import annotations

import calendar
import re
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from datetime import date, datetime, tzinfo
from typing import TYPE_CHECKING

from lembrar.errors import ValidationError
from lembrar.model.episode import Episode
from lembrar.model.timetags import zone

if TYPE_CHECKING:
    from lembrar.memory import Memory

__all__ = ["DayCount", "MonthView", "SessionCard", "month_view"]

PAGE = 1000
SNIPPET_CHARS = 160
LOOSE_EPISODES_PER_DAY = 50
_MONTH = re.compile(r"^(\d{4})-(\d{2})$")


@dataclass(frozen=True)
class DayCount:
    day: date
    episodes: int
    sessions: int


@dataclass
class SessionCard:
    """The episodes of one conversation within the month (or, with no ``session_id``, the loose
    notes and records of one day, listed in ``episodes``)."""

    session_id: str | None
    day: date
    first_at: datetime
    last_at: datetime
    period: str
    turns: int = 0
    speakers: list[str] = field(default_factory=list)
    opening: str = ""
    title: str | None = None
    summary: str | None = None
    episodes: list[Episode] = field(default_factory=list)


@dataclass(frozen=True)
class MonthView:
    month: str
    timezone: str
    days: list[DayCount]
    sessions: list[SessionCard]
    first_day: date | None
    last_day: date | None


def parse_month(text: str) -> tuple[int, int]:
    """``2024-05`` as (2024, 5); a ValidationError naming ``month`` otherwise."""
    match = _MONTH.match(text.strip())
    if not match or not 1 <= int(match[2]) <= 12 or not 1000 <= int(match[1]) <= 8999:
        raise ValidationError("month", f"use YYYY-MM, like 2024-05 (got {text!r})")
    return int(match[1]), int(match[2])


def month_view(memory: Memory, user_id: str, month: str | None = None) -> MonthView:
    """Day counts and conversation cards of ``month`` (``YYYY-MM``; default: the month of the
    user's last episode, or this month) for ``user_id``."""
    tz_name = memory.user_settings(user_id).timezone or "UTC"
    tz = zone(tz_name)
    first, last = _span(memory, user_id)
    year, number = parse_month(month) if month else _default_month(memory, last, tz)
    since = datetime(year, number, 1, tzinfo=tz)
    until = datetime(year + number // 12, number % 12 + 1, 1, tzinfo=tz)
    cards: dict[tuple[str | None, date | None], SessionCard] = {}
    per_day: Counter[date] = Counter()
    for episode in _episodes(memory, user_id, since, until):
        per_day[episode.tags.local_date] += 1
        _add(cards, episode)
    _attach_summaries(memory, user_id, cards)
    return MonthView(
        f"{year:04d}-{number:02d}",
        tz_name,
        _days(year, number, per_day, cards.values()),
        sorted(cards.values(), key=lambda c: c.first_at),
        first,
        last,
    )


def _episodes(memory: Memory, user_id: str, since: datetime, until: datetime) -> Iterator[Episode]:
    cursor = None
    while True:
        page = memory.get_all(user_id, {"since": since, "until": until}, limit=PAGE, cursor=cursor)
        yield from page.items
        cursor = page.next_cursor
        if not cursor:
            return


def _add(cards: dict[tuple[str | None, date | None], SessionCard], episode: Episode) -> None:
    day = episode.tags.local_date
    key = (episode.session_id, None) if episode.session_id else (None, day)
    card = cards.get(key)
    if card is None:
        card = cards[key] = SessionCard(
            episode.session_id, day, episode.at, episode.at, episode.tags.period
        )
    card.turns += 1
    card.last_at = max(card.last_at, episode.at)
    if episode.speaker and episode.speaker not in card.speakers:
        card.speakers.append(episode.speaker)
    if not card.opening and episode.content.strip():
        card.opening = _clip(episode.content)
    if episode.session_id is None and len(card.episodes) < LOOSE_EPISODES_PER_DAY:
        card.episodes.append(episode)


def _attach_summaries(
    memory: Memory, user_id: str, cards: dict[tuple[str | None, date | None], SessionCard]
) -> None:
    if not memory.layers.available or not any(session for session, _ in cards):
        return
    for summary in memory.summaries.list(user_id):
        card = cards.get((summary.session_id, None))
        if card is not None:
            card.title, card.summary = summary.title, summary.summary


def _days(
    year: int, number: int, per_day: Counter[date], cards: Iterable[SessionCard]
) -> list[DayCount]:
    sessions: Counter[date] = Counter(card.day for card in cards if card.session_id)
    length = calendar.monthrange(year, number)[1]
    return [
        DayCount(d, per_day[d], sessions[d])
        for d in (date(year, number, n) for n in range(1, length + 1))
    ]


def _default_month(memory: Memory, last: date | None, tz: tzinfo) -> tuple[int, int]:
    day = last or memory.now().astimezone(tz).date()
    return day.year, day.month


def _span(memory: Memory, user_id: str) -> tuple[date | None, date | None]:
    """The local days of the user's first and last episode (None, None for no episodes)."""
    first = memory.get_all(user_id, limit=1).items
    last = memory.get_all(user_id, order="desc", limit=1).items
    if not first:
        return None, None
    return first[0].tags.local_date, last[0].tags.local_date


def _clip(text: str) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= SNIPPET_CHARS else flat[: SNIPPET_CHARS - 1] + "…"
