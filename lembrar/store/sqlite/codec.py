"""Episode <-> SQLite row conversion: times, dates and JSON stored as text."""

from __future__ import annotations

import json
import sqlite3
from datetime import UTC, date, datetime
from typing import Any

from lembrar.model.episode import Episode
from lembrar.store import rows

EPISODE_COLUMNS = ", ".join(rows.EPISODE_COLUMNS)


def time_text(value: datetime) -> str:
    """A time as a column stores it: ISO 8601 text in UTC."""
    return value.astimezone(UTC).isoformat()


def optional_time_text(value: datetime | None) -> str | None:
    """``time_text`` for a column that may be empty: no time stores NULL."""
    return None if value is None else time_text(value)


def time_of(text: str) -> datetime:
    """The time a NOT NULL column holds (a NULL there is a damaged file: TypeError)."""
    return datetime.fromisoformat(text)


def optional_time_of(text: str | None) -> datetime | None:
    """``time_of`` for a column that may be empty: NULL reads as no time."""
    return None if text is None else time_of(text)


def episode_row(tenant: str, episode: Episode) -> dict[str, object]:
    row = rows.episode_row(tenant, episode)
    row.update(
        at_ts=episode.tags.timestamp,
        at_utc=row["at_utc"].isoformat(),
        local_date=row["local_date"].isoformat(),
        local_time=row["local_time"].strftime("%H:%M:%S"),
        recorded_at=episode.recorded_at.astimezone(UTC).isoformat(),
    )
    return row


def episode_from_row(row: sqlite3.Row | tuple[Any, ...]) -> Episode:
    values = rows.row_values(tuple(row))
    record = values["record"]
    values.update(
        at_utc=datetime.fromisoformat(values["at_utc"]),
        local_date=date.fromisoformat(values["local_date"]),
        recorded_at=datetime.fromisoformat(values["recorded_at"]),
        record=None if record is None else json.loads(record),
        metadata=json.loads(values["metadata"]),
    )
    return rows.episode_from_values(values)
