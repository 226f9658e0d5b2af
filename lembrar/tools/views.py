"""What the tools read from their arguments (days, time phrases) and how they show memories.

Days and phrases are read in the user's zone; memories are shown with their weekday and local
time, so a model can say "on Sunday at 10:00" without converting anything.
"""

from __future__ import annotations

import re
from datetime import date, datetime, timedelta
from typing import Any

from lembrar.config import MemoryConfig
from lembrar.errors import ValidationError
from lembrar.ingest import parse_instant
from lembrar.model.episode import Episode
from lembrar.model.timetags import WEEKDAYS, zone
from lembrar.model.users import UserSettings
from lembrar.temporal import TimeQuery, parse_time
from lembrar.temporal.intervals import at_local

__all__ = ["bound", "described", "phrase_window", "time_span", "understood"]

_ISO_LIKE = re.compile(r"^\d{4}-\d{1,2}-\d{1,2}(?:[T ][\d:.+\-Z]*)?$")  # a date or instant


def bound(value: str | None, settings: UserSettings, field: str, *, end: bool) -> datetime | None:
    """A day in the user's zone (its midnight; the next one for an inclusive end), an ISO
    instant, or None."""
    if value is None or not value.strip():
        return None
    try:
        day = date.fromisoformat(value.strip())
    except ValueError:
        try:
            return parse_instant(value, settings, field)
        except ValidationError:
            raise ValidationError(
                field,
                f"use a day as YYYY-MM-DD or an ISO 8601 instant, not "
                f"{value!r}; put phrases like 'last week' in 'when'",
            ) from None
    return at_local(day + timedelta(days=1 if end else 0), 0, zone(settings.zone_name))


def phrase_window(
    when: str, now: datetime, settings: UserSettings, config: MemoryConfig, field: str = "when"
) -> tuple[datetime, datetime]:
    """The span a time phrase or a date names ('last week', 'May 2024', '2024-05-19')."""
    start = bound(when, settings, field, end=False) if _is_day(when) else None
    if start is not None:
        return start, start + timedelta(days=1)
    if _ISO_LIKE.match(when.strip()):
        raise ValidationError(
            field, f"{when!r} is not a valid date; use a day as YYYY-MM-DD or a phrase"
        )
    parsed = parse_time(
        when,
        now,
        settings.zone_name,
        periods=config.periods,
        hemisphere=settings.hemisphere,
        language=settings.language,
    )
    if not parsed.windows:
        raise ValidationError(
            field,
            f"no date found in {when!r}; try 'yesterday', 'last week', "
            "'in March', 'May 2024' or a day as YYYY-MM-DD",
        )
    return min(w.start for w in parsed.windows), max(w.end for w in parsed.windows)


def time_span(
    value: str, now: datetime, settings: UserSettings, config: MemoryConfig, field: str
) -> tuple[datetime, datetime]:
    """The span ``value`` names: an ISO 8601 instant (that instant, as a microsecond), a day,
    or a time phrase ('last June', 'in 2022'), read in the user's zone."""
    text = value.strip()
    if "T" in text and not _is_day(text):
        try:
            instant = parse_instant(text, settings, field)
        except ValidationError:
            pass
        else:
            return instant, instant + timedelta(microseconds=1)
    return phrase_window(text, now, settings, config, field)


def _is_day(text: str) -> bool:
    try:
        date.fromisoformat(text.strip())
    except ValueError:
        return False
    return True


def described(episode: Episode, score: float | None = None) -> dict[str, Any]:
    """A memory as a tool shows it: id, weekday and local time, conversation, speaker, text."""
    tags = episode.tags
    out: dict[str, Any] = {
        "id": episode.id,
        "when": f"{tags.weekday.capitalize()} {tags.local:%Y-%m-%d %H:%M}",
        "at": tags.local.isoformat(),
        "session": episode.session_id,
        "who": episode.role or episode.kind,
        "text": episode.content,
    }
    if score is not None:
        out["score"] = round(score, 4)
    return out


def understood(time: TimeQuery | None) -> dict[str, Any] | None:
    """The time a query was read to name, in the user's zone; None when it named none."""
    if time is None or not time.has_time:
        return None
    return {
        "windows": [
            {"start": w.start.isoformat(), "end": w.end.isoformat(), "phrase": w.phrase}
            for w in time.windows
        ],
        "periods": sorted(time.periods),
        "weekdays": [WEEKDAYS[d] for d in sorted(time.weekdays)],
        "phrases": list(time.phrases),
    }
