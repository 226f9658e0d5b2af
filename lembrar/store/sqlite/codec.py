"""Episode <-> SQLite row conversion: times, dates and JSON stored as text."""

from __future__ import annotations

import json
import sqlite3
from datetime import UTC, date, datetime
from typing import Any

from lembrar.model.episode import Episode
from lembrar.store import rows

EPISODE_COLUMNS = ", ".join(rows.EPISODE_COLUMNS)


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
