"""Episode <-> SQLite row conversion."""

from __future__ import annotations

import json
import sqlite3
from datetime import date, datetime, timezone

from lembrar.model.episode import Episode
from lembrar.model.timetags import TimeTags, zone

EPISODE_COLUMNS = (
    "id, user_id, session_id, kind, role, speaker, content, record, metadata, at_utc, tz, local_date,"
    " period, weekday, iso_week, month, season, recorded_at, version"
)


def episode_row(tenant: str, episode: Episode) -> dict[str, object]:
    tags = episode.tags
    return {
        "id": episode.id,
        "tenant_id": tenant,
        "user_id": episode.user_id,
        "session_id": episode.session_id,
        "kind": episode.kind,
        "role": episode.role,
        "speaker": episode.speaker,
        "content": episode.content,
        "record": None if episode.record is None else json.dumps(episode.record, ensure_ascii=False),
        "metadata": json.dumps(episode.metadata, ensure_ascii=False, sort_keys=True),
        "at_ts": tags.timestamp,
        "at_utc": tags.utc.isoformat(),
        "tz": tags.timezone,
        "local_date": tags.local_date.isoformat(),
        "local_time": tags.local.strftime("%H:%M:%S"),
        "period": tags.period,
        "weekday": tags.weekday,
        "iso_week": tags.iso_week,
        "month": tags.month,
        "season": tags.season,
        "recorded_at": episode.recorded_at.astimezone(timezone.utc).isoformat(),
        "version": episode.version,
    }


def episode_from_row(row: sqlite3.Row | tuple) -> Episode:
    (ident, user_id, session_id, kind, role, speaker, content, record, metadata, at_utc, tz,
     local_date, period, weekday, iso_week, month, season, recorded_at, version) = tuple(row)
    utc = datetime.fromisoformat(at_utc)
    local = utc.astimezone(zone(tz))
    tags = TimeTags(
        utc=utc, timezone=tz, local=local, local_date=date.fromisoformat(local_date), period=period,
        weekday=weekday, iso_week=iso_week, month=month, season=season,
    )
    return Episode(
        id=ident, user_id=user_id, kind=kind, content=content, at=local,
        recorded_at=datetime.fromisoformat(recorded_at), tags=tags, session_id=session_id, role=role,
        speaker=speaker, record=None if record is None else json.loads(record),
        metadata=json.loads(metadata), version=version,
    )
